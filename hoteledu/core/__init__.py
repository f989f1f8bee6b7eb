"""The game protocol, records, agents and simulation shared by every game."""

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, RandomAgent, ScriptedAgent, make_rng
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.exact import (
    Comparison,
    Estimate,
    chance_distribution,
    compare,
    enumerate_chance,
    exact_expectation,
    exact_probability,
    monte_carlo,
    monte_carlo_estimate,
)
from hoteledu.core.mcts import ActionStats, MCTSAgent, SearchResult, mcts_policy
from hoteledu.core.records import GameRecord, replay, undo
from hoteledu.core.registry import GameInfo, GameOption, list_games, load_game, register_game
from hoteledu.core.simulate import play
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State
from hoteledu.core.tournament import Interval, TournamentResult, tournament, wilson_interval

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
