"""Tournaments on a Dask cluster (the [dask] extra): identical results, a killed worker."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fixture_game import KillOnceAgent

from hoteledu.core import RandomAgent
from hoteledu.core.tournament import tournament

distributed = pytest.importorskip("distributed", reason="the [dask] extra is not installed")

GAMES = 40


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def _agents() -> list[RandomAgent]:
    return [RandomAgent(name="a"), RandomAgent(name="b")]


def test_dask_executor_gives_the_serial_result(client) -> None:
    serial = tournament("amsterdam", _agents(), games=GAMES, seed=3, progress=False)
    on_dask = tournament(
        "amsterdam", _agents(), games=GAMES, seed=3, progress=False, executor=client.get_executor()
    )
    assert on_dask == serial
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_killed_dask_worker_loses_no_game(client, tmp_path: Path) -> None:
    serial = tournament("hidden_pig", _agents(), games=GAMES, seed=8, progress=False)
    flag = tmp_path / "killed"
    agents = [KillOnceAgent(str(flag), os.getpid(), name="a"), RandomAgent(name="b")]
    on_dask = tournament(
        "hidden_pig",
        agents,
        games=GAMES,
        seed=8,
        progress=False,
        executor=client.get_executor(),
        chunk_size=4,
    )
    assert flag.exists(), "no worker died: the test did not test anything"
    assert on_dask == serial
