"""Independent checks of the claims of Grand Austria lesson 1 (play).

The lesson finds the emperor scorings of its bot game by watching the discs move
back in a replay; here the engine's own scoring is intercepted instead, and the
penalties it pushes are counted where they are pushed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import hoteledu
from hoteledu.grand_austria import effects, rules, turns
from hoteledu.grand_austria.bots import HeuristicAgent

LESSON = Path(__file__).parents[2] / "notebooks" / ".src" / "grand_austria" / "01_play.py"


def test_bot_game_cafe_and_emperor_penalties(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: P2 (random) ends with 3 café guests, P1 with 1; both penalised 3 times."""
    game = hoteledu.load_game("grand_austria", players=2)
    record = hoteledu.play(game, [HeuristicAgent(1), hoteledu.RandomAgent(2)], seed=3)
    assert game.vp == [42, -11] and game.winners() == [0]
    assert [len(cafe) for cafe in game.cafe] == [1, 3]
    assert [f["cafe"] for f in game.final] == [-5, -15]

    discs_at_scoring: dict[int, list[int]] = {}
    penalties: list[tuple[int, int]] = []
    scoring = turns.emperor_scoring
    push_penalty = effects.push_emperor_penalty

    def recording_scoring(state: rules.GrandAustriaState) -> None:
        discs_at_scoring[state.round] = list(state.emperor)
        scoring(state)

    def recording_penalty(state: rules.GrandAustriaState, p: int, tile: str) -> None:
        penalties.append((state.round, p))
        push_penalty(state, p, tile)

    monkeypatch.setattr(turns, "emperor_scoring", recording_scoring)
    monkeypatch.setattr(effects, "push_emperor_penalty", recording_penalty)
    replayed = record.replay()
    assert replayed.vp == game.vp
    assert discs_at_scoring == {3: [0, 2], 5: [3, 2], 7: [2, 7]}
    assert sorted(penalties) == [(r, p) for r in (3, 5, 7) for p in (0, 1)]


def test_rule_numbers_the_lesson_states() -> None:
    """7 rounds; 10/12/14 dice; guests 3, 2, 1, 0, 0; café 3; scorings 3, 5, 7; 5 VP."""
    text = LESSON.read_text(encoding="utf-8")
    assert "**7 rounds**" in text and "**10 dice** are rolled each round (12" in text
    assert rules.ROUNDS == 7 and rules.DICE_PER_PLAYERS == {2: 10, 3: 12, 4: 14}
    assert rules.QUEUE_COSTS == (3, 2, 1, 0, 0) and rules.CAFE_SIZE == 3
    assert tuple(rules.SCORING_ROUNDS) == (3, 5, 7) and rules.CAFE_PENALTY_VP == 5
    # the snake order with 2 players: the start player holds tiles 1 and 4
    assert rules.TURN_ORDER_TILES[2][0] == (1, 4)


def test_mcts_think_time_the_lesson_states() -> None:
    """ "an MCTS bot thinks for about 0.3 s a decision": the app's default."""
    from hoteledu.grand_austria.app import DEFAULT_THINK_SECONDS

    assert DEFAULT_THINK_SECONDS == 0.3
    assert "about 0.3 s a decision" in LESSON.read_text(encoding="utf-8").replace("\n# ", " ")
