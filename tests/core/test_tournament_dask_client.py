"""A Dask ``Client`` itself is an executor for tournaments, and chunks are sized
from the workers and the games. A light cluster: threads in this process."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from hoteledu.core import RandomAgent
from hoteledu.core.tournament import default_chunk_size, iter_tournament, tournament

distributed = pytest.importorskip("distributed", reason="the [dask] extra is not installed")

GAMES = 24


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def _agents() -> list[RandomAgent]:
    return [RandomAgent(name="a"), RandomAgent(name="b")]


def test_a_dask_client_itself_gives_the_serial_result(client) -> None:
    serial = tournament("hidden_pig", _agents(), games=GAMES, seed=4, progress=False)
    on_client = tournament(
        "hidden_pig", _agents(), games=GAMES, seed=4, progress=False, executor=client
    )
    assert on_client == serial
    streamed = list(iter_tournament("hidden_pig", _agents(), games=GAMES, seed=4, executor=client))
    assert [game.returns for game in streamed] == serial.returns


def test_the_workers_of_a_dask_cluster_are_counted(client) -> None:
    from hoteledu.core.tournament import _worker_count

    assert _worker_count(client.get_executor()) == 2
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert _worker_count(pool) == 3


class CountingPool(ThreadPoolExecutor):
    """A thread pool that notes how many games each submitted chunk holds."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers)
        self.chunk_lengths: list[int] = []

    def submit(self, fn, /, *args, **kwargs):
        self.chunk_lengths.append(len(args[1]))
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize(("games", "workers", "size"), [(200, 2, 25), (40, 5, 2), (3, 4, 1)])
def test_chunks_are_sized_from_the_workers_and_the_games(games, workers, size) -> None:
    assert default_chunk_size(games, workers) == size
    with CountingPool(workers) as pool:
        tournament("hidden_pig", _agents(), games=games, seed=1, progress=False, executor=pool)
    assert max(pool.chunk_lengths) == size
    assert sum(pool.chunk_lengths) == games


def test_the_largest_default_chunk_is_64_games() -> None:
    assert default_chunk_size(100_000, 2) == 64


def test_something_that_is_no_executor_is_refused_with_what_to_pass() -> None:
    with pytest.raises(TypeError, match=r"concurrent.futures.Executor .* dask.distributed.Client"):
        tournament("hidden_pig", _agents(), games=2, progress=False, executor=object())
