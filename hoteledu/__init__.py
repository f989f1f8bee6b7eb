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

# Where hoteledu runs from a source tree that was never installed.
UNKNOWN_VERSION = "0+unknown"


def _installed_version() -> str:
    """The version in the installed package's metadata (pyproject.toml's)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hoteledu")
    except PackageNotFoundError:
        return UNKNOWN_VERSION


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
    # Tournaments, exact analysis and MCTS load when first used (see hoteledu.core);
    # the version too, since importlib.metadata costs 20 to 40 ms to import.
    if name == "__version__":
        value = _installed_version()
    elif name in _LAZY:
        import importlib

        from hoteledu import core

        # From the defining module: once ``hoteledu.core.tournament`` (the module)
        # is imported, ``core.tournament`` is that module, not the function.
        value = getattr(importlib.import_module(core._LAZY[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    # Tab completion and dir() show the lazy names before their first use.
    return sorted(set(globals()) | _LAZY | {"__version__"})


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
