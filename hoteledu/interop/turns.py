"""Simultaneous decisions played in turn, with imperfect information.

OpenSpiel's sequential algorithms and PettingZoo's AEC environments ask one
player at a time. Boutique's secret prices, sealed bids and hiring are
simultaneous: :class:`InTurnState` asks the players one after the other in
seat order (P1 first), keeps each choice hidden from the others
(``observation`` shows a player only their own open choice) and applies
hoteledu's joint action once all have chosen. A player whose only legal
action is the engine's ``Pass`` (not bidding, out of the game) is not asked.
This is the standard equivalence of a simultaneous move with a sequential
move under imperfect information: nobody can condition on a choice they
cannot see, so the strategies and outcomes are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.state import SIMULTANEOUS, TERMINAL, State, player_name


def _is_pass(action: Action) -> bool:
    return type(action).__name__ == "Pass"


class InTurnState:
    """A hoteledu state whose simultaneous decisions are taken in turn (see the module)."""

    __slots__ = ("pending", "state", "stop")

    def __init__(self, state: State, stop: Callable[[State], bool] | None = None) -> None:
        self.state = state
        self.stop = stop
        self.pending: list[Action | None] | None = None
        self._open()

    def clone(self) -> InTurnState:
        copy = InTurnState.__new__(InTurnState)
        copy.state = self.state.clone()
        copy.stop = self.stop
        copy.pending = None if self.pending is None else list(self.pending)
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> InTurnState:
        return self.clone()

    # ------------------------------------------------------------ protocol
    def is_over(self) -> bool:
        """The game is over (or the subgame's ``stop`` condition holds)."""
        return self.state.is_terminal() or (self.stop is not None and self.stop(self.state))

    def current_player(self) -> int:
        """A player index, ``CHANCE`` or ``TERMINAL`` (never ``SIMULTANEOUS``)."""
        if self.is_over():
            return TERMINAL
        mover = self.state.current_player()
        if mover == SIMULTANEOUS:
            assert self.pending is not None
            return self.pending.index(None)
        return mover

    def legal_actions(self, player: int) -> list[Action]:
        """``player``'s legal actions now (empty unless ``player`` is to move)."""
        if player != self.current_player():
            return []
        return self.state.legal_actions(player)

    def apply(self, action: Action) -> None:
        """Apply a chance outcome or the mover's action; IllegalActionError changes nothing."""
        state = self.state
        if self.is_over():
            raise IllegalActionError("the game is over: no more actions", rule="end of game")
        if state.current_player() == SIMULTANEOUS:
            assert self.pending is not None
            player = self.pending.index(None)
            if action not in state.legal_actions(player):
                reason = state.explain_illegal_for(player, action)
                raise IllegalActionError(f"{player_name(player)}: {reason}")
            self.pending[player] = action
            if all(a is not None for a in self.pending):
                joint = JointAction(tuple(self.pending))  # type: ignore[arg-type]
                state.apply_action(joint)
                self.pending = None
                self._open()
        else:
            state.apply_action(action)
            self._open()

    def sample_chance(self, rng: np.random.Generator) -> Action:
        return self.state.sample_chance(rng)

    def observation(self, player: int) -> dict[str, Any]:
        """hoteledu's ``observation(player)``, plus the player's own open choice if any."""
        view = dict(self.state.observation(player))
        if self.pending is not None:
            own = self.pending[player]
            view["interop_own_choice"] = None if own is None else own.to_json()
        return view

    def open_movers(self) -> list[int]:
        """Players who chose at the open simultaneous decision, in seat order.

        Their choices are the last moves made; players only allowed to pass
        were not asked and made no move.
        """
        if self.pending is None:
            return []
        return [
            p for p, a in enumerate(self.pending) if a is not None and not is_auto_pass(self, p)
        ]

    def render_text(self) -> str:
        text = self.state.render_text()
        if self.pending is not None:
            chosen = ", ".join(
                f"{player_name(p)}: {'?' if a is None else a}" for p, a in enumerate(self.pending)
            )
            text += f"\n(open simultaneous decision; chosen so far: {chosen})"
        return text

    # ------------------------------------------------------------ internal
    def _open(self) -> None:
        """Prepare the in-turn play of a simultaneous node; apply it if nobody chooses."""
        while not self.is_over() and self.state.current_player() == SIMULTANEOUS:
            pending: list[Action | None] = []
            for p in range(self.state.num_players):
                legal = self.state.legal_actions(p)
                pending.append(legal[0] if len(legal) == 1 and _is_pass(legal[0]) else None)
            if any(a is None for a in pending):
                self.pending = pending
                return
            self.state.apply_action(JointAction(tuple(pending)))  # type: ignore[arg-type]
        self.pending = None


def is_auto_pass(turns: InTurnState, player: int) -> bool:
    """Whether ``player``'s choice at the open node was the engine's only action, Pass."""
    legal = turns.state.legal_actions(player)
    return len(legal) == 1 and _is_pass(legal[0])
