"""hoteledu: probability and game theory taught through three hotel board games.

``import hoteledu`` stays light: it never imports plotly or ipywidgets.
"""

from hoteledu.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    GameRecord,
    IllegalActionError,
    JointAction,
    MalformedRecordError,
    RandomAgent,
    ScriptedAgent,
    State,
    list_games,
    load_game,
    play,
    register_game,
    replay,
    undo,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "GameRecord",
    "IllegalActionError",
    "JointAction",
    "MalformedRecordError",
    "RandomAgent",
    "ScriptedAgent",
    "State",
    "__version__",
    "list_games",
    "load_game",
    "play",
    "register_game",
    "replay",
    "undo",
]
