"""tournament(): reproducible per-game streams, seat rotation, win shares, intervals."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.core import GameInfo, RandomAgent, State, register_game
from hoteledu.core.actions import Action
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.state import CHANCE, TERMINAL
from hoteledu.core.tournament import TournamentResult, tournament, wilson_interval

# --------------------------------------------------------------------------
# A one-chance-node game with shared wins, registered from this module.


@dataclasses.dataclass(frozen=True)
class Outcome(Action):
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return "win for " + " and ".join(f"P{p}" for p in self.winners)


class CoinState(State):
    """Chance picks the winners: P0 alone, P1 alone, or both (a shared win)."""

    game_name = "test_coin"
    action_types = (Outcome,)

    def __init__(self) -> None:
        super().__init__({})
        self.result: tuple[int, ...] | None = None

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return CHANCE if self.result is None else TERMINAL

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Outcome(w), Fraction(1, 3)) for w in ((0,), (1,), (0, 1))]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Outcome)
        self.result = action.winners

    def returns(self) -> list[float]:
        assert self.result is not None
        return [1.0 if p in self.result else 0.0 for p in range(2)]

    def to_snapshot(self) -> dict[str, Any]:
        return {"result": self.result}


def new_coin_game() -> CoinState:
    return CoinState()


COIN = GameInfo("test_coin", "test: chance picks the winners", f"{__name__}:new_coin_game")


# --------------------------------------------------------------------------


def test_same_seed_same_results_in_one_or_two_processes() -> None:
    agents = [MCTSAgent(iterations=8, name="mcts"), RandomAgent(name="random")]
    serial = tournament("hidden_pig", agents, games=24, seed=7, processes=1, progress=False)
    parallel = tournament("hidden_pig", agents, games=24, seed=7, processes=2, progress=False)
    assert serial == parallel
    assert serial.returns == parallel.returns and serial.winners == parallel.winners
    assert serial.num_games == 24 and len(serial.lengths) == 24


@pytest.mark.parametrize("processes", [1, 2])
def test_a_tournament_from_game_k_plays_the_full_runs_games_from_k(processes: int) -> None:
    agents = [MCTSAgent(iterations=4, name="mcts"), RandomAgent(name="random")]
    full = tournament("hidden_pig", agents, games=9, seed=5, progress=False)
    tail = tournament(
        "hidden_pig", agents, games=4, seed=5, progress=False, first=5, processes=processes
    )
    assert tail.returns == full.returns[5:] and tail.seats == full.seats[5:]
    assert tail.seats[0] != full.seats[0]  # game 5's rotation, not game 0's
    indices = []
    tournament("hidden_pig", agents, games=2, seed=5, progress=False, first=7,
               on_game=lambda outcome: indices.append(outcome.index))  # fmt: skip
    assert indices == [7, 8]
    with pytest.raises(ValueError, match="first is a game index"):
        tournament("hidden_pig", agents, games=2, seed=5, progress=False, first=-1)


def test_different_seeds_give_different_games() -> None:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    first = tournament("hidden_pig", agents, games=10, seed=1, progress=False)
    second = tournament("hidden_pig", agents, games=10, seed=2, progress=False)
    again = tournament("hidden_pig", agents, games=10, seed=1, progress=False)
    assert first.returns != second.returns
    assert first == again


def test_a_seed_sequence_seed_is_not_consumed() -> None:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    root = np.random.SeedSequence(123)
    first = tournament("hidden_pig", agents, games=4, seed=root, progress=False)
    second = tournament("hidden_pig", agents, games=4, seed=root, progress=False)
    assert first == second
    assert first == tournament("hidden_pig", agents, games=4, seed=123, progress=False)


def test_seats_rotate_and_results_map_back_to_agents() -> None:
    agents = [RandomAgent(name="ann"), RandomAgent(name="bob")]
    result = tournament("hidden_pig", agents, games=6, seed=3, progress=False, keep_records=True)
    assert result.seats == [[0, 1], [1, 0]] * 3
    assert result.records is not None
    for i, record in enumerate(result.records):
        seating = result.seats[i]
        assert record.players == [result.agent_names[k] for k in seating]
        assert record.returns is not None
        for seat, agent in enumerate(seating):
            assert result.returns[i][agent] == record.returns[seat]
        final = record.replay()
        assert sorted(seating[s] for s in final.winners()) == result.winners[i]


def test_fixed_seats_when_rotation_is_off() -> None:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    result = tournament("hidden_pig", agents, games=4, seed=3, progress=False, rotate_seats=False)
    assert result.seats == [[0, 1]] * 4


def test_rotation_lets_the_same_agent_take_every_seat() -> None:
    # Two copies of the same agent, rotated: each agent's win rate and each
    # seat's win rate are both estimated, and the win shares add up.
    agents = [RandomAgent(name="x"), RandomAgent(name="y")]
    result = tournament("hidden_pig", agents, games=30, seed=11, progress=False)
    seat_rates = result.seat_win_rates()
    assert sum(r.estimate for r in seat_rates) == pytest.approx(1.0)
    assert sum(result.wins()) == pytest.approx(30)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), games=st.integers(1, 9))
def test_every_game_hands_out_exactly_one_win(seed: int, games: int) -> None:
    # Invariants over seeds: each game's win shares sum to 1 and match its
    # winners, so the agents' wins sum to the number of games.
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    result = tournament("hidden_pig", agents, games=games, seed=seed, progress=False)
    assert result.num_games == games
    for utility, winners in zip(result.utilities, result.winners, strict=True):
        assert sum(utility) == pytest.approx(1.0)
        assert winners == [k for k in range(2) if utility[k] > 0]
    assert sum(result.wins()) == pytest.approx(games)
    assert result.seats == [[i % 2, 1 - i % 2] for i in range(games)]


def test_shared_wins_count_one_over_k() -> None:
    register_game(COIN, replace=True)
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    result = tournament("test_coin", agents, games=60, seed=5, progress=False)
    shared = sum(1 for w in result.winners if w == [0, 1])
    alone = [sum(1 for w in result.winners if w == [k]) for k in range(2)]
    assert shared > 0 and all(alone)
    assert result.wins() == [alone[0] + shared / 2, alone[1] + shared / 2]
    assert sum(result.wins()) == 60
    # A game registered at run time also plays in worker processes.
    assert tournament("test_coin", agents, games=60, seed=5, processes=2, progress=False) == result


def test_win_rate_and_score_intervals() -> None:
    agents = [MCTSAgent(iterations=5, name="mcts"), RandomAgent(name="random")]
    result = tournament("hidden_pig", agents, games=20, seed=0, progress=False)
    for k in range(2):
        rate = result.win_rate(k)
        assert rate.method == "wilson" and rate.n == 20
        assert rate.low <= rate.estimate <= rate.high
        assert rate.contains(result.wins()[k] / 20)
        score = result.mean_score(k)
        assert score.contains(float(np.mean([r[k] for r in result.returns])))
        assert score.low < score.high
    assert result.win_rate("mcts") == result.win_rate(0)
    with pytest.raises(ValueError, match="agents"):
        result.win_rate(2)


def test_wilson_interval_known_values() -> None:
    half = wilson_interval(50, 100)
    assert (round(half.low, 4), round(half.high, 4)) == (0.4038, 0.5962)
    none = wilson_interval(0, 10)  # does not collapse to a point at 0
    assert none.low == 0.0 and none.high == pytest.approx(0.2775, abs=1e-4)


def test_table_rows_and_json_round_trip() -> None:
    agents = [RandomAgent(name="ann"), RandomAgent(name="bob")]
    result = tournament("hidden_pig", agents, games=4, seed=9, progress=False, keep_records=True)
    text = result.table()
    assert "ann" in text and "bob" in text and "95% CI" in text
    rows = result.rows()
    assert [r["agent"] for r in rows] == ["ann", "bob"]
    assert sum(r["wins"] for r in rows) == 4
    loaded = TournamentResult.from_json(json.loads(result.to_json_str()))
    assert loaded == result
    assert loaded.records is not None and loaded.records[0].replay().is_terminal()


def test_progress_bar_runs(capsys: pytest.CaptureFixture[str]) -> None:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    result = tournament("hidden_pig", agents, games=3, seed=0, progress=True)
    assert result.num_games == 3
    assert "hidden_pig tournament" in capsys.readouterr().err


def test_wrong_number_of_agents_is_refused() -> None:
    with pytest.raises(ValueError, match="2 players but 1 agents"):
        tournament("hidden_pig", [RandomAgent()], games=2, progress=False)


def test_importing_hoteledu_does_not_import_tqdm_or_widgets() -> None:
    code = (
        "import sys, hoteledu, hoteledu.core.tournament, hoteledu.core.mcts, "
        "hoteledu.core.exact\n"
        "heavy = [m for m in ('tqdm', 'ipywidgets', 'plotly') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
