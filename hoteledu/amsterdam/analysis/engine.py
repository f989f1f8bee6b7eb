"""Seeded simulations of whole games with the rules engine, beside the exact results.

Games are played with :func:`hoteledu.core.simulate.play` (the one place where
chance is drawn); every game gets its own seeds from ``SeedSequence.spawn``, so
results do not depend on how many games run or in what order. What happened
to the tourists is read back by *replaying* each game record and comparing
the tourist counts before and after every action; the engine needs no hooks.

A game may end before a given turn (a player reached the target, or the
supply ran out): its tourists then stay where they were, so "after ``t``
turns" means "after ``t`` turns, or at the end of a game that ended sooner".
Every estimate here has a 95% normal band (mean +- 1.96 standard errors).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hoteledu.amsterdam.analysis.tourists import CITY_TILES, TileEstimate
from hoteledu.amsterdam.board import DAM, INTERSECTIONS
from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent, PlayerView, RandomAgent
from hoteledu.core.records import GameRecord
from hoteledu.core.registry import load_game
from hoteledu.core.simulate import play

SeedLike = int | np.random.SeedSequence | None


class BoatOnlyAgent:
    """Places hotels and walks the pawns at random but never turns a tile or leads from the Dam.

    With it the tourists move only by boat, so the engine's counts follow the
    exact boat model of :mod:`hoteledu.amsterdam.analysis.tourists`.
    """

    def __init__(self, seed: int | np.random.Generator | None = None, name: str = "boat only"):
        self.name = name
        self.rng = np.random.default_rng(seed)

    def act(self, view: PlayerView) -> Action:
        actions = view.legal_actions()
        skips = [a for a in actions if type(a).__name__ == "Skip"]
        if skips:
            return skips[0]
        return actions[int(self.rng.integers(len(actions)))]

    def reseeded(self, seed: Any) -> BoatOnlyAgent:
        return BoatOnlyAgent(seed, self.name)


def _agents_for(
    agents: Sequence[Agent] | None, players: int, seeds: list[np.random.SeedSequence]
) -> list[Agent]:
    if agents is None:
        return [RandomAgent(s) for s in seeds]
    if len(agents) != players:
        raise ValueError(f"the game has {players} players but {len(agents)} agents were given")
    return [a.reseeded(s) for a, s in zip(agents, seeds, strict=True)]


def play_games(
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    *,
    state_factory: Any = None,
    **options: Any,
) -> list[GameRecord]:
    """Play ``games`` seeded games of Hotel Amsterdam and return their records.

    Parameters
    ----------
    games : int
        Number of games.
    seed : int or SeedSequence
        Root seed; game ``g`` uses the ``g``-th spawned child (dice, then one per agent).
    agents : sequence of agents or None
        One prototype per player, reseeded for every game; default random agents.
    state_factory : callable or None
        Builds the initial state from the options (default: ``load_game("amsterdam", ...)``).
    **options
        Game options (``players``, ``target``, ``pickup_on_departure``, ...).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    records = []
    for child in root.spawn(games):
        state = (state_factory or _load)(**options)
        dice_seed, *agent_seeds = child.spawn(1 + state.num_players)
        players = _agents_for(agents, state.num_players, agent_seeds)
        records.append(play(state, players, seed=dice_seed))
    return records


def _load(**options: Any):
    return load_game("amsterdam", **options)


# ------------------------------------------------------------ replaying games
@dataclasses.dataclass(frozen=True)
class TouristMove:
    """Tourists moved by one action: ``count`` from ``source`` to ``target``.

    ``kind`` is ``"boat"`` (source ``"boat"``), ``"chase"`` (source the turned
    tile) or ``"dam lead"`` (source the Dam); places are tiles ``(row, col)``.
    ``function`` is the function the tourists visit at the target (``"Dam"``
    for the Dam) and ``source_function`` the one they left (``"boat"`` or ``"Dam"``).
    ``alternatives`` (chases only, else None) is how many *other* building
    tiles showed the chased function once the tile was turned: 0 sends the
    group to the Dam (AMS-21).
    """

    game: int
    turn: int
    kind: str
    source: Any
    target: tuple[int, int]
    count: int
    source_function: str
    function: str
    alternatives: int | None = None


def _function_namer(state: Any) -> Any:
    """A function ``place -> name`` of what each place shows *now* (a snapshot of the sides)."""
    from hoteledu.amsterdam.tiles import DAY_FUNCTION, FUNCTIONS, NIGHT_FUNCTION

    tile_at, day_up = list(state.tile_at), list(state.day_up)

    def name(place: int) -> str:
        if place >= len(day_up):
            return "Dam"
        tile = tile_at[place]
        return FUNCTIONS[DAY_FUNCTION[tile] if day_up[place] else NIGHT_FUNCTION[tile]]

    return name


def replay_counts_and_moves(
    record: GameRecord, game: int = 0
) -> tuple[np.ndarray, list[TouristMove]]:
    """Replay one record: tourists per city tile after each turn, and every tourist move.

    Returns
    -------
    counts : numpy.ndarray
        ``(turns + 1) x 25`` integers: row ``t`` is the tourists on each city
        tile (:data:`CITY_TILES` order) after ``t`` turns.
    moves : list of TouristMove
        In the order they happened.
    """
    state = record.initial_state()
    rows = [list(state.tourists)]
    moves: list[TouristMove] = []
    pending: tuple[int, str, int] | None = None  # a chased group waiting for the player's choice
    turn = 0
    for action in record.actions:
        kind = type(action).__name__
        before = list(state.tourists)
        functions_before = _function_namer(state)
        sides_before = list(state.day_up)
        if kind in ("RollDice", "MoveBoat"):
            if turn > 0:
                rows.append(list(state.tourists))
            turn += 1
        state.apply_action(action)
        diff = [a - b for a, b in zip(state.tourists, before, strict=True)]
        gains = [(p, d) for p, d in enumerate(diff) if d > 0]
        losses = [p for p, d in enumerate(diff) if d < 0]
        if kind in ("RollDice", "MoveBoat"):
            for p, d in gains:
                moves.append(
                    TouristMove(
                        game, turn, "boat", "boat", CITY_TILES[p], d, "boat", functions_before(p)
                    )
                )
        elif kind == "TurnTile":
            source = losses[0] if losses else None
            if source is not None:
                alternatives = _alternatives(state, source, sides_before[source])
                if gains:
                    p, d = gains[0]
                    target_function = "Dam" if CITY_TILES[p] == DAM else functions_before(source)
                    moves.append(
                        TouristMove(
                            game,
                            turn,
                            "chase",
                            CITY_TILES[source],
                            CITY_TILES[p],
                            d,
                            functions_before(source),
                            target_function,
                            alternatives,
                        )
                    )
                else:
                    pending = (source, functions_before(source), alternatives)
        elif kind == "ChaseTo" and pending is not None:
            source, function, alternatives = pending
            p, d = gains[0]
            moves.append(
                TouristMove(
                    game,
                    turn,
                    "chase",
                    CITY_TILES[source],
                    CITY_TILES[p],
                    d,
                    function,
                    function,
                    alternatives,
                )
            )
            pending = None
        elif kind == "DamLead":
            p, d = gains[0]
            moves.append(
                TouristMove(
                    game, turn, "dam lead", DAM, CITY_TILES[p], d, "Dam", functions_before(p)
                )
            )
    rows.append(list(state.tourists))
    return np.array(rows, dtype=np.int64), moves


def _alternatives(state: Any, source: int, was_day_up: bool) -> int:
    """Places other than ``source`` that show the function ``source`` showed before turning."""
    from hoteledu.amsterdam.tiles import DAY_FUNCTION, NIGHT_FUNCTION

    tile = state.tile_at[source]
    function = DAY_FUNCTION[tile] if was_day_up else NIGHT_FUNCTION[tile]
    return sum(
        1
        for place in range(len(state.day_up))
        if place != source and state.shown_function(place) == function
    )


def _counts_at(counts: np.ndarray, turns: int) -> np.ndarray:
    # A game that ended sooner keeps its final counts.
    return counts[min(turns, len(counts) - 1)]


# ---------------------------------------------------- tourists per tile
def simulate_tourists_per_tile(
    turns: int,
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    **options: Any,
) -> TileEstimate:
    """Tourists on each city tile after ``turns`` turns of real games (pawns included).

    Returns
    -------
    TileEstimate
        Per-game counts with 95% bands; compare with the exact boat model
        (:func:`~hoteledu.amsterdam.analysis.tourists.expected_tourists_per_tile`),
        which ignores the Mayor and the Nightwatchman. With
        :class:`BoatOnlyAgent` players the two agree.
    """
    if turns < 0:
        raise ValueError(f"turns must be at least 0, got {turns}")
    samples = []
    ended_early = 0
    for g, record in enumerate(play_games(games, seed, agents, **options)):
        counts, _ = replay_counts_and_moves(record, g)
        ended_early += len(counts) - 1 < turns
        samples.append(_counts_at(counts, turns))
    return TileEstimate(CITY_TILES, np.array(samples), ended_early)


def simulate_site_values(
    turns: int,
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    **options: Any,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """6 x 6 arrays (mean, low, high): tourists around each intersection after ``turns`` turns."""
    return simulate_tourists_per_tile(turns, games, seed, agents, **options).site_band()


# ------------------------------------------------------------------- flows
@dataclasses.dataclass(frozen=True)
class Flows:
    """Every tourist move of a set of simulated games, ready for a Sankey diagram."""

    moves: tuple[TouristMove, ...]
    games: int

    def totals(self, level: str = "function") -> dict[tuple[str, str], int]:
        """``(source, target) -> tourists`` summed over all games.

        ``level``: ``"kind"`` (boat / chase / dam lead -> day, night or Dam),
        ``"function"`` (boat, a function or the Dam -> a function or the Dam;
        a chase keeps its function, so it shows as ``(f, f)``, or ``(f, "Dam")``)
        or ``"tile"`` (boat or a tile -> a tile). The mapping is what
        :func:`hoteledu.amsterdam.figures.tourists.tourist_sankey` draws, sources on the
        left and targets on the right (so ``(f, f)`` is no loop).
        """
        from hoteledu.amsterdam.tiles import DAY_FUNCTIONS

        def side(function: str) -> str:
            if function == "Dam":
                return "Dam"
            return "day" if function in DAY_FUNCTIONS else "night"

        out: Counter[tuple[str, str]] = Counter()
        for m in self.moves:
            if level == "kind":
                key = (m.kind, side(m.function))
            elif level == "function":
                key = (m.source_function, m.function)
            elif level == "tile":
                key = (str(m.source), str(m.target))
            else:
                raise ValueError(f"level must be 'kind', 'function' or 'tile', not {level!r}")
            out[key] += m.count
        return dict(out)

    def sankey(self, level: str = "function") -> dict[str, list]:
        """Plain Sankey data: ``labels`` and parallel lists ``source``, ``target``, ``value``.

        Sources and targets are separate nodes (sources first), so a name
        that is both (the Dam, a function) makes no loop.
        """
        totals = self.totals(level)
        sources = list(dict.fromkeys(s for s, _ in totals))
        targets = list(dict.fromkeys(t for _, t in totals))
        return {
            "labels": sources + targets,
            "source": [sources.index(s) for s, _ in totals],
            "target": [len(sources) + targets.index(t) for _, t in totals],
            "value": list(totals.values()),
        }

    def by_kind(self) -> dict[str, float]:
        """Mean tourists moved per game by the boat, by chases and from the Dam."""
        counts: Counter[str] = Counter()
        for m in self.moves:
            counts[m.kind] += m.count
        return {k: counts[k] / self.games for k in ("boat", "chase", "dam lead")}

    def by_kind_band(self) -> dict[str, tuple[float, float, float]]:
        """Per game ``(mean, low, high)``, a 95% normal band over the games.

        Keys: ``"boat"``, ``"chase"``, ``"dam lead"`` (tourists moved each
        way) and ``"left on the Dam"`` (chased to the Dam minus led out).
        """
        per_game = np.zeros((self.games, 4))
        for m in self.moves:
            column = ("boat", "chase", "dam lead").index(m.kind)
            per_game[m.game, column] += m.count
            if m.kind == "chase" and m.target == DAM:
                per_game[m.game, 3] += m.count
            elif m.kind == "dam lead":
                per_game[m.game, 3] -= m.count
        out = {}
        for column, name in enumerate(("boat", "chase", "dam lead", "left on the Dam")):
            values = per_game[:, column]
            mean = float(values.mean())
            half = 1.96 * float(values.std(ddof=1)) / np.sqrt(self.games) if self.games > 1 else 0
            out[name] = (mean, mean - half, mean + half)
        return out


def tourist_flows(
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    **options: Any,
) -> Flows:
    """Play seeded games and collect every tourist move (boat, chase, Dam lead).

    Examples
    --------
    >>> flows = tourist_flows(5, seed=1)
    >>> sorted(flows.by_kind())
    ['boat', 'chase', 'dam lead']
    >>> sum(m.count for m in flows.moves if m.kind == "boat") <= 5 * 26
    True
    """
    moves: list[TouristMove] = []
    for g, record in enumerate(play_games(games, seed, agents, **options)):
        moves.extend(replay_counts_and_moves(record, g)[1])
    return Flows(tuple(moves), games)


def chase_overflow(flows: Flows) -> dict[str, Any]:
    """How often a chase overflows to the Dam: per chase and per tourist.

    Returns
    -------
    dict
        ``"chases"`` and ``"to_dam"`` (chases, i.e. chased groups),
        ``"share"`` (of chases that go to the Dam) with a 95% band
        ``"low"``/``"high"`` (a ratio estimator with games as clusters: the
        chases of one game are not independent), ``"tourists"`` and
        ``"tourists_to_dam"`` (the same counted in tourists) with
        ``"tourist_share"`` ``(share, low, high)``, ``"alternatives"``:
        ``{k: chases}`` for the number ``k`` of other tiles showing the chased
        function (0 means the Dam), ``"alternatives_share"``: ``{k: (share,
        low, high)}`` and ``"two_or_more"``: the share of chases with ``k >= 2``.
    """
    chases = [m for m in flows.moves if m.kind == "chase"]
    if not chases:
        raise ValueError("these flows hold no chase")

    def band(weight, hit) -> tuple[float, float, float]:
        per_game = np.zeros((flows.games, 2))
        for m in chases:
            per_game[m.game] += (weight(m), weight(m) * hit(m))
        return _cluster_share(per_game[:, 0], per_game[:, 1])

    share, low, high = band(lambda m: 1, lambda m: m.target == DAM)
    alternatives = dict(sorted(Counter(m.alternatives for m in chases).items()))
    return {
        "chases": len(chases),
        "to_dam": sum(m.target == DAM for m in chases),
        "share": share,
        "low": low,
        "high": high,
        "tourists": sum(m.count for m in chases),
        "tourists_to_dam": sum(m.count for m in chases if m.target == DAM),
        "tourist_share": band(lambda m: m.count, lambda m: m.target == DAM),
        "alternatives": alternatives,
        "alternatives_share": {
            k: band(lambda m: 1, lambda m, k=k: m.alternatives == k) for k in alternatives
        },
        "two_or_more": band(lambda m: 1, lambda m: (m.alternatives or 0) >= 2),
    }


def _cluster_share(n: np.ndarray, d: np.ndarray) -> tuple[float, float, float]:
    """``sum(d) / sum(n)`` with a 95% band that treats each game as one unit.

    The chases of one game share its board and its pawns, so they are not
    independent; the ratio estimator's variance is taken over the games.
    """
    share = float(d.sum() / n.sum())
    games = len(n)
    if games < 2:
        return share, share, share
    variance = games / (games - 1) * ((d - share * n) ** 2).sum() / n.sum() ** 2
    half = 1.96 * float(np.sqrt(variance))
    return share, share - half, share + half


# --------------------------------------------------------------- concentration
def entropy_bits(counts: np.ndarray) -> np.ndarray:
    """Shannon entropy (bits) of tourists over places, for each row of ``counts``."""
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    totals = counts.sum(axis=1, keepdims=True)
    p = np.divide(counts, totals, out=np.zeros_like(counts), where=totals > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, -p * np.log2(p), 0.0)
    return terms.sum(axis=1)


def gini(counts: np.ndarray) -> np.ndarray:
    """Gini coefficient of tourists over places, for each row (0 even, near 1 all on one place)."""
    x = np.sort(np.atleast_2d(np.asarray(counts, dtype=float)), axis=1)
    n = x.shape[1]
    ranks = np.arange(1, n + 1)
    totals = x.sum(axis=1)
    weighted = (x * (2 * ranks - n - 1)).sum(axis=1)
    return np.divide(weighted, n * totals, out=np.zeros_like(totals), where=totals > 0)


def concentration(
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    *,
    max_turns: int = 26,
    **options: Any,
) -> dict[str, np.ndarray]:
    """How concentrated the tourists are over the 25 city places, turn by turn.

    Returns
    -------
    dict
        ``"turn"`` (0..max_turns) and, for ``"entropy"`` (bits; at most
        log2(25) = 4.64) and ``"gini"``, the mean over games and the 95% band
        (``"entropy_low"``, ``"entropy_high"``, ...). A game that ended earlier
        keeps its final position.
    """
    per_game = []
    for g, record in enumerate(play_games(games, seed, agents, **options)):
        counts, _ = replay_counts_and_moves(record, g)
        per_game.append(np.array([_counts_at(counts, t) for t in range(max_turns + 1)]))
    stacked = np.array(per_game)  # games x turns x places
    out: dict[str, np.ndarray] = {"turn": np.arange(max_turns + 1)}
    for name, measure in (("entropy", entropy_bits), ("gini", gini)):
        values = np.array([measure(game) for game in stacked])  # games x turns
        mean = values.mean(axis=0)
        half = 1.96 * values.std(axis=0, ddof=1) / np.sqrt(games) if games > 1 else 0 * mean
        out[name], out[f"{name}_low"], out[f"{name}_high"] = mean, mean - half, mean + half
    return out


# ------------------------------------------------------------ load balancing
def _any_tile_state(**options: Any):
    """The engine with the alternative chase rule: any tile showing the function."""
    from hoteledu.amsterdam.board import NUM_PLACES
    from hoteledu.amsterdam.rules import AmsterdamState

    class AnyTileOfFunction(AmsterdamState):
        def _chase_targets(self) -> list[int]:
            function = self.chase_function
            return [p for p in range(NUM_PLACES) if self.shown_function(p) == function]

        def clone(self) -> AnyTileOfFunction:
            state = super().clone()
            state.__class__ = AnyTileOfFunction
            return state

    state = _load(**options)
    state.__class__ = AnyTileOfFunction
    return state


def load_balancing(
    games: int,
    seed: SeedLike = 0,
    agents: Sequence[Agent] | None = None,
    **options: Any,
) -> dict[str, Mapping[str, float]]:
    """The "fewest tourists" rule as load balancing, measured against a random choice.

    Both rules play the same seeds (common random numbers). Under the rule,
    chased tourists go to the tile of their function with the fewest tourists
    (the player breaks ties); under the alternative they go to any tile
    showing that function (the agent picks; a random agent picks uniformly).
    The measure is the largest number of tourists on one building tile at the
    end of the game.

    The games of a pair share their streams, but a chase that the rules send
    differently changes what the agents are offered, and from then on the
    two games draw from their streams at different moments: they stay alike
    only up to the first such chase. ``"pairing"`` measures what the common
    streams buy.

    Returns
    -------
    dict
        ``"fewest"`` and ``"random tile"``: ``{"mean", "low", "high"}`` of the
        maximum load; ``"difference"``: the same for random minus fewest
        (paired over games); ``"pairing"``: ``{"correlation"}`` of the two
        maximum loads over the pairs, ``"independent_half"`` (the half-width
        two independent sets of as many games would give the difference) and
        ``"width_ratio"`` (the paired half-width over it).
    """
    results = {}
    for name, factory in (("fewest", None), ("random tile", _any_tile_state)):
        peaks = []
        root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        for child in root.spawn(games):
            state = (factory or _load)(**options)
            dice_seed, *agent_seeds = child.spawn(1 + state.num_players)
            play(state, _agents_for(agents, state.num_players, agent_seeds), seed=dice_seed)
            peaks.append(max(state.tourists[:-1]))
        results[name] = np.array(peaks, dtype=float)
    results["difference"] = results["random tile"] - results["fewest"]
    out: dict[str, Mapping[str, float]] = {}
    for name, values in results.items():
        mean = float(values.mean())
        half = 1.96 * float(values.std(ddof=1)) / np.sqrt(games) if games > 1 else 0.0
        out[name] = {"mean": mean, "low": mean - half, "high": mean + half}
    if games > 2:
        fewest, random_tile = results["fewest"], results["random tile"]
        independent = 1.96 * float(np.sqrt((fewest.var(ddof=1) + random_tile.var(ddof=1)) / games))
        paired = (out["difference"]["high"] - out["difference"]["low"]) / 2
        out["pairing"] = {
            "correlation": float(np.corrcoef(fewest, random_tile)[0, 1]),
            "independent_half": independent,
            "width_ratio": paired / independent if independent else float("nan"),
        }
    return out


def site_dict(grid: np.ndarray) -> dict[tuple[int, int], float]:
    """A 6 x 6 site array as ``{intersection: value}`` (what the site heatmap figure takes)."""
    return {(i, j): grid[i - 1, j - 1] for i, j in INTERSECTIONS}
