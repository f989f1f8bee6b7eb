"""The bot at a seat of an app: the part every game's ``make_agent`` shares.

Every game offers a ``"random"`` seat, its own bots, and an ``"mcts"`` seat
(:class:`~hoteledu.core.mcts.MCTSAgent` with a time budget in the apps, so a
seat answers in time on a slow machine). The search modules are imported only
when an MCTS seat is made, so importing an app stays quick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoteledu.core.agents import Agent, RandomAgent


def seat_agent(
    kind: str,
    seed: Any,
    seat_kinds: Sequence[str],
    game_bots: Mapping[str, Callable[[Any], Agent]],
    mcts_iterations: int,
    think_seconds: float | None,
    search: Callable[[int, Any, float | None], Agent] | None = None,
) -> Agent:
    """A bot for a seat: ``"random"``, one of ``game_bots`` or ``"mcts"``.

    Parameters
    ----------
    kind : str
        One of ``seat_kinds`` except ``"human"``.
    seed : int or SeedSequence
        The bot's own random stream.
    seat_kinds : sequence of str
        The game's seat kinds (named in the error for an unknown ``kind``).
    game_bots : mapping
        The game's own bots: kind -> a function of the seed that makes one.
    mcts_iterations : int
        Search iterations per decision of the MCTS bot (its strength).
    think_seconds : float or None
        Time budget of one MCTS decision (None: iterations only).
    search : callable or None
        The game's MCTS bot, made from ``(iterations, seed, think_seconds)``;
        None: :class:`~hoteledu.core.mcts.MCTSAgent` with that budget.

    Examples
    --------
    >>> seat_agent("random", 1, ("human", "random"), {}, 200, None).name
    'random'
    >>> seat_agent("mcts", 1, ("human", "mcts"), {}, 50, 0.2).name
    'mcts 50'
    """
    if kind == "random":
        return RandomAgent(seed, name="random")
    if kind in game_bots:
        return game_bots[kind](seed)
    if kind == "mcts":
        if search is not None:
            return search(mcts_iterations, seed, think_seconds)
        from hoteledu.core.mcts import MCTSAgent

        return MCTSAgent(
            mcts_iterations, seed=seed, name=f"mcts {mcts_iterations}", think_seconds=think_seconds
        )
    raise ValueError(f"a seat is one of {tuple(seat_kinds)}, not {kind!r}")


__all__ = ["seat_agent"]
