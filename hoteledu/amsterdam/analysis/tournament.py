"""The bot matches of lesson 5b, with exact intervals that fit a handful of games.

A few games give a win count, not a win rate: 4 wins in 4 games is what a bot
that wins half its games does once in 16 tries. The interval for a handful of
games is the exact (Clopper-Pearson) one, which keeps its 95% for every true
rate; the Wilson interval, right for hundreds of games, claims more than 4
games can show (it puts 4 of 4 above 0.51, the exact interval above 0.40).

:data:`LARGER_SAMPLE` is where the lesson's larger tournament is stored
(played once by ``python -m hoteledu.amsterdam.analysis.tournament``, checked
by ``tests/amsterdam/test_lesson_claims_5b.py`` with ``HOTELEDU_SLOW_CLAIMS=1``).

Examples
--------
>>> low, high = exact_interval(4, 4)
>>> round(low, 3), high
(0.398, 1.0)
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from scipy.stats import beta

LESSON_OPTIONS = {"variant": "tactical", "layout": "shuffled", "target": 6}
"""Shuffled cities (a new layout every game) played to 6 tourists."""

LARGER_SAMPLE = Path(__file__).with_name("lesson5b_tournament.json")


def exact_interval(wins: float, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Clopper-Pearson interval for a win rate from ``wins`` of ``games``.

    A shared win counts a fraction; the interval then runs from the low end
    for the wins rounded down to the high end for the wins rounded up.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if not 0 <= wins <= games:
        raise ValueError(f"wins must lie in 0..{games}, got {wins}")
    tail = (1 - confidence) / 2
    below, above = math.floor(wins + 1e-9), math.ceil(wins - 1e-9)
    low = 0.0 if below == 0 else float(beta.ppf(tail, below, games - below + 1))
    high = 1.0 if above == games else float(beta.ppf(1 - tail, above + 1, games - above))
    return low, high


def lesson_bots() -> dict[str, list[Any]]:
    """The three pairings of lesson 5b, each a fresh [bot under test, opponent]."""
    from hoteledu.amsterdam.bots import GreedyAgent
    from hoteledu.amsterdam.search import MinimaxAgent
    from hoteledu.core.agents import RandomAgent

    return {
        "two decisions deep against random": [MinimaxAgent(depth=2), RandomAgent()],
        "two decisions deep against greedy": [MinimaxAgent(depth=2), GreedyAgent()],
        "whole turn against greedy": [MinimaxAgent(turns=1, hotel_sites=1), GreedyAgent()],
    }


def play_match(pairing: str, games: int, seed: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play one pairing of :func:`lesson_bots` with seats rotating; plain data.

    Returns
    -------
    dict
        ``pairing``, ``games``, ``seed``, ``wins`` (of the bot under test; a
        shared win counts 1/k), ``low``/``high`` (the exact 95% interval) and
        ``scores`` (per game, the bot's then its opponent's final score).
    """
    from hoteledu.core.tournament import tournament

    bots = lesson_bots()[pairing]
    result = tournament(
        "amsterdam", bots, games=games, seed=seed, options=LESSON_OPTIONS, progress=progress
    )
    wins = float(result.wins()[0])
    low, high = exact_interval(wins, games)
    return {
        "pairing": pairing,
        "games": games,
        "seed": seed,
        "wins": wins,
        "low": low,
        "high": high,
        "scores": [[int(x) for x in r] for r in result.returns],
    }


def load_larger_sample(path: Path = LARGER_SAMPLE) -> dict[str, dict[str, Any]]:
    """The stored larger tournament: ``pairing -> play_match(...)`` result."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {match["pairing"]: match for match in data["matches"]}


LARGER_GAMES = {
    "two decisions deep against random": 200,
    "two decisions deep against greedy": 200,
    "whole turn against greedy": 100,
}
"""Games per pairing in the stored larger tournament (seed 2, not the lesson's seed 1)."""


def main() -> None:  # pragma: no cover - a few minutes of play, run by hand
    matches = [play_match(p, n, seed=2, progress=True) for p, n in LARGER_GAMES.items()]
    text = json.dumps({"options": LESSON_OPTIONS, "matches": matches}, indent=1)
    LARGER_SAMPLE.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {LARGER_SAMPLE}")


if __name__ == "__main__":
    main()
