"""The answers of `notebooks/grand_austria/01_play.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

from fractions import Fraction

ANSWERS = {
    "1, one space empty": 0.1615,
    "1, empty spaces": Fraction(9765625, 10077696),
    "1, about one": 0.969,
    "1, strongest": Fraction(17357555, 5038848),
    "1, strongest about": 3.445,
    "1, four or more": 0.403,
    "2, counts": [120, 90, 6],
    "2, after the reroll": Fraction(53, 36),
    "2, after the reroll about": 1.472,
    "2, playing well": Fraction(169, 108),
    "2, playing well about": 1.565,
    "2, thresholds": 2,
}
