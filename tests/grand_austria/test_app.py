"""The Grand Austria app without Jupyter: presses on the real widgets, state and figure checked.

The generic guarantees (random presses, undo/replay/save/load, stale presses,
views in sync, hot-seat) run for this app too in ``tests/apps`` (its factory is
registered there); these tests are the game's own.
"""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.core import GameRecord
from hoteledu.core.agents import PlayerView
from hoteledu.grand_austria.actions import Pass, Prepare, TakeDie, TakeGuest
from hoteledu.grand_austria.analysis.strength import stopping_value, strength_distribution
from hoteledu.grand_austria.app import (
    DEFAULT_MCTS_ITERATIONS,
    DEFAULT_THINK_SECONDS,
    GrandAustriaAdapter,
    GrandAustriaController,
    action_marks,
    make_agent,
    make_app,
)
from hoteledu.grand_austria.figures.board import (
    GAME_TRACE_NAMES,
    game_figure,
    hotel_board_figure,
    scene_from_observation,
)
from hoteledu.grand_austria.rules import new_game


def frozen(app) -> str:
    return app.controller.state.to_json_str()


def play_to(app, wanted, limit: int = 400) -> None:
    """Press the first button (or roll) until ``wanted(controller)`` holds."""
    c = app.controller
    for _ in range(limit):
        if wanted(c):
            return
        if app.cover.layout.display != "none":
            app.cover_button.click()
        elif c.chance_waits_for_human():
            app.chance_button.click()
        elif app.action_buttons:
            labels = [b.description for b in app.action_buttons]
            index = next((i for i, t in enumerate(labels) if t == "pass"), 0)
            app.action_buttons[index].click()
        else:
            raise AssertionError(f"nothing to press: {c.status()}")
    raise AssertionError("the wanted position never came")


def in_round(c) -> bool:
    return c.human_to_decide() and c.state.tasks[-1].kind == "turn"


@pytest.fixture
def app():
    return make_app(players=2, seats=("human", "heuristic"), seed=3, threaded=False)


# ------------------------------------------------------------ every decision
@pytest.mark.parametrize("seed", [0, 1])
def test_every_legal_action_is_a_button_and_a_whole_game_ends(seed):
    """Through a whole game by buttons: the buttons are exactly the legal actions."""
    app = make_app(players=2, seats=("human", "human"), seed=seed, threaded=False)
    c = app.controller
    rng = np.random.default_rng(seed)
    kinds = set()
    for _ in range(3000):
        if c.state.is_terminal():
            break
        if app.cover.layout.display != "none":
            app.cover_button.click()
            continue
        if c.chance_waits_for_human():
            app.chance_button.click()
            continue
        legal = c.state.legal_actions()
        labels = [b.description for b in app.action_buttons]
        assert labels == [c.adapter.action_label(c.state, a) for a in legal][: len(labels)]
        assert list(app.action_dropdown.options) == [
            c.adapter.action_label(c.state, a) for a in legal
        ]
        assert len(set(app.action_dropdown.options)) == len(legal), "two actions read the same"
        kinds |= {type(a).__name__ for a in legal}
        # prefer short games: pass and end turns often, otherwise a random choice
        names = [type(a).__name__ for a in legal]
        if "Pass" in names and rng.random() < 0.6:
            index = names.index("Pass")
        else:
            index = int(rng.integers(len(legal)))
        if index < len(app.action_buttons):
            app.action_buttons[index].click()
        else:
            app.action_dropdown.value = app.action_dropdown.options[index]
            app.play_button.click()
    assert c.state.is_terminal()
    assert "game over" in app.status_html.value and "wins" in app.status_html.value
    assert {"TakeDie", "Pass", "Prepare", "TakeGuest", "EndTurn"} <= kinds
    assert GameRecord.loads(c.save()).replay() == c.state


def test_a_board_click_on_a_space_takes_a_die_and_on_a_room_prepares_it(app):
    c = app.controller
    play_to(app, lambda c: c.human_to_decide() and c.state.tasks[-1].kind == "prepare")
    legal = c.legal_actions()
    room = next(a.room for a in legal if isinstance(a, Prepare))
    assert ("room", 0, room) in c.highlight()
    assert c.click("rooms", ["room", 0, room])
    assert c.state.rooms[0][room] == 1
    play_to(app, in_round)
    space = next(a.space for a in c.legal_actions() if isinstance(a, TakeDie) and a.space < 6)
    dice = c.state.dice[space - 1]
    assert c.click("spaces", ["space", space, 0])
    assert c.state.dice[space - 1] == dice - 1
    assert c.state.history[-1] == TakeDie(space) or c.movers[-1] != 0


def test_an_illegal_press_is_refused_with_the_rule_and_changes_nothing(app):
    c = app.controller
    play_to(app, in_round)
    empty = [s for s in range(1, 6) if c.state.dice[s - 1] == 0]
    before, version = frozen(app), c.version
    # a room of the rival's hotel, and a room of one's own where no tile may go
    assert not c.click("rooms", ["room", 1, 0])
    assert "P2's hotel" in c.message
    assert not c.click("rooms", ["room", 0, 19])
    assert "GAH-" in c.message
    if empty:
        assert not c.click("spaces", ["space", empty[0], 0])
        assert "GAH-" in c.message
    assert not c.play(Prepare(19))
    assert "GAH-" in c.message and "P1 must" in c.message
    assert frozen(app) == before and c.version == version
    assert "GAH-" in app.message_html.value or not app.message_html.value  # shown on the page


def test_a_stale_press_is_refused(app):
    c = app.controller
    play_to(app, in_round)
    stale = app.action_buttons[0]
    stale.click()
    play_to(app, in_round)
    before, version = frozen(app), c.version
    stale.click()
    assert frozen(app) == before and c.version == version


def test_the_hidden_hand_is_not_in_another_seats_view():
    app = make_app(players=2, seats=("human", "human"), seed=4, threaded=False)
    c = app.controller
    hands = [list(h) for h in c.state.hand]
    assert all(len(h) == 6 for h in hands)

    def shown_text() -> str:
        texts = []
        for trace in app.figure.data:
            texts += [str(t) for t in (trace.text or ())] + [
                str(t) for t in (trace.hovertext or ())
            ]
        texts += [b.description for b in app.action_buttons]
        texts += [app.log_html.value, app.status_html.value]
        return "\n".join(texts)

    from hoteledu.grand_austria.figures.board import staff_card_text

    seen = set()
    for _ in range(400):
        if app.cover.layout.display != "none":
            assert not any(child is app.figure for child in app.board_box.children)
            app.cover_button.click()
            continue
        viewer = c.viewer
        text = shown_text()
        for p in (0, 1):
            for card in c.state.hand[p]:
                if p == viewer:
                    assert staff_card_text(card) in text
                else:
                    assert staff_card_text(card) not in text, (viewer, p, card)
        seen.add(viewer)
        if len(seen) == 2 and c.state.round >= 2:
            break
        if c.chance_waits_for_human():
            app.chance_button.click()
        else:
            labels = [b.description for b in app.action_buttons]
            app.action_buttons[labels.index("pass") if "pass" in labels else 0].click()
    assert seen == {0, 1}
    # the log names no card drawn into a hand
    assert "staff card" not in " ".join(line for line in c.log if "drawn" in line).replace(
        "a staff card is drawn", ""
    )


def test_save_load_round_trip_and_undo(app):
    c = app.controller
    play_to(app, in_round)
    app.action_buttons[0].click()
    play_to(app, in_round)
    saved, position = c.save(), frozen(app)
    app.new_game_button.click()
    assert frozen(app) != position
    app.record_text.value = saved
    app.load_button.click()
    assert frozen(app) == position and c.message == ""
    # undo goes back to before the last human decision (chance is not re-rolled)
    length = len(c.state.history)
    humans = [i for i, m in enumerate(c.movers) if m == 0]
    app.undo_button.click()
    assert len(c.state.history) == humans[-1] < length
    assert GameRecord.loads(saved).replay(humans[-1]) == c.state


def test_the_dice_wait_for_the_start_players_press():
    app = make_app(players=2, seats=("human", "human"), seed=2, threaded=False)
    c = app.controller
    play_to(app, lambda c: c.chance_waits_for_human())
    assert c.state.tasks[-1].kind == "roll"
    assert c.adapter.chance_owner(c.state) == c.state.turn_order()[0]
    if c.needs_handover():  # the start player takes the laptop first
        assert app.chance_button.layout.display == "none"
        app.cover_button.click()
    assert app.chance_button.layout.display == ""
    dice = sum(c.state.dice)
    app.chance_button.click()
    assert sum(c.state.dice) == 10 and dice == 0


def test_the_hint_is_the_exact_strength_after_passing(app):
    c = app.controller
    play_to(app, in_round)
    m = sum(c.state.dice)
    hint = c.hint()
    assert hint["dice"] == m - 1
    assert hint["distribution"] == strength_distribution(m - 1)
    assert hint["value"] == stopping_value(m - 1).values[m - 1]
    app.overlay_checkboxes["hint"].value = True
    trace = app.figure.data[GAME_TRACE_NAMES.index("hint")]
    assert trace.text[0].startswith("<b>hint</b>") and f"{m - 1} dice" in trace.text[0]
    app.overlay_checkboxes["hint"].value = False
    assert not app.figure.data[GAME_TRACE_NAMES.index("hint")].text


def test_highlight_and_click_agree_for_every_mark():
    """Every ringed mark, clicked, is a legal action or a message (never an exception)."""
    state = new_game(2)
    c = GrandAustriaController(2, ("human", "human"), seed=6)
    adapter = GrandAustriaAdapter()
    for _ in range(60):
        if c.chance_waits_for_human():
            c.resolve_chance()
            continue
        if c.needs_handover():
            c.hand_over()
            continue
        legal = c.legal_actions()
        for mark in adapter.highlight(c.state, legal):
            customdata = [*mark, 0][:3]
            answer = adapter.click_to_action(c.state, legal, "x", customdata)
            assert isinstance(answer, str) or answer in legal
        c.play(legal[0])
    assert state.current_player() is not None


def test_action_marks_read_the_action():
    state = new_game(2)
    assert action_marks(state, TakeDie(3)) == [("space", 3)]
    assert action_marks(state, TakeGuest(2)) == [("guest", 2)]
    assert action_marks(state, Pass()) == []


def test_the_figures_draw_every_trace_and_one_hotel_board():
    c = GrandAustriaController(3, ("human", "heuristic", "random"), seed=2)
    scene = c.scene()
    fig = game_figure(scene, c.highlight())
    assert [t.name for t in fig.data] == list(GAME_TRACE_NAMES)
    rooms = fig.data[GAME_TRACE_NAMES.index("rooms")]
    assert len(rooms.x) == 60 and len(rooms.customdata) == 60
    board = hotel_board_figure(c.state, 1)
    assert [t.name for t in board.data][:2] == ["rooms", "cafe"]
    text = " ".join(str(t) for tr in board.data for t in (tr.text or ()))
    assert "P2" in text and "hand:" in text and "(hidden)" not in text
    other = hotel_board_figure(c.state, 1, viewer=0)
    assert "(hidden)" in " ".join(str(t) for tr in other.data for t in (tr.text or ()))
    public = scene_from_observation(c.state, None)
    assert all(isinstance(h, int) for h in public["hand"])
    with pytest.raises(ValueError, match="player"):
        hotel_board_figure(c.state, 5)


# ---------------------------------------------------------------- bot think time
def test_mcts_at_the_default_strength_stops_at_its_time_budget(monkeypatch):
    """The default MCTS seat stops at its 0.3 s budget, work bounded per iteration (no clock).

    Every reading of the search's clock ticks 1/16 s, so each decision makes
    exactly the iterations the budget allows on any machine; an iteration
    applies at most 320 actions (the most measured here is 160). The time is
    in ``benchmarks/bench_bot_think.py``.
    """
    from bot_budget import counted_actions, iterations_within, ticking_search_clock

    from hoteledu.grand_austria.rules import GrandAustriaState

    state = new_game(2)
    rng = np.random.default_rng(0)
    agent = make_agent("mcts", 1, DEFAULT_MCTS_ITERATIONS, DEFAULT_THINK_SECONDS)
    expected = iterations_within(DEFAULT_THINK_SECONDS, DEFAULT_MCTS_ITERATIONS)
    decisions = []
    with (
        ticking_search_clock(monkeypatch),
        counted_actions(monkeypatch, GrandAustriaState) as count,
    ):
        while len(decisions) < 4 and not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                before = count[0]
                action = agent.act(PlayerView(state.clone(), p))
                decisions.append((agent.last_iterations, count[0] - before))
                assert action in legal
            else:
                action = legal[0]
            state.apply_action(action)
    assert len(decisions) == 4
    for iterations, actions in decisions:
        assert iterations == expected < DEFAULT_MCTS_ITERATIONS
        assert actions <= 320 * iterations, decisions
