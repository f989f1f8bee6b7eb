"""The engine plays exactly the games the engine of commit 49a0ddf played.

``data/identical_games.json`` was written by ``data/make_identical_games.py``
with that commit (before the speed work of issue 23): 40 seeded games (random,
heuristic and a short MCTS search; 2 to 4 players, every option choice), with
a digest per step of the legal actions in order (or the chance outcomes) and
the action taken, the position every 40 actions, and the final scores. A
faster engine must offer the same actions in the same order at every step.
The trusted path the search uses and play on clones must play alike too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ga_identical_games import play_logged

from hoteledu.core.mcts import _apply_fast
from hoteledu.grand_austria.rules import GrandAustriaState

STORED = json.loads((Path(__file__).parent / "data" / "identical_games.json").read_text("utf-8"))
GAMES = STORED["games"]


def assert_same_game(played: dict, stored: dict) -> None:
    steps, expected = played["steps"].split(), stored["steps"].split()
    for index, (mine, theirs) in enumerate(zip(steps, expected, strict=False)):
        if mine != theirs:
            seen = "; ".join(played["texts"][max(0, index - 3) : index + 1])
            pytest.fail(f"step {index} differs (the last actions taken: {seen})")
    assert played["actions"] == stored["actions"]
    assert played["snapshots"] == stored["snapshots"]
    assert played["returns"] == stored["returns"]
    assert played["winners"] == stored["winners"]


def test_the_games_cover_every_option_and_seat_kind() -> None:
    options = [game["case"]["options"] for game in GAMES]
    assert {o["players"] for o in options} == {2, 3, 4}
    for name in ("staff_setup", "gizia", "money_cap", "additional_actions", "checker"):
        assert len({o.get(name) for o in options}) > 1, name
    assert {game["case"]["seats"] for game in GAMES} == {"random", "heuristic", "mcts"}
    assert sum(game["actions"] for game in GAMES) > 9000


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_engine_plays_the_stored_game(index: int) -> None:
    stored = GAMES[index]
    assert_same_game(play_logged(stored["case"]), stored)


@pytest.mark.parametrize("index", range(0, len(GAMES), 5))
def test_the_trusted_path_plays_the_stored_game(index: int) -> None:
    """Actions taken from legal_actions, applied as the search applies them."""
    stored = GAMES[index]
    assert_same_game(play_logged(stored["case"], apply=_apply_fast), stored)


@pytest.mark.parametrize("index", range(1, len(GAMES), 5))
def test_a_clone_at_every_step_plays_the_stored_game(index: int) -> None:
    stored = GAMES[index]
    assert_same_game(play_logged(stored["case"], fresh_copy=lambda s: s.clone()), stored)


@pytest.mark.parametrize("index", range(2, len(GAMES), 10))
def test_a_snapshot_round_trip_at_every_step_plays_the_stored_game(index: int) -> None:
    stored = GAMES[index]

    def reloaded(state: GrandAustriaState) -> GrandAustriaState:
        copy = GrandAustriaState.from_snapshot(state.options, state.to_snapshot())
        copy.history = list(state.history)
        return copy  # type: ignore[return-value]

    assert_same_game(play_logged(stored["case"], fresh_copy=reloaded), stored)
