"""Bots that think: the sign shows first, the page stays live, stale answers are dropped."""

from __future__ import annotations

import threading

import numpy as np

from hoteledu.core.agents import PlayerView
from hoteledu.core.mcts import MCTSAgent


class BlockingAgent:
    """A slow bot: answers its first legal action once ``release`` is set."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def act(self, view: PlayerView):
        self.started.set()
        assert self.release.wait(30)
        return view.legal_actions()[0]


def _slow_seat_app(make_app):
    app = make_app(("human", "human"), 12)
    c = app.controller
    slow = sorted(app.adapter.slow_bots)[0]
    c.seats[1] = slow  # P2 becomes a slow bot with a controllable search
    bot = BlockingAgent()
    c.agents[1] = bot
    app.threaded = True
    return app, bot


def _play_until_bot(app) -> None:
    c = app.controller
    rng = np.random.default_rng(0)
    for _ in range(200):
        if c.thinking is not None or (c.bot_to_move() and c.slow_bot_next()):
            return
        buttons = app.action_buttons
        if app.chance_button.layout.display != "none":
            app.chance_button.click()
        elif buttons:
            buttons[int(rng.integers(len(buttons)))].click()
    raise AssertionError("the slow bot never got the move")


def test_the_thinking_sign_shows_and_the_page_stays_live(make_app):
    app, bot = _slow_seat_app(make_app)
    c = app.controller
    _play_until_bot(app)
    assert bot.started.wait(10), "the bot's search never started"
    assert "thinking" in app.status_html.value and "P2" in app.status_html.value
    # the page answers while the bot thinks: the search holds no lock a press needs
    assert app.lock.acquire(blocking=False), "the search holds the app's lock"
    app.lock.release()
    for box in app.overlay_checkboxes.values():
        box.value = not box.value
    app.save_button.click()
    assert app.record_text.value and not bot.release.is_set() and app._worker.is_alive()
    length = len(c.state.history)
    bot.release.set()
    app.wait_for_bots()
    assert len(c.state.history) > length and c.thinking is None
    assert "thinking" not in app.status_html.value


def test_a_search_for_a_position_that_changed_is_dropped(make_app):
    app, bot = _slow_seat_app(make_app)
    c = app.controller
    _play_until_bot(app)
    assert bot.started.wait(10)
    app.undo_button.click()  # while the bot thinks: the position changes under it
    undone = c.state.to_json_str()
    assert c.human_to_decide()
    bot.release.set()
    app.wait_for_bots()
    assert c.state.to_json_str() == undone  # its answer was for another position


def test_mcts_at_the_default_strength_stops_at_its_time_budget(monkeypatch):
    """The default MCTS seat stops at its 0.2 s budget, work bounded per iteration (no clock).

    Every reading of the search's clock ticks 1/16 s, so the decision makes
    exactly the iterations the budget allows on any machine; an iteration
    applies at most 270 actions (135 measured). The time is in
    ``benchmarks/bench_bot_think.py``.
    """
    from bot_budget import counted_actions, iterations_within, ticking_search_clock

    from hoteledu.amsterdam.app import DEFAULT_MCTS_ITERATIONS, DEFAULT_THINK_SECONDS
    from hoteledu.amsterdam.rules import new_game

    state = new_game(players=2)
    rng = np.random.default_rng(0)
    state.apply_action(state.sample_chance(rng))  # P1 to place a hotel: 36 choices
    agent = MCTSAgent(DEFAULT_MCTS_ITERATIONS, seed=1, think_seconds=DEFAULT_THINK_SECONDS)
    expected = iterations_within(DEFAULT_THINK_SECONDS, DEFAULT_MCTS_ITERATIONS)
    with ticking_search_clock(monkeypatch), counted_actions(monkeypatch, type(state)) as count:
        action = agent.act(PlayerView(state.clone(), 0))
    assert action in state.legal_actions()
    assert agent.last_iterations == expected < DEFAULT_MCTS_ITERATIONS
    assert count[0] <= 270 * expected
