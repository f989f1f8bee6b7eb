"""The named difficulty levels of every app (``hoteledu.apps.bots``, ``docs/levels.md``).

A level does a fixed amount of work (never a wall-clock budget), so it plays
the same moves for a seed however loaded the machine is; it is offered by name
in every app's seat choices; and it never reads another seat's hidden cards.
"""

from __future__ import annotations

import importlib
import time

import numpy as np
import pytest

from hoteledu.apps.bots import LEVELS, NoisyAgent, level_agent, search_work, work_done
from hoteledu.core.agents import PlayerView, RandomAgent
from hoteledu.core.registry import load_game
from hoteledu.core.simulate import next_action
from hoteledu.core.state import SIMULTANEOUS
from hoteledu.core.tournament import tournament

GAMES = ("amsterdam", "grand_austria", "boutique")


def _app(game: str):
    return importlib.import_module(f"hoteledu.{game}.app")


def _decider(state) -> int | None:
    """The player who decides here (seat 0 at a simultaneous node), None at chance."""
    mover = state.current_player()
    if mover == SIMULTANEOUS:
        return 0
    return mover if mover >= 0 else None


def _positions(game: str, count: int, seed: int = 4):
    """``count`` positions of a seeded random game where a player (not chance) decides."""
    state = load_game(game, players=2)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + 1), RandomAgent(seed + 2)]
    found = []
    while len(found) < count and not state.is_terminal():
        decider = _decider(state)
        if decider is not None and len(state.legal_actions(decider)) > 1 and rng.random() < 0.2:
            found.append(state.clone())
        state.apply_action(next_action(state, agents, rng))
    assert len(found) == count
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_app_offers_the_levels_by_name_and_keeps_the_old_seats(game):
    from hoteledu.apps.controller import GameController

    app = _app(game)
    names = {"amsterdam": "Amsterdam", "grand_austria": "GrandAustria", "boutique": "Boutique"}
    adapter = getattr(app, f"{names[game]}Adapter")()
    old = {"amsterdam": ("greedy",), "grand_austria": ("heuristic",), "boutique": ("peakload",)}
    controller = GameController(adapter, 2, ("human", "random"), seed=1)
    kinds = controller.seat_kinds()
    assert kinds[:2] == ("human", "random") and {"mcts", *old[game]} <= set(kinds)
    assert set(LEVELS) <= set(kinds)
    assert "strong" in adapter.slow_bots  # it searches in the background
    for level in LEVELS:
        bot = adapter.make_bot(level, 1, 10, 0.2)  # the slider's strength and time are ignored
        assert bot.name == level
        assert search_work(bot) in (None, app.STRONG_ITERATIONS)
    assert search_work(adapter.make_bot("strong", 1, 10, 0.2)) == app.STRONG_ITERATIONS
    controller.new_game(seats=("beginner", "intermediate"), seed=2)
    assert controller.seat_names()[1].endswith("intermediate")


@pytest.mark.parametrize("game", GAMES)
def test_a_level_plays_the_same_moves_for_a_seed(game):
    bots = _app(game).LEVEL_BOTS
    for number, state in enumerate(_positions(game, 3)):
        mover = _decider(state)
        for level in LEVELS if number == 0 else LEVELS[:2]:  # the search once: it is slow
            first = level_agent(level, 7, bots).act(PlayerView(state.clone(), mover))
            again = level_agent(level, 7, bots).act(PlayerView(state.clone(), mover))
            assert first == again, (level, state.history)
    # whole games between the quick levels repeat exactly too
    beginner, intermediate = bots["beginner"](0), bots["intermediate"](0)
    runs = [
        tournament(game, [beginner, intermediate], games=2, seed=5, progress=False)
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_strong_level_does_the_same_work_on_a_machine_ten_seconds_slow(game, monkeypatch):
    app = _app(game)
    for state in _positions(game, 4, seed=9):  # the first where the strong level searches
        mover = _decider(state)
        calm = app.LEVEL_BOTS["strong"](3)
        calm_move = calm.act(PlayerView(state.clone(), mover))
        calm_work = work_done(calm)
        if calm_work:
            break
    assert calm_work is not None and calm_work > 0
    if app.STRONG_ITERATIONS is not None:  # all of it (Boutique's shares it out by the choices)
        assert app.STRONG_ITERATIONS * 0.9 <= calm_work <= app.STRONG_ITERATIONS

    clock = [0.0]

    def loaded_clock() -> float:  # every look at the clock finds 10 s gone
        clock[0] += 10.0
        return clock[0]

    monkeypatch.setattr(time, "perf_counter", loaded_clock)
    loaded = app.LEVEL_BOTS["strong"](3)
    assert loaded.act(PlayerView(state.clone(), mover)) == calm_move
    assert work_done(loaded) == calm_work
    # the old timed seat, on the same clock, stops after one iteration
    timed = app.make_agent("mcts", 3, 50, 0.3)
    timed.act(PlayerView(state.clone(), mover))
    assert timed.last_iterations == 1


def test_noise_is_a_share_of_decisions_and_is_checked():
    with pytest.raises(ValueError, match=r"noise is a share of decisions in \[0, 1\]"):
        NoisyAgent(RandomAgent(), 1.5)
    with pytest.raises(ValueError, match=r"a level is one of .*not 'grandmaster'"):
        level_agent("grandmaster", 1, _app("amsterdam").LEVEL_BOTS)


def _grand_austria_with_other_hand_swapped():
    """A Grand Austria position for player 0, and the same with player 1's hidden hand changed."""
    for state in _positions("grand_austria", 12, seed=11):
        if state.current_player() == 0 and state.hand[1] and state.staff_deck:
            other = state.clone()
            hand, deck = list(other.hand[1]), list(other.staff_deck)
            k = min(len(hand), len(deck))
            other.hand[1] = sorted(deck[:k] + hand[k:])
            other.staff_deck = hand[:k] + deck[k:]
            if other.hand[1] != state.hand[1]:
                return state, other
    raise AssertionError("no position with a hidden hand to change")


def test_no_grand_austria_level_reads_the_other_seats_hand():
    bots = _app("grand_austria").LEVEL_BOTS
    state, other = _grand_austria_with_other_hand_swapped()
    assert state.observation(0) == other.observation(0)  # what player 0 may see is the same
    assert state.hand[1] != other.hand[1]
    for level in LEVELS:
        moves = [level_agent(level, 21, bots).act(PlayerView(s.clone(), 0)) for s in (state, other)]
        assert moves[0] == moves[1], level


@pytest.mark.parametrize("level", LEVELS)
def test_a_boutique_level_prices_the_same_whatever_the_human_entered_in_secret(level):
    from hoteledu.apps.controller import GameController
    from hoteledu.boutique.app import BoutiqueAdapter
    from hoteledu.core.actions import JointAction

    revealed = []
    for choice in (0, -1):
        controller = GameController(BoutiqueAdapter(), 2, ("human", level), seed=8, weeks=1)
        assert controller.human_to_decide()
        menu = controller.state.legal_actions(0)
        assert len(menu) > 1
        controller.play(menu[choice])  # the human's secret prices wait in ``pending``
        joint = next(a for a in controller.state.history if isinstance(a, JointAction))
        assert joint.actions[0] == menu[choice]
        revealed.append(joint.actions[1])
    assert revealed[0] == revealed[1]
