"""Game records: what was played, saved as JSON and replayed without randomness."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hoteledu.core.actions import Action
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.registry import game_info
from hoteledu.core.state import State

RECORD_FORMAT = "hoteledu-record/1"


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
        except ValueError as error:
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
                    f"action {index} ({action}) is illegal: {error}"
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
        return cls.loads(Path(path).read_text(encoding="utf-8"))

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MalformedRecordError(f"not valid JSON: {error}") from error
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any, *, verify: bool = True) -> GameRecord:
        """Parse a record; with ``verify`` replay it and check its returns."""
        if not isinstance(data, Mapping):
            raise MalformedRecordError("a record must be a JSON object")
        required = {"game", "options", "players", "actions"}
        missing = required - set(data)
        if missing:
            raise MalformedRecordError(f"a record needs the fields {sorted(missing)}")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise MalformedRecordError(f"unknown record format {data.get('format')!r}")
        if not isinstance(data["options"], Mapping):
            raise MalformedRecordError("'options' must be an object")
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise MalformedRecordError("'players' must be a list of names")
        if not isinstance(data["actions"], list):
            raise MalformedRecordError("'actions' must be a list")
        try:
            game_info(data["game"])
        except ValueError as error:
            raise MalformedRecordError(str(error)) from error
        record = cls(data["game"], dict(data["options"]), list(players), [], data.get("returns"))
        state_type = type(record.initial_state())
        for index, raw in enumerate(data["actions"]):
            try:
                record.actions.append(state_type.action_from_json(raw))
            except MalformedRecordError as error:
                raise MalformedRecordError(f"action {index}: {error}") from error
        if verify:
            final = record.replay()
            if len(players) != final.num_players:
                raise MalformedRecordError(
                    f"the record names {len(players)} players but the game has {final.num_players}"
                )
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
        names = players or [f"player {p}" for p in range(state.num_players)]
        returns = state.returns() if state.is_terminal() else None
        return cls(state.game_name, dict(state.options), list(names), list(state.history), returns)


def replay(record: GameRecord, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of ``record``."""
    return record.replay(upto)


def undo(state: State, steps: int = 1) -> State:
    """The state ``steps`` actions earlier, rebuilt by replaying the history's prefix."""
    if steps < 0 or steps > len(state.history):
        raise ValueError(f"cannot undo {steps} actions of a history of {len(state.history)}")
    record = GameRecord.from_state(state)
    return record.replay(len(state.history) - steps)
