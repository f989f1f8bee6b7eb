"""Engine speed, today's code against an older commit, side by side in one run (issue 23).

Each measurement runs in its own process with one tree first on PYTHONPATH
(today's working tree, or the old commit unpacked by ``git archive`` into a
temporary folder), the two alternating, same seeds, same games. Figures are
CPU seconds of that process (``time.process_time``); the best of the repeats
is quoted, with the median, and the load average is printed before and after.
Each side prints a digest of the games' scores and of the search's choices:
equal digests say the two trees played the same games.

- ``play``: random games through ``play()`` (public ``apply_action``, checked).
- ``playout``: a random playout as the search runs it on each tree. The old
  tree's rollouts are a loop over the protocol (``legal_actions``, each choice
  drawn by ``rng.integers``, the trusted application of ``hoteledu.core.mcts``);
  where the tree's ``State`` has ``random_playout`` (detected with ``hasattr``,
  so the worker still runs on the old tree) the rollouts call it, and so does
  the worker: the game's own loop, drawing the same numbers from the same
  generator (read in blocks, :mod:`hoteledu.core.draws`). Equal digests say
  both sides played the same games.
- ``rollout``: the same playouts as the search's iterations run them: each
  from a copy of a new game made before timing (an iteration copies its
  determinisation), all from one generator (the search's own), so without the
  new game and the new generator (about 45 us) that ``playout`` counts per game.
- ``loop``: the old tree's rollout loop over the protocol on both trees (what
  ``playout`` measured before ``random_playout``): the engine's protocol calls
  with the loop's own costs.
- ``bare``: the same loop with each choice drawn as ``int(rng.random() * n)``
  (0.5 us against ``rng.integers``' 1.6 us; other games, as many on both
  sides): nearer the engine's own speed, since the loop's draws, the new game
  and its generator (about 30 + 45 us) cost the same on both sides.
- ``engine``: the engine's own calls in the games of ``playout`` (played
  untimed first, then replayed: a new game, ``is_terminal``,
  ``is_chance_node``, ``legal_actions``, the trusted application), with no
  random draws: the engine's share of a playout.
- ``mcts``: ``MCTSAgent`` iterations per CPU second from set positions.

Run: ``python benchmarks/bench_engine_speed.py [game ...] [--old COMMIT] [--repeat 3]``
(``game``: grand_austria, amsterdam, boutique, or several; each is compared
with the commit before its speed work, ``OLD``, unless ``--old`` names
another; outside the test run).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).resolve().parent / "_engine_worker.py"
SIZES = {  # games for play and playout, iterations per search
    "grand_austria": (60, 200),
    "amsterdam": (300, 400),
    "boutique": (100, 200),
}
OLD = {"grand_austria": "49a0ddf", "amsterdam": "9bad5ab", "boutique": "9bad5ab"}
"""Each game's code before its speed work of issue 23."""
KINDS = ("play", "playout", "rollout", "loop", "bare", "engine", "mcts")


def unpack(commit: str, into: Path) -> Path:
    """The package ``hoteledu`` of ``commit``, unpacked into ``into``."""
    archive = into / "old.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "-o", str(archive), commit, "hoteledu"], check=True
    )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into


def run_side(tree: Path, args: list[str]) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, str(WORKER), *args],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    if not out["hoteledu"].startswith(str(tree)):
        raise RuntimeError(f"the worker imported {out['hoteledu']}, not the tree {tree}")
    return out


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help=f"one or more of {', '.join(sorted(SIZES))}")
    parser.add_argument("--old", help="the commit to compare with (default: the game's OLD)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", choices=KINDS, action="append")
    options = parser.parse_args()
    unknown = sorted(set(options.game) - set(SIZES))
    if unknown:
        parser.error(f"no game {unknown[0]!r}; the games are {', '.join(sorted(SIZES))}")
    print(f"machine: {machine()}; load average before: {load()}")
    for game in options.game or ["grand_austria"]:
        compare(game, options.old or OLD[game], options.players, options.repeat, options.only)
    print(f"load average after: {load()}")


def compare(game: str, old: str, players: int, repeat: int, only: list[str] | None) -> None:
    """Print each kind's rates, old and new, alternating processes ``repeat`` times."""
    games, iterations = SIZES[game]
    kinds = only or list(KINDS)
    print(f"{game}, {players} players; today {ROOT} against {old}; load {load()}")
    with tempfile.TemporaryDirectory() as temp:
        old_tree = unpack(old, Path(temp))
        for kind in kinds:
            args = [game, str(players), str(games), str(iterations), kind]
            rates: dict[str, list[float]] = {"old": [], "new": []}
            digests: dict[str, set[str]] = {"old": set(), "new": set()}
            for _ in range(repeat):
                for side, tree in (("old", old_tree), ("new", ROOT)):
                    out = run_side(tree, args)
                    rates[side].append(out["count"] / out["seconds"])
                    digests[side].add(out["digest"])
            unit = "iterations" if kind == "mcts" else "games"
            best = {side: max(r) for side, r in rates.items()}
            median = {side: statistics.median(r) for side, r in rates.items()}
            same = digests["old"] == digests["new"] and len(digests["old"]) == 1
            print(
                f"{kind:8s} {unit} per CPU second: old {best['old']:8.1f} "
                f"(median {median['old']:.1f}), new {best['new']:8.1f} "
                f"(median {median['new']:.1f}); ratio {best['new'] / best['old']:.2f} "
                f"(medians {median['new'] / median['old']:.2f}); "
                f"same games: {'yes' if same else 'NO ' + str(digests)}; load {load()}"
            )


if __name__ == "__main__":
    main()
