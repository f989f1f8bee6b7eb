"""Hot seat stays whole in JupyterLab too (issue 20: "the same in JupyterLab and Voilà").

Two people play Grand Austria Hotel and Boutique Hotel Manager in a JupyterLab notebook
(the SVG board, the apps' default) by real clicks; each press is mirrored on a headless
controller with the same seed. At every hand-over (:func:`pages.walk_hand_overs`) the
cover is up with no board on the page; after "I am P2: show my view", and after that
person's next press, the painted board is, element by element, the fresh drawing of that
seat's observation (:func:`pages.assert_svg_board_is`). No uncaught error on the page.

The Voilà pages' hand-overs, with the checks that no widget model holds a hidden card or
a secret entry, are ``test_grand_austria_hot_seat_voila.py`` (Grand Austria) and
``test_hand_over.py`` (Boutique); this file checks the drawing where JupyterLab's widget
manager makes the views.
Every wait is on a condition of the page; the presses are bounded.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    action_labels,
    assert_svg_board_is,
    log_text,
    press_label,
    quickest_label,
    run_all_cells,
    wait_for_log_change,
    walk_hand_overs,
)

SEATS = ("human", "human")
SOURCES = {
    "grand_austria": (
        "from hoteledu.grand_austria.app import make_app\n"
        f"app = make_app(players=2, seats={SEATS!r}, seed=4)\n"
        "app"
    ),
    "boutique": (
        "from hoteledu.boutique.app import make_app\n"
        f"app = make_app(players=2, seats={SEATS!r}, seed=3, weeks=1)\n"
        "app"
    ),
}
HAND_OVERS = 4
"""At least two to each seat (the laptop alternates between the two people)."""
FORMS = ("SetPrices", "Bid", "Hire")
"""Boutique's decisions made in its form (the rest are buttons)."""
MAX_PRESSES = 300
"""Presses allowed to reach the hand-overs (a bound on the work, never a time)."""


def _controller(game: str) -> Any:
    if game == "grand_austria":
        from hoteledu.grand_austria.app import GrandAustriaController

        return GrandAustriaController(players=2, seats=SEATS, seed=4)
    from hoteledu.boutique.app import BoutiqueController

    return BoutiqueController(players=2, seats=SEATS, seed=3, weeks=1)


def _press(page: Any, controller: Any, presses: int, quick: bool) -> None:
    """One real press, mirrored on ``controller``: the chance button, the form as proposed
    (Boutique's prices, bids, staff), or an action button (``quick``: the one that moves the
    game on fastest; else one by the press count); waits for the log to change."""
    log = log_text(page)
    chance = page.get_by_role("button", name=controller.adapter.chance_button_label)
    form = controller.form() if hasattr(controller, "form") else None
    if chance.is_visible():
        chance.click()
        assert controller.resolve_chance(), controller.message
    elif form is not None and form.kind in FORMS:
        page.locator(".hoteledu-form button", has_text=form.submit).click()
        assert controller.submit({f.name: f.default for f in form.fields}), controller.message
    else:
        labels = action_labels(page)
        label = quickest_label(labels, presses) if quick else labels[presses % len(labels)]
        press_label(page, controller, labels, label)
    wait_for_log_change(page, log, timeout=60_000)


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_hand_over_in_jupyterlab_draws_the_next_persons_whole_board(
    browser, serve_jupyterlab, game
):
    with serve_jupyterlab(source=SOURCES[game]) as url:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(url, timeout=90_000)
            page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
            page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
            run_all_cells(page)
            page.wait_for_selector(".hoteledu-log", timeout=90_000)
            controller = _controller(game)
            assert_svg_board_is(page, controller, "at the start")
            hand_overs, presses = walk_hand_overs(
                page,
                controller,
                lambda presses, quick: _press(page, controller, presses, quick),
                at_cover=lambda who: None,
                in_view=lambda who, when: None,
                hand_overs=HAND_OVERS,
                max_presses=MAX_PRESSES,
            )
            print(f"JupyterLab {game}: {hand_overs} hand-overs in {presses} presses")
        finally:
            page.close()
        others = [e for e in errors if "[anywidget] Failed to initialize model" not in e]
        assert not others, f"the page raised: {others}"
