"""Grand Austria Hotel: where the plan bot's and the heuristic's VP come from.

Run (seeded: a rerun prints the same numbers)::

    nice -n 10 .venv/bin/python benchmarks/grand_austria_vp_breakdown.py --games 20
    # a paired comparison (common random numbers: the same seeds for both settings)
    nice -n 10 .venv/bin/python benchmarks/grand_austria_vp_breakdown.py --games 40 \\
        --variant emperor=1.0 --variant staff=0.7

Game ``i`` deals the same cards and rolls the same dice for every setting, and
each bot's own stream is seeded by ``(seed, i, seat)``; the plan bot sits first
in even games, second in odd ones. VP are attributed while the game runs, by
wrapping the rule functions that award them (this script only: the rules are
not changed): a guest's own VP at check-in, its reward, staff triggers (die
faces, check-ins, rooms occupied, once a round), the occupancy (colour) bonus,
the emperor scorings (the track's VP, the tile's bonus or penalty), politics,
VP printed on rooms as they are prepared, emperor steps beyond 13, and the
final scoring's parts (rooms, end-game staff cards, krones, dishes, café).
Besides VP: staff cards played and emperor steps gained, by round; check-ins;
dishes left in the kitchen at the end. Means come with 95% Student t
intervals, a paired difference with its own t interval, wins with a 95% Wilson
interval (a tie counts half).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hashlib
import json
import multiprocessing
import pathlib
import time
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from hoteledu.core.agents import Agent
from hoteledu.core.simulate import next_action
from hoteledu.core.tournament import t_interval, wilson_interval
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import rules, stages, turns
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import ClaimPolitics, UseStaff
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.hotel import ROUNDS
from hoteledu.grand_austria.plan import WEIGHTS, PlanAgent
from hoteledu.grand_austria.rules import new_game

SEED = 4023
AGENT_OPTIONS = ("guest_width", "budget", "lookahead", "next_budget", "lookahead_cap", "fitted")
"""Besides the weights, ``--variant`` may set these :class:`PlanAgent` arguments."""
SOURCES = (
    "guests",
    "guest rewards",
    "staff: die faces",
    "staff: check-ins",
    "staff: rooms occupied",
    "staff: once a round",
    "colour bonus",
    "emperor scoring",
    "emperor tile bonus",
    "emperor penalty",
    "politics",
    "rooms prepared",
    "emperor beyond 13",
    "other effects",
    "final: rooms",
    "final: staff cards",
    "final: krones",
    "final: dishes",
    "final: cafe",
)


class Ledger:
    """VP by source for the one real game being played (clones are ignored)."""

    def __init__(self) -> None:
        self.state: Any = None
        self.vp: list[dict[str, float]] = []
        self.context: list[str] = ["other effects"]
        self.effect_source: dict[int, tuple[str, Any]] = {}
        self.inner: list[list[float]] = []  # VP already attributed inside a wrapped call
        self.steps: list[list[int]] = []  # emperor steps gained, by round
        self.checkins = [0, 0]

    def start(self, state: Any) -> None:
        self.state = state
        self.vp = [defaultdict(float) for _ in range(state.n)]
        self.effect_source = {}
        self.steps = [[0] * (ROUNDS + 1) for _ in range(state.n)]
        self.checkins = [0] * state.n

    @contextlib.contextmanager
    def attribute(self, state: Any, source: str) -> Iterator[None]:
        """VP gained inside the block go to ``source``, less those a nested block took."""
        if state is not self.state:
            yield
            return
        before = list(state.vp)
        self.inner.append([0.0] * state.n)
        self.context.append(source)
        try:
            yield
        finally:
            self.context.pop()
            nested = self.inner.pop()
            for p in range(state.n):
                own = state.vp[p] - before[p] - nested[p]
                if own:
                    self.vp[p][source] += own
                if self.inner:
                    self.inner[-1][p] += state.vp[p] - before[p]


LEDGER = Ledger()


def _wrap(owner: Any, name: str, source: str, state_arg: int = 0) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        with LEDGER.attribute(args[state_arg], source):
            return original(*args, **kwargs)

    setattr(owner, name, wrapped)


def _context(owner: Any, name: str, source: str) -> None:
    """Effects pushed inside ``owner.name`` resolve later: they are tagged ``source``."""
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapped(state: Any, *args: Any, **kwargs: Any) -> Any:
        if state is not LEDGER.state:
            return original(state, *args, **kwargs)
        LEDGER.context.append(source)
        try:
            return original(state, *args, **kwargs)
        finally:
            LEDGER.context.pop()

    setattr(owner, name, wrapped)


def _stage(task: type, apply: Any) -> None:
    """The rules dispatch a decision through ``stages.STAGES``: replace its apply."""
    stages.STAGES[task] = dataclasses.replace(stages.STAGES[task], apply=apply)
    # the rules read the apply from stages.APPLY (a copy of STAGES' applies)
    stages.APPLY[task] = apply


def install() -> None:
    """Wrap the rule functions that award VP or push the effects that do."""
    push = fx.push_effects

    def push_effects(state: Any, p: int, effects: Any) -> None:
        n = len(state.tasks)
        push(state, p, effects)
        if state is LEDGER.state:
            for task in state.tasks[n:]:
                # keep the dict alive with its tag, so its id is not reused
                LEDGER.effect_source[id(task.effect)] = (LEDGER.context[-1], task.effect)

    fx.push_effects = push_effects
    apply_effect = fx.apply_effect

    def apply(state: Any, p: int, e: dict[str, Any]) -> None:
        source = LEDGER.effect_source.get(id(e), ("other effects", None))[0]
        with LEDGER.attribute(state, source):
            apply_effect(state, p, e)

    fx.apply_effect = apply
    _context(fx, "push_die_effects", "staff: die faces")
    _context(fx, "on_check_in", "staff: check-ins")
    _context(fx, "on_room_occupied", "staff: rooms occupied")
    _context(fx, "push_emperor_bonus", "emperor tile bonus")
    _context(fx, "push_penalty_effects", "emperor penalty")
    _context(fx, "push_penalty_option", "emperor penalty")
    check_in = turns.check_in

    def checked_in(state: Any, p: int, slot: int, room: int) -> None:
        if state is LEDGER.state:
            LEDGER.checkins[p] += 1
        with LEDGER.attribute(state, "guests"):
            # the reward is pushed inside: tag it as such, not as the guest's own VP
            LEDGER.context.append("guest rewards")
            try:
                check_in(state, p, slot, room)
            finally:
                LEDGER.context.pop()

    turns.check_in = checked_in
    apply_turn = stages.STAGES[tk.Turn].apply

    def turn(state: Any, top: Any, action: Any) -> None:
        if isinstance(action, ClaimPolitics):
            source = "politics"
        elif isinstance(action, UseStaff):
            source = "staff: once a round"
        else:
            source = "other effects"
        LEDGER.context.append(source)
        try:
            with LEDGER.attribute(state, source):
                apply_turn(state, top, action)
        finally:
            LEDGER.context.pop()

    _stage(tk.Turn, turn)
    _wrap(turns, "emperor_scoring", "emperor scoring")
    prepare = stages.STAGES[tk.Prepare].apply

    def prepared(state: Any, top: Any, action: Any) -> None:
        with LEDGER.attribute(state, "rooms prepared"):
            prepare(state, top, action)

    _stage(tk.Prepare, prepared)
    _wrap(rules.GrandAustriaState, "occupy_room", "colour bonus")
    advance = rules.GrandAustriaState.advance_emperor

    def advance_emperor(self: Any, p: int, steps: int) -> None:
        if self is LEDGER.state and self.round >= 0:
            LEDGER.steps[p][max(0, min(ROUNDS, self.round))] += steps
        with LEDGER.attribute(self, "emperor beyond 13"):
            advance(self, p, steps)

    rules.GrandAustriaState.advance_emperor = advance_emperor


def play_game(seed: int, index: int, weights: Mapping[str, float]) -> dict[str, Any]:
    """One game, the plan bot in seat ``index % 2``: its breakdown for both sides."""
    plan_seat = index % 2
    options = {k: int(v) for k, v in weights.items() if k in AGENT_OPTIONS}
    weights = {k: v for k, v in weights.items() if k not in AGENT_OPTIONS}
    plan = PlanAgent(weights=weights, **options).reseeded((seed, index, plan_seat))
    heuristic = HeuristicAgent().reseeded((seed, index, 1 - plan_seat))
    work = {"seconds": 0.0, "max_seconds": 0.0, "decisions": 0, "max_evaluations": 0}
    plan_act = plan.act

    def timed_act(view: Any) -> Any:
        # CPU time of the process (the machine is shared: wall-clock would count others)
        start = time.process_time()
        action = plan_act(view)
        spent = time.process_time() - start
        work["seconds"] += spent
        work["max_seconds"] = max(work["max_seconds"], spent)
        work["decisions"] += 1
        work["max_evaluations"] = max(work["max_evaluations"], plan.evaluations)
        return action

    plan.act = timed_act  # type: ignore[method-assign]
    agents: list[Agent] = [plan, heuristic] if plan_seat == 0 else [heuristic, plan]
    state = new_game(players=2)
    LEDGER.start(state)
    rng = np.random.default_rng((seed, index))
    staff_by_round = [[0] * (ROUNDS + 1) for _ in range(2)]
    last_round, counts = state.round, [len(s) for s in state.staff]
    while not state.is_terminal():
        state.apply_action(next_action(state, agents, rng))
        if state.round != last_round or state.is_terminal():
            for p in range(2):
                now = len(state.staff[p])
                staff_by_round[p][max(0, last_round)] += now - counts[p]
                counts[p] = now
            last_round = state.round
    for p, final in enumerate(state.final):
        for part, key in (
            ("rooms", "final: rooms"),
            ("staff", "final: staff cards"),
            ("money", "final: krones"),
            ("items", "final: dishes"),
            ("cafe", "final: cafe"),
        ):
            LEDGER.vp[p][key] += final[part]
    out = {}
    for side, p in (("plan", plan_seat), ("heuristic", 1 - plan_seat)):
        sources = dict(LEDGER.vp[p])
        out[side] = {
            "vp": state.vp[p],
            "unattributed": state.vp[p] - sum(sources.values()),
            "sources": sources,
            "staff_by_round": staff_by_round[p][1:],
            "steps_by_round": LEDGER.steps[p][1:],
            "checkins": LEDGER.checkins[p],
            "dishes_left": state.final[p]["items"],
            "cafe_left": len(state.cafe[p]),
            "politics": sum(1 for c in state.claims if p in c),
        }
    out["plan"]["work"] = work
    return out


def _job(args: tuple[int, int, dict[str, float]]) -> dict[str, Any]:
    install_once()
    return play_game(*args)


@functools.cache
def install_once() -> None:
    install()


def run(
    seed: int, games: int, weights: Mapping[str, float], processes: int, cache: str = ""
) -> list[dict]:
    """The games of one setting; with ``cache`` (a folder) a setting already played is read
    back (the games are seeded, so a rerun gives the same results)."""
    path = None
    if cache:
        key = json.dumps([seed, games, sorted(weights.items())])
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        path = pathlib.Path(cache) / f"breakdown-{digest}.json"
        if path.exists():
            return json.loads(path.read_text())
    jobs = [(seed, i, dict(weights)) for i in range(games)]
    if processes <= 1:
        results = [_job(j) for j in jobs]
    else:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            results = pool.map(_job, jobs, chunksize=1)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results))
    return results


def _fmt(values: Sequence[float]) -> str:
    i = t_interval(list(values))
    return f"{i.estimate:7.2f} [{i.low:6.2f}, {i.high:6.2f}]"


def summary(title: str, results: list[dict]) -> None:
    n = len(results)
    plan = [r["plan"]["vp"] for r in results]
    heur = [r["heuristic"]["vp"] for r in results]
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in zip(plan, heur, strict=True))
    w = wilson_interval(wins, n)
    print(f"## {title}: {n} games")
    print(f"plan VP {_fmt(plan)}   heuristic VP {_fmt(heur)}")
    print(f"plan wins {wins:g}/{n} = {w.estimate:.3f} [{w.low:.3f}, {w.high:.3f}] (95% Wilson)")
    print(f"{'VP source (mean a game, 95% t)':<32} {'plan':>25} {'heuristic':>25}")
    for source in SOURCES:
        row = [[r[s]["sources"].get(source, 0.0) for r in results] for s in ("plan", "heuristic")]
        if any(any(v) for v in row):
            print(f"{source:<32} {_fmt(row[0]):>25} {_fmt(row[1]):>25}")
    for key in ("unattributed", "checkins", "dishes_left", "cafe_left", "politics"):
        row = [[float(r[s][key]) for r in results] for s in ("plan", "heuristic")]
        print(f"{key:<32} {_fmt(row[0]):>25} {_fmt(row[1]):>25}")
    works = [r["plan"].get("work") for r in results if "work" in r["plan"]]
    if works:
        decisions = sum(w["decisions"] for w in works)
        print(
            f"plan's work: {decisions / n:.0f} decisions a game, "
            f"{sum(w['seconds'] for w in works) / decisions:.3f} s CPU a decision on average, "
            f"at most {max(w['max_seconds'] for w in works):.3f} s; "
            f"at most {max(w['max_evaluations'] for w in works)} evaluations"
        )
    for key in ("staff_by_round", "steps_by_round"):
        for s in ("plan", "heuristic"):
            means = [sum(r[s][key][k] for r in results) / n for k in range(ROUNDS)]
            print(f"{key + ' (' + s + ')':<32} " + " ".join(f"{m:5.2f}" for m in means))
    print(flush=True)


def paired(base: list[dict], new: list[dict], label: str) -> None:
    diff = [b["plan"]["vp"] - a["plan"]["vp"] for a, b in zip(base, new, strict=True)]
    lead = [
        (b["plan"]["vp"] - b["heuristic"]["vp"]) - (a["plan"]["vp"] - a["heuristic"]["vp"])
        for a, b in zip(base, new, strict=True)
    ]
    print(f"## paired, {label} minus baseline, {len(diff)} games (95% t)")
    print(f"plan VP difference   {_fmt(diff)}")
    print(f"plan lead difference {_fmt(lead)}", flush=True)


def _weights(items: Sequence[str]) -> dict[str, float]:
    out = dict(WEIGHTS)
    for item in items:
        name, _, value = item.partition("=")
        if name not in WEIGHTS and name not in AGENT_OPTIONS:
            raise SystemExit(f"unknown weight {name!r}: one of {', '.join(WEIGHTS)}")
        out[name] = float(value)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--cache", default="", help="folder to keep each setting's games in")
    parser.add_argument(
        "--variant", action="append", default=[], help="weight=value, compared paired"
    )
    args = parser.parse_args(argv)
    base = run(args.seed, args.games, WEIGHTS, args.processes, args.cache)
    summary("plan (today's weights) vs heuristic", base)
    if args.variant:
        label = ", ".join(args.variant)
        new = run(args.seed, args.games, _weights(args.variant), args.processes, args.cache)
        summary(f"plan ({label}) vs heuristic", new)
        paired(base, new, label)


if __name__ == "__main__":
    main()
