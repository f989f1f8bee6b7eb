"""A tournament of Boutique's pricing bots, reported honestly (issue 19).

:func:`hoteledu.core.tournament.tournament` ranks agents by **wins**: a game
is won by the hotel with the most money among those still in (BHM-36), so a
hotel knocked out at 0 stars cannot win, however rich. Its mean *score* is
the engine's return: final money, but **-1 for a hotel knocked out**. That
score mixes two things, money and survival, so :func:`pair_result` replays
every game and reports them apart:

* win rate (shared wins split), with a Wilson interval;
* knock-outs of each bot (games it ended at 0 stars), with a Wilson interval;
* mean final **money** of each bot, knocked out or not, with a t interval
  (20 games are too few for a normal interval);
* the tournament score beside it, to show what the -1 does.

Several pairs are compared at once, so :func:`bonferroni_z` gives the
critical value that keeps the chance of *any* false separation at 5%.
Larger tournaments are computed once and stored
(``hoteledu/boutique/data/bot_tournament.json``, :func:`write_stored`);
``python -m hoteledu.boutique.analysis.bot_tournament`` recomputes them.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from hoteledu.boutique.bots import BOTS
from hoteledu.core.tournament import Z95, Interval, t_interval, tournament, wilson_interval

STORED_PATH = Path(__file__).resolve().parents[1] / "data" / "bot_tournament.json"
STORED_GAMES = 400
SEED = 2026


def bonferroni_z(comparisons: int, level: float = 0.05) -> float:
    """The normal critical value for ``comparisons`` two-sided tests at family level ``level``."""
    if comparisons < 1:
        raise ValueError(f"comparisons must be at least 1, got {comparisons}")
    return float(stats.norm.ppf(1 - level / (2 * comparisons)))


@dataclasses.dataclass(frozen=True)
class PairResult:
    """Per-game outcomes of one pair of bots (agent 0 is ``names[0]``)."""

    names: tuple[str, str]
    money: np.ndarray
    """games x 2: final money of each bot, knocked out or not."""
    out: np.ndarray
    """games x 2, bool: the bot ended the game at 0 stars (knocked out)."""
    wins: np.ndarray
    """games x 2: win share (1, 1/2 for a shared win, 0)."""
    score: np.ndarray
    """games x 2: the tournament's score (money, -1 when knocked out)."""

    @property
    def games(self) -> int:
        return len(self.money)

    def win_rate(self, z: float = Z95) -> Interval:
        """Share of games the first bot won, Wilson interval at the critical value ``z``."""
        return wilson_interval(float(self.wins[:, 0].sum()), self.games, z)

    def knockouts(self, agent: int, z: float = Z95) -> Interval:
        """Share of games ``agent`` ended at 0 stars, Wilson interval."""
        return wilson_interval(int(self.out[:, agent].sum()), self.games, z)

    def mean_money(self, agent: int) -> Interval:
        """Mean final money of ``agent`` (knocked out or not), 95% t interval."""
        return t_interval(self.money[:, agent])

    def mean_score(self, agent: int) -> Interval:
        """Mean tournament score of ``agent`` (-1 when knocked out), 95% t interval."""
        return t_interval(self.score[:, agent])

    def first(self, games: int) -> PairResult:
        """The first ``games`` games (the same games a tournament of that size plays)."""
        if not 1 <= games <= self.games:
            raise ValueError(f"ask for 1 to {self.games} games, got {games}")
        return PairResult(
            self.names,
            self.money[:games],
            self.out[:games],
            self.wins[:games],
            self.score[:games],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "money": self.money.astype(int).tolist(),
            "out": self.out.astype(int).tolist(),
            "wins": self.wins.tolist(),
            "score": self.score.tolist(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PairResult:
        try:
            names = (str(data["names"][0]), str(data["names"][1]))
            arrays = [np.array(data[k], dtype=float) for k in ("money", "out", "wins", "score")]
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise ValueError(f"a stored bot pair is malformed: {error}") from error
        if any(a.ndim != 2 or a.shape[1] != 2 or len(a) != len(arrays[0]) for a in arrays):
            raise ValueError("a stored bot pair needs games x 2 arrays of one length")
        money, out, wins, score = arrays
        return cls(names, money, out.astype(bool), wins, score)


def pair_result(first: str, second: str, games: int = 20, seed: int = SEED) -> PairResult:
    """Play ``games`` seeded two-week games of two bots (seats swapped every game), replayed."""
    for name in (first, second):
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; choose from {sorted(BOTS)}")
    result = tournament(
        "boutique",
        [BOTS[first](), BOTS[second]()],
        games=games,
        seed=seed,
        keep_records=True,
        progress=False,
    )
    assert result.records is not None
    money = np.zeros((games, 2))
    out = np.zeros((games, 2), dtype=bool)
    for i, (record, seating) in enumerate(zip(result.records, result.seats, strict=True)):
        final: Any = record.replay()
        for seat, agent in enumerate(seating):
            money[i, agent] = final.money[seat]
            out[i, agent] = final.eliminated_week[seat] is not None
    return PairResult(
        (first, second), money, out, np.array(result.utilities), np.array(result.returns)
    )


def all_pairs(games: int = 20, seed: int = SEED) -> list[PairResult]:
    """Every pair of the shipped bots, in the order of ``itertools.combinations(BOTS, 2)``."""
    return [pair_result(a, b, games, seed) for a, b in itertools.combinations(BOTS, 2)]


@lru_cache(maxsize=1)
def load_stored(path: Path = STORED_PATH) -> tuple[PairResult, ...]:
    """The stored large tournament (``STORED_GAMES`` games per pair)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("pairs"), list):
        raise ValueError("the stored tournament needs a list 'pairs'")
    return tuple(PairResult.from_json(p) for p in data["pairs"])


def write_stored(path: Path = STORED_PATH, games: int = STORED_GAMES, seed: int = SEED) -> None:
    """Play and store every pair (a few minutes)."""
    pairs = all_pairs(games, seed)
    data = {"games": games, "seed": seed, "pairs": [p.to_json() for p in pairs]}
    Path(path).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_stored()
