"""Tournaments: many seeded games between agents, with confidence intervals.

Every game gets its own random stream, ``SeedSequence(seed).spawn(games)[i]``,
split again into one stream for chance and one per agent. So game ``i`` plays
the same way whether it runs first or last, in one process or in eight, and
the result of a tournament depends only on its seed.

Seats rotate when ``rotate_seats`` is true: game ``i`` seats agent ``k`` at
seat ``(k + i) mod n``. Results are reported per *agent*, mapped back from the
seats; :meth:`TournamentResult.seat_win_rates` shows the advantage of a seat.

The progress bar is ``tqdm.auto``, imported only when a tournament runs with
``progress=True``: importing hoteledu never imports tqdm or ipywidgets.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from hoteledu.core.agents import Agent
from hoteledu.core.records import GameRecord
from hoteledu.core.registry import GameInfo, game_info, register_game
from hoteledu.core.simulate import play

__all__ = ["Interval", "TournamentResult", "tournament", "wilson_interval"]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal: a 95% two-sided interval."""


# ------------------------------------------------------------- intervals
@dataclasses.dataclass(frozen=True)
class Interval:
    """An estimate with a confidence interval.

    Attributes
    ----------
    estimate : float
        The point estimate (a win rate or a mean score).
    low, high : float
        The ends of the interval.
    n : int
        The number of games behind it.
    method : str
        How the interval was computed ("wilson" or "normal").
    confidence : float
        The confidence level, 0.95.
    """

    estimate: float
    low: float
    high: float
    n: int
    method: str
    confidence: float = 0.95

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (ends included)."""
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson_interval(successes: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval for a proportion (Wilson 1927).

    Unlike the normal interval ``p ± z·sqrt(p(1-p)/n)`` it stays inside
    [0, 1] and does not collapse to a point at 0 or n successes.
    ``successes`` may be fractional (shared wins count 1/k); a win share has
    at most the variance of a 0/1 win with the same mean, so the interval
    stays conservative.

    Examples
    --------
    >>> interval = wilson_interval(50, 100)
    >>> round(interval.low, 3), round(interval.high, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0, 0, "wilson")
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), n, "wilson")


def normal_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """Mean with the normal interval ``mean ± z · s / sqrt(n)`` (sample sd ``s``)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0, "normal")
    data = np.asarray(values, dtype=float)
    mean = float(data.mean())
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1, "normal")
    half = z * float(data.std(ddof=1)) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n, "normal")


# ---------------------------------------------------------------- result
@dataclasses.dataclass
class TournamentResult:
    """What happened in a tournament, per game and per agent; plain data.

    Attributes
    ----------
    game : str
        The registered game name.
    options : dict
        The game options.
    agent_names : list of str
        One name per agent, in the order the agents were given.
    seed : int or list of int
        The entropy of the root ``SeedSequence``: rerunning with it repeats
        the tournament exactly.
    seats : list of list of int
        ``seats[i][s]`` is the agent who sat at seat ``s`` in game ``i``.
    returns : list of list of float
        ``returns[i][k]``: agent ``k``'s final score in game ``i``.
    utilities : list of list of float
        ``utilities[i][k]``: agent ``k``'s win share in game ``i`` (1 for a
        sole win, 1/k each in a k-way shared win, else 0).
    winners : list of list of int
        The winning agents of each game.
    lengths : list of int
        The number of actions (chance outcomes included) of each game.
    records : list of GameRecord or None
        The games themselves, with ``keep_records=True``.
    elapsed : float
        Wall-clock seconds (not compared by ``==``).
    """

    game: str
    options: dict[str, Any]
    agent_names: list[str]
    seed: int | list[int]
    seats: list[list[int]]
    returns: list[list[float]]
    utilities: list[list[float]]
    winners: list[list[int]]
    lengths: list[int]
    records: list[GameRecord] | None = None
    elapsed: float = dataclasses.field(default=0.0, compare=False)

    @property
    def num_games(self) -> int:
        return len(self.returns)

    @property
    def num_agents(self) -> int:
        return len(self.agent_names)

    def wins(self) -> list[float]:
        """Games won per agent; a k-way shared win counts 1/k. Sums to the games."""
        return [sum(u[k] for u in self.utilities) for k in range(self.num_agents)]

    def win_rate(self, agent: int | str) -> Interval:
        """Share of games won by ``agent`` with a 95% Wilson score interval."""
        k = self._index(agent)
        return wilson_interval(self.wins()[k], self.num_games)

    def mean_score(self, agent: int | str) -> Interval:
        """Mean final score of ``agent`` with a 95% normal interval (mean ± 1.96 s/√n)."""
        k = self._index(agent)
        return normal_interval([r[k] for r in self.returns])

    def seat_win_rates(self) -> list[Interval]:
        """Win rate of each *seat*, whoever sat there: the advantage of moving first."""
        seats = len(self.seats[0]) if self.seats else 0
        shares = [0.0] * seats
        for seating, utility in zip(self.seats, self.utilities, strict=True):
            for seat, agent in enumerate(seating):
                shares[seat] += utility[agent]
        return [wilson_interval(s, self.num_games) for s in shares]

    def _index(self, agent: int | str) -> int:
        if isinstance(agent, str):
            if self.agent_names.count(agent) != 1:
                raise ValueError(
                    f"name agents uniquely to look them up by name; names: {self.agent_names}"
                )
            return self.agent_names.index(agent)
        if not 0 <= agent < self.num_agents:
            raise ValueError(f"there are {self.num_agents} agents, not agent {agent}")
        return agent

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per agent: wins, win rate with CI, mean score with CI."""
        rows = []
        wins = self.wins()
        for k, name in enumerate(self.agent_names):
            rate, score = self.win_rate(k), self.mean_score(k)
            rows.append(
                {
                    "agent": name,
                    "games": self.num_games,
                    "wins": wins[k],
                    "win_rate": rate.estimate,
                    "win_rate_low": rate.low,
                    "win_rate_high": rate.high,
                    "mean_score": score.estimate,
                    "mean_score_low": score.low,
                    "mean_score_high": score.high,
                }
            )
        return rows

    def table(self) -> str:
        """A text table: one line per agent, 95% intervals in brackets."""
        rows = self.rows()
        width = max([len("agent")] + [len(r["agent"]) for r in rows])
        lines = [
            f"{self.game}: {self.num_games} games, seed {self.seed}",
            f"{'agent':<{width}}  {'wins':>7}  {'win rate [95% CI]':<22}  mean score [95% CI]",
        ]
        for r in rows:
            rate = f"{r['win_rate']:.3f} [{r['win_rate_low']:.3f}, {r['win_rate_high']:.3f}]"
            score = f"{r['mean_score']:.2f} [{r['mean_score_low']:.2f}, {r['mean_score_high']:.2f}]"
            lines.append(f"{r['agent']:<{width}}  {r['wins']:>7.2f}  {rate:<22}  {score}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (records included when kept)."""
        data = {
            field.name: getattr(self, field.name)
            for field in dataclasses.fields(self)
            if field.name != "records"
        }
        data["records"] = None if self.records is None else [r.to_json() for r in self.records]
        return data

    def to_json_str(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> TournamentResult:
        """Rebuild a result saved by :meth:`to_json`."""
        if isinstance(data, str):
            data = json.loads(data)
        assert isinstance(data, Mapping)
        fields = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in fields}
        if values.get("records") is not None:
            values["records"] = [GameRecord.from_json(r, verify=False) for r in values["records"]]
        return cls(**values)


# ------------------------------------------------------------ the games
@dataclasses.dataclass(frozen=True)
class _Setup:
    """Everything a worker needs; sent once per worker process."""

    info: GameInfo
    options: dict[str, Any]
    agents: tuple[Agent, ...]
    rotate_seats: bool
    keep_records: bool
    max_actions: int


@dataclasses.dataclass(frozen=True)
class _Outcome:
    seats: list[int]
    returns: list[float]
    utilities: list[float]
    winners: list[int]
    length: int
    record: GameRecord | None


_WORKER_SETUP: _Setup | None = None


def _init_worker(setup: _Setup) -> None:
    # Games registered at run time (test fixtures, a lesson's own game) are
    # registered again here, so records and load_game work in the worker.
    global _WORKER_SETUP
    register_game(setup.info, replace=True)
    _WORKER_SETUP = setup


def _play_in_worker(job: tuple[int, np.random.SeedSequence]) -> _Outcome:
    assert _WORKER_SETUP is not None, "the worker was not initialised"
    return _play_game(_WORKER_SETUP, *job)


def _play_game(setup: _Setup, index: int, stream: np.random.SeedSequence) -> _Outcome:
    """Play game ``index`` from its own seed stream; results per agent."""
    n = len(setup.agents)
    chance_seed, *agent_seeds = stream.spawn(1 + n)
    # seats[s] = agent at seat s; agent k sits at (k + index) mod n.
    seats = [0] * n
    for k in range(n):
        seats[(k + index) % n if setup.rotate_seats else k] = k
    seated = [setup.agents[k].reseeded(agent_seeds[k]) for k in seats]
    state = setup.info.load(**setup.options)
    record = play(
        state, seated, seed=np.random.default_rng(chance_seed), max_actions=setup.max_actions
    )
    seat_of = {k: s for s, k in enumerate(seats)}
    returns = [float(x) for x in state.returns()]
    utilities = state.utilities()
    return _Outcome(
        seats=seats,
        returns=[returns[seat_of[k]] for k in range(n)],
        utilities=[float(utilities[seat_of[k]]) for k in range(n)],
        winners=sorted(seats[s] for s in state.winners()),
        length=len(state.history),
        record=record if setup.keep_records else None,
    )


def tournament(
    game: str,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int | np.random.SeedSequence | None = 0,
    processes: int = 1,
    options: dict[str, Any] | None = None,
    rotate_seats: bool = True,
    progress: bool = True,
    *,
    keep_records: bool = False,
    max_actions: int = 1_000_000,
) -> TournamentResult:
    """Play ``games`` seeded games between ``agents`` and summarise them.

    Parameters
    ----------
    game : str
        A registered game name (see ``list_games()``).
    agents : sequence of Agent
        One agent per seat; each is ``reseeded`` afresh for every game.
    games : int
        Number of games.
    seed : int, SeedSequence or None
        Root seed; ``None`` draws fresh entropy (recorded in the result).
    processes : int
        Worker processes; the result is the same for any number.
    options : dict, optional
        Game options (defaults filled in).
    rotate_seats : bool
        Game ``i`` seats agent ``k`` at seat ``(k + i) mod n``.
    progress : bool
        Show a ``tqdm.auto`` progress bar (a widget in notebooks).
    keep_records : bool
        Keep every game's :class:`GameRecord` in the result.
    max_actions : int
        Safety bound on the length of one game.

    Returns
    -------
    TournamentResult
        Per-game returns and winners, per-agent wins with 95% intervals.

    Examples
    --------
    >>> from hoteledu.core.tournament import tournament
    >>> callable(tournament)
    True
    """
    if games < 0:
        raise ValueError(f"the number of games must be at least 0, got {games}")
    if processes < 1:
        raise ValueError(f"processes must be at least 1, got {processes}")
    info = game_info(game)
    resolved = info.resolve_options(options or {})
    probe = info.load(**resolved)
    if len(agents) != probe.num_players:
        raise ValueError(
            f"{game} with these options has {probe.num_players} players "
            f"but {len(agents)} agents were given"
        )
    if isinstance(seed, np.random.SeedSequence):
        # A copy: spawning from the caller's own sequence would change it.
        root = np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key)
    else:
        root = np.random.SeedSequence(seed)
    streams = root.spawn(games)
    setup = _Setup(info, resolved, tuple(agents), rotate_seats, keep_records, max_actions)

    bar = None
    if progress:
        from tqdm.auto import tqdm  # lazy: a widget in notebooks, text elsewhere

        bar = tqdm(total=games, desc=f"{game} tournament", unit="game")
    start = time.perf_counter()
    outcomes: list[_Outcome] = []
    try:
        if processes == 1 or games <= 1:
            for index, stream in enumerate(streams):
                outcomes.append(_play_game(setup, index, stream))
                if bar is not None:
                    bar.update(1)
        else:
            chunk = max(1, games // (processes * 8))
            with ProcessPoolExecutor(
                max_workers=processes, initializer=_init_worker, initargs=(setup,)
            ) as pool:
                # map() yields in game order whatever order the games finish in.
                for outcome in pool.map(_play_in_worker, enumerate(streams), chunksize=chunk):
                    outcomes.append(outcome)
                    if bar is not None:
                        bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start

    entropy = root.entropy
    return TournamentResult(
        game=game,
        options=resolved,
        agent_names=[a.name for a in agents],
        seed=list(entropy) if isinstance(entropy, Sequence) else int(entropy or 0),
        seats=[o.seats for o in outcomes],
        returns=[o.returns for o in outcomes],
        utilities=[o.utilities for o in outcomes],
        winners=[o.winners for o in outcomes],
        lengths=[o.length for o in outcomes],
        records=[o.record for o in outcomes if o.record is not None] if keep_records else None,
        elapsed=elapsed,
    )
