"""The shared view with a form under the buttons: :class:`FormGameApp`.

:class:`~hoteledu.apps.view.GameApp` plus a panel for decisions made of
several fields (see :mod:`hoteledu.apps.form`): one pool of dropdowns made
once (a new decision changes their options, never creates widgets) and a
submit button that is a :class:`~hoteledu.apps.pad.PressPad` bound to the
position it was drawn for. Every value the form sends goes to the
controller's ``submit``, and the state judges what it builds.

Examples
--------
>>> from hoteledu.boutique.app import make_app
>>> app = make_app(players=2, seats=("human", "premium"), seed=1, threaded=False)
>>> app.form_fields["day0"].value = 4
>>> app.form_button.click()
>>> app.controller.state.prices[0][0]
4
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

import ipywidgets as w

from hoteledu.apps.form import Form, FormController
from hoteledu.apps.pad import Press, PressPad
from hoteledu.apps.view import GameApp


class FormGameApp(GameApp):
    """The shared app for a :class:`~hoteledu.apps.form.FormController`: buttons and a form."""

    max_form_fields: ClassVar[int] = 8
    """Dropdowns in the pool: the most fields any form of the game has."""
    controller: FormController

    def _build_controls(self) -> None:
        super()._build_controls()
        self._form: Form | None = None
        self._form_key: Any = None
        self.form_fields: dict[str, w.Dropdown] = {}
        self.form_title = w.HTML()
        # one pool of lists, made once: a new decision changes their options, never
        # creates widgets (fewer messages while the board's module loads)
        self._field_pool = [
            w.Dropdown(
                options=[("-", 0)],
                layout=w.Layout(width="150px", display="none"),
                style={"description_width": "70px"},
            )
            for _ in range(self.max_form_fields)
        ]
        self.form_row = w.HBox(self._field_pool, layout=w.Layout(flex_flow="row wrap"))
        self.form_pad = PressPad(self._pad_press(self._on_submit))
        self.form_box = w.VBox([self.form_title, self.form_row, self.form_pad])
        self.form_box.add_class("hoteledu-form")
        self.form_box.layout.display = "none"
        children = list(self.side.children)
        children.insert(children.index(self.choose_pad) + 1, self.form_box)
        self.side.children = tuple(children)

    def _clear_private(self) -> None:
        """The laptop passes: the lists forget the last seat's entries (its secret prices)."""
        super()._clear_private()
        for dropdown in self._field_pool:
            with dropdown.hold_sync():
                dropdown.options = [("-", 0)]
                dropdown.value = 0
                dropdown.description = ""
                dropdown.layout.display = "none"
        self.form_fields = {}
        self._form = self._form_key = None

    @property
    def form_button(self) -> Press:
        """The form's submit button as drawn now."""
        return self.form_pad.presses()[0]

    def _on_submit(self, version: int, _: int) -> None:
        values = {name: dropdown.value for name, dropdown in self.form_fields.items()}
        self.controller.submit(values, version)

    def _refresh_panel(self) -> None:
        super()._refresh_panel()
        c = self.controller
        form = c.form()
        if form is None:
            self._form = self._form_key = None
            self._show(self.form_pad, self.form_pad.buttons or [{"label": "Submit"}], False)
            if self.form_box.layout.display != "none":
                self.form_box.layout.display = "none"
            return
        # a new decision (or another seat): fresh fields, so no entry of one seat shows to the next
        key = (form, c.mover(), len(c.state.history), len(c.pending))
        if key != self._form_key:
            self._form, self._form_key = form, key
            self.form_fields = {}
            for index, dropdown in enumerate(self._field_pool):
                field = form.fields[index] if index < len(form.fields) else None
                with dropdown.hold_sync():
                    if field is None:
                        dropdown.layout.display = "none"
                        continue
                    dropdown.options = list(field.options)
                    dropdown.value = field.default
                    dropdown.description = field.label
                    dropdown.layout.display = ""
                self.form_fields[field.name] = dropdown
            # the title already says "your": the seat's colour, without "(you)"
            who = html.escape(c.adapter.player_label(c.mover()))
            self.form_title.value = f"<b>{html.escape(form.title)}</b>: {who}"
            self.form_box.layout.display = ""
        self._show(self.form_pad, [{"label": form.submit, "style": "primary"}], True)


__all__ = ["FormGameApp"]
