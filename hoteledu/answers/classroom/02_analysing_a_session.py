"""The answers of `notebooks/classroom/02_analysing_a_session.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 groups": [14, 8, 2],
    "1 statistic": 9.00,
    "1 p": 0.011,
    "1 by scipy": 0.011,
    "1 no warning": False,
    "2 best": 516,
    "2 face 1": 400,
    "2 more": 116,
    "3 winners": ["Emil", "Mia", "Rosa"],
    "3 score": (2, 504.348),
    "3 face 3": {495.652},
    "3 card": 6,
    "3 all cards": 28,
    "3 lost": (0, 600),
    "3 best reply": [618, 644],
}

# Nothing: the best-response cell prints only round 3's expected leads, and the
# exercises ask for rounds 1 and 2.
SHOWN: set[str] = set()
