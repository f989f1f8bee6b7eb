"""The Boutique Hotel Manager app: its controls, secrecy at simultaneous moves, undo, save/load.

The shared guarantees (random presses, stale presses of every kind, bad
saved games, views in sync, the thinking sign) run in ``tests/apps`` over the
Boutique adapter too; these tests are about what is Boutique's own.
"""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.apps.form_view import FormGameApp
from hoteledu.boutique.actions import (
    BREAKFAST_DIE,
    Bid,
    ChangePrice,
    Hire,
    KeepPrices,
    SetPrices,
)
from hoteledu.boutique.app import (
    DEFAULT_MCTS_ITERATIONS,
    DEFAULT_THINK_SECONDS,
    BoutiqueController,
    make_agent,
    make_app,
)
from hoteledu.boutique.figures.board import TRACE_NAMES
from hoteledu.core import GameRecord
from hoteledu.core.agents import PlayerView

SECRET = SetPrices((6, 5, 4, 3, 2, 1, 6), 5)
SECRET_WORDS = ("600 500 400", "breakfast 500", "6 5 4 3 2 1")


def _press_randomly(app: FormGameApp, rng: np.random.Generator) -> None:
    """One press a player could make: the die, a form, a button, the laptop screen."""
    c = app.controller
    if app.cover.layout.display != "none":
        app.cover_button.click()
    elif app.chance_pad.layout.display != "none":
        app.chance_button.click()
    elif c.form() is not None and rng.random() < 0.5:
        for dropdown in app.form_fields.values():
            values = [v for _, v in dropdown.options]
            dropdown.value = values[int(rng.integers(len(values)))]
        app.form_button.click()
    elif app.action_buttons:
        buttons = app.action_buttons
        buttons[int(rng.integers(len(buttons)))].click()
    else:
        app.undo_button.click()


def _figure_texts(app: FormGameApp) -> str:
    parts = [str(app.figure.layout.title.text)]
    for trace in app.figure.data:
        for key in ("text", "hovertext"):
            value = getattr(trace, key, None)
            if value is not None and not isinstance(value, str):
                parts.extend(str(v) for v in value)
    return "\n".join(parts)


# ---------------------------------------------------------- every decision
def test_every_legal_action_is_offered_and_every_form_value_is_a_legal_field():
    """The list holds all legal actions; a form can build every legal action of its kind."""
    app = make_app(players=2, seats=("human", "human"), seed=3, threaded=False)
    c = app.controller
    rng = np.random.default_rng(3)
    seen_forms = set()
    for _ in range(400):
        if c.state.is_terminal():
            break
        legal = c.legal_actions()
        if legal:
            assert {a for _, a in c.choices()} == set(legal)
            assert app.action_dropdown.options == [label for label, _ in c.choices()]
            form = c.form()
            if form is not None:
                seen_forms.add(form.kind)
                options = {f.name: {v for _, v in f.options} for f in form.fields}
                for action in legal:
                    if type(action).__name__ != form.kind:
                        continue
                    values = _values_of(action)
                    assert all(values[k] in options[k] for k in values), (action, options)
                    assert c.adapter.form_action(form, values) == action
        _press_randomly(app, rng)
    assert {"SetPrices", "ChangePrice", "Hire"} <= seen_forms


def _values_of(action) -> dict:
    if isinstance(action, SetPrices):
        return {**{f"day{d}": f for d, f in enumerate(action.days)}, "breakfast": action.breakfast}
    if isinstance(action, ChangePrice):
        return {"die": action.die, "face": action.face}
    if isinstance(action, Bid):
        return {"amount": action.amount}
    if isinstance(action, Hire):
        return {
            "housekeeping": action.housekeeping,
            "checkin": action.checkin,
            "kitchen": action.kitchen,
        }
    raise AssertionError(action)


def test_any_price_vector_can_be_entered_not_only_the_menu():
    app = make_app(players=2, seats=("human", "premium"), seed=1, threaded=False)
    assert SECRET not in app.controller.legal_actions()  # not in the 42-vector menu
    for d, face in enumerate(SECRET.days):
        app.form_fields[f"day{d}"].value = face
    app.form_fields["breakfast"].value = SECRET.breakfast
    app.form_button.click()
    state = app.controller.state
    assert state.prices[0] == list(SECRET.days) and state.breakfast[0] == SECRET.breakfast


def test_a_whole_game_against_each_bot_kind_ends():
    for kind in ("random", "undercutter", "premium", "peakload", "staffer"):
        app = make_app(players=2, seats=("human", kind), seed=4, threaded=False, weeks=1)
        rng = np.random.default_rng(4)
        for _ in range(600):
            if app.controller.state.is_terminal():
                break
            _press_randomly(app, rng)
        assert app.controller.state.is_terminal(), kind
        assert "game over" in app.controller.status()


# ------------------------------------------------------------ bad presses
def test_an_illegal_entry_is_refused_naming_the_rule_and_changes_nothing():
    c = BoutiqueController(players=2, seats=("human", "peakload"), seed=2)
    assert c.play(SetPrices((6,) * 7, 6))
    assert c.state.phase == "booking_change" and c.mover() == 0
    before, version = c.state.to_json_str(), c.version
    assert not c.play(ChangePrice(0, 6))  # Monday already shows 6
    assert "choose keep prices" in c.message and "[BHM-08]" in c.message
    assert c.state.to_json_str() == before and c.version == version
    assert not c.submit({"die": BREAKFAST_DIE, "face": 6})
    assert "[BHM-08]" in c.message and c.state.to_json_str() == before
    # a staff die with 7 pips, in the secret hiring step (a simultaneous node)
    for _ in range(300):
        if c.state.phase == "hire" and c.mover() == 0:
            break
        if c.chance_waits_for_human():
            c.roll()
        else:
            c.play(c.legal_actions()[0])
    assert c.state.phase == "hire"
    before, pending, version = c.state.to_json_str(), dict(c.pending), c.version
    assert not c.submit({"housekeeping": 7, "checkin": 0, "kitchen": 0})  # no 7-pip die
    assert "[BHM-21]" in c.message
    assert c.state.to_json_str() == before and c.pending == pending and c.version == version
    assert c.submit({"housekeeping": 1, "checkin": 0, "kitchen": 0})
    assert c.state.staff[0] == [1, 0, 0]


def test_a_stale_form_press_does_nothing():
    app = make_app(players=2, seats=("human", "peakload"), seed=5, threaded=False)
    c = app.controller
    stale = app.form_button
    stale.click()  # prices entered; the bot's too: revealed
    assert c.state.phase == "booking_change"
    app.form_fields["die"].value = 2
    app.form_fields["face"].value = 6
    before, version = c.state.to_json_str(), c.version
    stale.click()  # drawn for the price setting, pressed again
    assert c.state.to_json_str() == before and c.version == version
    app.form_button.click()
    assert c.state.prices[0][2] == 6


# ------------------------------------------------------------------ secrecy
def test_a_secret_price_is_never_shown_to_the_next_seat_before_the_reveal():
    app = make_app(players=2, seats=("human", "human"), seed=6, threaded=False)
    c = app.controller
    for d, face in enumerate(SECRET.days):
        app.form_fields[f"day{d}"].value = face
    app.form_fields["breakfast"].value = SECRET.breakfast
    app.form_button.click()
    assert c.pending == {0: SECRET} and c.state.history == []
    assert c.state.prices[0] == [0] * 7  # not in the state: not in any observation
    # the laptop goes to P2: a cover, and nothing on the page holds P1's entry
    assert app.cover.layout.display == "" and "Pass the laptop to P2" in app.cover_html.value
    app.cover_button.click()
    assert c.viewer == 1 and c.mover() == 1
    page = "\n".join(
        [
            app.status_html.value,
            app.message_html.value,
            app.log_html.value,
            app.form_title.value,
            *(b.description for b in app.action_buttons),
            _figure_texts(app),
        ]
    )
    for words in SECRET_WORDS:
        assert words not in page
    defaults = {name: d.value for name, d in app.form_fields.items()}
    assert [defaults[f"day{d}"] for d in range(7)] != list(SECRET.days)
    assert c.save().count('"SetPrices"') == 0  # the record holds no half-entered step
    # P2 enters: both are revealed at once, in the log and on the board
    app.form_button.click()
    assert c.pending == {} and c.state.prices[0] == list(SECRET.days)
    assert "revealed" in c.log[-1] and "breakfast 500" in c.log[-1]
    assert "600" in _figure_texts(app)


def test_a_bot_decides_without_seeing_the_entry_of_a_seat_before_it():
    c = BoutiqueController(players=2, seats=("human", "random"), seed=7)
    seen = []

    class Spy:
        name = "spy"

        def act(self, view: PlayerView):
            state = view.determinise(np.random.default_rng(0))
            seen.append(list(state.prices[0]))
            return view.legal_actions()[0]

    c.agents[1] = Spy()
    assert c.play(SECRET)
    assert seen == [[0] * 7]  # the bot's view had no price of P1
    assert c.state.prices[0] == list(SECRET.days)


# ------------------------------------------------------------- undo, saving
def test_undo_takes_back_a_secret_entry_then_a_revealed_step():
    c = BoutiqueController(players=2, seats=("human", "human"), seed=8)
    assert c.play(SECRET) and c.pending == {0: SECRET}
    assert c.undo()
    assert c.pending == {} and c.mover() == 0 and c.state.history == []
    c.hand_over()
    assert c.play(SetPrices((3,) * 7, 1))
    c.hand_over()
    assert c.play(SetPrices((4,) * 7, 2)) and c.state.phase == "booking_change"
    c.hand_over()
    assert c.play(KeepPrices())
    assert c.undo() and c.state.phase == "booking_change" and len(c.state.history) == 1
    assert c.undo() and c.state.history == [] and c.pending == {}
    assert not c.undo() and "nothing to undo" in c.message


def test_save_and_load_give_the_same_game():
    app = make_app(players=3, seats=("human", "staffer", "premium"), seed=9, threaded=False)
    c = app.controller
    rng = np.random.default_rng(9)
    while len(c.state.history) < 40 and not c.state.is_terminal():
        _press_randomly(app, rng)
    saved = c.save()
    record = GameRecord.loads(saved)
    assert record.replay() == c.state
    other = make_app(players=2, seats=("human", "human"), seed=1, threaded=False)
    other.record_text.value = saved
    other.load_button.click()
    assert other.controller.message == ""
    assert other.controller.state == c.state
    assert other.controller.state.num_players == 3


def test_a_saved_game_of_another_deck_size_or_bad_option_is_refused():
    c = BoutiqueController(players=2, seats=("human", "human"), seed=1)
    before = c.state.to_json_str()
    bad = (
        '{"game": "boutique", "options": {"players": 2, "weeks": 3}, '
        '"players": ["a", "b"], "actions": []}'
    )
    assert not c.load(bad) and "could not load" in c.message and "weeks" in c.message
    assert c.state.to_json_str() == before


# ---------------------------------------------------------------- the board
def test_the_board_draws_every_hotel_its_stays_and_prices():
    app = make_app(players=2, seats=("human", "premium"), seed=10, threaded=False)
    c = app.controller
    rng = np.random.default_rng(10)
    while c.state.phase != "hire" and not c.state.is_terminal():
        _press_randomly(app, rng)
    data = {t.name: t for t in app.figure.data}
    assert tuple(data) == TRACE_NAMES
    marks = sum(1 for p in range(2) for cell in c.state.occ[p][: 8 * 21] if cell >= 0)
    shown_nights = len(data["stays"].x)
    assert 0 < shown_nights <= marks
    assert len(data["rooms"].x) == 16 and len(data["headers"].text) == 2
    assert "money" in data["headers"].text[0] and "P1 red" in data["headers"].text[0]


def test_a_click_on_a_room_builds_it_in_the_expansion_phase():
    c = BoutiqueController(players=2, seats=("human", "staffer"), seed=11)
    for _ in range(800):
        if (c.state.phase == "expand" and c.mover() == 0) or c.state.is_terminal():
            break
        if c.chance_waits_for_human():
            c.roll()
        elif c.form() is not None and c.form().kind in ("Hire", "SetPrices"):
            c.submit({f.name: f.default for f in c.form().fields})  # the week's need
        else:
            c.play(c.legal_actions()[0])
    if c.state.phase != "expand":
        pytest.skip("this seed never let P1 build")
    built = list(c.state.built[0])
    assert not c.click("rooms", [0, 7]) and "BHM-34" in c.message  # no wall to a built room
    space = next(s for s in range(8) if s not in built and (s - 1 in built or s - 4 in built))
    assert c.click("rooms", [0, space])
    assert space in c.state.built[0]


# ------------------------------------------------------------------ the bot
def test_the_mcts_bot_stops_at_its_time_budget_at_the_default_strength(monkeypatch):
    """The app's MCTS seat stops at its budget with work bounded per iteration (no clock).

    Every reading of the search's clock ticks 1/16 s, so each decision makes
    exactly the iterations the 0.4 s budget allows, whatever the machine's
    load; each iteration applies at most 125 actions (the most measured over
    this game is 62). The time is in ``benchmarks/bench_bot_think.py``.
    """
    from bot_budget import counted_actions, iterations_within, ticking_search_clock

    from hoteledu.boutique.bots import PeakLoadBot
    from hoteledu.boutique.rules import BoutiqueState, new_game
    from hoteledu.core.actions import JointAction

    state = new_game(players=2, weeks=1)
    agent = make_agent("mcts", 1)  # the app's default: strength and time budget
    assert agent.iterations == DEFAULT_MCTS_ITERATIONS
    assert agent.think_seconds == DEFAULT_THINK_SECONDS
    expected = iterations_within(DEFAULT_THINK_SECONDS, DEFAULT_MCTS_ITERATIONS)
    assert expected < DEFAULT_MCTS_ITERATIONS  # the budget, not the strength, stops it
    rival = PeakLoadBot()
    rng = np.random.default_rng(0)
    decisions = []
    with ticking_search_clock(monkeypatch), counted_actions(monkeypatch, BoutiqueState) as count:
        while not state.is_terminal() and len(decisions) < 12:
            mover = state.current_player()
            if mover == -1:
                state.apply_action(state.sample_chance(rng))
                continue
            if mover in (0, -2) and len(state.legal_actions(0)) > 1:
                before = count[0]
                mine = agent.act(PlayerView(state.clone(), 0))
                decisions.append((agent.last_iterations, count[0] - before))
                assert mine in state.legal_actions(0)
            elif mover in (0, -2):
                mine = state.legal_actions(0)[0]
            if mover == -2:
                state.apply_action(JointAction((mine, rival.act(PlayerView(state, 1)))))
            elif mover == 0:
                state.apply_action(mine)
            else:
                state.apply_action(rival.act(PlayerView(state, 1)))
    assert len(decisions) >= 8
    for iterations, actions in decisions:
        assert iterations == expected
        assert actions <= 125 * iterations, decisions
