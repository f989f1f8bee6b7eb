"""Write saved_games.json: seeded random games and mid-game saved states.

Run once with the code of commit aae24c6 (before the one-anatomy moves and the
typed tasks); test_saved_games.py checks that today's code replays them to
equal states. Do not re-run it to make that test pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import hoteledu
from hoteledu.core.agents import RandomAgent
from hoteledu.core.records import GameRecord
from hoteledu.core.simulate import next_action

OPTIONS = {
    "staff_setup": ("deal", "draft", "introductory"),
    "gizia": ("extra_turn", "extra_action"),
    "money_cap": (None, 20),
    "additional_actions": ("after_die", "any_time"),
    "emperor_penalty": ("choice", "first"),
    "impossible_die_action": ("refuse", "allow"),
    "checker": ("die_taken", "per_die"),
}
GAMES = 30
MID_POINTS = (0.25, 0.5, 0.8)


def game_options(index: int) -> dict:
    options = {"players": 2 + index % 3}
    for k, (name, choices) in enumerate(OPTIONS.items()):
        options[name] = choices[(index // (k + 1)) % len(choices)]
    return options


def main() -> None:
    games = []
    for index in range(GAMES):
        options = game_options(index)
        state = hoteledu.load_game("grand_austria", **options)
        rng = np.random.default_rng(1000 + index)
        agents = [RandomAgent(2000 + 10 * index + p) for p in range(options["players"])]
        while not state.is_terminal():
            state.apply_action(next_action(state, agents, rng))
        record = GameRecord.from_state(state)
        mids = []
        for fraction in MID_POINTS:
            at = int(len(record) * fraction)
            mid = record.replay(at)
            mids.append(
                {
                    "at": at,
                    "saved": mid.to_json(),
                    "current_player": mid.current_player(),
                    "legal": [a.to_json() for a in mid.legal_actions()],
                    "text": mid.render_text(),
                    "observation": mid.observation(0),
                }
            )
        games.append({"record": record.to_json(), "final": state.to_snapshot(), "mids": mids})
    out = Path(__file__).with_name("saved_games.json")
    out.write_text(json.dumps({"games": games}, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main()
