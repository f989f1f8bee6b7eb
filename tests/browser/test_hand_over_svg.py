"""Hot seat stays whole on the SVG board (every app's default; issue 20): Grand Austria.

Two people play Grand Austria Hotel (hidden staff hands) in Voilà by real clicks;
each press is mirrored on a headless controller with the same seed. While the
cover is up there is no board on the page and no widget model the page holds
names a staff card hidden from anyone (the SVG board keeps one scene, the public
view, while the laptop passes). After "I am P2: show my view", and after that
person's next press, the painted SVG is the fresh drawing of that seat's
observation (``svg_scene``, drawn headless): the same elements in the same order,
their attributes, every line of every text, and the models hold no card hidden
from that seat. The walk is :func:`pages.walk_hand_overs`, which
``test_hand_over.py`` (Boutique) and ``test_grand_austria_hot_seat_voila.py`` use too.

(This test once ran on the plotly board in ``test_hand_over.py`` too; the apps draw
the SVG board by default, and the plotly board's own tests are about plotly.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from ga_hidden_cards import hidden_card_words
from pages import (
    assert_svg_board_is,
    press_mirrored,
    quickest_label,
    record_console_errors,
    walk_hand_overs,
    widget_models,
    write_notebook,
)

from hoteledu.grand_austria.app import GrandAustriaController

SEED = 4
SEATS = ("human", "human")
NOTEBOOK_SOURCE = f"""\
from hoteledu.grand_austria.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={SEED})
app"""
HAND_OVERS = 4
MAX_PRESSES = 300
"""Presses allowed to reach the hand-overs (a bound on the work, never a time)."""
QUICK = ("pass", "end turn", "done")


def _assert_nothing_hidden_held(page: Any, state: Any, seat: int | None, when: str) -> None:
    models = widget_models(page)
    assert models, "no widget model in the page"
    held = "\n".join(models.values())
    leaks = sorted(
        words
        for words in hidden_card_words(state, set() if seat is None else {seat})
        if re.search(rf"\b{re.escape(words)}\b", held)
    )
    assert not leaks, f"{when}: the page's widget models hold {leaks}"


def _press(page: Any, controller: GrandAustriaController, turn: int, quick: bool) -> None:
    """The dice, or a legal-action button, mirrored headless; waits for the log to change.

    ``quick`` prefers the press that moves the game on fastest (pass, end turn);
    otherwise a press that keeps the same person at the laptop, when there is one.
    """

    def choose(labels: list[str]) -> str:
        slow = [label for label in labels if label not in QUICK]
        return quickest_label(labels, turn) if quick or not slow else slow[turn % len(slow)]

    press_mirrored(page, controller, choose)


@pytest.mark.browser
def test_every_hand_over_on_the_svg_board_shows_the_next_persons_board_only(
    browser, serve_voila, tmp_path
):
    notebook = write_notebook(tmp_path, "grand_austria_hand_over_svg.ipynb", NOTEBOOK_SOURCE)
    with serve_voila(notebook, timeout=90) as url:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        errors = record_console_errors(page)
        try:
            page.goto(url, timeout=45_000)
            page.wait_for_selector(".hoteledu-log", timeout=45_000)
            controller = GrandAustriaController(players=2, seats=SEATS, seed=SEED)
            assert_svg_board_is(page, controller, "at the start")
            assert not errors, f"the console at load: {errors}"

            def at_cover(who: str) -> None:
                _assert_nothing_hidden_held(page, controller.state, None, f"passing to {who}")

            def in_view(who: str, when: str) -> None:
                _assert_nothing_hidden_held(page, controller.state, controller.viewer, when)

            walk_hand_overs(
                page,
                controller,
                lambda presses, quick: _press(page, controller, presses, quick),
                at_cover,
                in_view,
                hand_overs=HAND_OVERS,
                max_presses=MAX_PRESSES,
            )
            assert not errors, f"the page's console: {errors}"
        finally:
            page.close()
