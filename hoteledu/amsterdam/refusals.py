"""What may be done now, and why an action is refused, in the rulebook's words.

Every refusal of Hotel Amsterdam names its rule (``AMS-xx``, see
``design/amsterdam.md``) and then says what is legal now. The state's
``what_now()`` and ``explain_illegal(action)`` are these functions; they read
the position and decide nothing (the state's legal actions decide).

Examples
--------
>>> from hoteledu.amsterdam.actions import PlaceHotel
>>> from hoteledu.amsterdam.rules import new_game
>>> state = new_game()
>>> what_now(state)
'now the boat moves: throw the dice, the white Mayor die and the black Nightwatchman die [AMS-07]'
>>> explain_illegal(state, PlaceHotel((2, 2))).split(";")[0]
"a hotel is placed in phase 4, not during 'roll dice' [AMS-12]"
"""

from __future__ import annotations

from typing import Any

from hoteledu.amsterdam.actions import (
    MAYOR,
    NIGHTWATCHMAN,
    PAWN_NAMES,
    ChaseTo,
    DamLead,
    DealTile,
    LeadFromDam,
    MoveBoat,
    MovePawn,
    PlaceHotel,
    RollDice,
    Skip,
    SplitSteps,
    TurnTile,
    point_text,
)
from hoteledu.amsterdam.board import (
    BUILDING_TILES,
    DAM,
    DAM_CORNERS,
    DAM_PLACE,
    HOTELS_PER_PLAYER,
    INTERSECTION_INDEX,
    PLACE_OF,
    tiles_around,
)
from hoteledu.amsterdam.phases import (
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    BOAT,
    CHASE,
    DAM_LEAD,
    DEAL,
    HOTEL,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    OVER,
    ROLL,
    SPLIT,
)
from hoteledu.core.actions import Action


def rule_text(message: str, rule: str) -> str:
    """``message`` followed by the rule's ID in square brackets, as every refusal writes it."""
    return f"{message} [{rule}]"


def what_now(state: Any) -> str:
    """What may be done now, in the rulebook's words, with the rule's ID."""
    phase = state.phase
    if phase == OVER:
        return f"the game is over: {state.end_reason()}"
    if phase == DEAL:
        return rule_text(
            "now chance places the next shuffled building tile around the Dam", "AMS-02"
        )
    if phase == ROLL:
        return rule_text(
            "now the boat moves: throw the dice, the white Mayor die and the black "
            "Nightwatchman die",
            "AMS-07",
        )
    if phase == BOAT:
        return rule_text("now move the canal tour boat forward 1, 2, 3 or 4 places", "AMS-28")
    if phase == HOTEL:
        return rule_text("now place a hotel on an intersection of four tiles", "AMS-12")
    if phase == SPLIT:
        return rule_text(
            "now divide a maximum of 4 steps between the Mayor and the Nightwatchman",
            "AMS-29",
        )
    if phase in (MOVE_MAYOR, MOVE_NIGHTWATCHMAN):
        mayor = phase == MOVE_MAYOR
        steps = state.steps[0] if mayor else state.steps[1]
        die = f" (the {'white' if mayor else 'black'} die)" if not state.tactical else ""
        pawn = PAWN_NAMES[MAYOR if mayor else NIGHTWATCHMAN]
        unit = "step" if steps == 1 else "steps"
        return rule_text(f"now move {pawn} by {steps} {unit}{die}", "AMS-15")
    if phase in (ACT_MAYOR, ACT_NIGHTWATCHMAN):
        pawn = MAYOR if phase == ACT_MAYOR else NIGHTWATCHMAN
        symbol = "black" if pawn == MAYOR else "white"
        lead = ", lead a tourist from the Dam [AMS-23]" if state.can_lead(pawn) else ""
        return (
            f"now {PAWN_NAMES[pawn]} can turn over one of the surrounding building tiles "
            f"with a {symbol} symbol [AMS-18]{lead}, or do nothing"
        )
    if phase == CHASE:
        return rule_text(
            "now choose where the chased tourists go: a location with the "
            "same function, but with the fewest tourists",
            "AMS-20",
        )
    # DAM_LEAD
    kind = (
        "day location (white symbol)"
        if state.acting_pawn() == MAYOR
        else ("night location (black symbol)")
    )
    if state.options["dam_lead"] == "choose":
        return rule_text(f"now choose the {kind} the tourist from the Dam goes to", "AMS-23")
    return rule_text(f"now the tourist from the Dam goes to a random {kind}", "AMS-23")


def _not_now(state: Any, message: str, rule: str) -> str:
    # A refusal for an action of another phase: the rule, then what is legal now.
    return f"{rule_text(message, rule)}; {what_now(state)}"


def explain_illegal(state: Any, action: Action) -> str:
    """Why ``action`` is refused, naming the rule (AMS-xx) and what may be done now."""
    phase = state.phase
    kind = type(action)
    if phase == OVER:
        return what_now(state)
    if kind is PlaceHotel:
        x = action.intersection  # type: ignore[attr-defined]
        if phase != HOTEL:
            if state.turns_taken[state.player] >= HOTELS_PER_PLAYER:
                return _not_now(state, "hotels must be placed during the first two turns", "AMS-12")
            return _not_now(state, f"a hotel is placed in phase 4, not during '{phase}'", "AMS-12")
        if x not in INTERSECTION_INDEX:
            return rule_text(
                f"{x} is not an intersection of four tiles (rows and columns 1..6)", "AMS-12"
            )
        return rule_text("there is already a hotel on this intersection", "AMS-13")
    if kind is MovePawn:
        pawn, x = action.pawn, action.destination  # type: ignore[attr-defined]
        wanted = {MOVE_MAYOR: MAYOR, MOVE_NIGHTWATCHMAN: NIGHTWATCHMAN}.get(phase)
        if wanted is None:
            return _not_now(state, f"the pawns walk in phase 5, not during '{phase}'", "AMS-15")
        if pawn != wanted:
            return rule_text(f"now {PAWN_NAMES[wanted]} walks", "AMS-15")
        other = state.nightwatchman if pawn == MAYOR else state.mayor
        if x == other:
            return rule_text(
                "the Mayor and the Nightwatchman cannot be on the same location", "AMS-17"
            )
        steps = state.steps[0] if pawn == MAYOR else state.steps[1]
        die = "white" if pawn == MAYOR else "black"
        how = f"as many steps as the {die} die shows" if not state.tactical else "its steps"
        return rule_text(
            f"{PAWN_NAMES[pawn]} moves exactly {steps} steps ({how}); "
            f"{point_text(x) if isinstance(x, tuple) else x} cannot be reached",
            "AMS-15",
        )
    if kind is TurnTile or kind is LeadFromDam or kind is Skip:
        pawn = action.pawn  # type: ignore[attr-defined]
        wanted = {ACT_MAYOR: MAYOR, ACT_NIGHTWATCHMAN: NIGHTWATCHMAN}.get(phase)
        if wanted is None:
            what = "tiles are turned" if kind is TurnTile else "the pawns act"
            return _not_now(state, f"{what} in phase 6, not during '{phase}'", "AMS-18")
        if pawn != wanted:
            return rule_text(f"now {PAWN_NAMES[wanted]} acts", "AMS-18")
        where = state.mayor if pawn == MAYOR else state.nightwatchman
        if kind is LeadFromDam:
            if where not in DAM_CORNERS:
                return rule_text(
                    "only a pawn placed next to the Dam can lead a tourist from the Dam",
                    "AMS-23",
                )
            if not state.tourists[DAM_PLACE]:
                return rule_text("there is no tourist on the Dam to lead", "AMS-23")
            return rule_text(
                "there is no location of the right kind to lead a tourist to", "AMS-23"
            )
        tile = action.tile  # type: ignore[attr-defined]
        if tile == DAM:
            return rule_text("the Dam tile can never be turned over", "AMS-22")
        if tile not in BUILDING_TILES or tile not in tiles_around(where):
            return rule_text(
                f"{PAWN_NAMES[pawn]} can only turn over one of the building tiles "
                "around the intersection on which it has arrived",
                "AMS-18",
            )
        place = PLACE_OF[tile]
        if pawn == MAYOR and state.day_up[place]:
            return rule_text("the Mayor can only turn over a tile with a black symbol", "AMS-19")
        if pawn == NIGHTWATCHMAN and not state.day_up[place]:
            return rule_text(
                "the Nightwatchman can only turn over a tile with a white symbol", "AMS-19"
            )
        return rule_text(
            "if there are four tourists on a tile, this tile can no longer be turned over",
            "AMS-30",
        )
    if kind is ChaseTo:
        if phase != CHASE:
            return _not_now(state, "no tourists are being chased away now", "AMS-20")
        return rule_text(
            "chased tourists go to a location with the function they visited "
            "and the fewest tourists",
            "AMS-20",
        )
    if kind is MoveBoat:
        if not state.tactical:
            return _not_now(state, "the dice decide how far the boat moves", "AMS-08")
        if phase != BOAT:
            return _not_now(state, f"the boat moves in phase 2, not during '{phase}'", "AMS-28")
        return rule_text("you can move the canal tour boat forward 1, 2, 3 or 4 places", "AMS-28")
    if kind is SplitSteps:
        if not state.tactical:
            return _not_now(state, "the dice decide how far the pawns walk", "AMS-15")
        if phase != SPLIT:
            return _not_now(
                state, f"the steps are divided in phase 5, not during '{phase}'", "AMS-29"
            )
        return rule_text(
            "you can divide a maximum of 4 steps between the Mayor and the Nightwatchman; "
            "both pieces cannot move more than 3 steps",
            "AMS-29",
        )
    if kind is RollDice:
        if state.tactical:
            return _not_now(
                state,
                f"'{action}' is an outcome of chance, and the tactical variant uses no dice",
                "AMS-28",
            )
        if phase == ROLL:
            return rule_text(
                f"'{action}' is not a possible chance outcome here: the white Mayor die and "
                "the black Nightwatchman die each show 1, 2 or 3",
                "AMS-07",
            )
        return _not_now(
            state, f"'{action}' is an outcome of chance: the dice are thrown in phase 1", "AMS-07"
        )
    if kind is DamLead:
        if phase != DAM_LEAD:
            return _not_now(
                state,
                f"'{action}' is an outcome of chance, after a pawn next to the Dam leads "
                "a tourist from it",
                "AMS-23",
            )
        day = state.acting_pawn() == MAYOR
        where = "day (white)" if day else "night (black)"
        if state.options["dam_lead"] == "choose":
            return rule_text(
                f"{PAWN_NAMES[state.acting_pawn()]} can only lead a tourist to a {where} location",
                "AMS-23",
            )
        return rule_text(
            f"'{action}' is not a possible chance outcome here: "
            f"{PAWN_NAMES[state.acting_pawn()]} can only move a tourist to a random "
            f"{where} location",
            "AMS-23",
        )
    if kind is DealTile:
        # Not str(action): it names the tile, and an unknown tile number has no name.
        action = f"building tile {action.tile!r} on {action.place!r}"  # type: ignore[attr-defined]
        if phase == DEAL:
            return rule_text(
                f"{action} is not a possible chance outcome here: the shuffled building "
                "tiles are placed around the Dam one by one, each tile once",
                "AMS-02",
            )
        return _not_now(
            state,
            f"{action} is an outcome of chance: the building tiles are placed before "
            "the first turn",
            "AMS-02",
        )
    return f"{action} is not a Hotel Amsterdam action; {what_now(state)}"


__all__ = ["explain_illegal", "rule_text", "what_now"]
