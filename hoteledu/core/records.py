"""Game records: what was played, saved as JSON and replayed without randomness."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.codec import parse_json_text, read_limited
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.registry import game_info
from hoteledu.core.state import State, player_name
from hoteledu.core.validation import action_text, check_json_shape, short_repr

RECORD_FORMAT = "hoteledu-record/1"

# A record is untrusted data (a file from someone else, a paste, an upload):
# these limits refuse a huge or deeply nested one quickly, before any replay.
# The longest random games have under 400 actions and 20 kB of JSON.
MAX_RECORD_BYTES = 4_000_000
"""Largest record accepted, in bytes of its JSON text (UTF-8)."""
MAX_RECORD_ACTIONS = 20_000
"""Most actions a record may hold."""
MAX_RECORD_VALUES = 400_000
"""Most JSON values (numbers, texts, lists, objects) in a whole record."""
MAX_PLAYER_NAME = 200
"""Longest player name in a record."""


@dataclasses.dataclass
class GameRecord:
    """A whole game: name, options, player names, every action, final returns.

    Chance outcomes are actions too, so ``replay()`` needs no random generator.
    """

    game: str
    options: dict[str, Any]
    players: list[str]
    actions: list[Action]
    returns: list[float] | None = None

    # ------------------------------------------------------------------ replay
    def initial_state(self) -> State:
        try:
            return game_info(self.game).load(**self.options)
        except MalformedRecordError:
            raise
        except (ValueError, TypeError) as error:
            raise MalformedRecordError(f"cannot set up the game: {error}") from error

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.initial_state()
        actions = self.actions if upto is None else self.actions[:upto]
        for index, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise MalformedRecordError(
                    f"action {index} ({action_text(action)}) is illegal: {error}"
                ) from error
        return state

    def __len__(self) -> int:
        return len(self.actions)

    # -------------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "players": list(self.players),
            "actions": [a.to_json() for a in self.actions],
            "returns": None if self.returns is None else list(self.returns),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (a regular file of at most ``MAX_RECORD_BYTES``)."""
        data = read_limited(path, what="the record file", max_bytes=MAX_RECORD_BYTES)
        return cls.loads(data)

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Parse and verify a record from its JSON text; refuse bad data with the reason."""
        data = parse_json_text(text, what="the record", max_bytes=MAX_RECORD_BYTES)
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any, *, verify: bool = True) -> GameRecord:
        """Parse a record; with ``verify`` replay it and check its returns.

        The record is untrusted: its size, nesting, game name, options and
        players are checked before any action is parsed or replayed, and any
        problem raises MalformedRecordError with the reason.
        """
        if not isinstance(data, Mapping):
            raise MalformedRecordError("a record must be a JSON object")
        actions_data = data.get("actions")
        if isinstance(actions_data, list) and len(actions_data) > MAX_RECORD_ACTIONS:
            raise MalformedRecordError(
                f"the record has {len(actions_data)} actions; the limit is {MAX_RECORD_ACTIONS}"
            )
        check_json_shape(data, what="the record", max_nodes=MAX_RECORD_VALUES)
        required = {"game", "options", "players", "actions"}
        missing = required - set(data)
        if missing:
            raise MalformedRecordError(f"a record needs the fields {sorted(missing)}")
        if not isinstance(actions_data, list):
            raise MalformedRecordError("'actions' must be a list")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise MalformedRecordError(f"unknown record format {short_repr(data.get('format'))}")
        game = data["game"]
        if not isinstance(game, str):
            raise MalformedRecordError(f"'game' must be a game's name, got {short_repr(game)}")
        try:
            game_info(game)
        except ValueError as error:
            raise MalformedRecordError(str(error)) from None
        if not isinstance(data["options"], Mapping):
            raise MalformedRecordError("'options' must be an object")
        players = data["players"]
        if not isinstance(players, list) or not all(
            isinstance(p, str) and len(p) <= MAX_PLAYER_NAME for p in players
        ):
            raise MalformedRecordError(
                f"'players' must be a list of names of at most {MAX_PLAYER_NAME} characters"
            )
        returns = _parse_returns(data.get("returns"))
        record = cls(game, dict(data["options"]), list(players), [], returns)
        initial = record.initial_state()  # checks the options before any action
        if len(players) != initial.num_players:
            raise MalformedRecordError(
                f"the record names {len(players)} players but the game has {initial.num_players}"
            )
        if returns is not None and len(returns) != initial.num_players:
            raise MalformedRecordError(
                f"the record states {len(returns)} returns for {initial.num_players} players"
            )
        state_type = type(initial)
        for index, raw in enumerate(actions_data):
            try:
                record.actions.append(state_type.action_from_json(raw))
            except MalformedRecordError as error:
                raise MalformedRecordError(f"action {index}: {error}") from error
        if verify:
            final = record.replay()
            if record.returns is not None:
                if not final.is_terminal():
                    raise MalformedRecordError("the record states returns but its game is not over")
                if [float(r) for r in record.returns] != [float(r) for r in final.returns()]:
                    raise MalformedRecordError(
                        f"the stated returns {record.returns} differ from "
                        f"the replay's {final.returns()}"
                    )
        return record

    @classmethod
    def from_state(cls, state: State, players: list[str] | None = None) -> GameRecord:
        names = players or [player_name(p) for p in range(state.num_players)]
        returns = state.returns() if state.is_terminal() else None
        return cls(state.game_name, dict(state.options), list(names), list(state.history), returns)


def _parse_returns(value: Any) -> list[float] | None:
    """A record's ``returns``: None, or a list of finite numbers (booleans are not numbers)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(r, (int, float)) and not isinstance(r, bool) and abs(r) < 1e15 for r in value
    ):
        raise MalformedRecordError("'returns' must be null or a list of numbers, one per player")
    return list(value)


def replay(record: GameRecord, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of ``record``."""
    return record.replay(upto)


def undo(state: State, steps: int = 1) -> State:
    """The state ``steps`` actions earlier, rebuilt by replaying the history's prefix."""
    if steps < 0 or steps > len(state.history):
        raise ValueError(f"cannot undo {steps} actions of a history of {len(state.history)}")
    record = GameRecord.from_state(state)
    return record.replay(len(state.history) - steps)
