"""Games and saved positions written by the code before the one-anatomy moves.

``data/saved_games.json`` was made by ``data/make_saved_games.py`` with commit
aae24c6: 30 seeded random games (2-4 players, every option choice), each with
its final position and three mid-game saved states (their legal actions in
order, their text and player 0's observation). Today's code must load and
replay them to equal states: saved games of today still load after a refactor.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoteledu.core.records import GameRecord
from hoteledu.grand_austria.rules import GrandAustriaState

SAVED = json.loads((Path(__file__).parent / "data" / "saved_games.json").read_text("utf-8"))
GAMES = SAVED["games"]


def as_json(value: object) -> object:
    """Tuples become lists, as in the stored file."""
    return json.loads(json.dumps(value, sort_keys=True))


def test_the_file_covers_every_option_and_player_count() -> None:
    options = [game["record"]["options"] for game in GAMES]
    assert {o["players"] for o in options} == {2, 3, 4}
    for name in ("staff_setup", "gizia", "money_cap", "additional_actions"):
        assert len({o[name] for o in options}) > 1, name
    for name in ("emperor_penalty", "impossible_die_action", "checker"):
        assert len({o[name] for o in options}) > 1, name


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_saved_game_replays_to_the_same_positions(index: int) -> None:
    game = GAMES[index]
    record = GameRecord.from_json(game["record"])  # replays and checks the returns
    final = record.replay()
    assert as_json(final.to_snapshot()) == game["final"]
    for mid in game["mids"]:
        saved = GrandAustriaState.from_json(mid["saved"])
        assert saved == record.replay(mid["at"])
        assert saved.current_player() == mid["current_player"]
        assert [a.to_json() for a in saved.legal_actions()] == mid["legal"]
        assert saved.render_text() == mid["text"]
        assert as_json(saved.observation(0)) == mid["observation"]
        assert as_json(saved.to_json()) == mid["saved"]
        for action in record.actions[mid["at"] :]:
            saved.apply_action(action)
        assert as_json(saved.to_snapshot()) == game["final"]
