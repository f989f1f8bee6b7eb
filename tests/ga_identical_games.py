"""Seeded Grand Austria games, played step by step with a digest of what the engine offered.

``grand_austria/data/make_identical_games.py`` stored these games from the engine of commit
49a0ddf (before the speed work of issue 23); ``test_identical_games.py`` plays
them again and must see the same legal actions, in the same order, at every
step, the same chance draws and the same final position.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.core.agents import Agent, PlayerView, RandomAgent
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.state import CHANCE, State
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.rules import new_game
from hoteledu.grand_austria.tasks import Roll as RollTask

OPTIONS = {
    "staff_setup": ("deal", "draft", "introductory"),
    "gizia": ("extra_turn", "extra_action"),
    "money_cap": (None, 20),
    "additional_actions": ("after_die", "any_time"),
    "emperor_penalty": ("choice", "first"),
    "impossible_die_action": ("refuse", "allow"),
    "checker": ("die_taken", "per_die"),
}
SNAPSHOT_EVERY = 40
"""A digest of the whole position every this many actions (and at the end)."""


def game_options(index: int) -> dict[str, Any]:
    """Players 2 to 4 and every choice of every option, spread over the games."""
    options: dict[str, Any] = {"players": 2 + index % 3}
    for k, (name, choices) in enumerate(OPTIONS.items()):
        options[name] = choices[(index // (k + 1)) % len(choices)]
    return options


def cases() -> list[dict[str, Any]]:
    """34 random games, 4 heuristic games and 2 short-search MCTS games."""
    out = [{"seats": "random", "options": game_options(i), "seed": 500 + i} for i in range(34)]
    for i in range(4):
        out.append({"seats": "heuristic", "options": game_options(40 + i), "seed": 600 + i})
    for i in range(2):
        out.append({"seats": "mcts", "options": {"players": 2}, "seed": 700 + i})
    return out


def make_agents(case: dict[str, Any]) -> list[Agent]:
    n = case["options"]["players"]
    seed = case["seed"]
    if case["seats"] == "random":
        return [RandomAgent(10 * seed + p) for p in range(n)]
    if case["seats"] == "heuristic":  # heuristic against random, seats alternating
        return [
            HeuristicAgent(10 * seed + p) if p % 2 == 0 else RandomAgent(10 * seed + p)
            for p in range(n)
        ]
    # a tiny search (it determinises, clones and rolls out) against the heuristic
    return [MCTSAgent(iterations=3, seed=10 * seed), HeuristicAgent(10 * seed + 1)]


def digest(value: Any, length: int = 8) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def play_logged(
    case: dict[str, Any],
    apply: Callable[[State, Any], None] | None = None,
    fresh_copy: Callable[[State], State] | None = None,
) -> dict[str, Any]:
    """Play one case; log per step a digest of what was offered and what was taken.

    Offered: the legal actions in order, or a chance node's outcomes with their
    probabilities (a roll's 11,628 outcomes are not listed; its result is).

    ``apply`` replaces ``state.apply_action`` (a trusted path); ``fresh_copy``
    is called on the state before every action and play goes on with its
    result (a clone, a JSON round trip), to check that copies play alike.
    """
    state = new_game(**case["options"])
    rng = np.random.default_rng(case["seed"])
    agents = make_agents(case)
    steps: list[str] = []
    snapshots: list[str] = []
    texts: list[str] = []
    while not state.is_terminal():
        if fresh_copy is not None:
            state = fresh_copy(state)
        if len(texts) % SNAPSHOT_EVERY == 0:
            snapshots.append(digest(state.to_snapshot()))
        mover = state.current_player()
        if mover == CHANCE:
            offered: Any = None
            if not isinstance(state.tasks[-1], RollTask):
                offered = [[a.to_json(), str(p)] for a, p in state.chance_outcomes()]
            action = state.sample_chance(rng)
        else:
            offered = [a.to_json() for a in state.legal_actions()]
            action = agents[mover].act(PlayerView(state, mover))
        steps.append(digest([offered, action.to_json()], 6))
        texts.append(str(action))
        if apply is None:
            state.apply_action(action)
        else:
            apply(state, action)
    snapshots.append(digest(state.to_snapshot()))
    return {
        "case": case,
        "actions": len(texts),
        "texts": texts,  # for the reader of a failure; not stored
        "steps": " ".join(steps),
        "snapshots": " ".join(snapshots),
        "returns": state.returns(),
        "winners": state.winners(),
    }
