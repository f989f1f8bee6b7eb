"""hoteledu: probability and game theory taught through three hotel board games.

``import hoteledu`` stays light: it never imports plotly or ipywidgets.
"""

from typing import Any

from hoteledu.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    IllegalActionError,
    JointAction,
    MalformedRecordError,
    RandomAgent,
    ScriptedAgent,
    State,
    list_games,
    load_game,
    register_game,
)

__version__ = "0.1.0"


_LAZY = frozenset(
    (
        "GameRecord",
        "play",
        "replay",
        "undo",
        "Estimate",
        "MCTSAgent",
        "TournamentResult",
        "compare",
        "enumerate_chance",
        "exact_expectation",
        "exact_probability",
        "mcts_policy",
        "monte_carlo",
        "tournament",
    )
)


def __getattr__(name: str) -> Any:
    # Tournaments, exact analysis and MCTS load when first used (see hoteledu.core).
    if name in _LAZY:
        from hoteledu import core

        return getattr(core, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Estimate",
    "GameRecord",
    "IllegalActionError",
    "JointAction",
    "MCTSAgent",
    "MalformedRecordError",
    "RandomAgent",
    "ScriptedAgent",
    "State",
    "TournamentResult",
    "__version__",
    "compare",
    "enumerate_chance",
    "exact_expectation",
    "exact_probability",
    "list_games",
    "load_game",
    "mcts_policy",
    "monte_carlo",
    "play",
    "register_game",
    "replay",
    "tournament",
    "undo",
]
