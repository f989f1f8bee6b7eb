"""Speed of Boutique's learning dynamics and the pricing duel (budget: 50 ms behind a control).

Run ``.venv/bin/python benchmarks/bench_boutique_learning.py``: each call is
timed cold (first call) and warm (best of 5) and marked against the 50 ms
budget of anything a slider or button calls. Prints a table. Nothing here is
cached, so cold and warm differ only by imports and first-call set-up.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from _timing import cold_and_warm_ms

from hoteledu.boutique.analysis import learning
from hoteledu.boutique.figures import learning as figures
from hoteledu.boutique.widgets.duel_widget import DuelController, play_duel_week

BUDGET_MS = 50.0

_rng = np.random.default_rng(2026)
SIX = learning.normalised((_rng.normal(size=(6, 6)), _rng.normal(size=(6, 6))))
PENNIES = np.array([[1.0, -1.0], [-1.0, 1.0]])
_run = learning.fictitious_play(SIX, 1000)
_freq = _run.frequencies()


def _week_difference() -> object:
    """The lesson's week game (20 deals), built once on first use (bq-games' pricing_game)."""
    global _WEEK
    if _WEEK is None:
        from hoteledu.boutique.analysis.games import pricing_game

        _WEEK = pricing_game("week", samples=20, seed=2026).with_objective("difference")
    return _WEEK


_WEEK = None


def _duel_widget_play() -> object:
    from hoteledu.boutique.widgets.duel_widget import DuelWidget

    widget = DuelWidget(bot="premium", seed=0)
    widget.play_button.click()
    return widget


CALLS: dict[str, Callable[[], object]] = {
    "fictitious_play(6x6, 200 rounds)": lambda: learning.fictitious_play(SIX, 200),
    "fictitious_play(6x6, 1000 rounds)": lambda: learning.fictitious_play(SIX, 1000),
    "fictitious_play(6x6, 1000, random ties)": lambda: learning.fictitious_play(
        SIX, 1000, tie_rule="random", seed=1
    ),
    "replicator(6x6, ODE, t=50)": lambda: learning.replicator(SIX, time=50),
    "replicator(6x6, discrete, 200 steps)": lambda: learning.replicator(
        SIX, time=20, method="discrete", step=0.1
    ),
    "replicator(2x2, ODE, t=30)": lambda: learning.replicator(PENNIES, [0.8, 0.2], time=30),
    "exploitability(1000 profiles, 6x6)": lambda: learning.exploitability(SIX, *_freq),
    "best_response_path(6x6)": lambda: learning.best_response_path(SIX),
    "replicator_field(2x2, 11x11)": lambda: learning.replicator_field(PENNIES, 11),
    "frequency_figure(1000 rounds, 6 actions)": lambda: figures.frequency_figure(
        _freq[0], [str(k) for k in range(6)]
    ),
    "week game: fictitious_play(5000 rounds)": lambda: learning.fictitious_play(
        _week_difference(), 5000
    ),
    "week game: replicator(ODE, t=200)": lambda: learning.replicator(
        learning.normalised(_week_difference()), time=200
    ),
    "duel: play_duel_week (one engine week)": lambda: play_duel_week([3] * 7, 1, "premium", 0, 0),
    "duel: flat_price_scan (6 weeks)": lambda: DuelController("premium").flat_price_scan(),
    "duel widget: build + Play the week": _duel_widget_play,
}


def main() -> None:
    _week_difference()  # building the game is bq-games' cost, not the dynamics'
    print(f"{'call':<44} {'cold ms':>9} {'warm ms':>9}  budget {BUDGET_MS:.0f} ms")
    for name, call in CALLS.items():
        cold, warm = cold_and_warm_ms(call, (), repeat=5)
        verdict = "ok" if warm < BUDGET_MS else "over (not behind a slider)"
        print(f"{name:<44} {cold:9.1f} {warm:9.1f}  {verdict}")


if __name__ == "__main__":
    main()
