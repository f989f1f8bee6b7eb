"""Speed of the Hotel Amsterdam app: one widget action, from the click to the redrawn figure.

Run as a script for a table (``python benchmarks/bench_amsterdam_widget.py``)
or under pytest-benchmark (``pytest benchmarks/bench_amsterdam_widget.py
--benchmark-only -p no:randomly``). The target is under 100 ms per action.

Measured headless: the callback, the controller, the rules and the in-place
``FigureWidget`` update (``batch_update``) with no browser attached, so the
time to ship the change to a browser and let plotly.js redraw is not
included (see ``docs/amsterdam.md`` for a Voilà measurement).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import pytest

from hoteledu.amsterdam.widget import AmsterdamApp

pytestmark = pytest.mark.benchmark


def _app_at_hotel() -> AmsterdamApp:
    app = AmsterdamApp(players=2, seats=("human", "human"), seed=1)
    app.roll_button.click()
    return app


def cases() -> dict[str, tuple[Callable[[], AmsterdamApp], Callable[[AmsterdamApp], None]]]:
    """Name -> (make a fresh app in position, the one action to time)."""

    def illegal(app: AmsterdamApp) -> None:
        app.click_board("intersection", (9, 9))

    def build(app: AmsterdamApp) -> None:
        app.click_board("intersection", (3, 4))

    def button(app: AmsterdamApp) -> None:
        app.action_buttons[0].click()

    def overlay(app: AmsterdamApp) -> None:
        app.overlay_checkbox.value = not app.overlay_checkbox.value

    def replay(app: AmsterdamApp) -> None:
        app.replay_slider.value = 0 if app.replay_slider.value else app.replay_slider.max

    def roll(app: AmsterdamApp) -> None:
        app.roll_button.click()

    def fresh_roll() -> AmsterdamApp:
        return AmsterdamApp(players=2, seats=("human", "human"), seed=1)

    def with_bot() -> AmsterdamApp:
        app = AmsterdamApp(players=2, seats=("human", "greedy"), seed=1)
        app.roll_button.click()
        app.click_board("intersection", (3, 4))
        return app

    def bot_turn(app: AmsterdamApp) -> None:
        # finish the human turn: the greedy bot then plays its whole turn (autoplay)
        while app.controller.human_to_decide():
            app.action_buttons[0].click()

    return {
        "roll the dice (button)": (fresh_roll, roll),
        "build a hotel (board click)": (_app_at_hotel, build),
        "illegal click (rule message)": (_app_at_hotel, illegal),
        "legal-action button": (_app_at_hotel, button),
        "overlay toggle": (_app_at_hotel, overlay),
        "replay slider jump": (_app_at_hotel, replay),
        "end of turn + greedy bot turn": (with_bot, bot_turn),
    }


def measure(repeat: int = 30) -> dict[str, list[float]]:
    """Seconds per action, ``repeat`` times each, on a fresh app in position."""
    times: dict[str, list[float]] = {}
    for name, (make, action) in cases().items():
        samples = []
        for _ in range(repeat):
            app = make()
            start = time.perf_counter()
            action(app)
            samples.append(time.perf_counter() - start)
        times[name] = samples
    return times


@pytest.mark.parametrize("name", list(cases()))
def test_widget_action_speed(benchmark, name):
    make, action = cases()[name]
    benchmark.pedantic(action, setup=lambda: ((make(),), {}), rounds=20)
    assert benchmark.stats.stats.median < 0.1  # the target: under 100 ms


def main() -> None:
    start = time.perf_counter()
    AmsterdamApp(players=2, seats=("human", "human"), seed=0)
    print(f"first app (imports, FigureWidget): {1000 * (time.perf_counter() - start):.0f} ms")
    start = time.perf_counter()
    AmsterdamApp(players=2, seats=("human", "human"), seed=0)
    print(f"a further app: {1000 * (time.perf_counter() - start):.0f} ms\n")
    print(f"{'action':34} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for name, samples in measure().items():
        ms = sorted(1000 * s for s in samples)
        p90 = ms[int(0.9 * (len(ms) - 1))]
        print(f"{name:34} {statistics.median(ms):10.1f} {p90:8.1f} {ms[-1]:8.1f}")


if __name__ == "__main__":
    main()
