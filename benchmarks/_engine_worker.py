"""One side of ``bench_engine_speed.py``: times the engine found first on PYTHONPATH.

Run by the benchmark in its own process, once for today's tree and once for
the old one, with the same seeds; prints one JSON line. The loops use only the
public protocol (and ``hoteledu.core.mcts``), so they run on both trees; the
``playout`` kind calls ``State.random_playout`` where the tree has it (what
the search's rollouts call there) and the protocol loop where it does not.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

import numpy as np

import hoteledu
from hoteledu.core.actions import JointAction
from hoteledu.core.agents import PlayerView, RandomAgent
from hoteledu.core.mcts import MCTSAgent, _apply_fast
from hoteledu.core.simulate import play
from hoteledu.core.state import State


def played_games(game: str, players: int, games: int) -> tuple[float, str]:
    """CPU seconds of ``games`` seeded random games through ``play()``, and their scores' digest."""
    scores = []
    start = time.process_time()
    for g in range(games):
        state = hoteledu.load_game(game, players=players)
        agents = [RandomAgent(10 * g + p) for p in range(players)]
        play(state, agents, seed=g)
        scores.append(state.returns())
    elapsed = time.process_time() - start
    return elapsed, hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:12]


def _integers(rng: np.random.Generator, n: int) -> int:
    return int(rng.integers(n))  # as the search's rollouts draw (about 1.6 us a call)


def _quick(rng: np.random.Generator, n: int) -> int:
    return int(rng.random() * n)  # the same distribution, a third of the cost


def playouts(game: str, players: int, games: int, draw=_integers) -> tuple[float, str]:
    """CPU seconds of seeded random playouts through the protocol (trusted application).

    The loop is the search's rollout as it was written before ``random_playout``
    (``MCTSAgent._rollout``): a simultaneous node gets one random action per
    player, joined.
    """
    scores = []
    start = time.process_time()
    for g in range(games):
        state = hoteledu.load_game(game, players=players)
        rng = np.random.default_rng(g)
        _protocol_playout(state, rng, players, draw)
        scores.append(state.returns())
    elapsed = time.process_time() - start
    return elapsed, hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:12]


def _protocol_playout(state, rng: np.random.Generator, players: int, draw=_integers) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif state.is_simultaneous_node():
            parts = []
            for p in range(players):
                legal = state.legal_actions(p)
                parts.append(legal[draw(rng, len(legal))])
            action = JointAction(tuple(parts))
        else:
            legal = state.legal_actions()
            action = legal[draw(rng, len(legal))]
        _apply_fast(state, action)


def search_playouts(game: str, players: int, games: int) -> tuple[float, str]:
    """CPU seconds of seeded random playouts as the search runs them on this tree.

    Where the tree's states have ``random_playout`` (the search's rollouts call
    it), that; on an older tree, the protocol loop of ``playouts``. The same
    generator and the same draws either way: the digests say so.
    """
    fused = hasattr(State, "random_playout")
    scores = []
    start = time.process_time()
    for g in range(games):
        state = hoteledu.load_game(game, players=players)
        rng = np.random.default_rng(g)
        scores.append(_played_out(state, rng, players, fused))
    elapsed = time.process_time() - start
    return elapsed, hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:12]


def _played_out(state, rng: np.random.Generator, players: int, fused: bool) -> list[float]:
    """``state`` played out at random as the tree's search does; its returns."""
    if fused:
        state.random_playout(rng)
    else:
        _protocol_playout(state, rng, players)
    return state.returns()


def search_rollouts(game: str, players: int, games: int) -> tuple[float, str]:
    """CPU seconds of random playouts as the search's iterations run them.

    An iteration of ``MCTSAgent`` plays from a copy of a position (its
    determinisation) with the search's one generator: here a copy of a new
    game made before timing, one generator for all the playouts (seed 0), and
    the same playout as ``search_playouts`` (``random_playout``, or the
    protocol loop on an older tree). Both trees draw the same numbers in the
    same order, so equal digests say the same games.
    """
    start_state = hoteledu.load_game(game, players=players)
    fused = hasattr(State, "random_playout")
    rng = np.random.default_rng(0)
    scores = []
    start = time.process_time()
    for _ in range(games):
        scores.append(_played_out(start_state.clone(), rng, players, fused))
    elapsed = time.process_time() - start
    return elapsed, hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:12]


def engine_only(game: str, players: int, games: int) -> tuple[float, str]:
    """CPU seconds of the engine's own calls in the playouts' games, without the draws.

    The games of ``playouts`` are played once untimed and their actions kept;
    the timed part replays them with what a playout asks the engine (a new
    game, ``is_terminal``, ``is_chance_node``, ``legal_actions`` at each
    decision, the trusted application) but no random draws. A chance draw is
    not replayed through ``sample_chance``: its cost is in ``playout``.
    """
    histories = []
    for g in range(games):
        state = hoteledu.load_game(game, players=players)
        rng = np.random.default_rng(g)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif state.is_simultaneous_node():
                action = JointAction(
                    tuple(
                        legal[_integers(rng, len(legal))]
                        for legal in (state.legal_actions(p) for p in range(players))
                    )
                )
            else:
                legal = state.legal_actions()
                action = legal[_integers(rng, len(legal))]
            _apply_fast(state, action)
        histories.append(state.history)
    scores = []
    start = time.process_time()
    for history in histories:
        state = hoteledu.load_game(game, players=players)
        for action in history:
            state.is_terminal()
            if state.is_chance_node():
                pass
            elif state.is_simultaneous_node():
                for p in range(players):
                    state.legal_actions(p)
            else:
                state.legal_actions()
            _apply_fast(state, action)
        scores.append(state.returns())
    elapsed = time.process_time() - start
    return elapsed, hashlib.sha256(json.dumps(scores).encode()).hexdigest()[:12]


def search_positions(game: str, players: int, count: int) -> list:
    """Decision positions from seeded random games, about a quarter, half and 3/4 through."""
    positions = []
    for g in range(count):
        state = hoteledu.load_game(game, players=players)
        play(state, [RandomAgent(10 * g + p) for p in range(players)], seed=1000 + g)
        history = state.history
        for fraction in (0.25, 0.5, 0.75):
            at = int(len(history) * fraction)
            replay = hoteledu.load_game(game, players=players)
            for action in history[:at]:
                replay.apply_action(action)
            while replay.current_player() < 0 and not replay.is_terminal():
                replay.apply_action(history[len(replay.history)])
            if not replay.is_terminal() and len(replay.legal_actions()) > 1:
                positions.append(replay)
    return positions


def mcts_iterations(game: str, players: int, iterations: int) -> tuple[float, int, str]:
    """CPU seconds of MCTS searches of ``iterations`` each, from set positions."""
    positions = search_positions(game, players, 4)
    chosen = []
    start = time.process_time()
    for k, state in enumerate(positions):
        agent = MCTSAgent(iterations=iterations, seed=k)
        result = agent.search(PlayerView(state, state.current_player()))
        chosen.append(str(result.best))
    elapsed = time.process_time() - start
    digest = hashlib.sha256(json.dumps(chosen).encode()).hexdigest()[:12]
    return elapsed, iterations * len(positions), digest


def main() -> None:
    game, players, games, iterations = (
        sys.argv[1],
        int(sys.argv[2]),
        int(sys.argv[3]),
        int(sys.argv[4]),
    )
    what = sys.argv[5]
    hoteledu.load_game(game, players=players)  # load data files before timing
    # One untimed random playout as this tree plays them, on both sides: what a process
    # loads once (numpy.random, 22 ms, and the modules the playout imports) stays out of
    # the timing; with a few hundred quick games it was a tenth of the new side's time.
    fused = hasattr(State, "random_playout")
    _played_out(hoteledu.load_game(game, players=players), np.random.default_rng(0), players, fused)
    out: dict = {"hoteledu": hoteledu.__file__}
    timed = {  # kind -> (games) -> (CPU seconds, digest)
        "play": played_games,
        "playout": search_playouts,
        "rollout": search_rollouts,
        "loop": playouts,
        "engine": engine_only,
        "bare": lambda g, p, n: playouts(g, p, n, _quick),
    }
    if what in timed:
        out["seconds"], out["digest"] = timed[what](game, players, games)
        out["count"] = games
    else:
        out["seconds"], out["count"], out["digest"] = mcts_iterations(game, players, iterations)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
