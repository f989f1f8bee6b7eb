"""The answers of `notebooks/boutique/04_marketing_bid.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1 mix": (Fraction(1, 5),) * 5 + (Fraction(0),),
    "1 earns": 50,
    "1 total": 400,
    "1 dissipation": Fraction(4, 5),
    "2 earnings": {0: 0, 100: 300, 200: 200},
    "2 best reply": 100,
    "3 mix": tuple(Fraction(x, 6) for x in (1, 1, 1, 0, 3)),
    "3 expected bid": 250,
    "3 dissipation": Fraction(5, 6),
    "3 continuous bid": 300.0,
    "3 continuous": 1.0,
    "4 mix": (0, 0, 0, 1),
    "4 dissipation": Fraction(3, 2),
}
