"""Default chunk sizes against the old ones, on a local Dask cluster of 2 worker processes.

Run: ``python benchmarks/tournament_chunks.py`` (needs the [dask] extra). Plays
the same seeded Grand Austria tournament (two random players) serially, on the
cluster with the chunk size of the old default (1/8 of a worker's share, 4
workers assumed for any Dask cluster) and with today's default
(:func:`~hoteledu.core.tournament.default_chunk_size`), checks the results are
identical and prints games/s and the speed-up over the serial run.
"""

from __future__ import annotations

import time

from hoteledu.core import RandomAgent
from hoteledu.core.tournament import TournamentResult, tournament

GAME, SEED = "grand_austria", 11
OLD_CHUNKS = {200: 6, 1000: 31}  # max(1, min(64, games // (4 * 8)))


def run(games: int, **how: object) -> tuple[float, TournamentResult]:
    agents = [RandomAgent(name="a"), RandomAgent(name="b")]
    start = time.perf_counter()
    result = tournament(GAME, agents, games=games, seed=SEED, progress=False, **how)
    return games / (time.perf_counter() - start), result


def main(repetitions: int = 2) -> None:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        run(20, executor=client)  # the workers import hoteledu once, outside the timing
        for games, old in OLD_CHUNKS.items():
            for _ in range(repetitions):
                serial_rate, serial = run(games)
                old_rate, with_old = run(games, executor=client, chunk_size=old)
                new_rate, with_new = run(games, executor=client)
                assert with_old == serial == with_new
                print(
                    f"{games} games: serial {serial_rate:.1f}/s; old chunks of {old} "
                    f"{old_rate:.1f}/s ({old_rate / serial_rate:.2f}x); default "
                    f"{new_rate:.1f}/s ({new_rate / serial_rate:.2f}x)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
