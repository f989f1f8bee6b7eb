"""Each hotel's week, and money and stars over a game, read from the engine.

* :func:`week_table`: per hotel and day, the room-nights (housekeeping
  need), check-ins and breakfasts of a week, from the engine's ``demand``
  (BHM-21), with the staff hired (BHM-20).
* :func:`game_series`: every player's money and stars after each action of a
  game (a :class:`~hoteledu.core.GameRecord` or a played state), with the
  weeks and ratings marked.

Nothing here decides a rule: the numbers are the engine's.
:mod:`hoteledu.boutique.figures.week` draws them.

Examples
--------
>>> import hoteledu
>>> from hoteledu.boutique.bots import PeakLoadBot, StafferBot
>>> state = hoteledu.load_game("boutique", players=2, weeks=1)
>>> record = hoteledu.play(state, [PeakLoadBot(), StafferBot()], seed=1)
>>> series = game_series(record)
>>> series["money"][-1] == state.money
True
>>> week_table(state)[0]["staff"] == state.staff[0]
True
"""

from __future__ import annotations

from typing import Any

from hoteledu.core.records import GameRecord
from hoteledu.core.state import State, player_name

STAFF = ("housekeeping", "check-in", "kitchen")
"""The staff categories, in the order of ``Hire`` and of the need."""


def week_table(state: State, week: int | None = None) -> list[dict[str, Any]]:
    """Per player: the daily need of ``week`` (default: the state's week) and the staff.

    Returns
    -------
    list of dict
        One per player: ``"player"`` ("P1"), ``"need"`` (7 rows of
        [room-nights, check-ins, breakfasts]), ``"peak"`` (the week's need per
        category, its largest daily need), ``"staff"`` (hired
        [housekeeping, check-in, kitchen], None before hiring; only the
        state's current week has its staff on the mat).
    """
    week = state.week if week is None else week  # type: ignore[attr-defined]
    if not 1 <= week <= state.weeks:  # type: ignore[attr-defined]
        raise ValueError(f"week is 1..{state.weeks}, not {week!r}")  # type: ignore[attr-defined]
    rows = []
    for p in range(state.num_players):
        need = state.demand(p, week)  # type: ignore[attr-defined]
        staff = state.staff[p] if week == state.week else None  # type: ignore[attr-defined]
        rows.append(
            {
                "player": player_name(p),
                "need": need,
                "peak": [max(day[c] for day in need) for c in range(3)],
                "staff": None if staff is None else list(staff),
            }
        )
    return rows


def game_series(game: GameRecord | State) -> dict[str, Any]:
    """Money and stars of every player after each action (index 0: the start).

    Parameters
    ----------
    game : GameRecord or BoutiqueState
        A played game (a state is read through its history).

    Returns
    -------
    dict
        ``"money"`` and ``"stars"`` (one list per action index, each one
        value per player), ``"week_starts"`` (action indices where week 2
        began), ``"ratings"`` (indices right after each rating).
    """
    record = game if isinstance(game, GameRecord) else GameRecord.from_state(game)
    state = record.initial_state()
    money, stars = [list(state.money)], [list(state.stars)]  # type: ignore[attr-defined]
    week_starts, ratings = [], []
    for index, action in enumerate(record.actions, start=1):
        week, rated = state.week, len(state.shortfalls)  # type: ignore[attr-defined]
        state.apply_action(action)
        money.append(list(state.money))  # type: ignore[attr-defined]
        stars.append(list(state.stars))  # type: ignore[attr-defined]
        if state.week != week:  # type: ignore[attr-defined]
            week_starts.append(index)
        if len(state.shortfalls) != rated:  # type: ignore[attr-defined]
            ratings.append(index)
    return {"money": money, "stars": stars, "week_starts": week_starts, "ratings": ratings}


__all__ = ["STAFF", "game_series", "week_table"]
