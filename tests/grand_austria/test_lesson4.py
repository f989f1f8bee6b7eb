"""Independent checks of lesson 4's claims (investments) that are not in test_analysis.

The uses of a once-per-round staff card by hiring round (``staff_value_by_round``)
are counted here in whole engine games, not by the formula ``8 - r``.
"""

from __future__ import annotations

import pytest

from hoteledu.grand_austria.actions import EndTurn, Hire, Pass, TakeDie, UseStaff
from hoteledu.grand_austria.analysis import staff_value_by_round
from hoteledu.grand_austria.rules import CHANCE, scenario


def uses_in_the_engine(hired_in: int) -> int:
    """Hire Breakfast Server (card 1) on space 5 in round ``hired_in``; play to the end.

    P1 uses the card whenever the engine allows it; everyone else takes the first
    die offered and ends the turn. Returns how often the card was used.
    """
    state = scenario(2, (0, 0, 0, 0, 10, 0))
    state.round = hired_in
    state.hand[0] = [1, 5, 6]
    state.money[0] = 50
    state.apply_action(TakeDie(5))
    state.apply_action(Hire(1))
    uses = 0
    for _ in range(5000):
        if state.is_terminal():
            return uses
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            action = legal[0]
        elif state.current_player() == 0 and UseStaff(1) in legal:
            action, uses = UseStaff(1), uses + 1
        elif EndTurn() in legal:
            action = EndTurn()
        else:
            takes = [a for a in legal if isinstance(a, TakeDie)]
            others = [a for a in legal if not isinstance(a, Pass)]
            action = (takes or others or legal)[0]
        state.apply_action(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("hired_in", [1, 4, 7])
def test_GAH_A04_uses_by_hiring_round_counted_in_the_engine(hired_in: int) -> None:
    """Hired in round r, the card acts in the turn it is played and once each round to 7."""
    uses = uses_in_the_engine(hired_in)
    assert uses == 8 - hired_in
    assert staff_value_by_round(1, dice=10).uses[hired_in - 1] == uses
