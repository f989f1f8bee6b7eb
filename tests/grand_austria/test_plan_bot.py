"""The Grand Austria plan bot and its search: seeded, legal, blind to hidden cards, stronger."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from hoteledu.core.agents import PlayerView
from hoteledu.core.simulate import play
from hoteledu.core.tournament import TournamentResult, tournament
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria.actions import CheckIn, Split, TakeDie
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.plan import FIT, TERMS, PlanAgent, evaluate, evaluation_terms
from hoteledu.grand_austria.rules import new_game, scenario
from hoteledu.grand_austria.search import PlanSearchAgent

TOURNAMENT_GAMES = 6
TOURNAMENT_SEED = 23
WIN_THRESHOLD = 5
LEAD_THRESHOLD = 12.0
"""The plan bot must win 5 of the 6 games *and* lead by 12 VP a game on average; the
heuristic against itself on the same seeds wins 5 of 6 from one seat by luck but leads
by -2.3 VP (checked below), so only both together tell a stronger bot."""


def _clear_win(result) -> bool:
    lead = result.mean_score(0).estimate - result.mean_score(1).estimate
    return result.wins()[0] >= WIN_THRESHOLD and lead >= LEAD_THRESHOLD


def _plan_tournament(games: int) -> TournamentResult:
    return tournament(
        "grand_austria",
        [PlanAgent(), HeuristicAgent()],
        games=games,
        seed=TOURNAMENT_SEED,
        options={"players": 2},
        progress=False,
        keep_records=True,
    )


@pytest.fixture(scope="module")
def plan_tournament() -> TournamentResult:
    """The 6 seeded plan-bot games, played once for the module: the determinism test
    replays the first, the tournament test scores all 6."""
    return _plan_tournament(TOURNAMENT_GAMES)


def test_plan_bot_is_deterministic_for_a_seed_and_plays_legal_moves(
    plan_tournament: TournamentResult,
) -> None:
    """A whole game played again from the same seeds is the same game: ``games=1`` gives
    the first game's seeds again (``SeedSequence(seed).spawn``), with agents reseeded
    afresh. play() refuses any illegal move, and the record replays to the end."""
    first = plan_tournament.records[0]
    again = _plan_tournament(1).records[0]
    assert [str(a) for a in again.actions] == [str(a) for a in first.actions]
    assert len(first.actions) > 100
    assert first.replay().is_terminal()


def test_search_bot_is_deterministic_for_a_seed() -> None:
    """The search's first decisions repeat exactly for the same seed (bounded: 40 moves)."""

    def moves(seed: int) -> list[str]:
        state = scenario(2, (2, 2, 2, 2, 1, 1))
        bot = PlanSearchAgent(seed=seed, iterations=6)
        rival = HeuristicAgent(seed=0)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(40):
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance(rng))
                continue
            action = (bot if p == 0 else rival).act(PlayerView(state, p))
            assert action in state.legal_actions()
            out.append(str(action))
            state.apply_action(action)
        return out

    assert moves(3) == moves(3)


def _with_rival_hand(state, rival: int, hand: list[int]):
    """``state`` with the rival's hidden hand swapped for ``hand`` (cards from the deck)."""
    other = state.clone()
    old = other.hand[rival]
    other.staff_deck = sorted((set(other.staff_deck) - set(hand)) | set(old))
    other.hand[rival] = sorted(hand)
    return other


def test_bots_never_read_the_rivals_hidden_hand() -> None:
    """Two positions that differ only in the rival's hand get the same move and plan."""
    state = scenario(2, (1, 3, 2, 2, 1, 1))
    rival_hand = state.hand[1]
    swap = sorted(state.staff_deck)[: len(rival_hand)]
    assert set(swap).isdisjoint(rival_hand)
    other = _with_rival_hand(state, 1, swap)
    assert other.observation(0) == state.observation(0)  # what player 0 sees is the same
    for make in (
        lambda: PlanAgent(seed=5),
        lambda: PlanAgent(seed=5, lookahead=3, budget=300, next_budget=60),
        lambda: PlanSearchAgent(seed=5, iterations=6),
    ):
        a, b = make(), make()
        assert a.act(PlayerView(state, 0)) == b.act(PlayerView(other, 0))
        planner_a = getattr(a, "planner", a)
        planner_b = getattr(b, "planner", b)
        assert [x for _s, x in planner_a._plan] == [x for _s, x in planner_b._plan]


def test_evaluation_is_the_final_score_at_the_end() -> None:
    state = new_game(players=2)
    play(state, [HeuristicAgent(seed=1), HeuristicAgent(seed=2)], seed=9)
    assert [evaluate(state, p) for p in range(2)] == [float(v) for v in state.vp]


def test_plan_bot_beats_the_heuristic_in_a_small_seeded_tournament(
    plan_tournament: TournamentResult,
) -> None:
    """6 seeded games, seats alternated: the plan bot wins clearly (5 games and a 12 VP
    lead); the heuristic, on the same seeds against itself, does not."""
    plan = plan_tournament
    assert plan.num_games == TOURNAMENT_GAMES
    assert _clear_win(plan), plan.table()
    itself = _heuristic_tournament()
    assert not _clear_win(itself), itself.table()


@functools.cache
def _heuristic_tournament():
    """The heuristic against itself on the same 6 seeds (the control)."""
    return tournament(
        "grand_austria",
        [HeuristicAgent(name="a"), HeuristicAgent(name="b")],
        games=TOURNAMENT_GAMES,
        seed=TOURNAMENT_SEED,
        options={"players": 2},
        progress=False,
    )


PLAN_VP_MARGIN = 12.0
"""The plan bot's mean VP over the 6 games must beat the heuristic's (self-play, both seats,
the same seeds) by this much: today 82.8 against 68.2 (84.5 before the check-in rule and
the krones kept at hand; 6 deals measure nothing, the 300 of the docs do). A game's lead
varies by about 30 VP, so 6 games cannot put a t interval's low end above 0 (today's
leads 54, 9, 26, 33, 30, -24); the 300-game figures of ``docs/grand_austria_bot.md`` carry
the intervals. This guards the fixed games: a plan fallen back to the heuristic's level
scores about the control's VP and fails."""


def test_plan_bot_scores_well_above_the_heuristic_on_the_same_seeds(
    plan_tournament: TournamentResult,
) -> None:
    """A regression guard bounded in games (6 seeded games, shared with the test above)."""
    plan = plan_tournament
    control = _heuristic_tournament()
    plan_vp = [r[0] for r in plan.returns]
    control_vp = [v for r in control.returns for v in r]
    mean_plan = sum(plan_vp) / len(plan_vp)
    mean_control = sum(control_vp) / len(control_vp)
    assert mean_plan >= mean_control + PLAN_VP_MARGIN, (plan_vp, control_vp)


def test_the_lookahead_option_plays_a_seeded_legal_game_and_is_off_by_default() -> None:
    """``lookahead=3`` (an option, off by default: no gain shown) plays a whole game that
    play() accepts, the same game again from the same seeds, and does more work than the
    bot without it on the same position (its next turns are evaluated too)."""
    assert PlanAgent().lookahead == 0

    def one_game():
        bots = [PlanAgent(seed=3, lookahead=3, budget=300, next_budget=60), HeuristicAgent(seed=4)]
        state = new_game(2)
        return state, play(state, bots, seed=12)

    (end, first), (_, again) = one_game(), one_game()
    assert [str(a) for a in first.actions] == [str(a) for a in again.actions]
    assert end.is_terminal()
    state = scenario(2, (1, 3, 2, 2, 1, 1))
    plain, ahead = PlanAgent(seed=5, budget=300), PlanAgent(seed=5, budget=300, lookahead=3)
    plain.act(PlayerView(state, 0))
    ahead.act(PlayerView(state, 0))
    assert ahead.evaluations > plain.evaluations


def test_the_evaluation_is_the_sum_of_its_parts_and_the_fit_scales_them() -> None:
    """``evaluation_terms`` (the parts ``benchmarks/grand_austria_fit_eval.py`` fits) add
    up to ``evaluate``; a fit of all ones changes nothing, a fit scales each part; the
    fitted bot (an option, off by default: no gain shown) plays a seeded legal game."""
    assert PlanAgent().fitted is False
    assert len(FIT) == 7 and all(len(row) == len(TERMS) for row in FIT)
    state = new_game(players=2)
    bots = [PlanAgent(seed=3, budget=300, fitted=True), HeuristicAgent(seed=4)]
    record = play(state, bots, seed=12, max_actions=5000)
    assert state.is_terminal() and record.actions
    position = scenario(2, (1, 3, 2, 2, 1, 1))
    for p in range(2):
        terms = evaluation_terms(position, p)
        assert len(terms) == len(TERMS)
        assert sum(terms) == pytest.approx(evaluate(position, p))
        ones = [[1.0] * len(TERMS)] * 7
        assert evaluate(position, p, fit=ones) == pytest.approx(evaluate(position, p))
        double = [[2.0] * len(TERMS)] * 7
        assert evaluate(position, p, fit=double) == pytest.approx(2 * sum(terms))


def _complete_guest_after_a_die(guest: int, round_: int):
    """Player 0 after taking a die, in ``round_``: one café guest, its order complete,
    and every room prepared (so a reward that prepares rooms is worth nothing)."""
    state = scenario(2, (1, 3, 2, 2, 1, 1))
    state.cafe[0] = [[guest, *fx.catalog().guests[guest].order]]
    state.rooms[0][:] = [1] * 20
    state.round = round_
    state.apply_action(TakeDie(4))
    state.apply_action(state.legal_actions()[0])  # the split of action 4
    return state


@pytest.mark.parametrize("round_", [1, 4, 7])
@pytest.mark.parametrize("guest", [49, 56, 57, 88])
def test_a_complete_guest_with_a_free_room_is_checked_in_before_the_turn_ends(
    guest: int, round_: int
) -> None:
    """GAH-A05: a check-in is free VP, and a guest left in the café costs 5 at the end.
    The plan bot once valued these guests' rewards (rooms to prepare, a staff card) above
    what checking in realised, and ended its turn instead, even in round 7."""
    state = _complete_guest_after_a_die(guest, round_)
    assert any(isinstance(a, CheckIn) for a in state.legal_actions())
    assert isinstance(PlanAgent(seed=0).act(PlayerView(state, 0)), CheckIn)


@pytest.mark.parametrize("round_", [2, 4])
@pytest.mark.parametrize("money", [0, 1])
def test_with_an_empty_purse_action_4_takes_krones(money: int, round_: int) -> None:
    """GAH-D07 splits action 4 between emperor steps and krones. Without krones a player
    cannot take a guest from the costly spaces, buy a +1, use space 6 or serve from the
    kitchen: the plan bot once took every step on the track and spent its last krone,
    then passed or idled for the rest of the game. It now keeps a few krones at hand
    (``WEIGHTS["reserve"]``), so from an empty purse it takes mostly krones."""
    state = scenario(2, (1, 1, 1, 4, 2, 1))  # four dice on space 4
    state.money[0], state.round = money, round_
    state.apply_action(TakeDie(4))
    split = PlanAgent(seed=0).act(PlayerView(state, 0))
    assert isinstance(split, Split)
    assert split.money >= 3, split
