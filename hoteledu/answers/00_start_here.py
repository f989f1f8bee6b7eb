"""The answers of `notebooks/00_start_here.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1, P(4)": Fraction(1, 3),
    "1, P(at least 5)": Fraction(1, 3),
    "1, engine": (Fraction(1, 3), Fraction(1, 3)),
    "2, seed 8 winners": ["P1"],
    "2, seed 8 scores": [8, 7],
    "2, seed 8 end": False,
    "2, seed 7": (["P2"], [3, 10]),
    "3": True,
}
