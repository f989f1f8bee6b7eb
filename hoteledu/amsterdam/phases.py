"""The phases of a Hotel Amsterdam turn: which decision the state asks for now.

Their names are what players read (the app's status line) and what saved
positions hold (``"phase"``), so a name never changes.
"""

from __future__ import annotations

DEAL = "deal tiles"
ROLL = "roll dice"
BOAT = "move boat"
HOTEL = "place hotel"
SPLIT = "split steps"
MOVE_MAYOR = "move the Mayor"
MOVE_NIGHTWATCHMAN = "move the Nightwatchman"
ACT_MAYOR = "the Mayor acts"
ACT_NIGHTWATCHMAN = "the Nightwatchman acts"
CHASE = "chased tourists"
DAM_LEAD = "lead from the Dam"
OVER = "game over"
PHASES = (
    DEAL,
    ROLL,
    BOAT,
    HOTEL,
    SPLIT,
    MOVE_MAYOR,
    MOVE_NIGHTWATCHMAN,
    ACT_MAYOR,
    ACT_NIGHTWATCHMAN,
    CHASE,
    DAM_LEAD,
    OVER,
)
"""Every phase, in the order of a turn (setup first, the end last)."""
CHANCE_PHASES = frozenset({DEAL, ROLL, DAM_LEAD})
"""Phases decided by chance (the Dam lead only with ``dam_lead="random"``)."""

__all__ = [
    "ACT_MAYOR",
    "ACT_NIGHTWATCHMAN",
    "BOAT",
    "CHANCE_PHASES",
    "CHASE",
    "DAM_LEAD",
    "DEAL",
    "HOTEL",
    "MOVE_MAYOR",
    "MOVE_NIGHTWATCHMAN",
    "OVER",
    "PHASES",
    "ROLL",
    "SPLIT",
]
