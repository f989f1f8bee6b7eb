"""The game protocol, records, agents and simulation shared by every game."""

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, RandomAgent, ScriptedAgent, make_rng
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.records import GameRecord, replay, undo
from hoteledu.core.registry import GameInfo, GameOption, list_games, load_game, register_game
from hoteledu.core.simulate import play
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Agent",
    "GameInfo",
    "GameOption",
    "GameRecord",
    "IllegalActionError",
    "JointAction",
    "MalformedRecordError",
    "PlayerView",
    "RandomAgent",
    "ScriptedAgent",
    "State",
    "list_games",
    "load_game",
    "make_rng",
    "play",
    "register_game",
    "replay",
    "undo",
]
