"""Boutique Hotel Manager plays exactly the games the engine of commit 9bad5ab played.

``data/identical_games.json`` was written by ``tests/identical_games.py`` with
that commit (before the speed work of issue 23): 39 seeded games (random
seats, the game's bots, a short MCTS search; every player count and option
choice) with a digest per step of the legal actions in order (or the chance
outcomes) and the action taken, the position every 40 actions and the end.
A faster engine must offer the same actions in the same order at every
step, through the public path, the search's trusted path, an equal action
rebuilt from JSON, a clone and a snapshot round trip at every step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from identical_games import assert_same_game, by_json, play_logged, snapshot_copy

from hoteledu.core.mcts import _apply_fast

STORED = json.loads((Path(__file__).parent / "data" / "identical_games.json").read_text("utf-8"))
GAMES = STORED["games"]
LIVE = [i for i, game in enumerate(GAMES) if game["case"]["seats"] in ("random", "mcts")]


def replay(index: int, **how) -> None:
    stored = GAMES[index]
    assert_same_game(play_logged(stored["case"], stored["choices"], **how), stored)


def test_the_games_cover_every_option_and_seat_kind() -> None:
    assert STORED["made_by_commit"] == "9bad5ab"
    options = [game["case"]["options"] for game in GAMES]
    assert {o["players"] for o in options} == {2, 3, 4, 5}
    for name in ("room_choice", "shortfall", "weeks", "walkin_budget"):
        assert len({o.get(name) for o in options}) > 1, name
    assert {game["case"]["seats"] for game in GAMES} == {"random", "bots", "mcts"}
    assert sum(game["actions"] for game in GAMES) > 4000


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_engine_plays_the_stored_game(index: int) -> None:
    replay(index)


@pytest.mark.parametrize("index", LIVE[::3])
def test_the_agents_play_the_stored_game_again(index: int) -> None:
    """Random seats and the search (clones, determinisations, rollouts) choose as before."""
    stored = GAMES[index]
    assert_same_game(play_logged(stored["case"]), stored)


@pytest.mark.parametrize("index", range(0, len(GAMES), 3))
def test_the_trusted_path_plays_the_stored_game(index: int) -> None:
    """Actions taken from legal_actions, applied as the search applies them."""
    replay(index, apply=_apply_fast)


@pytest.mark.parametrize("index", range(1, len(GAMES), 4))
def test_equal_actions_rebuilt_from_json_play_the_stored_game(index: int) -> None:
    """The public path with actions that are not the objects legal_actions handed out."""
    replay(index, apply=by_json)


@pytest.mark.parametrize("index", range(2, len(GAMES), 4))
def test_a_clone_at_every_step_plays_the_stored_game(index: int) -> None:
    replay(index, fresh_copy=lambda s: s.clone())


@pytest.mark.parametrize("index", range(3, len(GAMES), 6))
def test_a_snapshot_round_trip_at_every_step_plays_the_stored_game(index: int) -> None:
    replay(index, fresh_copy=snapshot_copy)
