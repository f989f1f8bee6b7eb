"""Agents choose actions from what their player may see.

An agent gets a :class:`PlayerView`, never the full state: the view exposes
the player's observation and legal actions, and ``determinise(rng)`` for
search agents (a full state with the hidden parts resampled).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np

from hoteledu.core.actions import Action
from hoteledu.core.state import State

# A string: numpy.random loads only when a generator is made (import time).
SeedLike: TypeAlias = "int | np.random.SeedSequence | np.random.Generator | None"


def make_rng(seed: SeedLike) -> np.random.Generator:
    """One helper turns any seed (int, SeedSequence, Generator, None) into a Generator."""
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


class PlayerView:
    """What one player may know of a state, handed to agents."""

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player
        self.game_name = state.game_name
        self.options = dict(state.options)
        self.num_players = state.num_players
        self._observation: dict[str, Any] | None = None

    @property
    def observation(self) -> dict[str, Any]:
        if self._observation is None:
            self._observation = self._state.observation(self.player)
        return self._observation

    def current_player(self) -> int:
        return self._state.current_player()

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.player)

    def determinise(self, rng: np.random.Generator) -> State:
        """A full state consistent with this player's observation."""
        return self._state.determinise(self.player, rng)


@runtime_checkable
class Agent(Protocol):
    """``act(view)`` returns one of ``view.legal_actions()``."""

    name: str

    def act(self, view: PlayerView) -> Action: ...

    def reseeded(self, seed: SeedLike) -> Agent:
        """A fresh copy of this agent with its own random stream (for tournaments)."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions.

    Examples
    --------
    >>> from hoteledu import load_game
    >>> state = load_game("amsterdam")
    >>> state.apply_action(state.chance_outcomes()[0][0])
    >>> RandomAgent(seed=1).act(PlayerView(state, 0)) in state.legal_actions()
    True
    """

    def __init__(self, seed: SeedLike = None, name: str = "random") -> None:
        self.name = name
        self.rng = make_rng(seed)

    def act(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        return actions[int(self.rng.integers(len(actions)))]

    def reseeded(self, seed: SeedLike) -> RandomAgent:
        return RandomAgent(seed, self.name)


class ScriptedAgent:
    """Plays a fixed script, for tests. Items are actions or their ``str()`` text."""

    def __init__(self, script: Sequence[Action | str], name: str = "scripted") -> None:
        self.name = name
        self.script = list(script)
        self.position = 0

    def act(self, view: PlayerView) -> Action:
        if self.position >= len(self.script):
            raise RuntimeError(f"{self.name}: the script has run out after {self.position} moves")
        wanted = self.script[self.position]
        self.position += 1
        if isinstance(wanted, Action):
            return wanted
        for action in view.legal_actions():
            if str(action) == wanted:
                return action
        choices = "; ".join(str(a) for a in view.legal_actions())
        raise RuntimeError(f"{self.name}: {wanted!r} is not a legal action; legal: {choices}")

    def reseeded(self, seed: SeedLike) -> ScriptedAgent:
        return ScriptedAgent(self.script, self.name)
