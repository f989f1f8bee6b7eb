"""The apps the generic tests run against: one factory per game's adapter.

To test another game's app with every test in ``tests/apps``, add its
factory to :data:`APP_FACTORIES`: ``make(seats, seed, board=None)`` returns a
:class:`hoteledu.apps.view.GameApp` (``threaded=False`` so bots answer at once; ``board``
as ``GameApp`` takes it, None for the default SVG board).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from hoteledu.apps.view import GameApp

sys.path.insert(0, str(Path(__file__).parent))  # app_helpers, for the test modules


def _amsterdam(seats: Sequence[str], seed: int, board: str | None = None) -> GameApp:
    from hoteledu.amsterdam.app import AmsterdamApp

    return AmsterdamApp(
        players=len(seats),
        seats=tuple(seats),
        seed=seed,
        mcts_iterations=20,
        threaded=False,
        board=board,
    )


def _grand_austria(seats: Sequence[str], seed: int, board: str | None = None) -> GameApp:
    from hoteledu.grand_austria.app import make_app

    return make_app(
        players=len(seats), seats=tuple(seats), seed=seed, strength=20, threaded=False, board=board
    )


def _boutique(seats: Sequence[str], seed: int, board: str | None = None) -> GameApp:
    from hoteledu.boutique.app import make_app

    return make_app(
        players=len(seats),
        seats=tuple(seats),
        seed=seed,
        mcts_iterations=10,
        threaded=False,
        board=board,
    )


APP_FACTORIES: dict[str, Callable[[Sequence[str], int], GameApp]] = {
    "amsterdam": _amsterdam,
    "grand_austria": _grand_austria,
    "boutique": _boutique,
}


@pytest.fixture(params=sorted(APP_FACTORIES))
def make_app(request) -> Callable[[Sequence[str], int], GameApp]:
    """``make_app(seats, seed)``: a fresh app of each game in turn."""
    return APP_FACTORIES[request.param]


@pytest.fixture(params=sorted(APP_FACTORIES))
def make_plotly_app(request) -> Callable[[Sequence[str], int], GameApp]:
    """``make_plotly_app(seats, seed)``: each game's app with its plotly board
    (``board="plotly"``; the default is the SVG board), for the plotly path's own tests."""
    factory = APP_FACTORIES[request.param]
    return lambda seats, seed: factory(seats, seed, board="plotly")
