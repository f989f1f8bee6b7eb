"""BoutiqueSearchBot (issue 23): legal seeded games, fixed work, and only its own view.

Small and bounded (a few one-week games at 16 rollouts a decision); the strength
measurement is ``benchmarks/tournament_boutique_search.py`` (docs/levels.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hoteledu import play
from hoteledu.boutique.bots import PeakLoadBot, PremiumBot, UndercutterBot
from hoteledu.boutique.rules import new_game
from hoteledu.boutique.search import BoutiqueSearchBot, planning_copy
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike
from hoteledu.core.state import SIMULTANEOUS, State


class CheckedAgent:
    """Passes an agent's moves on, asserting each is on the view's legal menu."""

    def __init__(self, agent: Any) -> None:
        self.agent, self.name, self.moves = agent, agent.name, 0

    def reseeded(self, seed: SeedLike) -> CheckedAgent:
        return CheckedAgent(self.agent.reseeded(seed))

    def act(self, view: PlayerView) -> Action:
        action = self.agent.act(view)
        assert action in view.legal_actions(), action
        self.moves += 1
        return action


class BlindView:
    """Only what an agent may use: its seat, its menu, and determinisations for its seat.

    The state is kept in a closure, so a bot that read ``view._state`` (or any
    other seat's view) would fail here instead of playing the same move.
    """

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self.num_players = state.num_players
        self.determinised = 0

        def legal() -> list[Action]:
            return state.legal_actions(player)

        def determinise(rng: np.random.Generator) -> State:
            self.determinised += 1
            return state.determinise(player, rng)

        self.legal_actions = legal
        self.determinise = determinise


def test_the_search_bot_plays_legal_games_the_same_way_from_a_seed() -> None:
    histories = []
    for _ in range(2):
        bot = CheckedAgent(BoutiqueSearchBot(iterations=12, seed=3))
        state = new_game(weeks=1)
        play(state, [bot, PeakLoadBot()], seed=4)
        assert state.is_terminal() and bot.moves > 10
        histories.append(state.history)
    assert histories[0] == histories[1]
    other = new_game(weeks=1)
    play(other, [PeakLoadBot(), BoutiqueSearchBot(iterations=12, seed=3)], seed=4)
    assert other.is_terminal()  # the other seat too


def test_successive_halving_spends_the_fixed_work_on_the_better_half() -> None:
    state = new_game()  # the secret prices: 7 planning vectors
    menu = planning_copy(state).legal_actions(0)
    assert len(menu) == 7
    bot = BoutiqueSearchBot(iterations=21, seed=1)
    menu_seen, means, alive = bot._search(PlayerView(state.clone(), 0))
    assert menu_seen == menu
    # rounds of 1 each for 7, 1 each for the best 4, 5 each for the best 2: 21 in all
    assert bot.last_iterations == 21 and len(alive) == 2
    assert all(0.0 <= v <= 1.0 for v in means)
    again = BoutiqueSearchBot(iterations=21, seed=1)  # the same seed: the same search
    assert again.act(PlayerView(state.clone(), 0)) == menu[max(alive, key=lambda i: means[i])]
    assert again.last_iterations == 21  # the same work: never a clock
    with pytest.raises(ValueError, match="at least one rollout"):
        BoutiqueSearchBot(iterations=0)
    with pytest.raises(ValueError, match=r"win_weight is a share in \[0, 1\], got 1.5"):
        BoutiqueSearchBot(win_weight=1.5)


def test_the_search_bot_reads_only_its_own_view() -> None:
    state = new_game(weeks=1)
    play(state, [PeakLoadBot(), PeakLoadBot()], seed=6)
    positions = []  # the first positions of that game where a seat has a choice
    probe = new_game(weeks=1)
    for action in state.history:
        mover = probe.current_player()
        seat = 1 if mover == SIMULTANEOUS else mover  # a secret part: the second seat's
        if seat >= 0 and len(planning_copy(probe).legal_actions(seat)) > 1:
            positions.append((probe.clone(), seat))
        probe.apply_action(action)
    assert len(positions) > 3
    kinds = set()
    for position, seat in positions[:4]:
        kinds.add(position.current_player() == SIMULTANEOUS)
        blind = BlindView(position.clone(), seat)
        moves = [
            BoutiqueSearchBot(iterations=16, seed=2).act(view)
            for view in (PlayerView(position.clone(), seat), blind)
        ]
        assert moves[0] == moves[1]
        assert blind.determinised == 1  # one determinisation, for its own seat, per decision
    assert kinds == {True, False}  # a secret decision and a turn on the table


def test_the_rollouts_faster_peak_load_bot_counts_and_plays_as_the_peak_load_bot() -> None:
    from hoteledu.boutique.search import _RolloutPeakLoadBot

    fast, real = _RolloutPeakLoadBot(name="peakload"), PeakLoadBot()
    checked = 0
    for seed, rival in ((1, PremiumBot()), (2, UndercutterBot()), (3, PeakLoadBot())):
        state = new_game()
        play(state, [PeakLoadBot(), rival], seed=seed)
        probe = new_game()
        for action in state.history:
            for seat in (0, 1):
                assert fast.booked_rooms(probe, seat) == real.booked_rooms(probe, seat)
                assert fast.change_price(probe, seat) == real.change_price(probe, seat)
                deciding = probe.phase in ("booking_change", "walkin_change", "hire", "expand")
                if deciding and len(probe.legal_actions(seat)) > 1:
                    views = [PlayerView(probe.clone(), seat) for _ in range(2)]
                    assert fast.act(views[0]) == real.act(views[1])
                    checked += 1
            probe.apply_action(action)
    assert checked > 20
