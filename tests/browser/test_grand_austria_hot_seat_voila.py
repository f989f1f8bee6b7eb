"""Two people at one laptop (Grand Austria, hidden staff hands) by real clicks in Voilà.

Between the two people's turns the page must hide everything private: the
board (it shows the hand of the seat it is drawn for) and every choice, until
the next person presses "I am P2: show my view". Each press is mirrored on a
headless controller with the same seed; after every hand-over, and after that
person's next press, the page's SVG board (the default board) is compared, element
by element (the hands, the guests, the tracks, every word), with the headless
board drawn for the person now at the laptop (``svg_scene``, drawn headless: the same
elements in the same order, their attributes, every line of every text). The walk is
:func:`pages.walk_hand_overs`, which ``test_hand_over.py`` (Boutique) and
``test_hand_over_jupyterlab.py`` use too; after a hand-over the next press keeps the
laptop with the same person where a choice allows, so the board is checked again after
that person's own press.

Not only what is painted: at every hand-over the test reads every widget
model the page's widget manager holds (the board's scene, every HTML, label
and button) and the page's HTML, and finds
no staff card that is hidden from the person taking the laptop (every hand
is hidden then: the cover shows the public part only). After the hand-over
the same reading finds that person's own hand: the check can see a card. The page's
console shows no error, at load or after the walk.

(``test_hand_over_svg.py`` walked the same checks on another seed on a page of its own;
it is folded in here: a Voilà page costs about 10 CPU-s to open.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from ga_hidden_cards import hidden_card_words
from pages import (
    QUICK_LABELS,
    press_mirrored,
    quickest_label,
    record_console_errors,
    walk_hand_overs,
    widget_models,
    write_notebook,
)

from hoteledu.grand_austria.app import GrandAustriaController

SEED = 9
SEATS = ("human", "human")
NOTEBOOK_SOURCE = f"""\
from hoteledu.grand_austria.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={SEED})
app"""
HAND_OVERS = 4


def _held(page: Any) -> str:
    """Everything the page holds: every widget model's attributes, and its HTML."""
    models = widget_models(page)
    assert models, "no widget model in the page"
    return "\n".join([*models.values(), page.content()])


def _press(page: Any, controller: GrandAustriaController, turn: int, quick: bool) -> None:
    """The dice, or a legal-action button, mirrored headless; waits for the log to change.

    ``quick`` prefers the press that moves the game on fastest (pass, end turn);
    otherwise a press that keeps the same person at the laptop, when there is one.
    """

    def choose(labels: list[str]) -> str:
        slow = [label for label in labels if label not in QUICK_LABELS]
        return quickest_label(labels, turn) if quick or not slow else slow[turn % len(slow)]

    press_mirrored(page, controller, choose)


@pytest.mark.browser
def test_two_people_at_one_laptop_never_see_each_others_hand(browser, serve_voila, tmp_path):
    notebook = write_notebook(tmp_path, "grand_austria_hot_seat.ipynb", NOTEBOOK_SOURCE)
    with serve_voila(notebook, timeout=90) as url:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        try:
            _two_people(page, url)
        finally:
            page.close()


def _two_people(page: Any, url: str) -> None:
    errors = record_console_errors(page)
    page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    controller = GrandAustriaController(players=2, seats=SEATS, seed=SEED)
    # the game opens with the cover up (the first hand-over, checked by walk_hand_overs)
    assert controller.needs_handover()
    assert not errors, f"the console at load: {errors}"

    def at_cover(who: str) -> None:
        # covered (walk_hand_overs: no board, it would show the last person's hand); no
        # choices, no dice
        assert page.locator(".hoteledu-actions button:visible").count() == 0
        assert not page.get_by_role("button", name="Roll the dice").is_visible()
        # nothing the page holds names a hidden card: models, not only what is painted
        held = _held(page)
        hidden = hidden_card_words(controller.state, set())
        leaks = sorted(words for words in hidden if words in held)
        assert not leaks, f"at the hand-over to {who} the page holds {leaks}"

    def in_view(who: str, when: str) -> None:
        assert controller.viewer == int(who[1]) - 1
        # the board, drawn for the person at the laptop, is walk_hand_overs' check
        assert not page.get_by_text(f"Pass the laptop to {who}").first.is_visible()
        own = hidden_card_words(controller.state, set()) - hidden_card_words(
            controller.state, {controller.viewer}
        )
        held = _held(page)
        assert not own or any(words in held for words in own), f"{when}: the check sees no card"
        hidden = hidden_card_words(controller.state, {controller.viewer})
        leaks = sorted(w for w in hidden if re.search(rf"\b{re.escape(w)}\b", held))
        assert not leaks, f"{when}: the page holds {leaks}"

    walk_hand_overs(
        page,
        controller,
        lambda turn, quick: _press(page, controller, turn, quick),
        at_cover,
        in_view,
        hand_overs=HAND_OVERS,
        max_presses=300,
    )
    assert not errors, f"the page's console: {errors}"
