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
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import numpy as np

from hoteledu.core.agents import Agent
from hoteledu.core.records import GameRecord
from hoteledu.core.registry import GameInfo, game_info, register_game
from hoteledu.core.simulate import play

__all__ = [
    "GameOutcome",
    "Interval",
    "TournamentResult",
    "default_chunk_size",
    "iter_tournament",
    "t_interval",
    "t_quantile",
    "tournament",
    "wilson_interval",
]

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


def t_quantile(df: int, confidence: float = 0.95) -> float:
    """The two-sided ``confidence`` quantile of Student's t with ``df`` degrees of freedom."""
    # scipy comes with nashpy; imported here so importing a tournament stays light
    from scipy import stats

    return float(stats.t.ppf(0.5 + confidence / 2, df))


def t_interval(values: Sequence[float] | np.ndarray, confidence: float = 0.95) -> Interval:
    """The mean with Student's t interval ``mean ± t(n-1) s / sqrt(n)``.

    For a mean of few games, where the normal interval is too narrow.

    Examples
    --------
    >>> interval = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> round(interval.low, 2), round(interval.high, 2)
    (0.45, 4.55)
    """
    data = np.asarray(values, dtype=float).ravel()
    n = int(data.size)
    if n < 2:
        raise ValueError(f"a t interval needs at least 2 values, got {n}")
    mean = float(data.mean())
    half = t_quantile(n - 1, confidence) * float(data.std(ddof=1)) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n, "t", confidence)


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
class GameOutcome:
    """One game of a tournament, per agent (agent ``k`` sat at seat ``seats.index(k)``)."""

    index: int
    seats: list[int]
    returns: list[float]
    utilities: list[float]
    winners: list[int]
    length: int
    record: GameRecord | None


def _play_chunk(setup: _Setup, jobs: list[tuple[int, np.random.SeedSequence]]) -> list[GameOutcome]:
    """Play a few games in a worker (a process of the pool, or a Dask worker)."""
    # Games registered at run time (test fixtures, a lesson's own game) are
    # registered again here, so records and load_game work in the worker.
    register_game(setup.info, replace=True)
    return [_play_game(setup, index, stream) for index, stream in jobs]


def _play_game(setup: _Setup, index: int, stream: np.random.SeedSequence) -> GameOutcome:
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
    return GameOutcome(
        index=index,
        seats=seats,
        returns=[returns[seat_of[k]] for k in range(n)],
        utilities=[float(utilities[seat_of[k]]) for k in range(n)],
        winners=sorted(seats[s] for s in state.winners()),
        length=len(state.history),
        record=record if setup.keep_records else None,
    )


# Errors that mean a worker was lost, not that a game went wrong: the games of
# a lost worker are played again from the same seeds.
_WORKER_LOSS = ("BrokenProcessPool", "BrokenExecutor", "KilledWorker", "CommClosedError")


def _is_worker_loss(error: BaseException) -> bool:
    return any(cls.__name__ in _WORKER_LOSS for cls in type(error).__mro__)


def _setup_for(
    game: str,
    agents: Sequence[Agent],
    options: dict[str, Any] | None,
    rotate_seats: bool,
    keep_records: bool,
    max_actions: int,
) -> _Setup:
    info = game_info(game)
    resolved = info.resolve_options(options or {})
    probe = info.load(**resolved)
    if len(agents) != probe.num_players:
        raise ValueError(
            f"{game} with these options has {probe.num_players} players "
            f"but {len(agents)} agents were given"
        )
    return _Setup(info, resolved, tuple(agents), rotate_seats, keep_records, max_actions)


def _root_sequence(seed: int | np.random.SeedSequence | None) -> np.random.SeedSequence:
    if isinstance(seed, np.random.SeedSequence):
        # A copy: spawning from the caller's own sequence would change it.
        return np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key)
    return np.random.SeedSequence(seed)


def _as_executor(executor: Any) -> Executor | None:
    """``executor`` as a ``concurrent.futures.Executor``; a Dask ``Client`` is accepted as is.

    A Client's own futures are not ``concurrent.futures`` futures (waiting on
    them failed with ``'Future' object has no attribute '_condition'``), so the
    games run on ``client.get_executor()``, whose futures are.
    """
    if executor is None or isinstance(executor, Executor):
        return executor
    get_executor = getattr(executor, "get_executor", None)
    if callable(get_executor):
        converted = get_executor()
        if isinstance(converted, Executor):
            return converted
    raise TypeError(
        "executor must be a concurrent.futures.Executor (ProcessPoolExecutor, "
        "ThreadPoolExecutor, a Dask client's get_executor()) or a dask.distributed.Client, "
        f"not {type(executor).__name__}"
    )


def _worker_count(executor: Executor) -> int:
    """How many chunks can run at once: a pool's workers, a Dask cluster's threads."""
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            threads = sum(nthreads().values())
        except Exception:  # a cluster that cannot answer: fall back to a guess
            threads = 0
        if threads > 0:
            return int(threads)
    workers = getattr(executor, "_max_workers", None)
    return int(workers) if isinstance(workers, int) and workers > 0 else 4


CHUNKS_PER_WORKER = 4
"""Chunks each worker gets when ``chunk_size`` is left out: enough to balance the
load as workers finish unevenly, few enough that a Dask task's fixed cost (a few
ms to send the agents and the results) stays small beside its games."""
MAX_CHUNK = 64
"""Largest default chunk: the games of a lost worker are played again, a chunk at a time."""


def default_chunk_size(games: int, workers: int) -> int:
    """Games per chunk: ``games / (workers x 4)``, between 1 and 64.

    Examples
    --------
    >>> default_chunk_size(200, 2), default_chunk_size(1000, 2), default_chunk_size(5, 4)
    (25, 64, 1)
    """
    return max(1, min(MAX_CHUNK, math.ceil(games / (max(1, workers) * CHUNKS_PER_WORKER))))


def _check_counts(games: int, processes: int, executor: Executor | None) -> None:
    if games < 0:
        raise ValueError(f"the number of games must be at least 0, got {games}")
    if processes < 1:
        raise ValueError(f"processes must be at least 1, got {processes}")
    if executor is not None and processes != 1:
        raise ValueError("give either processes (hoteledu's own process pool) or an executor")


def _jobs(
    root: np.random.SeedSequence, games: int, first: int
) -> list[tuple[int, np.random.SeedSequence]]:
    """Games ``first`` to ``first + games - 1``: each index with its own stream."""
    if not isinstance(first, int) or first < 0:
        raise ValueError(f"first is a game index (0 or more), not {first!r}")
    return list(enumerate(root.spawn(first + games)[first:], start=first))


def _outcomes(
    setup: _Setup,
    jobs: list[tuple[int, np.random.SeedSequence]],
    processes: int,
    executor: Executor | None,
    chunk_size: int | None,
    retries: int,
    bar: Any,
) -> Iterator[GameOutcome]:
    """Play the games (index, stream); yield them in game order, whatever order they finish in."""
    if executor is None and (processes == 1 or len(jobs) <= 1):
        for index, stream in jobs:
            yield _play_game(setup, index, stream)
            if bar is not None:
                bar.update(1)
        return

    workers = processes if executor is None else _worker_count(executor)
    size = chunk_size or default_chunk_size(len(jobs), workers)
    chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
    window = max(2, 2 * workers)  # chunks in flight: memory stays bounded
    own_pool = executor is None

    def new_pool() -> Executor:
        from concurrent.futures import ProcessPoolExecutor  # lazy: about 90 ms

        return ProcessPoolExecutor(max_workers=processes)

    pool = new_pool() if own_pool else executor
    assert pool is not None
    pending: dict[int, Future[list[GameOutcome]]] = {}
    tries = [0] * len(chunks)
    done: dict[int, list[GameOutcome]] = {}
    next_submit, next_yield = 0, 0

    def submit(number: int) -> None:
        try:
            pending[number] = pool.submit(_play_chunk, setup, chunks[number])
        except RuntimeError as error:  # a broken executor refuses new work
            raise RuntimeError(
                f"the executor refused the tournament's games ({error}); a "
                "ProcessPoolExecutor cannot replace a dead worker: use processes=N "
                "(hoteledu restarts its own pool) or a Dask client's executor"
            ) from error

    try:
        from concurrent.futures import FIRST_COMPLETED, wait

        while next_yield < len(chunks):
            while next_submit < len(chunks) and len(pending) < window:
                submit(next_submit)
                next_submit += 1
            finished, _ = wait(pending.values(), return_when=FIRST_COMPLETED)
            lost = []
            for number, future in list(pending.items()):
                if future not in finished:
                    continue
                error = future.exception()
                if error is None:
                    done[number] = future.result()
                    del pending[number]
                    if bar is not None:
                        bar.update(len(chunks[number]))
                elif _is_worker_loss(error) and tries[number] < retries:
                    lost.append(number)
                else:
                    raise error
            if lost:
                if own_pool:
                    # A dead process breaks the whole pool: start a new one and
                    # play every unfinished chunk again from its own seeds.
                    pool.shutdown(wait=False, cancel_futures=True)
                    pool = new_pool()
                    lost = sorted(set(lost) | set(pending))
                for number in lost:
                    tries[number] += 1
                    pending.pop(number, None)
                    submit(number)
            while next_yield in done:
                yield from done.pop(next_yield)
                next_yield += 1
    finally:
        for future in pending.values():
            future.cancel()
        if own_pool:
            pool.shutdown(wait=True, cancel_futures=True)


def iter_tournament(
    game: str,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int | np.random.SeedSequence | None = 0,
    processes: int = 1,
    options: dict[str, Any] | None = None,
    rotate_seats: bool = True,
    progress: bool = False,
    *,
    executor: Executor | Any | None = None,
    keep_records: bool = False,
    max_actions: int = 1_000_000,
    chunk_size: int | None = None,
    retries: int = 2,
    first: int = 0,
) -> Iterator[GameOutcome]:
    """The games of :func:`tournament`, one :class:`GameOutcome` at a time, in game order.

    Nothing but the games in flight is held in memory, so a tournament of a
    million games (with their records, ``keep_records=True``) can be written to
    disk as it runs. The arguments are those of :func:`tournament`.
    """
    executor = _as_executor(executor)
    _check_counts(games, processes, executor)
    setup = _setup_for(game, agents, options, rotate_seats, keep_records, max_actions)
    jobs = _jobs(_root_sequence(seed), games, first)
    bar = None
    if progress:
        from tqdm.auto import tqdm  # lazy: a widget in notebooks, text elsewhere

        bar = tqdm(total=games, desc=f"{game} tournament", unit="game")
    try:
        yield from _outcomes(setup, jobs, processes, executor, chunk_size, retries, bar)
    finally:
        if bar is not None:
            bar.close()


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
    executor: Executor | Any | None = None,
    keep_records: bool = False,
    on_game: Callable[[GameOutcome], None] | None = None,
    max_actions: int = 1_000_000,
    chunk_size: int | None = None,
    retries: int = 2,
    first: int = 0,
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
        Worker processes of hoteledu's own pool; the result is the same for
        any number. A worker process that dies is replaced and its games are
        played again from the same seeds.
    options : dict, optional
        Game options (defaults filled in).
    rotate_seats : bool
        Game ``i`` seats agent ``k`` at seat ``(k + i) mod n``.
    progress : bool
        Show a ``tqdm.auto`` progress bar (a widget in notebooks).
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Run the games on any executor instead of hoteledu's own pool: a
        ``ThreadPoolExecutor``, a ``ProcessPoolExecutor``, or a Dask cluster
        (its ``Client`` itself or ``client.get_executor()``). The result is
        identical to the serial run for the same seed.
    keep_records : bool
        Keep every game's :class:`GameRecord` in the result.
    on_game : callable, optional
        Called with each :class:`GameOutcome` in game order as it finishes
        (with its record when ``keep_records`` is true): stream games to disk.
    max_actions : int
        Safety bound on the length of one game.
    chunk_size : int, optional
        Games sent to a worker at once; by default :func:`default_chunk_size`
        of the games and the workers (a pool's workers, a Dask cluster's threads).
    retries : int
        How often the games of a lost worker are played again before the
        tournament gives up.
    first : int
        The index of the first game: games ``first`` to ``first + games - 1``
        of the seed's sequence, each exactly as in a run from game 0 (its
        stream and its seats), so a longer tournament can be continued.

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
    executor = _as_executor(executor)
    _check_counts(games, processes, executor)
    setup = _setup_for(game, agents, options, rotate_seats, keep_records, max_actions)
    root = _root_sequence(seed)
    jobs = _jobs(root, games, first)

    bar = None
    if progress:
        from tqdm.auto import tqdm  # lazy: a widget in notebooks, text elsewhere

        bar = tqdm(total=games, desc=f"{game} tournament", unit="game")
    start = time.perf_counter()
    seats, returns, utilities, winners, lengths = [], [], [], [], []
    records: list[GameRecord] = []
    try:
        for outcome in _outcomes(setup, jobs, processes, executor, chunk_size, retries, bar):
            seats.append(outcome.seats)
            returns.append(outcome.returns)
            utilities.append(outcome.utilities)
            winners.append(outcome.winners)
            lengths.append(outcome.length)
            if outcome.record is not None:
                records.append(outcome.record)
            if on_game is not None:
                on_game(outcome)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start

    entropy = root.entropy
    return TournamentResult(
        game=game,
        options=setup.options,
        agent_names=[a.name for a in agents],
        seed=list(entropy) if isinstance(entropy, Sequence) else int(entropy or 0),
        seats=seats,
        returns=returns,
        utilities=utilities,
        winners=winners,
        lengths=lengths,
        records=records if keep_records else None,
        elapsed=elapsed,
    )
