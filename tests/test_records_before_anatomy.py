"""Saved games of before the one-anatomy moves still load and replay unchanged.

The files in ``tests/data/records_before_anatomy/`` were written by the code of
commit c6a900f (``make_records.py`` there says how): seeded games of all three
games with several options and 2-4 players, as whole records and as saved
states at several points (in Grand Austria one per pending task kind). Moving
modules, typing Grand Austria's tasks or renaming a field must keep every one
of them loading to the same position, so a student's saved game of today opens
tomorrow.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoteledu import load_game
from hoteledu.core.records import GameRecord

DATA = Path(__file__).parent / "data" / "records_before_anatomy"
CASES = sorted(DATA.glob("*_seed*.json"))  # mcts_games.json is test_mcts_budget.py's


def _plain(data: object) -> object:
    """``data`` as JSON reads it back (tuples become lists)."""
    return json.loads(json.dumps(data, sort_keys=True))


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_saved_games_cover_every_game_and_player_count():
    seen = {(case["game"], case["options"].get("players", 2)) for case in map(_load, CASES)}
    for game in ("amsterdam", "grand_austria", "boutique"):
        assert {(game, n) for n in (2, 3, 4)} <= seen


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_record_of_before_replays_to_the_same_final_state(path):
    case = _load(path)
    record = GameRecord.from_json(case["record"])  # replays and checks the stated returns
    final = record.replay()
    assert final.is_terminal()
    assert _plain(final.to_json()) == case["final_state"]
    assert _plain(record.to_json()) == case["record"]
    # the record as the app's Save writes it loads the same way
    assert GameRecord.loads(json.dumps(case["record"])).replay() == final


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_saved_state_of_before_loads_equal_and_plays_on_to_the_same_end(path):
    case = _load(path)
    record = GameRecord.from_json(case["record"], verify=False)
    state_type = type(load_game(case["game"], **case["options"]))
    for saved in case["saved_states"]:
        loaded = state_type.from_json(json.dumps(saved["state"]))
        assert len(loaded.history) == saved["at"]
        assert loaded == record.replay(saved["at"]), f"saved state at action {saved['at']}"
        assert _plain(loaded.to_json()) == saved["state"]
        for action in record.actions[saved["at"] :]:
            loaded.apply_action(action)
        assert _plain(loaded.to_json()) == case["final_state"]
