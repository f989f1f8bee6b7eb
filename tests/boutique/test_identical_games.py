"""Boutique Hotel Manager plays exactly the games the engine of commit 9bad5ab played.

``data/identical_games.json`` was written by ``tests/identical_games.py`` with
that commit (before the speed work of issue 23): 39 seeded games (random
seats, the game's bots, a short MCTS search; every player count and option
choice) with a digest per step of the legal actions in order (or the chance
outcomes) and the action taken, the position every 40 actions and the end.
A faster engine must offer the same actions in the same order at every
step, through the public path, the search's trusted path, an equal action
rebuilt from JSON, a clone and a snapshot round trip at every step.
"""

from __future__ import annotations

import json
from pathlib import Path

from identical_games import stored_game_tests

STORED = json.loads((Path(__file__).parent / "data" / "identical_games.json").read_text("utf-8"))
globals().update(stored_game_tests("boutique", STORED))
