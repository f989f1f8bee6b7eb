# %% [markdown]
# # Classroom 1: running an experiment with your class
#
# [Start here](../00_start_here.ipynb) · next: [2. Analysing a session](02_analysing_a_session.ipynb)
#
# **Level:** for teachers (and students curious how it works); introductory game theory
# · **Prerequisites:** pure and mixed strategies, a zero-sum game's value; a terminal or
# a notebook cell to start the server · **Time:** about 25 minutes
#
# Game-theory teachers run experiments: every student submits a price or a bid, the class
# sees what it did, and the result is set beside the equilibrium. hoteledu's **classroom
# mode** does this for a class of 30 from one server: each student plays from their own
# browser, the engine plays every pairing, and the teacher's dashboard shows the
# leaderboard, the class's choices against the equilibrium mix, and a test of fit.
#
# **Learning goals.** After this lesson you can
#
# * start a class server and run a round: session code, open, submit, close, export;
# * say what each of the three experiments asks and how a pairing is played through the
#   engine with **common random numbers** (one seed for every pairing of a round);
# * explain why the Boutique games are scored by the **money lead**, which makes them
#   zero-sum, and read their optimal mixes;
# * check that a mixed strategy is optimal by the **indifference** of its support.

# %% [markdown]
# ## Starting the server
#
# On the teacher's machine, in the folder where hoteledu is installed, run
#
# ```
# python -m hoteledu.classroom serve
# ```
#
# (options: `--db PATH` for the database file, `--port 8866`, `--ip 0.0.0.0`). It prints
# a **teacher token** and the addresses to type, one for the teacher's dashboard
# (`http://localhost:8866/voila/render/teacher.ipynb`) and one for the students, on the
# machine's network address (`http://192.168.1.20:8866/voila/render/student.ipynb`, say).
# Without a terminal, run this in a JupyterLab cell instead (not run here):
#
# ```
# from hoteledu.classroom.server import start_class
# server = start_class()   # shows the token, the addresses and a QR code to scan
# ```
#
# It works the same on Binder or a JupyterHub, where only the Jupyter server's own address
# is reachable: there the two pages are Voilà pages of that server
# (`/user/<you>/voila/render/classroom_pages/student.ipynb`). On Binder the students'
# address carries your session's key, which opens the whole session to whoever has it:
# fine for a demonstration, not for marks (`docs/classroom.md`). `server.stop()` ends it.
#
# Everything is stored in one SQLite file (by default
# in your user data folder, `~/.local/share/hoteledu/classroom.sqlite3`), written in
# transactions: a restart of the server loses nothing, and two students pressing Submit
# at the same instant both count.
#
# In class:
#
# 1. Open the dashboard, type the token, choose the experiment and its parameters, press
#    **Create session**. Write the session code on the board.
# 2. Press **Open round**. The round's seed shows on the dashboard.
# 3. Students open the student address, type the code and a display name, **Join**, type
#    their choice and **Submit**. A second submission in the same round replaces the
#    first. They see only their own entries. The page shows each student a *rejoin
#    code* of ten letters and digits: after a reload, their name with that code brings
#    them back. One page is one student (unless you tick "shared computers").
#    The pages follow the round by themselves: nobody needs to press Refresh.
# 4. Press **Close round**: the engine plays every pair of students once, and the
#    dashboard shows the leaderboard, the histogram of choices with the equilibrium mix,
#    and the fit test; each student's page then shows their own score. **Projector
#    view** shows the question, then the results, in large type for the room.
# 5. **Export JSON** keeps the whole session for later analysis (lesson 2).
#
# The student page has no button that opens or closes a round or exports: only the
# dashboard does, after the token. Names are shown as plain text everywhere, so a name
# like `<b>me</b>` cannot change anyone's page.

# %% [markdown]
# ## A dry run in this notebook
#
# The pages call a small store; we can call it directly. Below a temporary database, a
# session of the **sealed marketing bid**, eight simulated students (seeded choices) and
# one round, through the same functions the pages use.

# %%
# NBVAL_CHECK_OUTPUT
import tempfile
from pathlib import Path

import numpy as np

from hoteledu.classroom.store import ClassroomError, Store

folder = tempfile.TemporaryDirectory()
store = Store(Path(folder.name) / "class.sqlite3")
session = store.create_session("bid")  # defaults: price face 2, guest card 3, bids 0..5
print("experiment:", session.experiment, session.params)
students = [store.join(session.code, name) for name in
            ["Ada", "Ben", "Chloe", "Dev", "Emil", "Fatima", "Gus", "Hana"]]
opened = store.open_round(session.code, seed=2026)
rng = np.random.default_rng(5)
for student in students:
    store.submit(student, str(rng.integers(0, 6)))
print("round", opened.number, "seed", opened.seed, "submissions:",
      [(s.name, s.value) for s in store.submissions(session.code, 1)])

# %% [markdown]
# Bad input is refused with a message that names what was wrong, and changes nothing:

# %%
# NBVAL_CHECK_OUTPUT
attempts = [
    ("unknown code", lambda: store.join("NOPE1", "Ivo")),
    ("taken name", lambda: store.join(session.code, "ada")),
    ("empty name", lambda: store.join(session.code, "  ")),
    ("not a number", lambda: store.submit(students[0], "lots")),
    ("out of range", lambda: store.submit(students[0], "9")),
]
for label, attempt in attempts:
    try:
        attempt()
    except ClassroomError as error:
        print(f"{label:13} -> {error}")
store.submit(students[0], "5")  # a second submission replaces the first
print("Ada now:", [s.value for s in store.own_entries(students[0])])

# %% [markdown]
# Closing the round plays every pair once (8 students: 28 pairings) and stores the
# results. The dashboard shows them like this:

# %%
from IPython.display import HTML, display

from hoteledu.classroom.experiments import BID, fit_test
from hoteledu.classroom.views import histogram_svg, leaderboard_html, theory_html

store.close_round(session.code)
results = store.results(session.code, 1)
theory = BID.theory(session.params, opened.seed)
values = [s.value for s in store.submissions(session.code, 1)]
display(HTML(leaderboard_html(results, BID.value_label) + histogram_svg(theory, values)
             + theory_html(theory, BID.value_label)))

# %%
# NBVAL_CHECK_OUTPUT
print(BID.question(session.params, opened.seed))
print("winner:", results["leaderboard"][0]["name"], "with a bid of",
      results["leaderboard"][0]["value"], "hundred;", results["pairings"], "pairings")
print("bids 0..5 at closing (Ada's second bid counts):", [values.count(bid) for bid in range(6)])
print(fit_test(theory.choices, theory.mix, values).message)
store.close()
folder.cleanup()

# %% [markdown]
# Four of these eight bids (two of 3, two of 4) are bids the equilibrium mix never
# plays, so the fit is rejected outright: theory gives them probability 0 (and both lose
# against the mix, as the indifference check below shows). When every choice falls in
# the mix's support, a class of 8 over four bids leaves expected counts below 5, and the
# test warns that the chi-square approximation is then unreliable, as here for a class
# that bids 0, 1, 2 once each and 5 five times:

# %%
# NBVAL_CHECK_OUTPUT
print(fit_test(theory.choices, theory.mix, [0, 1, 2, 5, 5, 5, 5, 5]).message)

# %% [markdown]
#
# ## The three experiments
#
# | experiment | a student submits | a pairing is played by |
# |---|---|---|
# | Boutique one-booking pricing game | a flat price face 1..6 (100..600 a night) | the Boutique engine: a new 2-player game, both prices set, the engine draws the check-in day and a guest card; the cheapest total gets the guests; equal totals: both are paid |
# | sealed marketing bid | a bid in hundreds, 0..5 | the same game with equal prices, so the tie goes to sealed bids: every bid is paid to the bank, the higher bid gets the guests (equal bids: both) |
# | Grand Austria take or pass | a threshold: take the strongest space once it holds that many dice | 200 seeded boards of dice: take or pass (one die to the dustbin, the rest rerolled), then the best rule plays on |
#
# **Common random numbers.** Every pairing of a round draws its chance from the round's
# seed: the same guest card for every pair, the same 200 boards for every student. Two
# students are compared on the same luck, so the leaderboard reflects their choices, not
# their dice, and anyone can recompute a round from its seed (lesson 2 does).
#
# **Why the money lead.** A two-player game of Boutique is won by the most money, so the
# experiments score each student's money *lead* over the opponent. In the lead the games
# are **zero-sum**: what one gains the other loses. (Scored by own money instead, the
# rulebook's tie rule, both hotels paid, would make every equal pair of prices an
# equilibrium, and there would be nothing to compare.)
#
# Here is what theory says for each experiment at its default parameters:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.classroom.experiments import EXPERIMENTS

for experiment in EXPERIMENTS.values():
    params = experiment.check_params({})
    th = experiment.theory(params, 0)
    mix = {c: round(p, 3) for c, p in zip(th.choices, th.mix) if p > 0}
    print(f"{experiment.title} {params}: mix {mix}, value {th.value:.3f}")

# %% [markdown]
# * **Pricing: Bertrand.** Against any price, one face lower wins the booking, so the
#   only optimal choice is the lowest price. Classes rarely start there.
# * **Marketing bid: mixed equilibria.** With a prize of 400 (card 3, two nights
#   at 200) the game has two optimal mixes at the corners of its optimal set (the exact
#   analysis of [Boutique lesson 4](../boutique/04_marketing_bid.ipynb) finds them by vertex
#   enumeration): bids 0, 2, 5 with probabilities 1/4, 1/4, 1/2, and bids 1, 5 with
#   1/4, 3/4. In a zero-sum game every mix between optimal mixes is optimal too; the
#   dashboard shows the centre, bids 0, 1, 2 with 1/8 each and 5 with 5/8. A mix is
#   optimal in a symmetric zero-sum game when no pure bid does better than the value 0
#   against it; every bid of its support earns exactly 0 (indifference):

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.auction import equilibria
from hoteledu.classroom.experiments import bid_game, bid_matrix

extremes = sorted(tuple(str(p) for p in e.row) for e in equilibria(bid_game(400, 5)) if e.symmetric)
print("the extreme optimal mixes over bids 0..5:", *extremes)
bid_theory = BID.theory(BID.check_params({}), 0)
print("the centre mix over bids 0..5:", [round(p, 4) for p in bid_theory.mix])
against_mix = np.array(bid_matrix(400, 5)) @ np.array(bid_theory.mix)
print("expected lead of bids 0..5 against it:", [round(float(x), 1) for x in against_mix])

# %% [markdown]
# * **Take or pass: a decision against the dice.** There is no opponent: the best
#   threshold comes from optimal stopping (the Grand Austria lesson
#   [3. Drafting and passing](../grand_austria/03_drafting_and_passing.ipynb)). With 6
#   dice, take when the strongest space holds at least 3.
#
# ## Exercises
#
# 1. Take or pass with 6 dice: the optimal threshold 3 expects a strength of 2.570 dice
#    (the value printed above). What does "always take" (threshold 1) expect, and how much
#    does it give up? (Use
#    `TAKE_OR_PASS.theory(TAKE_OR_PASS.check_params({}), 0).expected`.)
# 2. The teacher sets the pricing game's range to faces 2..5. What does theory predict,
#    and what is the value of the game?
# 3. Marketing bid with guest card 1 (one night, no breakfast) at face 2: what is the
#    prize, which mix does the dashboard show, and what are the extreme optimal mixes
#    (use `equilibria(bid_game(prize, 5))` from `hoteledu.boutique.analysis.auction` and
#    `hoteledu.classroom.experiments`)? Why is a fit test against the shown mix doubtful?
#
# <details><summary>Show the answer</summary>
#
# 1. Threshold 3 expects 2.570 dice; threshold 1 (always take) expects 2.408, so it
#    gives up 0.162 dice per decision.
# 2. Undercutting still always wins, so the lowest allowed face, 2, with probability 1;
#    the value is 0 (a symmetric zero-sum game).
# 3. The prize is 200 (one night at 200). The dashboard shows the centre, bids 0, 1, 2, 3
#    with probability 1/4 each. The extreme optimal mixes are bids 0 and 2 with 1/2 each,
#    and bids 1 and 3 with 1/2 each. A class that plays only 0 and 2 plays optimally, yet
#    with enough students the fit test against the centre rejects it: with several
#    optimal mixes, the test checks one of them, not optimality. Check instead that no
#    bid earns more than 0 against the class's own mix.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.classroom.experiments import PRICING, TAKE_OR_PASS
from hoteledu.lessons import check_answers

take = TAKE_OR_PASS.theory(TAKE_OR_PASS.check_params({}), 0)
narrow = PRICING.theory(PRICING.check_params({"lowest": 2, "highest": 5}), 0)
small = BID.check_params({"card": 1, "price": 2})
small_theory = BID.theory(small, 0)
verdict = check_answers("classroom/01_running_an_experiment", {
    "1 threshold 3": round(take.expected[2], 3),
    "1 always take": round(take.expected[0], 3),
    "1 gives up": round(take.expected[2] - take.expected[0], 3),
    "2 mix": {c: p for c, p in zip(narrow.choices, narrow.mix) if p > 0},
    "2 value": round(narrow.value, 6),
    "3 mix": small_theory.mix,
    "3 extremes": {e.row for e in equilibria(bid_game(200, 5)) if e.symmetric},
    "3 prize": lambda words: words in small_theory.note,
})
