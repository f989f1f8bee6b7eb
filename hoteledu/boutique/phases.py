"""The phases of Boutique Hotel Manager: who acts in each (see :mod:`hoteledu.boutique.rules`).

>>> sorted(CHANCE_PHASES)
['budget', 'checkin', 'rank_roll', 'reveal', 'walkin_card']
"""

from __future__ import annotations

SIMULTANEOUS_PHASES = frozenset({"prices", "bid", "hire", "rank_bid", "walkin_change"})
"""Phases in which every player (or every tied player) decides in secret at once."""
CHANCE_PHASES = frozenset({"checkin", "reveal", "rank_roll", "budget", "walkin_card"})
"""Phases resolved by a die or a card."""
PHASES = SIMULTANEOUS_PHASES | CHANCE_PHASES | {"booking_change", "place", "expand", "end"}
"""Every phase a position can be in."""
