"""Decisions made of several fields: :class:`Form`, and a controller that submits them.

Some decisions are too many to list as buttons: Boutique's secret prices
are seven day rates and a breakfast price (6**8 vectors), a bid is any
multiple of 100 up to the purse. A game's adapter then offers a **form**:
``adapter.form(state, player, legal)`` gives the fields with their offered
values and defaults (taken from the action type's ``field_limits`` or from
the legal actions, never from a rule of the adapter's own), and
``adapter.form_action(form, values)`` builds the action the values mean.
The state judges that action like any other; an illegal one becomes the
message line and changes nothing.

:class:`FormController` is the shared controller with ``form()`` and
``submit(values)``; :class:`hoteledu.apps.form_view.FormGameApp` shows the
form under the buttons. Neither this module nor the controller imports
ipywidgets.

Examples
--------
>>> field = FormField("amount", "bid", (("blank card (0)", 0), ("100", 100)), 0)
>>> Form("Bid", "Your sealed bid", (field,), "Bid").fields[0].default
0
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hoteledu.apps.controller import GameController


@dataclasses.dataclass(frozen=True)
class FormField:
    """One field of a form: its name, label, the offered ``(label, value)`` pairs, a default."""

    name: str
    label: str
    options: tuple[tuple[str, Any], ...]
    default: Any


@dataclasses.dataclass(frozen=True)
class Form:
    """A decision built from fields (e.g. seven day rates and breakfast), then submitted.

    ``kind`` names the decision (the action type's name); the adapter's
    ``form_action`` builds the action from the values, and the state judges it.
    """

    kind: str
    title: str
    fields: tuple[FormField, ...]
    submit: str


class FormController(GameController):
    """The shared controller for a game whose adapter offers forms (``form``, ``form_action``)."""

    def form(self) -> Form | None:
        """The form of the human decision now (None when there is none)."""
        legal = self.legal_actions()
        if not legal:
            return None
        return self.adapter.form(self.state, self.mover(), legal)  # type: ignore[attr-defined]

    def submit(self, values: dict[str, Any], version: int | None = None) -> bool:
        """Submit the form now with ``values`` (field name -> value): the state judges it."""
        form = self.form()
        if form is None:
            if not self._stale(version):
                self.message = "no form to submit now: " + self.status()
            return False
        try:
            action = self.adapter.form_action(form, values)  # type: ignore[attr-defined]
        except (KeyError, TypeError, ValueError) as error:
            self.message = f"the form is incomplete: {error}"
            return False
        return self.play(action, version)


__all__ = ["Form", "FormController", "FormField"]
