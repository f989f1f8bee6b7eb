"""Tournaments on any executor: identical results, streaming, a worker that dies."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fixture_game import KillOnceAgent

from hoteledu.core import RandomAgent
from hoteledu.core.tournament import iter_tournament, tournament

GAMES = 24


def _agents() -> list[RandomAgent]:
    return [RandomAgent(name="a"), RandomAgent(name="b")]


@pytest.fixture(scope="module")
def serial():
    return tournament("hidden_pig", _agents(), games=GAMES, seed=5, progress=False)


def test_any_executor_gives_the_serial_result(serial) -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = tournament(
            "hidden_pig", _agents(), games=GAMES, seed=5, progress=False, executor=pool
        )
    assert threaded == serial


def test_chunk_size_does_not_change_the_result(serial) -> None:
    for size in (1, 5, 100):
        result = tournament(
            "hidden_pig",
            _agents(),
            games=GAMES,
            seed=5,
            processes=2,
            progress=False,
            chunk_size=size,
        )
        assert result == serial, size


def test_iter_tournament_streams_games_in_order(serial) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        games = list(iter_tournament("hidden_pig", _agents(), games=GAMES, seed=5, executor=pool))
    assert [g.index for g in games] == list(range(GAMES))
    assert [g.returns for g in games] == serial.returns
    assert all(g.record is None for g in games)  # records only when asked for


def test_on_game_sees_every_game_with_its_record() -> None:
    seen = []
    result = tournament(
        "hidden_pig",
        _agents(),
        games=6,
        seed=2,
        progress=False,
        keep_records=True,
        on_game=seen.append,
    )
    assert [g.index for g in seen] == list(range(6))
    assert [g.record for g in seen] == result.records


def test_processes_and_executor_are_exclusive() -> None:
    with ThreadPoolExecutor() as pool, pytest.raises(ValueError, match="either processes"):
        tournament("hidden_pig", _agents(), games=2, processes=2, executor=pool)


def test_a_game_error_is_not_retried() -> None:
    class Broken(RandomAgent):
        def act(self, view):
            raise ZeroDivisionError("a bug in an agent")

        def reseeded(self, seed):
            return Broken(seed, self.name)

    with ThreadPoolExecutor() as pool, pytest.raises(ZeroDivisionError, match="a bug"):
        tournament("hidden_pig", [Broken(), RandomAgent()], games=4, progress=False, executor=pool)


def test_a_dead_worker_process_is_replaced_and_its_games_replayed(tmp_path: Path, serial) -> None:
    flag = tmp_path / "killed"
    agents = [KillOnceAgent(str(flag), os.getpid(), name="a"), RandomAgent(name="b")]
    result = tournament(
        "hidden_pig", agents, games=GAMES, seed=5, processes=2, progress=False, chunk_size=3
    )
    assert flag.exists(), "no worker died: the test did not test anything"
    assert result == serial


def test_a_dead_worker_without_retries_stops_the_tournament(tmp_path: Path) -> None:
    agents = [KillOnceAgent(str(tmp_path / "k"), os.getpid(), name="a"), RandomAgent(name="b")]
    with pytest.raises(Exception, match="process"):
        tournament("hidden_pig", agents, games=8, seed=5, processes=2, progress=False, retries=0)


def test_import_hoteledu_loads_no_process_pool_and_no_display_libraries() -> None:
    code = (
        "import sys, hoteledu; "
        "bad = [m for m in ('concurrent.futures.process', 'multiprocessing', 'tqdm', "
        "'plotly', 'ipywidgets', 'networkx') if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    # the lazy names still work
    code = (
        "import hoteledu; print(hoteledu.tournament.__name__, hoteledu.TournamentResult.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["tournament", "TournamentResult"]
