"""The game protocol, records, agents and simulation shared by every game."""

from typing import Any

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, RandomAgent, ScriptedAgent, make_rng
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.registry import GameInfo, GameOption, list_games, load_game, register_game
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

# Loaded when first used, so that ``import hoteledu`` stays light: tournaments
# bring concurrent.futures and multiprocessing (about 90 ms); exact analysis,
# MCTS, records and play() are not needed until a game is loaded or played.
_LAZY = {
    **dict.fromkeys(("GameRecord", "replay", "undo"), "hoteledu.core.records"),
    "play": "hoteledu.core.simulate",
    **dict.fromkeys(
        (
            "Comparison",
            "Estimate",
            "chance_distribution",
            "compare",
            "enumerate_chance",
            "exact_expectation",
            "exact_probability",
            "monte_carlo",
            "monte_carlo_estimate",
        ),
        "hoteledu.core.exact",
    ),
    **dict.fromkeys(
        ("ActionStats", "MCTSAgent", "SearchResult", "mcts_policy"), "hoteledu.core.mcts"
    ),
    "GameOutcome": "hoteledu.core.tournament",
    "iter_tournament": "hoteledu.core.tournament",
    "Interval": "hoteledu.core.tournament",
    "TournamentResult": "hoteledu.core.tournament",
    "tournament": "hoteledu.core.tournament",
    "wilson_interval": "hoteledu.core.tournament",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "ActionStats",
    "Agent",
    "Comparison",
    "Estimate",
    "GameInfo",
    "GameOption",
    "GameOutcome",
    "GameRecord",
    "IllegalActionError",
    "Interval",
    "JointAction",
    "MCTSAgent",
    "MalformedRecordError",
    "PlayerView",
    "RandomAgent",
    "ScriptedAgent",
    "SearchResult",
    "State",
    "TournamentResult",
    "chance_distribution",
    "compare",
    "enumerate_chance",
    "exact_expectation",
    "exact_probability",
    "iter_tournament",
    "list_games",
    "load_game",
    "make_rng",
    "mcts_policy",
    "monte_carlo",
    "monte_carlo_estimate",
    "play",
    "register_game",
    "replay",
    "tournament",
    "undo",
    "wilson_interval",
]
