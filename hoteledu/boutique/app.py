"""The Boutique Hotel Manager app's game-specific pieces, on the shared scaffolding.

:class:`BoutiqueAdapter` is what Boutique Hotel Manager supplies to
:mod:`hoteledu.apps` (see :mod:`hoteledu.apps.adapter`): the hotel mats as a
plotly figure (:mod:`hoteledu.boutique.figures.board`), the words of actions and
phases, the legend, the bots, and the **forms** that build a decision from
its fields (seven day rates and breakfast, a bid, three staff counts, a
price die and its face; see :mod:`hoteledu.apps.form`).
:class:`BoutiqueController` is the shared
:class:`~hoteledu.apps.form.FormController` with this adapter, and
:func:`make_app` the whole app (the entry point).

Nothing here decides a rule. The choices offered come from the state's
``legal_actions(player)``, and a form's fields from the action type's
``field_limits`` or from the values in the legal actions; whatever a form
builds goes to the state, whose ``IllegalActionError`` (naming the rule)
becomes the message line, changing nothing.

Secret prices and bids are simultaneous moves: the shared controller asks
the seats one at a time and keeps each entry out of the state, the record
and the log until everyone has decided (see :mod:`hoteledu.apps.controller`).
The check-in die of a booking turn waits for its human player's press; every
other chance node (the guest card, the walk-in budget, the white die of a
ranking tie) is resolved at once.

Examples
--------
>>> from hoteledu.boutique.actions import SetPrices
>>> app = BoutiqueController(players=2, seats=("human", "premium"), seed=1)
>>> app.state.phase, app.mover()
('prices', 0)
>>> app.play(SetPrices((3,) * 7, 1))
True
>>> app.state.phase  # the premium bot entered its prices too: both revealed
'booking_change'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, ClassVar

from hoteledu.apps.adapter import GameAdapter
from hoteledu.apps.bots import BEGINNER_NOISE, LEVELS, SLOW_LEVELS, NoisyAgent
from hoteledu.apps.coach import CoachBudget
from hoteledu.apps.controller import plural
from hoteledu.apps.form import Form, FormController, FormField
from hoteledu.apps.seats import seat_agent
from hoteledu.boutique.actions import (
    Bid,
    BlockRooms,
    BudgetDie,
    ChangePrice,
    CheckInDie,
    EndExpansion,
    Expand,
    Hire,
    KeepPrices,
    Pass,
    RevealCard,
    SetPrices,
    TieOrder,
    die_name,
)
from hoteledu.boutique.info import GAME_INFO
from hoteledu.boutique.mat import DAY_NAMES, PRICE_STEP
from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent
from hoteledu.core.state import State

SEAT_KINDS: tuple[str, ...] = (
    "human",
    "random",
    "undercutter",
    "premium",
    "peakload",
    "staffer",
    "mcts",
    *LEVELS,
)
"""Who may sit at a seat: a person, random play, the four pricing bots, MCTS, or a level."""
STRONG_ITERATIONS = 100
"""The strong level's peak-load rollouts per decision, shared by its choices: a fixed work."""
HEURISTIC_BOTS = ("undercutter", "premium", "peakload", "staffer")
COLOURS = ("red", "blue", "green", "orange", "purple")
DEFAULT_MCTS_ITERATIONS = 40
DEFAULT_THINK_SECONDS = 0.4
"""Time budget of one MCTS decision: an answer within 1 s on this machine (measured)."""
HUMAN_CHANCE_PHASES = frozenset({"checkin"})
"""Chance nodes that wait for their player's press: the check-in die of a booking turn."""

PHASE_WORDS = {
    "prices": "set your secret prices for the week (7 day rates and breakfast)",
    "booking_change": "change one price die or keep your prices, then roll the check-in die",
    "checkin": "roll the check-in die",
    "reveal": "a guest card is revealed",
    "bid": "tied on price and rating: a sealed marketing bid (every bid is lost)",
    "place": "choose the rooms for your guests",
    "hire": "hire staff for the week, secretly (300 each)",
    "rank_bid": "tied on money for the walk-in ranking: a sealed bid (every bid is lost)",
    "rank_roll": "the white die settles the ranking tie",
    "walkin_change": "walk-in day: change one price die or keep your prices, secretly",
    "budget": "the white die gives the walk-in's budget",
    "walkin_card": "a walk-in guest card is revealed",
    "expand": "build a room for next week (1000) or stop building",
    "end": "the game is over",
}


def price_profile_name(days: Sequence[int]) -> str | None:
    """The menu's name of a day-rate vector (``"flat 300"``), or None."""
    from hoteledu.boutique.phases import PRICE_PROFILES

    for name, vector in PRICE_PROFILES:
        if tuple(days) == vector:
            words = name.split()
            faces = words[-1].split("/")
            return " ".join(words[:-1]) + " " + "/".join(str(int(f) * PRICE_STEP) for f in faces)
    return None


# ----------------------------------------------------------------- bots
def make_agent(
    kind: str,
    seed: Any,
    mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
    think_seconds: float | None = DEFAULT_THINK_SECONDS,
) -> Agent:
    """A bot for a seat: one of :data:`SEAT_KINDS` except ``"human"``."""
    heuristic = {kind: functools.partial(_heuristic_bot, kind) for kind in HEURISTIC_BOTS}
    return seat_agent(
        kind,
        seed,
        SEAT_KINDS,
        {**heuristic, **LEVEL_BOTS},
        mcts_iterations,
        think_seconds,
        search=_search_bot,
    )


def _heuristic_bot(kind: str, seed: Any) -> Agent:
    from hoteledu.boutique import bots

    cls = {
        "undercutter": bots.UndercutterBot,
        "premium": bots.PremiumBot,
        "peakload": bots.PeakLoadBot,
        "staffer": bots.StafferBot,
    }[kind]
    return cls(seed, kind)


def _search_bot(iterations: int, seed: Any, think_seconds: float | None) -> Agent:
    from hoteledu.boutique.search import BoutiqueMCTS

    name = f"mcts {iterations}"
    return BoutiqueMCTS(iterations, seed=seed, name=name, think_seconds=think_seconds)


def _beginner(seed: Any) -> Agent:
    from hoteledu.boutique.bots import PeakLoadBot

    return NoisyAgent(PeakLoadBot(), BEGINNER_NOISE, name="beginner").reseeded(seed)


def _intermediate(seed: Any) -> Agent:
    from hoteledu.boutique.bots import PeakLoadBot

    return PeakLoadBot(seed, "intermediate")


def _strong(seed: Any) -> Agent:
    from hoteledu.boutique.search import BoutiqueRolloutBot

    # Flat rollouts on common random numbers won 23 of 30 seeded games against
    # peak-load where BoutiqueMCTS at 100 iterations won 26 of 40 (docs/levels.md).
    return BoutiqueRolloutBot(STRONG_ITERATIONS, seed=seed, name="strong")


LEVEL_BOTS = {"beginner": _beginner, "intermediate": _intermediate, "strong": _strong}
"""The named levels: peak-load with noise, peak-load, flat peak-load rollouts (common seeds)."""


# ---------------------------------------------------------------- forms
def _money(face: int) -> str:
    return str(face * PRICE_STEP)


class BoutiqueAdapter(GameAdapter):
    """Boutique Hotel Manager's pieces for the shared app (see :mod:`hoteledu.apps.adapter`).

    ``private_information`` is True: the secret prices, sealed bids, staff
    and walk-in price changes of one human seat are hidden from the next by
    the "pass the laptop" screen.
    """

    game = "boutique"
    title = "Boutique Hotel Manager"
    player_counts = (2, 3, 4, 5)
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        name: GAME_INFO.choices(name)  # written in info.py only, the default first
        for name in ("weeks", "room_choice", "shortfall", "walkin_budget")
    }
    bot_kinds = SEAT_KINDS[1:]
    slow_bots = frozenset({"mcts"}) | SLOW_LEVELS
    strength_label = "MCTS strength"
    strength_range = (10, 400, 10, DEFAULT_MCTS_ITERATIONS)
    default_think_seconds = DEFAULT_THINK_SECONDS
    chance_button_label = "Roll the check-in die"
    private_information = True
    # the secret entries wait in the controller's ``pending`` until every seat has
    # decided, so the record and the state hold only what is on the table
    record_reveals = ""
    clickable_traces = ("rooms",)
    max_buttons = 14

    def observation(self, state: State, viewer: int | None) -> Any:
        """Everything on the table (nothing is hidden between actions), for any seat."""
        view = state.observation(0 if viewer is None else viewer)
        view["player"] = viewer
        return view

    coach_budget = CoachBudget(steps=8, playouts=75, search_iterations=16, move_playouts=4)
    """The coach's work per step: peak-load playouts, the strong level's planning search.

    600 playouts of a position (1.4 to 5.5 ms each): a win chance "± 4" at most (issue 23).
    """

    def coach_searcher(self, seed: Any, iterations: int) -> Agent:
        from hoteledu.boutique.search import BoutiqueMCTS

        return BoutiqueMCTS(iterations, seed=seed, name="coach")

    def coach_playout_agent(self, seed: Any) -> Agent | None:
        from hoteledu.boutique.bots import PeakLoadBot

        return PeakLoadBot(seed, "peakload")

    def coach_reason(self, view: Any, action: Action) -> str:
        """A price's mean day rate against the others' last prices (public once revealed)."""
        if not isinstance(action, SetPrices):
            return ""
        mine = sum(action.days) / len(action.days) * PRICE_STEP
        words = [f"mean day rate {mine:.0f}"]
        prices = view.observation["prices"]
        for p, days in enumerate(prices):
            if p == view.player or not any(days):
                continue
            theirs = sum(days) / len(days) * PRICE_STEP
            if theirs > mine:
                words.append(
                    f"undercuts {self.player_label(p)}'s last rates by {theirs - mine:.0f}"
                )
            elif theirs < mine:
                words.append(f"{mine - theirs:.0f} above {self.player_label(p)}'s last rates")
            else:
                words.append(f"matches {self.player_label(p)}'s last rates")
        return ", ".join(words)

    def new_state(self, players: int, **options: Any) -> State:
        from hoteledu.boutique.rules import new_game

        return new_game(players=players, **options)

    def make_bot(self, kind: str, seed: Any, strength: int, think_seconds: float) -> Agent:
        return make_agent(kind, seed, strength, think_seconds)

    # chance
    def auto_chance(self, state: State) -> bool:
        return state.phase not in HUMAN_CHANCE_PHASES  # type: ignore[attr-defined]

    def chance_owner(self, state: State) -> int | None:
        if state.phase in HUMAN_CHANCE_PHASES:  # type: ignore[attr-defined]
            return state.booking_seat()  # type: ignore[attr-defined]
        return None

    # words
    def player_label(self, player: int) -> str:
        return f"P{player + 1} {COLOURS[player]}"

    def action_label(self, state: State, action: Action) -> str:
        kind = type(action)
        if kind is SetPrices:
            name = price_profile_name(action.days)  # type: ignore[attr-defined]
            days = name or " ".join(_money(f) for f in action.days)  # type: ignore[attr-defined]
            return f"prices {days}, breakfast {_money(action.breakfast)}"  # type: ignore[attr-defined]
        if kind is ChangePrice:
            die, face = action.die, action.face  # type: ignore[attr-defined]
            return f"{die_name(die)} price to {_money(face)}"
        if kind is KeepPrices:
            return "keep prices"
        if kind is Bid:
            amount = action.amount  # type: ignore[attr-defined]
            return "bid the blank card (0)" if amount == 0 else f"bid {amount}"
        if kind is Pass:
            return "pass"
        if kind is BlockRooms:
            rooms = action.rooms  # type: ignore[attr-defined]
            return ("room " if len(rooms) == 1 else "rooms ") + ", ".join(str(r + 1) for r in rooms)
        if kind is Hire:
            a = action
            total = state.action_cost(a)  # type: ignore[attr-defined]
            return (
                f"hire {a.housekeeping} housekeeping, {a.checkin} check-in, "  # type: ignore[attr-defined]
                f"{a.kitchen} kitchen ({total})"  # type: ignore[attr-defined]
            )
        if kind is Expand:
            cost = state.action_cost(action)  # type: ignore[attr-defined]
            return f"build room {action.space + 1} ({cost})"  # type: ignore[attr-defined]
        if kind is EndExpansion:
            return "build no more rooms"
        if kind is CheckInDie:
            face = action.face  # type: ignore[attr-defined]
            return f"check-in die {face}: {DAY_NAMES[face - 1]}"
        if kind is BudgetDie:
            return f"budget die {action.face}: {_money(action.face)} per night"  # type: ignore[attr-defined]
        if kind is RevealCard:
            card = state.card_of(action.card)  # type: ignore[attr-defined]
            return f"guest card {card.id} {card.name} ({card.describe()})"
        if kind is TieOrder:
            return "white die: " + " before ".join(self.player_label(p) for p in action.players)  # type: ignore[attr-defined]
        return str(action)

    def phase_text(self, state: State) -> str:
        phase = state.phase  # type: ignore[attr-defined]
        words = PHASE_WORDS.get(phase, phase)
        if phase in ("booking_change", "checkin", "bid", "place") and state.stage == "booking":  # type: ignore[attr-defined]
            turn, turns = state.turn + 1, state.turns  # type: ignore[attr-defined]
            words = f"booking, guest card {turn} of {turns}: {words}"
        if phase == "walkin_change":
            words = words.replace("walk-in day", f"walk-in day {DAY_NAMES[state.day]}")  # type: ignore[attr-defined]
        return f"week {state.week}: {words}"  # type: ignore[attr-defined]

    def end_text(self, state: State) -> str:
        winners = state.winners()
        names = " and ".join(self.player_label(p) for p in winners)
        out = [self.player_label(p) for p in range(state.num_players) if state.eliminated_week[p]]  # type: ignore[attr-defined]
        lost = f" ({', '.join(out)} lost all stars)" if out else ""
        if len(winners) > 1:
            return f"a draw between {names}: equal money and rating{lost}"
        return f"{names} wins with the most money{lost}"

    def score_text(self, state: State, player: int) -> str:
        """Money, or why there is none: the rules score a player out at 0 stars -1."""
        if state.eliminated_week[player] is not None and state.returns()[player] < 0:  # type: ignore[attr-defined]
            return "out: lost all stars"
        return f"{state.money[player]:g}"  # type: ignore[attr-defined]

    def how_to_play(self, board: str = "svg") -> Any:
        from hoteledu.boutique.howto import HOW_TO_PLAY

        return HOW_TO_PLAY

    def legend_html(self) -> str:
        from hoteledu.boutique.figures.board import legend_html

        return legend_html()

    # drawing
    def scene(self, state: State, viewer: int | None, caption: str) -> Any:
        from hoteledu.boutique.figures.board import scene_from_state

        return scene_from_state(state, viewer, caption, [self.player_label(p) for p in range(5)])

    def svg_scene(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.boutique.figures.board import svg_scene

        return svg_scene(scene, highlight)

    def board_figure(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.boutique.figures.board import board_figure

        return board_figure(scene, highlight)

    def trace_updates(
        self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]
    ) -> list[dict[str, Any]]:
        from hoteledu.boutique.figures.board import board_trace_updates

        return board_trace_updates(scene, highlight)

    def layout_updates(self, scene: Any) -> dict[str, Any]:
        from hoteledu.boutique.figures.board import board_layout_updates

        return board_layout_updates(scene)

    def highlight(self, state: State, legal: Sequence[Action]) -> list[Any]:
        """(player, space) of the rooms a legal choice uses: building, or placing guests."""
        if not legal:
            return []
        phase = state.phase  # type: ignore[attr-defined]
        if phase == "expand":
            player = state.expander  # type: ignore[attr-defined]
            return [(player, a.space) for a in legal if type(a) is Expand]  # type: ignore[attr-defined]
        if phase == "place":
            player = state.place_queue[0][0]  # type: ignore[attr-defined]
            rooms = {r for a in legal if type(a) is BlockRooms for r in a.rooms}  # type: ignore[attr-defined]
            return [(player, r) for r in sorted(rooms)]
        return []

    # clicks
    def click_to_action(
        self, state: State, legal: Sequence[Action], trace_name: str, customdata: Sequence[Any]
    ) -> Action | str:
        player, space = int(customdata[0]), int(customdata[1])
        phase = state.phase  # type: ignore[attr-defined]
        mover = state.current_player()
        if mover >= 0 and player != mover:
            return f"that is {self.player_label(player)}'s hotel: click a room of your own"
        if phase == "expand":
            return Expand(space)  # the rules say why not, if it is no valid space
        if phase == "place":
            matches = [a for a in legal if type(a) is BlockRooms and a.rooms[0] == space]  # type: ignore[attr-defined]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                options = "; ".join(self.action_label(state, a) for a in matches)
                return f"several ways start in room {space + 1}: choose a button ({options})"
            card_rooms = len(legal[0].rooms) if legal else 1  # type: ignore[attr-defined]
            if card_rooms == 1:
                return BlockRooms((space,))  # the rules say why not
            return f"no way to place the guests starts in room {space + 1}: choose a button"
        return "a click on a room is a move only when building or placing guests"

    # forms
    def form(self, state: State, player: int, legal: Sequence[Action]) -> Form | None:
        """The form for ``player``'s decision now (None: the buttons are enough).

        Fields come from the action type's ``field_limits`` (price faces) or
        from the values in the legal actions (bids, staff counts, dice).
        """
        kinds = {type(a) for a in legal}
        faces = tuple((_money(f), f) for f in SetPrices.field_limits["days"])
        prices = state.prices[player]  # type: ignore[attr-defined]
        if SetPrices in kinds:
            fields = [FormField(f"day{d}", DAY_NAMES[d], faces, prices[d] or 3) for d in range(7)]
            fields.append(
                FormField("breakfast", "breakfast", faces, state.breakfast[player] or 1)  # type: ignore[attr-defined]
            )
            return Form("SetPrices", "Your secret prices", tuple(fields), "Set my prices")
        if ChangePrice in kinds:
            dice = sorted({a.die for a in legal if type(a) is ChangePrice})  # type: ignore[attr-defined]
            die_options = tuple((die_name(d), d) for d in dice)
            return Form(
                "ChangePrice",
                "Change one price die",
                (
                    FormField("die", "die", die_options, dice[0]),
                    FormField("face", "to", faces, prices[dice[0]] if dice[0] < 7 else 1),
                ),
                "Change this die",
            )
        if Bid in kinds:
            amounts = [a.amount for a in legal if type(a) is Bid]  # type: ignore[attr-defined]
            options = tuple((str(m) if m else "blank card (0)", m) for m in amounts)
            return Form(
                "Bid",
                "Your sealed marketing bid",
                (FormField("amount", "bid", options, 0),),
                "Bid",
            )
        if Hire in kinds:
            hires = [a for a in legal if type(a) is Hire]
            need = state.demand(player)  # type: ignore[attr-defined]
            fields = []
            for index, (name, label) in enumerate(
                (("housekeeping", "housekeeping"), ("checkin", "check-in"), ("kitchen", "kitchen"))
            ):
                values = sorted({getattr(a, name) for a in hires})
                peak = max(day[index] for day in need)
                default = peak if peak in values else values[-1]
                fields.append(FormField(name, label, tuple((str(v), v) for v in values), default))
            return Form("Hire", "Staff for the week (300 each)", tuple(fields), "Hire")
        return None

    def form_action(self, form: Form, values: dict[str, Any]) -> Action:
        """The action a submitted form means (the state judges whether it is legal)."""
        if form.kind == "SetPrices":
            return SetPrices(tuple(values[f"day{d}"] for d in range(7)), values["breakfast"])
        if form.kind == "ChangePrice":
            return ChangePrice(values["die"], values["face"])
        if form.kind == "Bid":
            return Bid(values["amount"])
        if form.kind == "Hire":
            return Hire(values["housekeeping"], values["checkin"], values["kitchen"])
        raise ValueError(f"no form of kind {form.kind!r}")


class BoutiqueController(FormController):
    """One game of Boutique Hotel Manager in the app (the shared controller, this adapter).

    Parameters
    ----------
    players : int
        2 to 5 players.
    seats : sequence of str
        One of :data:`SEAT_KINDS` per player.
    seed : int or None
        Seeds chance and every bot, so a game can be played again.
    mcts_iterations : int
        Strength of the MCTS seats: search iterations per decision.
    think_seconds : float or None
        Time budget of one MCTS decision (None: :data:`DEFAULT_THINK_SECONDS`).
    defer_slow_bots : bool
        Leave MCTS decisions to the view's worker thread.
    **options
        The game's options (``weeks``, ``room_choice``, ``shortfall``, ``walkin_budget``).
    """

    adapter: BoutiqueAdapter

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "peakload"),
        seed: int | None = None,
        mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
        think_seconds: float | None = None,
        defer_slow_bots: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(
            BoutiqueAdapter(),
            players,
            seats,
            seed,
            mcts_iterations,
            think_seconds,
            defer_slow_bots,
            **options,
        )

    def roll(self) -> bool:
        """Roll the check-in die for a human player with the app's generator."""
        return self.resolve_chance()


def make_app(
    players: int = 2,
    seats: Sequence[str] = ("human", "peakload"),
    seed: int | None = None,
    mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
    think_seconds: float | None = None,
    threaded: bool = True,
    coach: bool | None = None,
    setting: str = "practice",
    board: str | None = None,
    **options: Any,
) -> Any:
    """Play Boutique Hotel Manager against people and bots in a notebook or in Voilà.

    The whole app (a :class:`hoteledu.apps.form_view.FormGameApp`: the shared
    view with a form under the buttons for the secret prices, bids and
    staff); ``display`` it or leave it last in a cell.

    Parameters
    ----------
    players : int
        2 to 5 players.
    seats : sequence of str
        One of :data:`SEAT_KINDS` per player.
    seed : int or None
        Seeds chance and the bots, so a lesson can replay a game.
    mcts_iterations : int
        Strength of MCTS bots (search iterations per decision).
    think_seconds : float or None
        Time budget of one MCTS decision (None: :data:`DEFAULT_THINK_SECONDS`).
    threaded : bool
        Run MCTS decisions in a worker thread, so the page stays live.
    coach : bool or None
        Whether the coach starts on (None: on in practice, off in a class experiment).
    setting : {"practice", "class"}
        Where the app runs (``hoteledu.apps.coach.coach_on_by_default``).
    board : {"plotly", "svg"} or None
        How the board is drawn (None: ``hoteledu.apps.view.DEFAULT_BOARD``).
    **options
        ``weeks``, ``room_choice``, ``shortfall``, ``walkin_budget``.
    """
    from hoteledu.apps.form_view import FormGameApp

    controller = BoutiqueController(
        players,
        seats,
        seed,
        mcts_iterations,
        think_seconds=think_seconds,
        defer_slow_bots=True,
        **options,
    )
    app = FormGameApp(controller, threaded=threaded, coach=coach, setting=setting, board=board)
    app.widget.add_class("hoteledu-boutique-app")
    return app


__all__ = [
    "DEFAULT_MCTS_ITERATIONS",
    "DEFAULT_THINK_SECONDS",
    "SEAT_KINDS",
    "BoutiqueAdapter",
    "BoutiqueController",
    "make_agent",
    "make_app",
    "plural",
]
