"""Games per second of one tournament: serial, hoteledu's process pool, a Dask cluster.

Run: ``python benchmarks/tournament_scaling.py [games]`` (needs the [dask] extra).
Plays the same seeded Grand Austria tournament (two random players) serially,
on hoteledu's own pool with 2 processes, and on a local Dask cluster with 1
and 2 worker processes, checks that every run gives the identical result, and
prints games/s. Cluster start-up is left out of the timing.
"""

from __future__ import annotations

import sys
import time

from hoteledu.core import RandomAgent
from hoteledu.core.tournament import tournament

GAME, SEED = "grand_austria", 11


def run(games: int, **how: object) -> tuple[float, object]:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    start = time.perf_counter()
    result = tournament(GAME, agents, games=games, seed=SEED, progress=False, **how)
    return games / (time.perf_counter() - start), result


def main(games: int = 200) -> None:
    from distributed import Client, LocalCluster

    rate, serial = run(games)
    print(f"{GAME}, {games} games: serial                {rate:6.1f} games/s")
    rate, pooled = run(games, processes=2)
    assert pooled == serial
    print(f"{GAME}, {games} games: own pool, 2 processes {rate:6.1f} games/s")
    for workers in (1, 2):
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as client,
        ):
            rate, on_dask = run(games, executor=client.get_executor())
            assert on_dask == serial
            print(f"{GAME}, {games} games: Dask, {workers} worker(s)      {rate:6.1f} games/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
