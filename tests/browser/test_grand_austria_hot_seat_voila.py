"""Two people at one laptop (Grand Austria, hidden staff hands) by real clicks in Voilà.

Between the two people's turns the page must hide everything private: the
board (it shows the hand of the seat it is drawn for) and every choice, until
the next person presses "I am P2: show my view". Each press is mirrored on a
headless controller with the same seed; after every hand-over the page's board
is compared (its words: the hands, the guests, the tracks) with the headless
board drawn for the person now at the laptop.

Not only what is painted: at every hand-over the test reads every widget
model the page's widget manager holds (the board's plotly model with its
data and layout, every HTML, label and button) and the page's HTML, and finds
no staff card that is hidden from the person taking the laptop (every hand
is hidden then: the cover shows the public part only). After the hand-over
the same reading finds that person's own hand: the check can see a card.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    assert_board_shows,
    log_text,
    quickest_label,
    wait_for_log_change,
    widget_models,
    write_notebook,
)

from hoteledu.grand_austria import effects
from hoteledu.grand_austria.app import GrandAustriaController
from hoteledu.grand_austria.figures.board import GAME_TRACE_NAMES, game_trace_updates

SEED = 9
SEATS = ("human", "human")
NOTEBOOK_SOURCE = f"""\
from hoteledu.grand_austria.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={SEED}, board="plotly")
app"""
HAND_OVERS = 4
COMPARED_TRACES = ("players", "spaces", "guests", "rooms", "cafe", "emperor", "vp")


def _board(controller: GrandAustriaController) -> dict[str, Any]:
    """The words of the headless board for the seat at the laptop (the hands are in them).

    Only the text is compared: a board rebuilt for a new viewer sends its
    coordinates as binary arrays, which the page's ``gd.data`` keeps encoded.
    """
    updates = game_trace_updates(controller.scene(), controller.highlight())
    return {
        name: {"text": data["text"]}
        for name, data in zip(GAME_TRACE_NAMES, updates, strict=True)
        if name in COMPARED_TRACES
    }


def _card_words(state: Any, seats: set[int]) -> set[str]:
    """How the app names each staff card hidden from all but ``seats`` ("12 Sommelier")."""
    hidden = set(state.staff_deck)
    for q in range(state.num_players):
        if q not in seats:
            hidden |= set(state.hand[q]) | set(state.packets[q])
    hidden |= {card for card, owner in state.staff_bottom if owner not in seats}
    staff = effects.catalog().staff
    return {f"{card} {staff[card].name}" for card in hidden}


def _held(page: Any) -> str:
    """Everything the page holds: every widget model's attributes, and its HTML."""
    models = widget_models(page)
    assert models, "no widget model in the page"
    return "\n".join([*models.values(), page.content()])


def _same(shown: Any, want: dict[str, Any]) -> bool:
    return shown is not None and all(shown.get(key) == value for key, value in want.items())


def _press(page: Any, controller: GrandAustriaController, turn: int) -> None:
    """The dice, or a legal-action button (mostly the quickest way on), mirrored headless."""
    log = log_text(page)
    roll = page.get_by_role("button", name="Roll the dice")
    if roll.is_visible():
        roll.click()
        assert controller.resolve_chance(), controller.message
    else:
        buttons = page.locator(".hoteledu-actions button")
        buttons.first.wait_for(timeout=60_000)
        labels = buttons.all_inner_texts()
        label = quickest_label(labels, turn)
        buttons.nth(labels.index(label)).click()
        assert controller.play_text(label), controller.message
    wait_for_log_change(page, log, timeout=60_000)


@pytest.mark.browser
def test_two_people_at_one_laptop_never_see_each_others_hand(browser, serve_voila, tmp_path):
    notebook = write_notebook(tmp_path, "grand_austria_hot_seat.ipynb", NOTEBOOK_SOURCE)
    with serve_voila(notebook, timeout=90) as url:
        _two_people(browser.new_page(), url)


def _two_people(page: Any, url: str) -> None:
    page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    controller = GrandAustriaController(players=2, seats=SEATS, seed=SEED)
    hand_overs, turn = 0, 0
    while hand_overs < HAND_OVERS:
        assert turn < 300, "no hand-over came"
        if not controller.needs_handover():
            _press(page, controller, turn)
            turn += 1
            continue
        who = f"P{2 - controller.viewer}"  # two people: the laptop goes to the other one
        cover = page.get_by_text(f"Pass the laptop to {who}.")
        cover.wait_for(timeout=15_000)
        # covered: no board (it would show the last person's hand), no choices, no dice
        assert page.locator(".js-plotly-plot:not(.hoteledu-coach-panel *)").count() == 0
        assert page.locator(".hoteledu-actions button:visible").count() == 0
        assert not page.get_by_role("button", name="Roll the dice").is_visible()
        # nothing the page holds names a hidden card: models, not only what is painted
        held = _held(page)
        leaks = sorted(words for words in _card_words(controller.state, set()) if words in held)
        assert not leaks, f"at the hand-over to {who} the page holds {leaks}"
        page.get_by_role("button", name=f"I am {who}: show my view").click()
        controller.hand_over()
        assert controller.viewer == int(who[1]) - 1
        page.wait_for_selector(".js-plotly-plot:not(.hoteledu-coach-panel *)", timeout=20_000)
        assert not cover.is_visible()
        assert_board_shows(
            page, _board(controller), _same
        )  # drawn for the person now at the laptop
        own = _card_words(controller.state, set()) - _card_words(
            controller.state, {controller.viewer}
        )
        held = _held(page)
        assert not own or any(words in held for words in own), "the check sees no card"
        hand_overs += 1
