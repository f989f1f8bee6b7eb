"""The answers of `notebooks/grand_austria/02_dice_on_the_board.ipynb`.

Its checking cell compares them with what its code computes (``check_answers``).
"""

ANSWERS = {
    "1 space 5 empty": 0.1615,
    "1 one of 5 and 6 empty": 0.3057,
    "2 exactly one": 0.368,
    "2 none": 0.583,
    "2 two or more": 0.049,
    "3 gain": 0.781,
    "3 E[max]": 2.781,
    "3 alone": 0.125,
    "3 with space 6": 0.244,
    "4 true": 0.438,
    "4 naive": 0.490,
    "4 difference": 0.052,
    "4 smaller": True,
}

# Read in the lesson before revealing: printed before the exercises (an answer
# builds on them) or the same number printed for another purpose.
SHOWN = {
    # the exercise asks what space 6 adds: E[max] with 12 dice is read off the printed
    # table for action 3 (every action alike), on purpose
    "3 E[max]",
}
