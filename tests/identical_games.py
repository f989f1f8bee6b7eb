"""Seeded Hotel Amsterdam and Boutique games, logged step by step (issue 23's speed work).

``<game>/data/make_identical_games.py`` stored these games from the engine of
commit 9bad5ab (before the speed work); ``<game>/test_identical_games.py``
replays them and must see, at every step, the same legal actions in the same
order (each player's at a simultaneous node, the outcomes with their
probabilities at a chance node), the same chance draws from the same random
stream, the same position every ``SNAPSHOT_EVERY`` actions and the same end.

A stored game keeps the choice made at every step (an index into what was
offered, or the action's JSON when a bot chose an action off the menu), so
the replay needs no bot: a change to a bot cannot break it. Games of random
and searching seats are also replayed with their agents live.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, RandomAgent
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.registry import load_game
from hoteledu.core.state import CHANCE, SIMULTANEOUS, State

SNAPSHOT_EVERY = 40
"""A digest of the whole position every this many actions (and at the end)."""

AMSTERDAM_OPTIONS = {
    "variant": ("dice", "tactical"),
    "layout": ("standard", "shuffled"),
    "target": (None, 8),
    "pickup_on_departure": (False, True),
    "dam_diagonals": (True, False),
    "dam_lead": ("random", "choose"),
    "end_rule": ("immediate", "end_of_turn"),
}
BOUTIQUE_OPTIONS = {
    "room_choice": ("choose", "canonical"),
    "shortfall": ("per_staff", "per_day", "per_category"),
    "weeks": (2, 1),
    "walkin_budget": ("with_breakfast", "room_only"),
}
PLAYERS = {"amsterdam": (2, 3, 4), "boutique": (2, 3, 4, 5)}
OPTIONS = {"amsterdam": AMSTERDAM_OPTIONS, "boutique": BOUTIQUE_OPTIONS}


def game_options(game: str, index: int) -> dict[str, Any]:
    """Every player count and every choice of every option, spread over the games."""
    players = PLAYERS[game]
    options: dict[str, Any] = {"players": players[index % len(players)]}
    for k, (name, choices) in enumerate(OPTIONS[game].items()):
        options[name] = choices[(index // (k + 1)) % len(choices)]
    return options


def cases(game: str) -> list[dict[str, Any]]:
    """30 random games, 6 games of the game's bots and 3 short-search MCTS games."""
    out = [
        {"game": game, "seats": "random", "options": game_options(game, i), "seed": 500 + i}
        for i in range(30)
    ]
    for i in range(6):
        options = game_options(game, 40 + i)
        if game == "amsterdam":  # GreedyAgent expects the Dam lead to be chance
            options["dam_lead"] = "random"
        out.append({"game": game, "seats": "bots", "options": options, "seed": 600 + i})
    for i in range(3):
        options: dict[str, Any] = {"players": 2 + i % 2}
        if game == "amsterdam" and i == 2:
            options["variant"] = "tactical"
        out.append({"game": game, "seats": "mcts", "options": options, "seed": 700 + i})
    return out


def _bot(game: str, seat: int, seed: int) -> Agent:
    if game == "amsterdam":
        from hoteledu.amsterdam.bots import GreedyAgent

        return GreedyAgent()
    from hoteledu.boutique.bots import PeakLoadBot, PremiumBot, StafferBot, UndercutterBot

    kinds = (UndercutterBot, PremiumBot, PeakLoadBot, StafferBot)
    return kinds[(seed + seat) % len(kinds)](seed)


def make_agents(case: dict[str, Any]) -> list[Agent]:
    n = case["options"]["players"]
    seed = case["seed"]
    if case["seats"] == "random":
        return [RandomAgent(10 * seed + p) for p in range(n)]
    if case["seats"] == "bots":  # the game's bots against random, seats alternating
        return [
            _bot(case["game"], p, 10 * seed + p) if p % 2 == 0 else RandomAgent(10 * seed + p)
            for p in range(n)
        ]
    # a tiny search (it determinises, clones and rolls out) against random seats
    return [MCTSAgent(iterations=4, seed=10 * seed)] + [
        RandomAgent(10 * seed + p) for p in range(1, n)
    ]


def digest(value: Any, length: int = 8) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def _choice(action: Action, offered: list[Action]) -> Any:
    """The index of ``action`` among ``offered``, or its JSON if it is not on the menu."""
    for index, legal in enumerate(offered):
        if legal == action:
            return index
    return action.to_json()


def _chosen(state: State, choice: Any, offered: list[Action]) -> Action:
    if isinstance(choice, int):
        return offered[choice]
    return type(state).action_from_json(choice)


def play_logged(
    case: dict[str, Any],
    choices: list[Any] | None = None,
    apply: Callable[[State, Action], None] | None = None,
    fresh_copy: Callable[[State], State] | None = None,
) -> dict[str, Any]:
    """Play one case; log per step a digest of what was offered and what was taken.

    ``choices`` (a stored game's) replays the choices instead of asking the
    agents; chance is still drawn by ``sample_chance`` from the case's seed
    and must draw the stored outcome. ``apply`` replaces
    ``state.apply_action`` (a trusted path); ``fresh_copy`` is called on the
    state before every action and play goes on with its result (a clone, a
    snapshot round trip), to check that copies play alike.
    """
    state = load_game(case["game"], **case["options"])
    rng = np.random.default_rng(case["seed"])
    agents = make_agents(case) if choices is None else []
    n = state.num_players
    steps: list[str] = []
    snapshots: list[str] = []
    texts: list[str] = []
    taken: list[Any] = []
    while not state.is_terminal():
        if fresh_copy is not None:
            state = fresh_copy(state)
        if len(texts) % SNAPSHOT_EVERY == 0:
            snapshots.append(digest(state.to_snapshot()))
        step = len(texts)
        mover = state.current_player()
        if mover == CHANCE:
            outcomes = state.chance_outcomes()
            offered: Any = [[a.to_json(), str(p)] for a, p in outcomes]
            action = state.sample_chance(rng)
            choice: Any = _choice(action, [a for a, _ in outcomes])
            if choices is not None and choice != choices[step]:
                raise AssertionError(f"step {step}: the chance draw differs: {action}")
        elif mover == SIMULTANEOUS:
            menus = [state.legal_actions(p) for p in range(n)]
            offered = [[a.to_json() for a in menu] for menu in menus]
            if choices is None:
                parts = [agents[p].act(PlayerView(state, p)) for p in range(n)]
                choice = [_choice(a, menu) for a, menu in zip(parts, menus, strict=True)]
            else:
                choice = choices[step]
                parts = [_chosen(state, c, m) for c, m in zip(choice, menus, strict=True)]
            action = JointAction(tuple(parts))
        else:
            menu = state.legal_actions()
            offered = [a.to_json() for a in menu]
            if choices is None:
                action = agents[mover].act(PlayerView(state, mover))
                choice = _choice(action, menu)
            else:
                choice = choices[step]
                action = _chosen(state, choice, menu)
        steps.append(digest([offered, action.to_json()], 6))
        texts.append(str(action))
        taken.append(choice)
        if apply is None:
            state.apply_action(action)
        else:
            apply(state, action)
    snapshots.append(digest(state.to_snapshot()))
    return {
        "case": case,
        "actions": len(texts),
        "texts": texts,  # for the reader of a failure; not stored
        "choices": taken,
        "steps": " ".join(steps),
        "snapshots": " ".join(snapshots),
        "returns": state.returns(),
        "winners": state.winners(),
    }


def by_json(state: State, action: Action) -> None:
    """The public path with an equal action rebuilt from its JSON (not the object offered)."""
    state.apply_action(type(state).action_from_json(action.to_json()))


def assert_same_game(played: dict[str, Any], stored: dict[str, Any]) -> None:
    steps, expected = played["steps"].split(), stored["steps"].split()
    for index, (mine, theirs) in enumerate(zip(steps, expected, strict=False)):
        if mine != theirs:
            seen = "; ".join(played["texts"][max(0, index - 3) : index + 1])
            raise AssertionError(f"step {index} differs (the last actions taken: {seen})")
    assert played["actions"] == stored["actions"]
    assert played["snapshots"] == stored["snapshots"]
    assert played["returns"] == stored["returns"]
    assert played["winners"] == stored["winners"]


def snapshot_copy(state: State) -> State:
    """A copy made through ``to_snapshot`` and ``from_snapshot`` (the history kept)."""
    copy = type(state).from_snapshot(state.options, state.to_snapshot())
    copy.history = list(state.history)
    return copy


def make_stored(game: str, commit: str) -> dict[str, Any]:
    """Every case of ``game`` played with its agents, as the data file stores them."""
    games = []
    for case in cases(game):
        played = play_logged(case)
        del played["texts"]
        games.append(played)
    return {"made_by_commit": commit, "games": games}


def stored_game_tests(game: str, stored: dict[str, Any]) -> dict[str, Callable[..., None]]:
    """The tests that replay ``stored`` (``<game>/data/identical_games.json``), by name.

    A game's ``test_identical_games.py`` puts them in its namespace, so both games run
    the same checks: the stored games cover every option and seat kind; the engine, the
    live agents, the search's trusted path, equal actions rebuilt from JSON, a clone and a
    snapshot round trip at every step all play the stored games.
    """
    import pytest

    from hoteledu.core.mcts import _apply_fast

    games = stored["games"]
    live = [i for i, g in enumerate(games) if g["case"]["seats"] in ("random", "mcts")]

    def replay(index: int, **how: Any) -> None:
        assert_same_game(
            play_logged(games[index]["case"], games[index]["choices"], **how), games[index]
        )

    def test_the_games_cover_every_option_and_seat_kind() -> None:
        assert stored["made_by_commit"] == "9bad5ab"
        options = [g["case"]["options"] for g in games]
        assert {o["players"] for o in options} == set(PLAYERS[game])
        for name in OPTIONS[game]:
            assert len({o.get(name) for o in options}) > 1, name
        assert {g["case"]["seats"] for g in games} == {"random", "bots", "mcts"}
        assert sum(g["actions"] for g in games) > 4000

    @pytest.mark.parametrize("index", range(len(games)))
    def test_the_engine_plays_the_stored_game(index: int) -> None:
        replay(index)

    @pytest.mark.parametrize("index", live[::3])
    def test_the_agents_play_the_stored_game_again(index: int) -> None:
        """Random seats and the search (clones, determinisations, rollouts) choose as before."""
        assert_same_game(play_logged(games[index]["case"]), games[index])

    @pytest.mark.parametrize("index", range(0, len(games), 3))
    def test_the_trusted_path_plays_the_stored_game(index: int) -> None:
        """Actions taken from legal_actions, applied as the search applies them."""
        replay(index, apply=_apply_fast)

    @pytest.mark.parametrize("index", range(1, len(games), 4))
    def test_equal_actions_rebuilt_from_json_play_the_stored_game(index: int) -> None:
        """The public path with actions that are not the objects legal_actions handed out."""
        replay(index, apply=by_json)

    @pytest.mark.parametrize("index", range(2, len(games), 4))
    def test_a_clone_at_every_step_plays_the_stored_game(index: int) -> None:
        replay(index, fresh_copy=lambda s: s.clone())

    @pytest.mark.parametrize("index", range(3, len(games), 6))
    def test_a_snapshot_round_trip_at_every_step_plays_the_stored_game(index: int) -> None:
        replay(index, fresh_copy=snapshot_copy)

    return {name: value for name, value in locals().items() if name.startswith("test_")}


def main() -> None:
    """Write ``tests/<game>/data/identical_games.json``; run it only with commit 9bad5ab.

    ``PYTHONPATH=<the old tree> python tests/identical_games.py amsterdam``; the
    replay tests check today's engine against it: never re-run it to make them pass.
    """
    import subprocess
    import sys
    from pathlib import Path

    import hoteledu

    game = sys.argv[1]
    tree = Path(hoteledu.__file__).parents[1]
    commit = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    data = make_stored(game, commit)
    path = Path(__file__).parent / game / "data" / "identical_games.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    count = sum(g["actions"] for g in data["games"])
    print(f"{len(data['games'])} games, {count} actions, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
