"""The answers of `notebooks/boutique/06_learning_to_price.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 heads": 0.5057,
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
    # the exercise sets the random tie rule against the first rule's run, printed above
    "1 first rule",
    # the six pairs are printed with their intervals (and the 400 games' separated
    # ones): the exercise reads the 20 games' intervals to pick the separated pairs
    "4 separated",
    "4 Bonferroni",
    # every matched price is printed as an equilibrium of the profit game: the
    # exercise asks which of them learning reaches
    "5 ends",
}
