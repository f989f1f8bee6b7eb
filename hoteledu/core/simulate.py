"""Playing games: ``play()`` is the one place where chance is sampled."""

from __future__ import annotations

from collections.abc import Sequence

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, SeedLike, make_rng
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.records import GameRecord
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State


def next_action(state: State, agents: Sequence[Agent], rng) -> Action:
    """The action that moves ``state`` on: a sampled chance outcome or the agents' choice."""
    mover = state.current_player()
    if mover == CHANCE:
        return state.sample_chance(rng)
    if mover == SIMULTANEOUS:
        return JointAction(
            tuple(agents[p].act(PlayerView(state, p)) for p in range(state.num_players))
        )
    if mover == TERMINAL:
        raise ValueError("the game is over")
    return agents[mover].act(PlayerView(state, mover))


def play(
    state: State,
    agents: Sequence[Agent],
    seed: SeedLike = None,
    *,
    max_actions: int = 1_000_000,
    players: Sequence[str] | None = None,
) -> GameRecord:
    """Play ``state`` to the end (it is changed in place) and return the record.

    ``seed`` drives the chance nodes only; agents carry their own seeds.
    The record holds the whole history, so ``record.replay()`` equals ``state``.

    Examples
    --------
    >>> from hoteledu import load_game
    >>> from hoteledu.core.agents import RandomAgent
    >>> state = load_game("amsterdam")
    >>> record = play(state, [RandomAgent(1), RandomAgent(2)], seed=3)
    >>> state.is_terminal(), record.replay() == state
    (True, True)
    """
    if len(agents) != state.num_players:
        raise ValueError(
            f"the game has {state.num_players} players but {len(agents)} agents were given"
        )
    rng = make_rng(seed)
    for _ in range(max_actions):
        if state.is_terminal():
            break
        action = next_action(state, agents, rng)
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            who = state.current_player()
            name = agents[who].name if who >= 0 else "chance"
            raise IllegalActionError(f"{name} chose an illegal action: {error}") from error
    else:
        raise RuntimeError(f"the game did not end within {max_actions} actions")
    names = list(players) if players else [a.name for a in agents]
    return GameRecord.from_state(state, names)
