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
Never re-run it from newer code: these files are the fixed point.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hoteledu.core.agents import RandomAgent
from hoteledu.core.registry import load_game
from hoteledu.core.simulate import play

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


if __name__ == "__main__":
    main(Path(sys.argv[1]))
