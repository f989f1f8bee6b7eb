"""The answers of `notebooks/boutique/06_learning_to_price.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 heads": 0.506,
    "1 exploitability": 0.015,
    "1 first rule": (0.499, 0.014),
    "2 smallest": 0.200,
    "2 first orbit": 0.600,
    "3 path": [[0, 0], [2, 2], [1, 1], [0, 0]],
    "3 exploitability": 0.0,
    "4 separated": ["peakload vs staffer", "premium vs peakload", "premium vs staffer"],
    "4 Bonferroni": ["premium vs staffer"],
    "5 ends": ["(300, 300)", "(400, 400)", "(500, 500)", "(600, 600)"],
    "5 counts": (4, 1),
    "6 outcomes": [(4100, 800), (7500, 2000), (5000, -1900)],
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    "1 first rule",
    "1 heads",
    "4 separated",
    "4 Bonferroni",
    "5 ends",
}
