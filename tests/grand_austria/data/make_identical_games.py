"""Write identical_games.json: the games of ``tests/ga_identical_games.py``.

Run once with the engine of commit 49a0ddf (before the speed work of issue 23):
``PYTHONPATH=$PWD python tests/grand_austria/data/make_identical_games.py``.
test_identical_games.py checks that today's engine plays the same games. Do
not re-run it to make that test pass.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2]))  # tests/, for ga_identical_games

from ga_identical_games import cases, play_logged


def main() -> None:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    games = []
    for case in cases():
        game = play_logged(case)
        del game["texts"]
        games.append(game)
    data = {"made_by_commit": commit, "games": games}
    path = Path(__file__).parent / "identical_games.json"
    path.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"{len(games)} games, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
