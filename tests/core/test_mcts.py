"""MCTSAgent and mcts_policy: known best moves, hidden information, simultaneous nodes."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pytest
from fixture_game import HiddenPigState, Hold, Roll, Wager, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.core import PlayerView, RandomAgent, State, play
from hoteledu.core.actions import Action
from hoteledu.core.mcts import MCTSAgent, SearchResult, mcts_policy
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL

# --------------------------------------------------------------------------
# Tiny games defined here, each with a move whose value is known exactly.


@dataclasses.dataclass(frozen=True)
class Take(Action):
    heap: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count} from heap {self.heap}"


class NimState(State):
    """Nim, normal play: whoever takes the last object wins."""

    game_name = "test_nim"
    action_types = (Take,)

    def __init__(self, heaps: tuple[int, ...]) -> None:
        super().__init__({"heaps": list(heaps)})
        self.heaps = list(heaps)
        self.to_move = 0

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if not any(self.heaps) else self.to_move

    def _legal_actions(self, player: int) -> list[Action]:
        return [Take(h, c) for h, size in enumerate(self.heaps) for c in range(1, size + 1)]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.heaps[action.heap] -= action.count
        self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        # The player who just moved took the last object.
        winner = 1 - self.to_move
        return [1.0 if p == winner else 0.0 for p in range(2)]

    def to_snapshot(self) -> dict[str, Any]:
        return {"heaps": list(self.heaps), "to_move": self.to_move}

    def clone(self) -> NimState:
        state = NimState(tuple(self.heaps))
        state.to_move = self.to_move
        state.history = list(self.history)
        return state


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    option: str

    def __str__(self) -> str:
        return self.option


class KingmakerState(State):
    """Three players. P0 picks L or R, then P1 picks the final outcome.

    After L, P1 chooses between "P1 wins" and "all three share"; after R
    between "P0 and P1 share" and "P2 wins". P1 maximising its own win share
    takes "P1 wins" after L and "P0 and P1 share" after R, so P0's best move
    is R (win share 1/2 against 0).
    """

    game_name = "test_kingmaker"
    action_types = (Pick,)
    outcomes: Mapping[tuple[str, str], list[float]] = {
        ("L", "a"): [0.0, 1.0, 0.0],
        ("L", "b"): [1.0, 1.0, 1.0],
        ("R", "a"): [1.0, 1.0, 0.0],
        ("R", "b"): [0.0, 0.0, 1.0],
    }

    def __init__(self) -> None:
        super().__init__({})
        self.picks: list[str] = []

    @property
    def num_players(self) -> int:
        return 3

    def current_player(self) -> int:
        return TERMINAL if len(self.picks) == 2 else len(self.picks)

    def _legal_actions(self, player: int) -> list[Action]:
        return [Pick("L"), Pick("R")] if player == 0 else [Pick("a"), Pick("b")]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Pick)
        self.picks.append(action.option)

    def returns(self) -> list[float]:
        return list(self.outcomes[(self.picks[0], self.picks[1])])

    def to_snapshot(self) -> dict[str, Any]:
        return {"picks": list(self.picks)}


class HigherNumberState(State):
    """Both players name 0, 1 or 2 at once, ``rounds`` times; the higher total wins.

    A tie is shared. Naming 2 every round weakly dominates: it never loses
    and beats anything lower.
    """

    game_name = "test_higher_number"
    action_types = (Wager,)

    def __init__(self, rounds: int = 1) -> None:
        super().__init__({"rounds": rounds})
        self.rounds = rounds
        self.totals = [0, 0]
        self.played = 0

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if self.played == self.rounds else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[Action]:
        return [Wager(0), Wager(1), Wager(2)]

    def _apply(self, action: Action) -> None:
        for p, part in enumerate(action.actions):  # type: ignore[attr-defined]
            self.totals[p] += part.amount
        self.played += 1

    def returns(self) -> list[float]:
        return [float(t) for t in self.totals]

    def to_snapshot(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "played": self.played}

    def clone(self) -> HigherNumberState:
        state = HigherNumberState(self.rounds)
        state.totals, state.played = list(self.totals), self.played
        state.history = list(self.history)
        return state


class GuessState(State):
    """Chance deals player 1 a secret face 0..2; player 0 guesses it or plays safe."""

    game_name = "test_guess"
    action_types = (Pick,)

    def __init__(self) -> None:
        super().__init__({})
        self.face: int | None = None
        self.choice: str | None = None

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        if self.face is None:
            return CHANCE
        return TERMINAL if self.choice else 0

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Pick(str(f)), Fraction(1, 3)) for f in range(3)]

    def _legal_actions(self, player: int) -> list[Action]:
        return [Pick(f"guess {f}") for f in range(3)] + [Pick("safe")]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Pick)
        if self.face is None:
            self.face = int(action.option)
        else:
            self.choice = action.option

    def returns(self) -> list[float]:
        if self.choice == "safe":
            return [0.0, 0.0]
        right = self.choice == f"guess {self.face}"
        return [1.0, 0.0] if right else [0.0, 1.0]

    def to_snapshot(self) -> dict[str, Any]:
        return {"face": self.face, "choice": self.choice}

    def observation(self, player: int) -> dict[str, Any]:
        view = self.to_snapshot()
        if player == 0:
            view["face"] = None if self.face is None else "hidden"
        return view

    def determinise(self, player: int, rng: np.random.Generator) -> State:
        state = self.clone()
        if player == 0 and state.face is not None:
            state.face = int(rng.integers(3))  # type: ignore[attr-defined]
        return state


class PeekingGuessState(GuessState):
    """A broken game whose determinisation leaks the secret face (the control)."""

    def determinise(self, player: int, rng: np.random.Generator) -> State:
        return self.clone()


# --------------------------------------------------------------------------
# Exact values of Hidden Pig positions (target 10, die 3).

TARGET, DIE = 10, 3


def pig_position(banked: tuple[int, int], turn_total: int, to_move: int = 0) -> HiddenPigState:
    """A Hidden Pig position after the deal and the wager (bonus and wager change no winner)."""
    snapshot = {
        "bonus": [2, 3],
        "wager": [0, 0],
        "banked": list(banked),
        "turn_total": turn_total,
        "to_move": to_move,
        "rolling": False,
        "finished": False,
    }
    state = HiddenPigState.from_snapshot({"target": TARGET, "die": DIE}, snapshot)
    assert isinstance(state, HiddenPigState)
    return state


@cache
def pig_win_probabilities() -> dict[tuple[int, int, int], float]:
    """Optimal Pig: P(player to move wins) from (own banked, other banked, turn total).

    Winners in Hidden Pig depend only on banking the target, so this is plain
    Pig. Value iteration on the Bellman equations of Neller and Presser
    (2004) converges to the unique fixed point; we iterate to 1e-14.
    """
    win: dict[tuple[int, int, int], float] = {}

    def value(i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= TARGET else win.get((i, j, k), 0.5)

    keys = [
        (i, j, k)
        for i in range(TARGET)
        for j in range(TARGET)
        for k in range(TARGET - i)  # holding at i + k >= TARGET wins at once
    ]
    for _ in range(10_000):
        delta = 0.0
        for i, j, k in keys:
            roll = (1 - value(j, i, 0)) / DIE + sum(
                value(i, j, k + v) for v in range(2, DIE + 1)
            ) / DIE
            best = max(roll, 1 - value(j, i + k, 0)) if k > 0 else roll
            delta = max(delta, abs(best - win.get((i, j, k), 0.5)))
            win[(i, j, k)] = best
        if delta < 1e-14:
            return win
    raise AssertionError("value iteration did not converge")


def pig_action_values(i: int, j: int, k: int) -> dict[str, float]:
    win = pig_win_probabilities()

    def value(a: int, b: int, c: int) -> float:
        return 1.0 if a + c >= TARGET else win[(a, b, c)]

    roll = (1 - value(j, i, 0)) / DIE + sum(value(i, j, k + v) for v in range(2, DIE + 1)) / DIE
    hold = 1.0 if i + k >= TARGET else 1 - value(j, i + k, 0)
    return {"roll": roll, "hold": hold}


# --------------------------------------------------------------------------
# Tests


def test_hold_when_holding_wins_at_once() -> None:
    # Banked 8 and turn total 2 with target 10: hold wins now; rolling risks a 1.
    state = pig_position((8, 0), 2)
    assert pig_action_values(8, 0, 2)["hold"] == 1.0
    agent = MCTSAgent(iterations=500, seed=3)
    assert agent.act(PlayerView(state, 0)) == Hold()
    result = mcts_policy(state, iterations=500, seed=3)
    assert result.best == Hold()
    assert result.values()[Hold()] == 1.0  # every rollout after hold is a win


def test_roll_when_exact_values_say_roll() -> None:
    # Banked 0 against 9 with turn total 2: holding leaves the opponent one
    # good roll from winning. The exact optimal values prove rolling is better.
    exact = pig_action_values(0, 9, 2)
    assert exact["roll"] > exact["hold"] + 0.15  # 0.308 against 0.110
    state = pig_position((0, 9), 2)
    result = mcts_policy(state, iterations=1500, seed=5)
    assert result.best == Roll()
    assert MCTSAgent(iterations=1500, seed=5).act(PlayerView(state, 0)) == Roll()
    # Its estimates rank the moves as the exact values do (random rollouts
    # play weaker than optimal, so the estimates themselves are lower).
    values = result.values()
    assert values[Roll()] > values[Hold()]


def test_pig_solver_agrees_with_first_principles() -> None:
    # Sanity of the exact values used above: a sure win and a one-roll position.
    win = pig_win_probabilities()
    # Banked 9, turn total 0 against 0: roll once, any 2 or 3 then hold wins;
    # so the value is at least 2/3 and below 1.
    assert 2 / 3 <= win[(9, 0, 0)] < 1
    # Symmetry of probabilities: they stay in [0, 1].
    assert all(0.0 <= v <= 1.0 for v in win.values())


def test_nim_finds_the_only_winning_move() -> None:
    # Heaps (3, 5): the only winning move equalises the heaps, (3, 3).
    state = NimState((3, 5))
    winning = [a for a in state.legal_actions() if _nim_sum(_after(state, a).heaps) == 0]
    assert winning == [Take(1, 2)]
    result = mcts_policy(state, iterations=3000, seed=11)
    assert result.best == Take(1, 2), str(result)
    assert result.values()[Take(1, 2)] == max(result.values().values())


def _nim_sum(heaps: list[int]) -> int:
    total = 0
    for h in heaps:
        total ^= h
    return total


def _after(state: State, action: Action) -> NimState:
    child = state.clone()
    child.apply_action(action)
    assert isinstance(child, NimState)
    return child


def test_three_players_each_maximise_their_own_reward() -> None:
    state = KingmakerState()
    result = mcts_policy(state, iterations=600, seed=2)
    assert result.best == Pick("R"), str(result)
    assert result.values()[Pick("R")] == pytest.approx(0.5, abs=0.1)
    # P1 on its own move takes the outcome best for itself.
    after_left = state.clone()
    after_left.apply_action(Pick("L"))
    assert MCTSAgent(iterations=200, seed=2).act(PlayerView(after_left, 1)) == Pick("a")


def test_simultaneous_node_returns_each_players_legal_part() -> None:
    # The Hidden Pig wager: both players choose at once after the deal.
    state = new_game()
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[1])
    assert state.current_player() == SIMULTANEOUS
    agent = MCTSAgent(iterations=300, seed=4)
    parts = [agent.act(PlayerView(state, p)) for p in range(2)]
    for p, part in enumerate(parts):
        assert part in state.legal_actions(p)
    result = mcts_policy(PlayerView(state, 1), iterations=100, seed=4)
    assert {s.action for s in result.stats} == set(state.legal_actions(1))
    assert sum(s.visits for s in result.stats) == 100
    state.apply_actions(parts)  # the joint action is legal
    assert state.current_player() in (0, 1)


def test_decoupled_uct_finds_the_dominant_simultaneous_choice() -> None:
    state = HigherNumberState()
    for player in range(2):
        result = mcts_policy(state, player, iterations=1500, seed=7)
        assert result.best == Wager(2), str(result)
        assert sum(s.visits for s in result.stats) == 1500
        assert all(s.availability == 1500 for s in result.stats)


def test_simultaneous_rollouts_with_a_rollout_agent() -> None:
    # Three rounds: rollouts pass through simultaneous nodes, played by the
    # rollout agent; naming 2 is still the best first choice.
    state = HigherNumberState(rounds=3)
    result = mcts_policy(state, 0, iterations=1500, seed=3, rollout_agent=RandomAgent())
    assert result.best == Wager(2), str(result)
    assert result.values()[Wager(2)] > result.values()[Wager(0)]


def test_mcts_policy_needs_a_player_at_a_simultaneous_node() -> None:
    with pytest.raises(ValueError, match="searching player"):
        mcts_policy(HigherNumberState(), iterations=10)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_search(seed: int) -> None:
    state = pig_position((4, 6), 3)
    first = mcts_policy(state, iterations=150, seed=seed)
    again = mcts_policy(state, iterations=150, seed=seed)
    assert first == again
    assert MCTSAgent(150, seed=seed).act(PlayerView(state, 0)) == first.best
    assert sum(s.visits for s in first.stats) == 150
    assert state == pig_position((4, 6), 3)  # searching changes nothing


def test_search_sees_only_the_players_information() -> None:
    # The opponent holds face 2. Guessing right wins, guessing wrong loses,
    # "safe" is a shared win (1/2). Not knowing the face, a guess wins only
    # 1/3 of the time, so "safe" is right; a search that peeked would guess 2.
    state = GuessState()
    state.apply_action(Pick("2"))
    result = mcts_policy(state, iterations=1500, seed=8)
    assert result.best == Pick("safe"), str(result)
    assert result.values()[Pick("guess 2")] == pytest.approx(1 / 3, abs=0.1)
    peeking = PeekingGuessState()
    peeking.apply_action(Pick("2"))
    assert mcts_policy(peeking, iterations=1500, seed=8).best == Pick("guess 2")


def test_mcts_plays_whole_hidden_pig_games_legally() -> None:
    # play() raises on any illegal choice; the record replays to the same end.
    for g in range(3):
        agents = [MCTSAgent(iterations=30, seed=g), MCTSAgent(iterations=30, seed=g + 50)]
        state = new_game()
        record = play(state, agents, seed=100 + g)
        assert state.is_terminal()
        assert record.replay() == state


def test_mcts_wins_nim_from_a_winning_position_against_random() -> None:
    # From (3, 5) the first player wins with perfect play; MCTS must never slip.
    for g in range(10):
        state = NimState((3, 5))
        play(state, [MCTSAgent(iterations=600, seed=g), RandomAgent(seed=g)], seed=g)
        assert state.returns() == [1.0, 0.0], [str(a) for a in state.history]


def test_rollout_agent_and_reseeded_copy() -> None:
    agent = MCTSAgent(iterations=100, seed=1, rollout_agent=RandomAgent(), name="m")
    copy = agent.reseeded(5)
    assert (copy.iterations, copy.name, copy.rollout_agent) == (100, "m", agent.rollout_agent)
    state = pig_position((8, 0), 2)
    assert copy.act(PlayerView(state, 0)) == Hold()
    result = mcts_policy(state, iterations=100, seed=5, rollout_agent=RandomAgent())
    assert isinstance(result, SearchResult)
    assert "hold" in str(result)
    assert result.rows()[0]["action"] == "hold"
    assert sum(result.visit_shares().values()) == pytest.approx(1.0)


def test_single_legal_action_is_returned_without_search() -> None:
    state = pig_position((0, 0), 0)  # turn total 0: only Roll is legal
    assert MCTSAgent(iterations=1, seed=0).act(PlayerView(state, 0)) == Roll()
    with pytest.raises(ValueError, match="at least one iteration"):
        MCTSAgent(iterations=0)


def test_unfinished_rollouts_count_as_a_shared_draw() -> None:
    # A rollout cut off before the end gives every player the same share.
    state = pig_position((0, 0), 2)
    result = mcts_policy(state, iterations=50, seed=0)
    agent = MCTSAgent(iterations=50, seed=0, max_rollout_actions=0)
    cut = agent.search(PlayerView(state, 0))
    assert all(s.value == Fraction(1, 2) for s in cut.stats)
    assert result != cut
