"""The two-player games Boutique's lessons solve, as small OpenSpiel games (extra ``[openspiel]``).

Registered on import (``hoteledu.interop.openspiel`` imports this module)::

    import pyspiel
    import hoteledu.interop.openspiel

    bid = pyspiel.load_game("hoteledu_boutique_marketing_bid", {"objective": "difference"})
    price = pyspiel.load_game("hoteledu_boutique_booking_price")

* ``hoteledu_boutique_marketing_bid`` (lesson Boutique 4): the sealed
  marketing bid between two hotels tied for a stay, an all-pay auction. Its
  payoffs are :func:`~hoteledu.boutique.analysis.auction.engine_bid_game`:
  the Boutique engine, put in a real bid phase (``face``, ``card``, both
  holding ``money``), is asked for every pair of bids who gets the guests
  and how each player's money changes (``tie="all_win"``, the game's rule:
  tied bidders all get the guests). ``tie="split"`` is the textbook rule the
  lesson compares it with (:func:`~hoteledu.boutique.analysis.auction.all_pay_game`,
  the same prize and budget, a tie shares the prize).
* ``hoteledu_boutique_booking_price`` (lessons Boutique 2 and 3): both hotels
  secretly choose a flat price (faces ``prices``, 100 per face a night,
  breakfast die 1), then P1's first booking is played: the check-in die, a
  guest card, the tie rules. Payoffs are
  :func:`~hoteledu.boutique.analysis.games.pricing_game`'s exact expected
  money over every die and card (the engine plays each).

``objective="profit"`` is a player's own money change (general-sum);
``"difference"`` is its money change minus the rival's (zero-sum, "beat the
rival"). Each game is the matrix game played in turn with imperfect
information: P1 chooses, then P2 without seeing P1's choice, then the game
ends with the matrix payoff (chance is already averaged exactly), so CFR,
``exploitability.nash_conv``, ``get_all_states`` (1 + k + k^2 states) and the
sequence-form solvers run on it. :func:`matrix_game` gives the same payoffs
as ``pyspiel.create_matrix_game`` for the normal-form tools.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel

from hoteledu.core.codec import parse_json_text
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.validation import short_repr

OBJECTIVES = ("profit", "difference")
TIES = ("all_win", "split")
MARKETING_BID = "hoteledu_boutique_marketing_bid"
BOOKING_PRICE = "hoteledu_boutique_booking_price"


@dataclasses.dataclass(frozen=True)
class LessonMatrix:
    """A two-player game's strategies (labels) and payoffs (row: P1, column: P2)."""

    labels: tuple[tuple[str, ...], tuple[str, ...]]
    row_payoffs: np.ndarray
    col_payoffs: np.ndarray
    verb: str

    @property
    def zero_sum(self) -> bool:
        return bool(np.allclose(self.row_payoffs + self.col_payoffs, 0.0))


def _check(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {allowed}, got {value!r}")


@functools.lru_cache(maxsize=32)
def marketing_bid_matrix(
    face: int = 2, card: int = 3, money: int = 500, objective: str = "profit", tie: str = "all_win"
) -> LessonMatrix:
    """Lesson Boutique 4's bid game: the engine's (``all_win``) or the textbook's (``split``)."""
    from hoteledu.boutique.analysis.auction import all_pay_game, cached_engine_bid_game

    _check("objective", objective, OBJECTIVES)
    _check("tie", tie, TIES)
    game = cached_engine_bid_game(face, card, (money, money), objective)
    if tie == "split":
        game = all_pay_game(game.prize, caps=(money, money), tie="split", objective=objective)
    labels = (tuple(map(str, game.row_bids)), tuple(map(str, game.col_bids)))
    matrix = game.matrix_game()
    return LessonMatrix(
        labels, np.array(matrix.row_payoffs), np.array(matrix.column_payoffs), "bids"
    )


def _faces(prices: str) -> tuple[int, ...]:
    # Slashes, not commas: OpenSpiel's game strings split parameters at commas
    # (and would read bare digits as a number).
    parts = prices.split("/")
    faces = tuple(int(f) for f in parts) if all(f.isdigit() for f in parts) else ()
    if not faces or any(not 1 <= f <= 6 for f in faces) or len(set(faces)) != len(faces):
        raise ValueError(f"prices must be distinct faces 1..6 separated by '/', got {prices!r}")
    return faces


@functools.lru_cache(maxsize=32)
def booking_price_matrix(prices: str = "1/2/3/4/5/6", objective: str = "profit") -> LessonMatrix:
    """Lessons Boutique 2 and 3's one-booking pricing game (exact expected money)."""
    from hoteledu.boutique.analysis.games import pricing_game

    _check("objective", objective, OBJECTIVES)
    game = pricing_game("booking", prices=_faces(prices), objective=objective, symmetric=True)
    return LessonMatrix(
        (game.labels[0], game.labels[1]), game.payoffs[0], game.payoffs[1], "sets the price"
    )


class LessonState(pyspiel.State):
    """P1's choice, then P2's (unseen), then the end."""

    def __init__(self, game: LessonGame) -> None:
        super().__init__(game)
        self.matrix = game.matrix
        self.choices: list[int] = []

    def current_player(self) -> int:
        if len(self.choices) == 2:
            return int(pyspiel.PlayerId.TERMINAL)
        return len(self.choices)

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.matrix.labels[player])))

    def _apply_action(self, action: int) -> None:
        self.choices.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return f"P{player + 1} {self.matrix.verb} {self.matrix.labels[player][action]}"

    def is_terminal(self) -> bool:
        return len(self.choices) == 2

    def returns(self) -> list[float]:
        if len(self.choices) < 2:
            return [0.0, 0.0]
        i, j = self.choices
        return [float(self.matrix.row_payoffs[i, j]), float(self.matrix.col_payoffs[i, j])]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> LessonState:
        """A state ``player`` cannot tell from this one: the rival's choice redrawn uniformly.

        ``probability_sampler()`` (uniform in [0, 1), as OpenSpiel's IS-MCTS
        passes) picks it; the player's own choice stays.
        """
        world = LessonState(self.get_game())
        for seat, choice in enumerate(self.choices):
            if seat != player:
                options = len(self.matrix.labels[seat])
                choice = min(int(float(probability_sampler()) * options), options - 1)
            world.apply_action(choice)
        return world

    def serialize(self) -> str:
        """The choices as JSON text (never pickle); the game's ``deserialize_state`` reads it."""
        return json.dumps({"choices": self.choices})

    def __str__(self) -> str:
        return " ".join(f"P{p + 1}:{self.matrix.labels[p][a]}" for p, a in enumerate(self.choices))


class _LessonObserver:
    """A player sees only their own choice: the seat, then a one-hot of that choice."""

    def __init__(self, sizes: tuple[int, int]) -> None:
        self.tensor = np.zeros(2 + max(sizes), np.float32)
        self.dict = {"player": self.tensor[:2], "own_choice": self.tensor[2:]}

    def set_from(self, state: LessonState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        if len(state.choices) > player:
            self.dict["own_choice"][state.choices[player]] = 1

    def string_from(self, state: LessonState, player: int) -> str:
        own = state.choices[player] if len(state.choices) > player else None
        chose = "" if own is None else f" {state.matrix.verb} {state.matrix.labels[player][own]}"
        return f"P{player + 1}{chose}"


class LessonGame(pyspiel.Game):
    """A lesson's bimatrix game played in turn with imperfect information."""

    short_name: str
    long_name: str
    defaults: Mapping[str, Any]
    build: Callable[..., LessonMatrix]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = {**self.defaults, **dict(params or {})}
        self.matrix = type(self).build(**params)
        payoffs = np.concatenate([self.matrix.row_payoffs.ravel(), self.matrix.col_payoffs.ravel()])
        zero_sum = self.matrix.zero_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=max(map(len, self.matrix.labels)),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=float(payoffs.min()),
            max_utility=float(payoffs.max()),
            utility_sum=0.0 if zero_sum else None,
            max_game_length=2,
        )
        super().__init__(self.game_type(zero_sum), info, params)

    @classmethod
    def game_type(cls, zero_sum: bool = False) -> pyspiel.GameType:
        utility = pyspiel.GameType.Utility
        return pyspiel.GameType(
            short_name=cls.short_name,
            long_name=cls.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(cls.defaults),
        )

    def new_initial_state(self) -> LessonState:
        return LessonState(self)

    def deserialize_state(self, text: str) -> LessonState:  # type: ignore[override]
        """A state from :meth:`LessonState.serialize`'s JSON; anything else is refused."""
        data = parse_json_text(text, what="a lesson game's state", max_bytes=1_000)
        choices = data.get("choices") if isinstance(data, dict) else None
        if set(data if isinstance(data, dict) else ()) != {"choices"} or not isinstance(
            choices, list
        ):
            raise MalformedRecordError('a lesson game\'s state is {"choices": [ids]}')
        state = self.new_initial_state()
        for choice in choices:
            if state.is_terminal() or choice not in state.legal_actions():
                raise MalformedRecordError(
                    f"choice {short_repr(choice)} is not legal where it is replayed"
                )
            state.apply_action(choice)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _LessonObserver:
        # Perfect recall and the present coincide: a player's past is its own choice.
        return _LessonObserver((len(self.matrix.labels[0]), len(self.matrix.labels[1])))


class MarketingBidGame(LessonGame):
    """Lesson Boutique 4's marketing bid (``hoteledu_boutique_marketing_bid``)."""

    short_name = MARKETING_BID
    long_name = "hoteledu Boutique marketing bid (all-pay auction, lesson 4)"
    defaults: ClassVar[Mapping[str, Any]] = {
        "face": 2,
        "card": 3,
        "money": 500,
        "objective": "profit",
        "tie": "all_win",
    }
    build = staticmethod(marketing_bid_matrix)


class BookingPriceGame(LessonGame):
    """Lessons Boutique 2 and 3's one-booking pricing game (``hoteledu_boutique_booking_price``)."""

    short_name = BOOKING_PRICE
    long_name = "hoteledu Boutique one-booking pricing game (lessons 2 and 3)"
    defaults: ClassVar[Mapping[str, Any]] = {"prices": "1/2/3/4/5/6", "objective": "profit"}
    build = staticmethod(booking_price_matrix)


LESSON_GAMES: dict[str, type[LessonGame]] = {
    MARKETING_BID: MarketingBidGame,
    BOOKING_PRICE: BookingPriceGame,
}


def matrix_game(name: str, **params: Any) -> pyspiel.MatrixGame:
    """The same game as ``pyspiel.create_matrix_game`` (normal form, simultaneous)."""
    cls = LESSON_GAMES[name]
    matrix = cls.build(**{**cls.defaults, **params})
    return pyspiel.create_matrix_game(
        name + "_matrix",
        cls.long_name + " (normal form)",
        list(matrix.labels[0]),
        list(matrix.labels[1]),
        matrix.row_payoffs.tolist(),
        matrix.col_payoffs.tolist(),
    )


def register() -> None:
    """Register the lesson games with OpenSpiel (safe to call again)."""
    registered = set(pyspiel.registered_names())
    for name, cls in LESSON_GAMES.items():
        if name not in registered:
            pyspiel.register_game(cls.game_type(), cls)


register()
