"""Monte Carlo tree search that plays Boutique Hotel Manager well enough to matter.

The core :class:`~hoteledu.core.mcts.MCTSAgent` searches over
``legal_actions``, and in this game the full menus are large: 343 staff
combinations, a bid per 100 held, 41 price changes a turn. With random
rollouts, which lose every star through random staffing, it lost 6 of 6
games to the peak-load bot. :class:`BoutiqueMCTS` is the core search
with what it injects (a model with a reward, a rollout policy):

* a **planning menu**: the search runs on :class:`PlanningState`, a copy of
  the position whose ``legal_actions`` offer a few sensible choices per
  decision (listed in :func:`planning_menu`). Every choice is a legal move
  of the real game, and the real game still accepts any valid move from
  anyone (legality is a check, not list membership);
* **heuristic rollouts**: the game after a tree leaf is played out by a
  heuristic bot (default :class:`~hoteledu.boutique.bots.PeakLoadBot`) for
  every seat, so a leaf is judged by how a sensible game would go on;
* a **graded reward**: half the win share, half the money margin (see
  :meth:`PlanningState.utilities`), so close and clear wins differ.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from hoteledu.boutique.actions import (
    BREAKFAST_DIE,
    Bid,
    ChangePrice,
    Hire,
    KeepPrices,
    SetPrices,
)
from hoteledu.boutique.bots import BoutiqueBot, PeakLoadBot
from hoteledu.boutique.mat import MAX_STAFF, STAFF_COST
from hoteledu.boutique.rules import BoutiqueState
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView, SeedLike, make_rng
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State

__all__ = [
    "PLANNING_PRICES",
    "BoutiqueMCTS",
    "BoutiqueRolloutBot",
    "BoutiqueSearchBot",
    "PlanningState",
    "planning_copy",
    "planning_menu",
]

PLANNING_PRICES: tuple[SetPrices, ...] = (
    SetPrices((2,) * 7, 1),
    SetPrices((3,) * 7, 1),
    SetPrices((4,) * 7, 1),
    SetPrices((5,) * 7, 1),
    SetPrices((2, 2, 2, 2, 3, 3, 3), 1),
    SetPrices((3, 3, 3, 3, 4, 4, 4), 1),
    SetPrices((4, 4, 4, 4, 5, 5, 5), 2),
)
"""The secret price vectors of the planning menu: flat 200..500, dearer weekends."""
PLANNING_BIDS = (0, 100, 200, 300)
"""Marketing bids of the planning menu (those the bidder can pay)."""

_KEEP = KeepPrices()
MAX_ROLLOUT_ACTIONS = 10_000
"""A rollout bound, as MCTS's ``max_rollout_actions`` (a real game ends long before)."""


def _step_changes(state: BoutiqueState, player: int, dice: tuple[int, ...]) -> list[Action]:
    """Keep, or move one of ``dice`` one face up or down."""
    actions: list[Action] = [_KEEP]
    for die in dice:
        face = state.breakfast[player] if die == BREAKFAST_DIE else state.prices[player][die]
        actions.extend(ChangePrice(die, f) for f in (face - 1, face + 1) if 1 <= f <= 6)
    return actions


def _planned_hires(state: BoutiqueState, player: int) -> list[Action]:
    """The bots' staffing (the week's largest daily need, cut to the money) and neighbours."""
    base = BoutiqueBot().hire(state, player)
    plan = (base.housekeeping, base.checkin, base.kitchen)
    most = state.money[player] // STAFF_COST
    options: list[Action] = []
    deltas = [*itertools.product((0, 1), repeat=3), (-1, 0, 0), (0, -1, 0), (0, 0, -1)]
    for delta in deltas:
        counts = tuple(c + d for c, d in zip(plan, delta, strict=True))
        if all(0 <= c <= MAX_STAFF for c in counts) and sum(counts) <= most:
            hire = Hire(*counts)
            if hire not in options:
                options.append(hire)
    return options


def planning_menu(state: BoutiqueState, player: int) -> list[Action]:
    """The few choices the search considers for ``player`` (all legal in the real game).

    ========================  ===================================================
    phase                     planning menu
    ========================  ===================================================
    ``prices``                :data:`PLANNING_PRICES` (7 vectors)
    ``booking_change``        keep, or one day die or the breakfast die one step
    ``walkin_change``         keep, or today's die or the breakfast die one step
    ``bid``, ``rank_bid``     bids of 0 (blank card), 100, 200, 300 within money
    ``hire``                  the week's largest daily need per category (cut to
                              the money as the bots do), plus one more in any
                              categories, or one less in one
    ``place``                 the lowest-numbered rooms that fit (the bots'
                              choice: where a stay goes rarely decides a game,
                              and a search there cost a third of its time)
    other phases              the full legal menu
    ========================  ===================================================
    """
    full = BoutiqueState._legal_actions(state, player)
    if len(full) <= 1:
        return full
    phase = state.phase
    if phase == "prices":
        return list(PLANNING_PRICES)
    if phase == "booking_change":
        return _step_changes(state, player, tuple(range(8)))
    if phase == "walkin_change":
        return _step_changes(state, player, (state.day, BREAKFAST_DIE))
    if phase in ("bid", "rank_bid"):
        return [Bid(a) for a in PLANNING_BIDS if a <= state.money[player]]
    if phase == "hire":
        return _planned_hires(state, player)
    if phase == "place" and not getattr(state, "search_places", False):
        return full[:1]  # the lowest-numbered rooms that fit, as the bots place
    return full


class PlanningState(BoutiqueState):
    """A Boutique position whose ``legal_actions`` are the :func:`planning_menu`.

    Only search works on it; any valid move is still accepted, so bots and
    records behave exactly as on the real game.
    """

    margin_scale = 4000
    """Money lead (in the game's money) that counts as a sure win in the search's reward."""
    search_places = False
    """Whether the search also tries every way to place a stay (the menu before 40f5a20)."""

    def _legal_actions(self, player: int) -> list[Action]:
        return planning_menu(self, player)

    def utilities(self) -> list[float]:
        """The search's reward: half the win share, half the money margin.

        A win share alone is 0 or 1 and says nothing about how close a game
        was; the margin term ``0.5 + lead / margin_scale`` (clipped to 0..1,
        0 for a player out at 0 stars) tells the search that winning by 2000
        beats winning by 100. The real game's ``utilities()`` is unchanged.
        """
        wins = super().utilities()
        contenders = set(self._contenders())
        rewards = []
        for p in range(self.n):
            if p not in contenders:
                rewards.append(0.5 * wins[p])
                continue
            best_other = max((self.money[q] for q in contenders if q != p), default=0)
            margin = min(1.0, max(0.0, 0.5 + (self.money[p] - best_other) / self.margin_scale))
            rewards.append(0.5 * wins[p] + 0.5 * margin)
        return rewards


class PlacesPlanningState(PlanningState):
    """A :class:`PlanningState` whose search also tries where each stay goes."""

    search_places = True


def planning_copy(state: State) -> PlanningState:
    """A :class:`PlanningState` copy of a Boutique position."""
    return _planning_copy(state, PlanningState)


def places_planning_copy(state: State) -> PlanningState:
    """A :class:`PlacesPlanningState` copy of a Boutique position."""
    return _planning_copy(state, PlacesPlanningState)


def _planning_copy(state: State, kind: type[PlanningState]) -> PlanningState:
    if not isinstance(state, BoutiqueState):
        raise TypeError(f"BoutiqueMCTS plays Boutique Hotel Manager, not {state.game_name!r}")
    copy = state.clone()
    copy.__class__ = kind
    return copy  # type: ignore[return-value]


class _TableView(PlayerView):
    """A rollout bot's view of the searched copy itself: the table and the real menu.

    Boutique hides nothing between actions (a determinisation is a clone) and
    the bots only read the state, so a rollout's bot reads the copy directly
    instead of cloning it at every move; its menu is the real game's, which
    is cheaper to list than the planning menu. Only the search's own copies
    are shown this way, never a position of the game being played.
    """

    def __init__(self, state: BoutiqueState, player: int) -> None:
        self._state = state
        self.player = player
        self.num_players = state.num_players

    def legal_actions(self) -> list[Action]:
        return BoutiqueState._legal_actions(self._state, self.player)

    def determinise(self, rng: np.random.Generator) -> State:
        return self._state


class _RolloutPeakLoadBot(PeakLoadBot):
    """The peak-load bot, counting its booked rooms without the full staff demand.

    The same moves as :class:`PeakLoadBot` (``booked_rooms`` returns what it
    reads from ``state.demand``, and ``change_price`` picks the same days;
    ``tests/boutique/test_search_bot.py`` checks both), for the search bot's
    rollouts, where the price change was a third of the time.
    """

    @staticmethod
    def booked_rooms(state: BoutiqueState, me: int) -> list[int]:
        base = 7 * (state.week - 1)
        booked = [0] * 7
        geometry = state.geometry
        for owner, card_id, checkin, _rooms, _, _ in state.stays:
            if owner == me:
                for o, rooms, _checkins, _breakfasts in geometry[card_id].marks:
                    day = checkin + o - base
                    if 0 <= day < 7:
                        booked[day] += rooms
        return booked

    def change_price(self, state: BoutiqueState, me: int) -> Action:
        booked = self.booked_rooms(state, me)
        prices = state.prices[me]
        # PeakLoadBot's max and min over the days by (booked, -price): the first of equals
        busy = idle = 0
        for d in range(1, 7):
            b, p = booked[d], prices[d]
            if b > booked[busy] or (b == booked[busy] and p < prices[busy]):
                busy = d
            if b < booked[idle] or (b == booked[idle] and p > prices[idle]):
                idle = d
        if booked[busy] >= len(state.built[me]) - 1 and prices[busy] < 6:
            return self.set_die(state, me, busy, prices[busy] + 1)
        if booked[idle] == 0 and prices[idle] > 2:
            return self.set_die(state, me, idle, prices[idle] - 1)
        return _KEEP

    def reseeded(self, seed: SeedLike) -> _RolloutPeakLoadBot:
        return _RolloutPeakLoadBot(seed, self.name)


class BoutiqueMCTS(MCTSAgent):
    """MCTS for Boutique Hotel Manager: planning menus and heuristic rollouts.

    The core :class:`~hoteledu.core.mcts.MCTSAgent` with Boutique's model
    (:func:`planning_copy`: the planning menus and the graded reward) and a
    heuristic rollout policy; nothing of the search itself is Boutique's own.

    Parameters
    ----------
    iterations : int
        Search iterations per decision.
    exploration : float
        The UCB1 constant (rewards are win shares in [0, 1]).
    seed : seed-like
        The agent's own random stream.
    rollout_agent : Agent or None
        Plays every seat in the rollouts; default a :class:`PeakLoadBot`.
        ``None`` is not allowed here: random rollouts lose their stars.
    name : str
        The name shown in tournaments.
    think_seconds : float or None
        A time budget per decision, as for ``MCTSAgent`` (the app's seat).

    Examples
    --------
    >>> from hoteledu import play
    >>> from hoteledu.boutique.bots import PremiumBot
    >>> from hoteledu.boutique.rules import new_game
    >>> state = new_game(weeks=1)
    >>> _ = play(state, [BoutiqueMCTS(iterations=10, seed=1), PremiumBot()], seed=2)
    >>> state.is_terminal()
    True
    """

    def __init__(
        self,
        iterations: int = 100,
        exploration: float = 0.7,
        seed: SeedLike = None,
        rollout_agent: Agent | None = None,
        name: str = "mcts",
        *,
        think_seconds: float | None = None,
        search_places: bool = False,
    ) -> None:
        """``search_places``: also search where each stay goes (slower; the play of
        the records made before the search placed stays as the bots do)."""
        super().__init__(
            iterations,
            exploration,
            seed,
            rollout_agent or PeakLoadBot(),
            name,
            think_seconds=think_seconds,
            model=places_planning_copy if search_places else planning_copy,
        )

    def _rollout_policy(self, rng: np.random.Generator) -> Callable[[State, int], Action] | None:
        assert self.rollout_agent is not None
        agent = self.rollout_agent.reseeded(int(rng.integers(2**63)))

        def policy(state: State, player: int) -> Action:
            return agent.act(_TableView(state, player))  # type: ignore[arg-type]

        return policy

    def __repr__(self) -> str:
        assert self.rollout_agent is not None
        return (
            f"BoutiqueMCTS(iterations={self.iterations}, exploration={self.exploration}, "
            f"rollout_agent={self.rollout_agent.name!r}, name={self.name!r})"
        )


class BoutiqueRolloutBot:
    """Flat Monte Carlo over the planning menu, with common random numbers.

    At each decision every choice of the :func:`planning_menu` is played out
    ``iterations // len(menu)`` times by the rollout bot for every seat (the
    rivals' secret parts of a simultaneous decision too), and the choice with
    the best mean graded reward (:meth:`PlanningState.utilities`) is played.
    The ``k``-th rollout of every choice uses the same random stream (the
    dice, the guest cards, the bots' seeds): choices are compared on the same
    luck, so a difference between them is their own, not the draw's
    (common random numbers). It works on its own view's determinisation only.

    Parameters
    ----------
    iterations : int
        Rollouts per decision in all (a fixed work, never a clock).
    seed : seed-like
        The bot's own random stream.
    rollout_agent : Agent or None
        Plays every seat in the rollouts; default a :class:`PeakLoadBot`.
    name : str
        The name shown in tournaments.
    """

    def __init__(
        self,
        iterations: int = 100,
        seed: SeedLike = None,
        rollout_agent: Agent | None = None,
        name: str = "rollouts",
    ) -> None:
        if iterations < 1:
            raise ValueError(f"the rollout bot needs at least one rollout, got {iterations}")
        self.iterations = iterations
        self.rollout_agent = rollout_agent or PeakLoadBot()
        self.name = name
        self.rng = make_rng(seed)
        self.last_iterations = 0

    def reseeded(self, seed: SeedLike) -> BoutiqueRolloutBot:
        return BoutiqueRolloutBot(self.iterations, seed, self.rollout_agent, self.name)

    def __repr__(self) -> str:
        return (
            f"BoutiqueRolloutBot(iterations={self.iterations}, "
            f"rollout_agent={self.rollout_agent.name!r}, name={self.name!r})"
        )

    def values(self, view: PlayerView) -> list[tuple[Action, float]]:
        """Each planning choice with its mean reward over the shared rollouts."""
        me = view.player
        root = planning_copy(view.determinise(self.rng))
        menu = root.legal_actions(me)
        if len(menu) == 1:  # nothing to compare (a stay is placed as the bots place it)
            self.last_iterations = 0
            return [(menu[0], 0.5)]
        each = max(1, self.iterations // len(menu))
        seeds = [int(s) for s in self.rng.integers(2**63, size=each)]
        self.last_iterations = each * len(menu)
        values = []
        for action in menu:
            total = 0.0
            for seed in seeds:
                total += self._rollout(root, me, action, seed)
            values.append((action, total / each))
        return values

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        values = self.values(view)
        if len(values) == 1:
            return values[0][0]
        best = max(v for _, v in values)
        return next(a for a, v in values if v >= best - 1e-12)  # the menu's first among equals

    def _start_rollout(
        self, root: PlanningState, me: int, first: Action, seed: int
    ) -> tuple[PlanningState, np.random.Generator, PeakLoadBot]:
        """A copy of ``root`` after ``first`` (with the rollout bot's moves for the other
        seats at a simultaneous node), the rollout's random stream and its bot."""
        state = root.clone()
        rng = make_rng(seed)
        bot = self.rollout_agent.reseeded(seed)
        if state.current_player() == SIMULTANEOUS:
            parts = [
                first if p == me else bot.act(_TableView(state, p))
                for p in range(state.num_players)
            ]
            state.apply_action(JointAction(tuple(parts)))
        else:
            state.apply_action(first)
        return state, rng, bot

    def _rollout(self, root: PlanningState, me: int, first: Action, seed: int) -> float:
        state, rng, bot = self._start_rollout(root, me, first, seed)
        n = state.num_players
        for _ in range(MAX_ROLLOUT_ACTIONS):
            mover = state.current_player()
            if mover == TERMINAL:
                return state.utilities()[me]
            if mover == CHANCE:
                state.apply_action(state.sample_chance(rng))
            elif mover == SIMULTANEOUS:
                parts = [bot.act(_TableView(state, p)) for p in range(n)]
                state.apply_action(JointAction(tuple(parts)))
            else:
                state.apply_action(bot.act(_TableView(state, mover)))
        return 0.5  # a game that would not end counts as a draw (a two-week game has ~150 moves)


class BoutiqueSearchBot(BoutiqueRolloutBot):
    """Peak-load rollouts on common random numbers, spent by successive halving.

    :class:`BoutiqueRolloutBot` gives every planning choice the same share of
    its rollouts, so a clearly bad choice costs as much as the two best. This
    bot plays ``ceil(log2(len(menu)))`` rounds: in each, every surviving
    choice gets the same number of new rollouts (a round's share of
    ``iterations``) on the same seeds, and the better half (by the mean over
    all its rollouts so far) goes on. The survivors have always been played
    on the same seeds, so the last comparison is on common random numbers as
    before, with more of them. The work is fixed (``iterations`` rollouts at
    most, never a clock), and like the flat bot it reads the game only
    through its own view's ``determinise``.

    Parameters
    ----------
    iterations : int
        Rollouts per decision in all (at least one per choice and round).
    seed : seed-like
        The bot's own random stream.
    rollout_agent : Agent or None
        Plays every seat in the rollouts; default a :class:`PeakLoadBot`.
    name : str
        The name shown in tournaments.
    win_weight : float
        The reward's share for the win (the rest for the money margin of
        :meth:`PlanningState.utilities`); 0.5 is that method's own reward.
    """

    def __init__(
        self,
        iterations: int = 160,
        seed: SeedLike = None,
        rollout_agent: Agent | None = None,
        name: str = "search",
        win_weight: float = 0.5,
    ) -> None:
        if not 0.0 <= win_weight <= 1.0:
            raise ValueError(f"win_weight is a share in [0, 1], got {win_weight}")
        self.win_weight = win_weight
        # The default model of every seat: the peak-load bot (its faster twin, same moves).
        model = rollout_agent or _RolloutPeakLoadBot(name="peakload")
        super().__init__(iterations, seed, model, name)

    def reseeded(self, seed: SeedLike) -> BoutiqueSearchBot:
        return BoutiqueSearchBot(
            self.iterations, seed, self.rollout_agent, self.name, self.win_weight
        )

    def __repr__(self) -> str:
        return (
            f"BoutiqueSearchBot(iterations={self.iterations}, "
            f"rollout_agent={self.rollout_agent.name!r}, name={self.name!r}, "
            f"win_weight={self.win_weight})"
        )

    def values(self, view: PlayerView) -> list[tuple[Action, float]]:
        """Each planning choice with its mean reward; the choices cut early have fewer rollouts."""
        menu, means, _ = self._search(view)
        return list(zip(menu, means, strict=True))

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        menu, means, alive = self._search(view)
        # Only the last round's survivors, all played on the same seeds, are compared: a
        # choice cut early may have a higher mean on its fewer rollouts.
        return menu[max(alive, key=lambda i: (means[i], -i))]

    def _search(self, view: PlayerView) -> tuple[list[Action], list[float], list[int]]:
        """The menu, each choice's mean reward, and the last round's survivors."""
        me = view.player
        root = planning_copy(view.determinise(self.rng))
        menu = root.legal_actions(me)
        if len(menu) == 1:  # nothing to compare (a stay is placed as the bots place it)
            self.last_iterations = 0
            return menu, [0.5], [0]
        rounds = max(1, (len(menu) - 1).bit_length())  # ceil(log2(len(menu)))
        base = int(self.rng.integers(2**62))  # rollout k of every choice uses seed base + k
        totals = [0.0] * len(menu)
        counts = [0] * len(menu)
        alive = list(range(len(menu)))
        done = 0
        for r in range(rounds):
            # Each round gets an equal share of what is left, so cuts give the best more.
            each = max(1, (self.iterations - done) // (rounds - r) // len(alive))
            start = counts[alive[0]]
            for i in alive:
                for k in range(start, start + each):
                    totals[i] += self._rollout(root, me, menu[i], base + k)
                counts[i] += each
            done += each * len(alive)
            if r < rounds - 1:
                # Keep the better half; a tie keeps the menu's earlier choice (a stable sort).
                alive.sort(key=lambda i: -totals[i] / counts[i])
                alive = sorted(alive[: (len(alive) + 1) // 2])
        self.last_iterations = done
        return menu, [t / c for t, c in zip(totals, counts, strict=True)], alive

    def _rollout(self, root: PlanningState, me: int, first: Action, seed: int) -> float:
        """The flat bot's rollout, without checking the moves it made itself.

        Only the first move is checked (``apply_action``); after it every move
        comes from the rollout bot reading the real menu or from
        ``sample_chance``, so the check cannot fail, and it cost about a fifth
        of a rollout. The same moves and the same result as the checked rollout.
        """
        state, rng, bot = self._start_rollout(root, me, first, seed)
        n = state.num_players
        apply, history = state._apply, state.history
        for _ in range(MAX_ROLLOUT_ACTIONS):
            mover = state.current_player()
            if mover == TERMINAL:
                graded = state.utilities()[me]  # half the win, half the margin
                if self.win_weight == 0.5:
                    return graded
                win = BoutiqueState.utilities(state)[me]
                return self.win_weight * win + (1 - self.win_weight) * (2 * graded - win)
            if mover == CHANCE:
                action = state.sample_chance(rng)
            elif mover == SIMULTANEOUS:
                action = JointAction(tuple(bot.act(_TableView(state, p)) for p in range(n)))
            else:
                action = bot.act(_TableView(state, mover))
            apply(action)
            history.append(action)
        return 0.5
