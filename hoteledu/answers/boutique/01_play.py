"""The answers of `notebooks/boutique/01_play.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1, the card": ("Honeymooners", 1, 3, True),
    "1, the quotes": [1200, 1500],
    "1, matched": [1200, 1200],
    "2, with breakfast": Fraction(1, 2),
    "2, room only": Fraction(2, 3),
    "2, option room_only": Fraction(2, 3),
    "3, per staff": 1,
    "3, per day": 2,
}
