"""Hot seat stays whole (issue 20): Boutique Hotel Manager's hand-overs on the SVG board.

Two people play Boutique Hotel Manager (secret prices, sealed bids, secret staff) on the
SVG board in Voilà by real clicks (buttons, and the form's lists chosen as a person
chooses them); each press is mirrored on a headless controller with the same seed. What
a seat hides is its entry at a simultaneous decision, kept in the controller's
``pending`` until everyone has decided: P1's prices while P2 sets theirs, P1's sealed
bid while P2 bids. At every hand-over, while the cover is up and again once the next
person shows their view, the page's widget models are read: none holds a pending entry
(its words, as the log would reveal them, nor a list still set to it); after the
hand-over the SVG board is, element by element, a fresh drawing of that person's view
(:func:`pages.assert_svg_board_is`), and the same after their next press.

Grand Austria's hand-overs are ``test_grand_austria_hot_seat_voila.py``; both walk the game with
:func:`pages.walk_hand_overs`. Pages: one load of one Voilà page a game; every wait is on
a condition.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import (
    assert_svg_board_is,
    log_text,
    wait_for_log_change,
    walk_hand_overs,
    widget_models,
    write_notebook,
)

SEATS = ("human", "human")
MAX_PRESSES = 300
"""Presses allowed to reach the hand-overs (a bound on the work, never a time)."""

BOUTIQUE_SEED = 3
BOUTIQUE_SOURCE = f"""\
from hoteledu.boutique.app import make_app
app = make_app(players=2, seats={SEATS!r}, seed={BOUTIQUE_SEED}, weeks=1, )
app"""
BOUTIQUE_HAND_OVERS = 4
"""At least two to each seat (the laptop alternates between the two people)..."""
SECRET_COVERS = 2
"""...and at least two while an entry is secret (P1's prices, then a sealed bid or staff)."""
MAX_HAND_OVERS = 16
"""A bound on the work: the game reaches both within this many hand-overs."""
SECRET_PRICES = {
    0: {
        "day0": 2,
        "day1": 5,
        "day2": 6,
        "day3": 4,
        "day4": 5,
        "day5": 6,
        "day6": 2,
        "breakfast": 2,
    },
    1: {
        "day0": 4,
        "day1": 4,
        "day2": 3,
        "day3": 5,
        "day4": 6,
        "day5": 5,
        "day6": 4,
        "breakfast": 3,
    },
}
"""The prices each person enters: no profile of the menu, no default (3 a day, breakfast 1)."""
SECRET_BID = {0: 100, 1: 0}


def _form_pairs(form: Any, values: dict[str, Any]) -> set[tuple[str, str]]:
    """(list's label, chosen option's words) of a form filled with ``values``."""
    pairs = set()
    for field in form.fields:
        words = next(label for label, value in field.options if value == values[field.name])
        pairs.add((field.label, words))
    return pairs


def _held_lists(models: dict[str, str]) -> set[tuple[str, str]]:
    """(label, option shown) of every list (Dropdown) model the page holds."""
    import json

    held = set()
    for text in models.values():
        attributes = json.loads(text)
        if attributes.get("_model_name") != "DropdownModel":
            continue
        labels, index = attributes.get("_options_labels") or [], attributes.get("index")
        if isinstance(index, int) and 0 <= index < len(labels):
            held.add((attributes.get("description") or "", labels[index]))
    return held


def _assert_no_secret_held(page: Any, controller: Any, secrets: dict[int, Any], when: str) -> None:
    """No widget model holds a pending entry of a seat other than the one at the laptop.

    ``secrets``: seat -> (the entry's words, the form's (label, option) pairs). What the
    person at the laptop is offered themselves (their own buttons, their form's defaults)
    is theirs to see and does not count.
    """
    models = widget_models(page)
    assert models, "no widget model in the page"
    seat = controller.laptop_seat()
    own_words = {label for label, _ in controller.choices()}
    form = controller.form()
    own_pairs = _form_pairs(form, {f.name: f.default for f in form.fields}) if form else set()
    held_text, held_lists = "\n".join(models.values()), _held_lists(models)
    leaks = []
    for owner, (words, pairs) in secrets.items():
        if owner == seat or owner not in controller.pending:
            continue
        if words not in own_words and words in held_text:
            leaks.append(f"P{owner + 1}'s {words!r}")
        leaks += [
            f"P{owner + 1}'s list {pair}" for pair in sorted((pairs & held_lists) - own_pairs)
        ]
    assert not leaks, f"{when}: the page's widget models hold {leaks}"


def _boutique_press(page: Any, controller: Any, secrets: dict[int, Any]) -> None:
    """The check-in die, the form (secret prices, a sealed bid, staff) or a button, by real
    clicks, mirrored headless; waits for the log to change. An entry a seat makes in
    secret is kept in ``secrets`` (its words and its form's pairs)."""
    log = log_text(page)
    roll = page.get_by_role("button", name="Roll the check-in die")
    form = controller.form()
    if roll.is_visible():
        roll.click()
        assert controller.resolve_chance(), controller.message
    elif form is not None and form.kind in ("SetPrices", "Bid", "Hire"):
        seat = controller.mover()
        values = {f.name: f.default for f in form.fields}
        if form.kind == "SetPrices":
            values = dict(SECRET_PRICES[seat])
        elif form.kind == "Bid" and any(v == SECRET_BID[seat] for _, v in form.fields[0].options):
            values = {"amount": SECRET_BID[seat]}
        lists = page.locator(".hoteledu-form select")
        lists.first.wait_for(timeout=60_000)
        for index, field in enumerate(form.fields):
            words = next(label for label, value in field.options if value == values[field.name])
            lists.nth(index).select_option(label=words)
        pairs = _form_pairs(form, values)
        page.locator(".hoteledu-form button", has_text=form.submit).click()
        assert controller.submit(values), controller.message
        if seat in controller.pending:  # still secret: the others have not decided
            part = controller.pending[seat]
            secrets[seat] = (controller.adapter.action_label(controller.state, part), pairs)
    else:
        buttons = page.locator(".hoteledu-actions button")
        buttons.first.wait_for(timeout=60_000)
        labels = buttons.all_inner_texts()
        label = "keep prices" if "keep prices" in labels else labels[0]
        buttons.nth(labels.index(label)).click()
        assert controller.play_text(label), controller.message
    wait_for_log_change(page, log, timeout=60_000)


@pytest.mark.browser
def test_every_boutique_hand_over_hides_the_secret_prices_and_shows_the_whole_board(
    browser, serve_voila, tmp_path
):
    notebook = write_notebook(tmp_path, "boutique_hand_over.ipynb", BOUTIQUE_SOURCE)
    with serve_voila(notebook, timeout=90) as url:
        page = browser.new_page(viewport={"width": 1600, "height": 1200})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            _boutique_hand_overs(page, url)
        finally:
            page.close()
        others = [e for e in errors if "[anywidget] Failed to initialize model" not in e]
        assert not others, f"the page raised: {others}"


def _boutique_hand_overs(page: Any, url: str) -> None:
    from hoteledu.boutique.app import BoutiqueController

    page.goto(url, timeout=45_000)
    page.wait_for_selector(".hoteledu-log", timeout=45_000)
    controller = BoutiqueController(players=2, seats=SEATS, seed=BOUTIQUE_SEED, weeks=1)
    assert_svg_board_is(page, controller, "at the start")
    secrets: dict[int, Any] = {}
    covers = {"all": 0, "secret": 0}

    def at_cover(who: str) -> None:
        covers["all"] += 1
        assert covers["all"] <= MAX_HAND_OVERS, f"{covers['secret']} secret covers in {covers}"
        covers["secret"] += bool(set(secrets) & set(controller.pending))
        _assert_no_secret_held(page, controller, secrets, f"passing to {who}")

    def in_view(who: str, when: str) -> None:
        _assert_no_secret_held(page, controller, secrets, when)

    hand_overs, _ = walk_hand_overs(
        page,
        controller,
        lambda presses, quick: _boutique_press(page, controller, secrets),
        at_cover,
        in_view,
        hand_overs=BOUTIQUE_HAND_OVERS,
        max_presses=MAX_PRESSES,
        more=lambda: covers["secret"] < SECRET_COVERS,
    )
    print(f"Boutique: {hand_overs} hand-overs, {covers['secret']} with an entry secret")
