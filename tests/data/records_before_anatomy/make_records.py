"""Write the records and saved states of ``tests/test_records_before_anatomy.py``.

Run once, from the code as it stood before the one-anatomy moves (commit
c6a900f), so the files are what saved games of that day look like:

    git worktree add /tmp/old c6a900f
    cd /tmp/old && PYTHONPATH=$PWD python <this file> <output folder>

Each case is one seeded game of random players: its whole record, its final
state's ``to_json()``, and saved states (``to_json()``) at a quarter, half and
three quarters of the game; in Grand Austria also the first state of these
games whose pending task list starts with each task kind (the task JSON that
saved games hold).
It also writes ``mcts_games.json``: the first actions of seeded games of the
apps' MCTS seats (their strength in iterations, no time budget) and of the
core and Boutique searches, so one search loop can replace the copies and
still play the same games.

Never re-run it from newer code: these files are the fixed point.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from hoteledu.core.agents import RandomAgent, make_rng
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.registry import load_game
from hoteledu.core.simulate import next_action, play

CASES = [
    ("amsterdam", {"players": 2}, 1),
    ("amsterdam", {"players": 3, "variant": "tactical", "layout": "shuffled"}, 2),
    ("amsterdam", {"players": 4, "dam_lead": "choose", "end_rule": "end_of_turn"}, 3),
    ("grand_austria", {"players": 2}, 4),
    ("grand_austria", {"players": 3, "staff_setup": "draft", "gizia": "extra_action"}, 5),
    ("grand_austria", {"players": 4, "staff_setup": "introductory", "money_cap": 20}, 6),
    ("boutique", {"players": 2}, 7),
    ("boutique", {"players": 3, "room_choice": "canonical", "shortfall": "per_day"}, 8),
    ("boutique", {"players": 4, "weeks": 1, "walkin_budget": "room_only"}, 9),
]


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    task_kinds_seen: set[str] = set()
    for game, options, seed in CASES:
        state = load_game(game, **options)
        agents = [RandomAgent(100 * seed + p, f"random {p}") for p in range(state.num_players)]
        record = play(state, agents, seed=seed)
        points = {len(record) // 4, len(record) // 2, 3 * len(record) // 4}
        replayed = record.initial_state()
        for index, action in enumerate(record.actions):
            kinds = [task[0] for task in replayed.to_snapshot().get("tasks", [])]
            if kinds and kinds[-1] not in task_kinds_seen:
                task_kinds_seen.add(kinds[-1])
                points.add(index)
            replayed.apply_action(action)
        saved = [{"at": k, "state": record.replay(k).to_json()} for k in sorted(points)]
        case = {
            "game": game,
            "options": options,
            "seed": seed,
            "record": record.to_json(),
            "final_state": state.to_json(),
            "saved_states": saved,
        }
        name = f"{game}_{state.num_players}p_seed{seed}.json"
        (folder / name).write_text(json.dumps(case, sort_keys=True) + "\n", encoding="utf-8")
        print(name, len(record), "actions,", len(saved), "saved states")
    write_mcts_games(folder)


# game, options, seats ("app:KIND:ITERATIONS" is the app's make_agent), seed, actions
MCTS_CASES = [
    ("amsterdam", {}, ["app:mcts:12", "app:greedy:0"], 1, 60),
    ("amsterdam", {"variant": "tactical"}, ["core:10", "core:7"], 2, 50),
    ("grand_austria", {}, ["app:mcts:6", "app:heuristic:0"], 3, 40),
    ("grand_austria", {}, ["app:mcts:5", "app:random:0", "core:4"], 4, 40),
    ("boutique", {"weeks": 1}, ["app:mcts:6", "app:peakload:0"], 5, 40),
    ("boutique", {"weeks": 1}, ["boutique:5", "app:mcts:4", "core:4"], 6, 40),
]


def _seat(game: str, spec: str, seed: int):
    kind, _, rest = spec.partition(":")
    if kind == "core":
        return MCTSAgent(int(rest), seed=seed)
    if kind == "boutique":
        from hoteledu.boutique.search import BoutiqueMCTS

        return BoutiqueMCTS(int(rest), seed=seed)
    bot, _, iterations = rest.partition(":")
    make_agent = importlib.import_module(f"hoteledu.{game}.app").make_agent
    return make_agent(bot, seed, int(iterations) or 10, None)


def write_mcts_games(folder: Path) -> None:
    games = []
    for game, options, seats, seed, steps in MCTS_CASES:
        agents = [_seat(game, spec, 10 * seed + p) for p, spec in enumerate(seats)]
        state = load_game(game, players=len(seats), **options)
        rng = make_rng(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(next_action(state, agents, rng))
        games.append(
            {
                "game": game,
                "options": {"players": len(seats), **options},
                "seats": seats,
                "seed": seed,
                "actions": [a.to_json() for a in state.history],
            }
        )
    text = json.dumps(games, sort_keys=True) + "\n"
    (folder / "mcts_games.json").write_text(text, encoding="utf-8")
    print("mcts_games.json", [len(g["actions"]) for g in games], "actions")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
