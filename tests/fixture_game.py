"""Hidden Pig: a small dice game used only to test the core protocol.

It has every kind of node the real games have: chance (a secret deal and die
rolls), hidden information (each player's secret bonus), a simultaneous
decision (a wager), and a terminal scoring. It is a test fixture, not a
product feature.

Rules: each player is dealt a secret bonus 1..3. Both players then wager 0
or 1 at once; the higher wager moves first (a tie: player 0) and the wager is
subtracted at the end. Then Pig: on your turn roll the die (1..``die``) as
often as you like; a 1 loses the turn total and ends your turn; ``hold``
banks the turn total (only after at least one roll). The first to bank
``target`` ends the game. Final score = banked + bonus - wager.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    GameInfo,
    GameOption,
    MalformedRecordError,
    RandomAgent,
    State,
)
from hoteledu.core.agents import PlayerView, SeedLike
from hoteledu.core.errors import IllegalActionError


@dataclasses.dataclass(frozen=True)
class Deal(Action):
    player: int
    bonus: int

    def __str__(self) -> str:
        return f"deal bonus {self.bonus} to player {self.player}"


@dataclasses.dataclass(frozen=True)
class Wager(Action):
    amount: int

    def __str__(self) -> str:
        return f"wager {self.amount}"


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll"


@dataclasses.dataclass(frozen=True)
class Hold(Action):
    def __str__(self) -> str:
        return "hold"


@dataclasses.dataclass(frozen=True)
class Face(Action):
    value: int

    def __str__(self) -> str:
        return f"die shows {self.value}"


class HiddenPigState(State):
    game_name = "hidden_pig"
    action_types = (Deal, Wager, Roll, Hold, Face)

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.target: int = options["target"]
        self.die: int = options["die"]
        self.bonus: list[int | None] = [None, None]
        self.wager: list[int | None] = [None, None]
        self.banked = [0, 0]
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False  # a roll was asked for: a chance node follows
        self.finished = False

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if None in self.bonus or self.rolling:
            return CHANCE
        if None in self.wager:
            return SIMULTANEOUS
        return self.to_move

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if None in self.bonus:
            player = self.bonus.index(None)
            return [(Deal(player, b), Fraction(1, 3)) for b in (1, 2, 3)]
        if self.rolling:
            return [(Face(v), Fraction(1, self.die)) for v in range(1, self.die + 1)]
        raise IllegalActionError("this is not a chance node", rule="protocol")

    def _legal_actions(self, player: int) -> list[Action]:
        if None in self.wager:
            return [Wager(0), Wager(1)]
        return [Roll(), Hold()] if self.turn_total > 0 else [Roll()]

    def explain_illegal(self, action: Action) -> str:
        if isinstance(action, Hold) and self.turn_total == 0:
            return "you must roll at least once before you hold (pig-hold)"
        return f"{action} is not a legal action now"

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.bonus[action.player] = action.bonus
        elif isinstance(action, Face):
            self.rolling = False
            if action.value == 1:
                self.turn_total = 0
                self.to_move = 1 - self.to_move
            else:
                self.turn_total += action.value
        elif isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Hold):
            self.banked[self.to_move] += self.turn_total
            self.turn_total = 0
            if self.banked[self.to_move] >= self.target:
                self.finished = True
            else:
                self.to_move = 1 - self.to_move
        else:
            assert isinstance(action.actions[0], Wager)  # type: ignore[attr-defined]
            self.wager = [a.amount for a in action.actions]  # type: ignore[attr-defined]
            self.to_move = 1 if self.wager[1] > self.wager[0] else 0

    def returns(self) -> list[float]:
        return [
            float(self.banked[p] + (self.bonus[p] or 0) - (self.wager[p] or 0)) for p in range(2)
        ]

    def winners(self) -> list[int]:
        return [p for p in range(2) if self.banked[p] >= self.target]

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "bonus": list(self.bonus),
            "wager": list(self.wager),
            "banked": list(self.banked),
            "turn_total": self.turn_total,
            "to_move": self.to_move,
            "rolling": self.rolling,
            "finished": self.finished,
        }

    @classmethod
    def from_snapshot(cls, options: Mapping[str, Any], snapshot: Mapping[str, Any]) -> State:
        state = cls(options)
        for key, value in snapshot.items():
            if not hasattr(state, key) or key in {"target", "die", "options", "history"}:
                raise MalformedRecordError(f"unknown field {key!r} in a hidden_pig state")
            setattr(state, key, list(value) if isinstance(value, list) else value)
        return state

    def observation(self, player: int) -> dict[str, Any]:
        view = self.to_snapshot()
        view["bonus"] = [b if p == player else None for p, b in enumerate(self.bonus)]
        view["opponent_dealt"] = self.bonus[1 - player] is not None
        return view

    def determinise(self, player: int, rng: np.random.Generator) -> State:
        state = self.clone()
        state.history = []  # the Deal actions in the history show the secret bonus
        other = 1 - player
        if state.bonus[other] is not None:
            state.bonus[other] = int(rng.integers(1, 4))
        return state

    def clone(self) -> State:
        state = HiddenPigState.__new__(HiddenPigState)
        state.__dict__.update(self.__dict__)
        state.history = list(self.history)
        state.options = dict(self.options)
        state.bonus = list(self.bonus)
        state.wager = list(self.wager)
        state.banked = list(self.banked)
        return state


def new_game(target: int = 10, die: int = 3) -> HiddenPigState:
    return HiddenPigState({"target": target, "die": die})


HIDDEN_PIG = GameInfo(
    name="hidden_pig",
    description="Test fixture: Pig with a secret bonus and a simultaneous wager.",
    factory="fixture_game:new_game",
    options=(
        GameOption("target", 10, "points to bank to end the game"),
        GameOption("die", 3, "faces of the die", choices=(3, 4, 6)),
    ),
)


class KillOnceAgent(RandomAgent):
    """A random player whose process dies once, at its first move in any worker.

    The flag file is created atomically, so exactly one process dies in a whole
    tournament; the games are otherwise those of ``RandomAgent``.
    """

    def __init__(
        self, flag: str, parent: int, seed: SeedLike = None, name: str = "kill-once"
    ) -> None:
        super().__init__(seed, name)
        self.flag, self.parent = flag, parent

    def act(self, view: PlayerView) -> Action:
        if os.getpid() != self.parent:  # never the test process itself
            try:
                os.close(os.open(self.flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                os._exit(1)  # the worker dies mid-game, as a crashed machine would
        return super().act(view)

    def reseeded(self, seed: SeedLike) -> KillOnceAgent:
        return KillOnceAgent(self.flag, self.parent, seed, self.name)
