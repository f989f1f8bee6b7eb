"""Readable heuristic bots for Boutique Hotel Manager.

Every bot follows the same plan and differs in its *pricing style*:

* :class:`UndercutterBot` prices low and, each turn, undercuts the cheapest
  rival on the day where it is dearest.
* :class:`PremiumBot` prices high (weekends dearer), staffs fully to keep
  its stars, and wins ties on rating rather than price.
* :class:`PeakLoadBot` starts in the middle and raises the price of its
  busiest day (most rooms booked), lowering its emptiest one.
* :class:`StafferBot` prices in the middle but hires extra staff for the
  walk-ins it expects, and builds rooms when it can afford them.

The shared plan: hire the largest daily need of each category (plus the
bot's walk-in allowance), cutting the staff whose absence costs the fewest
stars when money is short; bid the blank card unless the style says more;
put guests in the lowest-numbered rooms that fit; build a room when the
money left covers a reserve. Bots read the state through
``view.determinise(rng)``: Boutique hides nothing between actions, so this
is the table as every player sees it.
"""

from __future__ import annotations

from hoteledu.boutique.actions import (
    BREAKFAST_DIE,
    Bid,
    ChangePrice,
    EndExpansion,
    Expand,
    Hire,
    KeepPrices,
    SetPrices,
)
from hoteledu.boutique.mat import ROOM_COST, STAFF_COST
from hoteledu.boutique.rules import BoutiqueState, stars_lost
from hoteledu.core.actions import Action
from hoteledu.core.agents import PlayerView, SeedLike, make_rng


class BoutiqueBot:
    """The shared plan; subclasses set the pricing style.

    Parameters
    ----------
    seed : seed-like
        Only used to read the state (no random choices are made).
    name : str
        The name shown in tournaments.
    """

    opening = SetPrices((3,) * 7, 1)
    walkin_staff = 0  # extra staff per category kept for walk-ins
    bid_amount = 0  # marketing bid in a tie (0 = the blank card)
    build_reserve = 600  # money kept back after building a room

    def __init__(self, seed: SeedLike = None, name: str | None = None) -> None:
        self.rng = make_rng(seed)
        self.name = name or type(self).__name__.removesuffix("Bot").lower()

    def reseeded(self, seed: SeedLike) -> BoutiqueBot:
        return type(self)(seed, self.name)

    # --------------------------------------------------------------- act
    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state: BoutiqueState = view.determinise(self.rng)  # type: ignore[assignment]
        me = view.player
        phase = state.phase
        if phase == "prices":
            return self.opening
        if phase in ("booking_change", "walkin_change"):
            return self.change_price(state, me)
        if phase in ("bid", "rank_bid"):
            amount = min(self.bid_amount, state.money[me]) // 100 * 100
            return Bid(amount)
        if phase == "hire":
            return self.hire(state, me)
        if phase == "expand":
            return self.expand(state, me, legal)
        return legal[0]  # place: the lowest-numbered rooms that fit

    # ------------------------------------------------------------ pricing
    def change_price(self, state: BoutiqueState, me: int) -> Action:
        """Keep the opening prices (subclasses adjust them)."""
        return KeepPrices()

    @staticmethod
    def set_die(state: BoutiqueState, me: int, die: int, face: int) -> Action:
        face = max(1, min(6, face))
        current = state.breakfast[me] if die == BREAKFAST_DIE else state.prices[me][die]
        return KeepPrices() if face == current else ChangePrice(die, face)

    @staticmethod
    def booked_rooms(state: BoutiqueState, me: int) -> list[int]:
        """Rooms already booked on each day of this week."""
        return [day[0] for day in state.demand(me)]

    # ----------------------------------------------------------- staffing
    def hire(self, state: BoutiqueState, me: int) -> Hire:
        """The week's largest daily need per category plus the walk-in allowance, if affordable."""
        need = state.demand(me)
        rooms = len(state.built[me])
        want = [
            min(6, max(day[c] for day in need) + (self.walkin_staff if c == 0 else 0))
            for c in range(3)
        ]
        if self.walkin_staff:
            want[0] = min(want[0], rooms)
            want[1] = min(6, want[1] + self.walkin_staff)
            want[2] = min(6, want[2] + (1 if want[2] else 0))
        budget = state.money[me] // STAFF_COST
        while sum(want) > budget:
            # Drop the employee whose absence costs the fewest stars under the
            # game's shortfall rule, then the fewest days short.
            def cost(c: int) -> tuple[int, int]:
                if not want[c]:
                    return (10**6, 0)
                fewer = [w - (k == c) for k, w in enumerate(want)]
                extra = sum(stars_lost(need, fewer, state.shortfall_rule)) - sum(
                    stars_lost(need, want, state.shortfall_rule)
                )
                return (extra, sum(day[c] >= want[c] for day in need))

            want[min(range(3), key=cost)] -= 1
        return Hire(*want)

    # ---------------------------------------------------------- expansion
    def expand(self, state: BoutiqueState, me: int, legal: list[Action]) -> Action:
        builds = [a for a in legal if isinstance(a, Expand)]
        if builds and state.money[me] - ROOM_COST >= self.build_reserve:
            # Prefer the space touching most rooms (more neighbour pairs for door cards).
            built = set(state.built[me])
            return max(builds, key=lambda a: (len(state.mat.neighbours[a.space] & built), -a.space))
        return EndExpansion()


class UndercutterBot(BoutiqueBot):
    """Cheap prices; undercuts the cheapest rival on the day where it is dearest."""

    opening = SetPrices((2,) * 7, 1)
    bid_amount = 100
    build_reserve = 10**9  # never builds: every coin goes into winning bookings

    def change_price(self, state: BoutiqueState, me: int) -> Action:
        rivals = [p for p in state.active() if p != me]
        if not rivals:
            return KeepPrices()
        gaps = []
        for day in range(7):
            cheapest = min(state.prices[p][day] for p in rivals)
            gaps.append((state.prices[me][day] - cheapest, day, cheapest))
        gap, day, cheapest = max(gaps)
        if gap >= 0 and cheapest > 1:
            return self.set_die(state, me, day, cheapest - 1)
        return KeepPrices()


class PremiumBot(BoutiqueBot):
    """High prices with dearer weekends; full staff keeps the stars that win ties."""

    opening = SetPrices((4, 4, 4, 4, 5, 5, 5), 2)
    walkin_staff = 1

    def change_price(self, state: BoutiqueState, me: int) -> Action:
        # Empty week so far: come down one step on the emptiest day, never below 3.
        booked = self.booked_rooms(state, me)
        day = min(range(7), key=lambda d: (booked[d], -state.prices[me][d]))
        if booked[day] == 0 and state.prices[me][day] > 3:
            return self.set_die(state, me, day, state.prices[me][day] - 1)
        return KeepPrices()


class PeakLoadBot(BoutiqueBot):
    """Raises the price of its busiest day and lowers its emptiest one."""

    opening = SetPrices((3,) * 7, 1)

    def change_price(self, state: BoutiqueState, me: int) -> Action:
        booked = self.booked_rooms(state, me)
        rooms = len(state.built[me])
        prices = state.prices[me]
        busy = max(range(7), key=lambda d: (booked[d], -prices[d]))
        if booked[busy] >= rooms - 1 and prices[busy] < 6:
            return self.set_die(state, me, busy, prices[busy] + 1)
        idle = min(range(7), key=lambda d: (booked[d], -prices[d]))
        if booked[idle] == 0 and prices[idle] > 2:
            return self.set_die(state, me, idle, prices[idle] - 1)
        return KeepPrices()


class StafferBot(BoutiqueBot):
    """Middle prices; hires for the walk-ins it expects and builds when it can."""

    opening = SetPrices((3, 3, 3, 3, 4, 4, 4), 1)
    walkin_staff = 1
    build_reserve = 900


BOTS: dict[str, type[BoutiqueBot]] = {
    "undercutter": UndercutterBot,
    "premium": PremiumBot,
    "peakload": PeakLoadBot,
    "staffer": StafferBot,
}
"""The heuristic bots by name."""
