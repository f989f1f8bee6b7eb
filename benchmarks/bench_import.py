"""How long ``import hoteledu`` takes beside ``import numpy``, measured side by side.

Run: ``python benchmarks/bench_import.py [rounds]``. Each round starts two fresh
interpreters, one importing numpy and one importing hoteledu (which imports
numpy itself), in alternating order, and times the import inside each, so
interpreter start-up is left out and a busy machine slows both alike. Prints
the medians (wall and CPU) and their ratio; the goal is a ratio of at most 1.3.

Bytecode: numpy's wheel ships compiled ``.pyc`` files, while an editable
install of hoteledu compiles its sources at the first import and caches them
in ``__pycache__``, unless ``PYTHONDONTWRITEBYTECODE`` is set (as on this
project's machines), when every import compiles afresh. So the benchmark runs
both ways: "cached" (a private ``PYTHONPYCACHEPREFIX``, warmed once, like any
normal install after its first import) and "no cache" (the environment as
given).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile

TIMER = (
    "import time; w = time.perf_counter(); c = time.process_time(); import {module}; "
    "print(time.perf_counter() - w, time.process_time() - c)"
)


def import_seconds(module: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of ``import module`` in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", TIMER.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def compare(rounds: int, env: dict[str, str], label: str) -> None:
    times: dict[str, list[tuple[float, float]]] = {"numpy": [], "hoteledu": []}
    for round_number in range(rounds):
        order = ("numpy", "hoteledu") if round_number % 2 == 0 else ("hoteledu", "numpy")
        for module in order:
            times[module].append(import_seconds(module, env))
    for kind, column in (("wall", 0), ("cpu", 1)):
        numpy_ms = statistics.median(t[column] for t in times["numpy"]) * 1000
        hoteledu_ms = statistics.median(t[column] for t in times["hoteledu"]) * 1000
        print(
            f"{label:<9} {kind:<4} import numpy {numpy_ms:5.0f} ms, "
            f"import hoteledu {hoteledu_ms:5.0f} ms, ratio {hoteledu_ms / numpy_ms:.2f}"
        )


def main(rounds: int = 21) -> None:
    print(f"{rounds} rounds each, medians")
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        import_seconds("hoteledu", env)  # warm the cache once
        compare(rounds, env, "cached")
    env = dict(os.environ)
    env.pop("PYTHONPYCACHEPREFIX", None)
    compare(rounds, env, "no cache" if env.get("PYTHONDONTWRITEBYTECODE") else "as given")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
