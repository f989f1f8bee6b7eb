"""The answers of `notebooks/amsterdam/01_play.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1, the stops": {
        2: Fraction(1, 9),
        3: Fraction(2, 9),
        4: Fraction(1, 3),
        5: Fraction(2, 9),
        6: Fraction(1, 9),
    },
    "1, a bend": 3,
    "1, on a quay": {0: Fraction(7, 9), 1: Fraction(2, 9)},
    "2, the tiles": list(range(4, 13)),
    "2, most likely": 8,
    "2, its chance": (Fraction(19, 81),) * 2,
    "2, on a quay": (Fraction(16, 81), 16),
    "3, same start": True,
    "3, lengths": (103, 107),
    "3, P2's turn": (1, 1),
    "3, tile turned": ["the Mayor turns (4,1)"],
    "3, scores": [11, 0],
    "3, winner": ["P1"],
    "3, reason": "a player reached 15 tourists and the turn was finished",
}

# Read in the lesson before revealing, on purpose (the asked answers are not printed):
SHOWN = {
    "3, lengths",  # 103 is the seeded game's printed length, the one exercise 3 compares with
}
