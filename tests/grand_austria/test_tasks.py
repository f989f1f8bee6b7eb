"""Typed tasks, their table of stages and the one door for money out."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.core.agents import RandomAgent
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.simulate import next_action
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.hotel import START_KRONES
from hoteledu.grand_austria.refusals import task_ask
from hoteledu.grand_austria.rules import GrandAustriaState, new_game, scenario
from hoteledu.grand_austria.stages import STAGES


def _random_states(games: int = 6):
    for g in range(games):
        state = new_game(players=2 + g % 3, staff_setup=("deal", "draft", "introductory")[g % 3])
        rng = np.random.default_rng(g)
        agents = [RandomAgent(10 * g + p) for p in range(state.num_players)]
        while not state.is_terminal():
            yield g, state
            state.apply_action(next_action(state, agents, rng))


def test_every_task_met_round_trips_its_json_and_every_decision_has_a_stage() -> None:
    met = set()
    for _, state in _random_states():
        top = state.tasks[-1]
        met.add(top.kind)
        assert tk.task_from_json(top.to_json()) == top
        assert type(top) in STAGES, top.kind
        ask, rule, takes = task_ask(state, top)
        assert ask and rule.startswith("GAH")
        assert all(isinstance(a, takes) for a in state.legal_actions()) or state.is_chance_node()
    assert {"turn", "items", "prepare", "split", "hire", "roll", "refill"} <= met


def test_every_krone_out_goes_through_pay_and_in_through_gain_money(monkeypatch) -> None:
    paid: dict[tuple[int, int], int] = {}
    gained: dict[tuple[int, int], int] = {}
    game = [0]
    pay, gain = GrandAustriaState.pay, GrandAustriaState.gain_money

    def counting_pay(self, p, amount, rule):
        pay(self, p, amount, rule)
        paid[game[0], p] = paid.get((game[0], p), 0) + amount

    def counting_gain(self, p, amount):
        before = self.money[p]
        gain(self, p, amount)
        gained[game[0], p] = gained.get((game[0], p), 0) + self.money[p] - before

    monkeypatch.setattr(GrandAustriaState, "pay", counting_pay)
    monkeypatch.setattr(GrandAustriaState, "gain_money", counting_gain)
    steps = 0
    for g, state in _random_states(4):
        game[0] = g
        steps += 1
        for p in range(state.num_players):
            key = (g, p)
            assert state.money[p] == START_KRONES + gained.get(key, 0) - paid.get(key, 0)
    assert steps > 500 and sum(paid.values()) > 0


def test_pay_refuses_more_than_the_purse_and_changes_nothing() -> None:
    state = scenario(2, (0, 0, 0, 10, 0, 0))
    before = state.to_snapshot()
    with pytest.raises(IllegalActionError, match="cannot pay 99 krones") as info:
        state.pay(0, 99, "GAH-D05")
    assert info.value.rule == "GAH-D05" and state.to_snapshot() == before
