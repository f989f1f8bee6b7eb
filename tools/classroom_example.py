"""Write notebooks/classroom/example_session.json: a SIMULATED class session, seeded.

Run: ``.venv/bin/python tools/classroom_example.py``. 24 simulated students
play three rounds of the one-booking pricing game through the real store
(join, submit, close) in a temporary database, and the session's export is
written out. Their choices are drawn from a seeded generator that starts high
and drifts down round by round, the pattern classroom Bertrand experiments
usually report; they are not real students' data, and the lesson says so.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np

from hoteledu.classroom.store import Store

OUT = Path(__file__).resolve().parents[1] / "notebooks" / "classroom" / "example_session.json"
NAMES = [
    "Ada",
    "Ben",
    "Chloe",
    "Dev",
    "Emil",
    "Fatima",
    "Gus",
    "Hana",
    "Ivo",
    "Jun",
    "Kofi",
    "Lena",
    "Mia",
    "Noor",
    "Oskar",
    "Pia",
    "Quinn",
    "Rosa",
    "Sami",
    "Tess",
    "Uma",
    "Viktor",
    "Wen",
    "Yara",
]
ROUND_WEIGHTS = [
    [0.04, 0.08, 0.22, 0.30, 0.22, 0.14],  # round 1: most start in the middle or high
    [0.08, 0.20, 0.34, 0.22, 0.10, 0.06],
    [0.20, 0.38, 0.26, 0.10, 0.04, 0.02],  # round 3: undercutting has set in
]
SEEDS = [4711, 815, 2026]


def main() -> None:
    rng = np.random.default_rng(13)
    with tempfile.TemporaryDirectory() as root:
        store = Store(Path(root) / "example.sqlite3")
        code = store.create_session("pricing").code
        players = [store.join(code, name) for name in NAMES]
        for weights, seed in zip(ROUND_WEIGHTS, SEEDS, strict=True):
            store.open_round(code, seed=seed)
            for player in players:
                store.submit(player, str(int(rng.choice(6, p=weights)) + 1))
            store.close_round(code)
        data = store.export(code)
        store.close()
    # fixed times and code: the file does not change when it is regenerated
    data["session"]["code"] = "DEMO1"
    data["session"]["created"] = 0.0
    data["simulated"] = "seeded simulation (tools/classroom_example.py), not real students"
    for number, round_ in enumerate(data["rounds"], 1):
        round_["opened"], round_["closed"] = 600.0 * number, 600.0 * number + 300
        for k, sub in enumerate(round_["submissions"]):
            sub["submitted"] = 600.0 * number + 10 + k
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
