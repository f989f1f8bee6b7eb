"""One search: MCTSAgent takes its budget (iterations, a time limit), its rollout
policy and the game it plans on; the apps' and Boutique's bots are that agent."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from hoteledu import load_game
from hoteledu.core.agents import PlayerView, RandomAgent, make_rng
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.simulate import next_action

MCTS_GAMES = Path(__file__).parents[1] / "data" / "records_before_anatomy" / "mcts_games.json"
GAMES = json.loads(MCTS_GAMES.read_text(encoding="utf-8"))


def _seat(game: str, spec: str, seed: int, think_seconds: float | None = None):
    """A seat as ``make_records.py`` names it, with an optional time budget."""
    kind, _, rest = spec.partition(":")
    if kind == "core":
        return MCTSAgent(int(rest), seed=seed, think_seconds=think_seconds)
    bot, _, iterations = rest.partition(":")
    if kind == "boutique" or (game == "boutique" and bot == "mcts"):
        from hoteledu.boutique.search import BoutiqueMCTS

        # the records were made while the search also tried where each stay goes
        # (40f5a20 made placing as the bots do the default, a deliberate change of play)
        return BoutiqueMCTS(
            int(rest if kind == "boutique" else iterations) or 10,
            seed=seed,
            think_seconds=think_seconds,
            search_places=True,
        )
    make_agent = importlib.import_module(f"hoteledu.{game}.app").make_agent
    return make_agent(bot, seed, int(iterations) or 10, think_seconds)


def _played(case: dict, think_seconds: float | None) -> list[dict]:
    agents = [
        _seat(case["game"], spec, 10 * case["seed"] + p, think_seconds)
        for p, spec in enumerate(case["seats"])
    ]
    state = load_game(case["game"], **case["options"])
    rng = make_rng(case["seed"])
    for _ in range(len(case["actions"])):
        state.apply_action(next_action(state, agents, rng))
    return [a.to_json() for a in state.history]


@pytest.mark.parametrize(
    "case", GAMES, ids=[f"{g['game']}-{'-'.join(g['seats'])}-seed{g['seed']}" for g in GAMES]
)
def test_the_bots_play_the_games_they_played_before_the_one_search(case):
    """Seeded games recorded by the code with three search loops (c6a900f): the
    apps' MCTS seats at an iteration budget, the core search and Boutique's."""
    assert _played(case, None) == case["actions"]


@pytest.mark.parametrize("case", GAMES[::2], ids=[g["game"] for g in GAMES[::2]])
def test_a_time_budget_that_never_runs_out_changes_nothing(case):
    assert _played(case, 1e6) == case["actions"]


def _first_decision(game: str):
    state = load_game(game)
    rng = make_rng(0)
    while state.current_player() < 0 or len(state.legal_actions(state.current_player())) < 2:
        state.apply_action(next_action(state, [RandomAgent(1)] * state.num_players, rng))
    return state


@pytest.mark.parametrize("game", ["amsterdam", "grand_austria", "boutique"])
def test_a_spent_time_budget_stops_after_one_iteration(game):
    """think_seconds=0: one iteration, whatever the iterations (no clock is read
    for the bound: the first check after an iteration finds the budget spent)."""
    state = _first_decision(game)
    mover = state.current_player()
    agent = _seat(game, "app:mcts:500", 1, 0.0)
    result = agent.search(PlayerView(state.clone(), mover))
    assert result.iterations == agent.last_iterations == 1
    assert sum(s.visits for s in result.stats) == 1
    assert agent.act(PlayerView(state.clone(), mover)) in state.legal_actions(mover)
    assert agent.last_iterations == 1


@pytest.mark.parametrize("game", ["amsterdam", "grand_austria", "boutique"])
def test_every_mcts_seat_is_the_one_search(game):
    """The apps' MCTS seats are MCTSAgent with a time budget, searching with its
    own loop: no copied or patched search (apps/bots.py and Boutique's timed
    wrapper are gone)."""
    make_agent = importlib.import_module(f"hoteledu.{game}.app").make_agent
    agent = make_agent("mcts", 1, 30, 0.5)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.think_seconds, agent.name) == (30, 0.5, "mcts 30")
    for method in ("act", "search", "_search", "_iterate", "_rollout"):
        assert getattr(type(agent), method) is getattr(MCTSAgent, method), method
    again = agent.reseeded(2)
    assert type(again) is type(agent) and again.think_seconds == 0.5
    assert again.model is agent.model and again.rng is not agent.rng


def test_a_model_is_searched_instead_of_the_state():
    """Boutique's planning menu (a few choices of the real game's many) is the root's choices."""
    from hoteledu.boutique.search import BoutiqueMCTS, planning_copy, planning_menu

    state = _first_decision("boutique")
    mover = 0
    result = BoutiqueMCTS(iterations=20, seed=3).search(PlayerView(state, mover))
    menu = planning_menu(planning_copy(state), mover)
    assert {s.action for s in result.stats} <= set(menu)
    assert len(menu) < len(state.legal_actions(mover))
