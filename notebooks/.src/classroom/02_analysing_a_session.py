# %% [markdown]
# # Classroom 2: analysing a session against the equilibrium
#
# [Start here](../00_start_here.ipynb) · previous: [1. Running an experiment](01_running_an_experiment.ipynb)
#
# **Level:** intermediate (introductory game theory and statistics) · **Prerequisites:**
# mixed strategies and best responses, the chi-square goodness-of-fit test; lesson 1 of
# this folder · **Time:** about 30 minutes
#
# After a class has played, the dashboard's **Export JSON** saves the whole session: the
# experiment and its parameters, every round's seed, every submission and the results.
# This lesson loads such an export and asks what theory asks: did the class play the
# equilibrium, and if not, were they wrong to?
#
# The file used here, `example_session.json` (next to this notebook), is a **seeded
# simulation** of 24 students playing three rounds of the Boutique one-booking pricing
# game through the real store, with choices that start high and drift down, the pattern
# classroom price-competition experiments usually report. It is not real students' data;
# your own class's export loads the same way.
#
# **Learning goals.** After this lesson you can
#
# * load an exported session and recompute a round from its seed (common random numbers
#   make every result reproducible);
# * compare the class's choices with the equilibrium mix, in a table and a histogram;
# * find the **best response to the class**, and see why undercutting spreads;
# * run a chi-square goodness-of-fit test and say when it cannot be trusted.

# %%
# NBVAL_CHECK_OUTPUT
import json
from collections import Counter
from pathlib import Path

import numpy as np

data = json.loads(Path("example_session.json").read_text(encoding="utf-8"))
session = data["session"]
print(data["format"], "version", data["version"], "-", data["simulated"])
print("experiment:", session["experiment"], session["params"], "-", len(data["players"]), "students")
for r in data["rounds"]:
    counts = Counter(s["value"] for s in r["submissions"])
    print(f"round {r['number']} (seed {r['seed']}): faces 1..6 chosen",
          [counts.get(face, 0) for face in range(1, 7)],
          f"mean {np.mean([s['value'] for s in r['submissions']]):.2f}")

# %% [markdown]
# ## Every result can be recomputed
#
# A round's results depend only on the submissions and the seed: every pairing drew the
# same check-in day and guest card from it. Playing the round again through the engine
# gives exactly the stored leaderboard:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.classroom.experiments import PRICING, booking_card, play_round

params = session["params"]
for r in data["rounds"]:
    values = {s["name"]: s["value"] for s in r["submissions"]}
    again = play_round(PRICING, params, r["seed"], values)
    print(f"round {r['number']}: guests {booking_card(r['seed'])[1]}; "
          f"recomputed = stored: {again == r['results']}")

# %% [markdown]
# ## Theory: Bertrand
#
# Scored by the money lead, the one-booking game is zero-sum. Against a rival's face $q$,
# the face $q - 1$ wins the booking, so every price above the lowest is beaten by an
# undercut, and the only equilibrium is the lowest face, 1 (100 a night), with value 0.
# The class is far from it:

# %%
# NBVAL_CHECK_OUTPUT
theory = PRICING.theory(params, 0)
print("equilibrium mix over faces 1..6:", [round(p, 3) for p in theory.mix], f"value {theory.value:.3f}")

# %%
import plotly.graph_objects as go

figure = go.Figure()
for r in data["rounds"]:
    counts = Counter(s["value"] for s in r["submissions"])
    figure.add_bar(x=list(theory.choices), name=f"round {r['number']}",
                   y=[counts.get(c, 0) / len(r["submissions"]) for c in theory.choices])
figure.add_scatter(x=list(theory.choices), y=list(theory.mix), mode="markers",
                   marker={"size": 12, "color": "black", "symbol": "diamond"},
                   name="equilibrium mix")
figure.update_layout(title="Share of the class at each price face", xaxis_title="price face",
                     yaxis_title="share", barmode="group", height=360)
figure

# %% [markdown]
# ## Were they wrong? The best response to the class
#
# The equilibrium is the best reply to *itself*. Against the class as it actually
# played, the best face is a different question: the expected lead of face $a$ against a
# classmate drawn at random from round $r$ is $\sum_b A_{ab}\,\hat p_r(b)$, where $A$ is
# the lead matrix (expected over the guest card, exact) and $\hat p_r$ the class's shares.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.classroom.experiments import pricing_matrix

lead = np.array(pricing_matrix(theory.choices), dtype=float)
print("expected lead of face a against face b (row a, column b):")
print(np.round(lead).astype(int))
for r in data["rounds"]:
    shares = np.array([sum(s["value"] == c for s in r["submissions"]) for c in theory.choices])
    shares = shares / shares.sum()
    against = lead @ shares
    best = theory.choices[int(against.argmax())]
    if r is data["rounds"][-1]:  # the exercises ask for the earlier rounds' leads
        print(f"round {r['number']}: expected lead of faces 1..6 {np.round(against).astype(int).tolist()}")
    print(f"round {r['number']}: best face {best}")
round1 = [s["value"] for s in data["rounds"][0]["submissions"]]
print("round 1: students at face 4 or above:", sum(v >= 4 for v in round1), "of", len(round1))

# %% [markdown]
# In round 1 the best reply to the class was face 3, not 1: with most of the class at 4 or
# above, a mild undercut wins often and still earns a good price. As the class moves
# down, the best reply follows it (2 in round 2, 1 in round 3). This is how the
# equilibrium is reached, when it is: by players best-responding to what they saw.
#
# ## A test of fit
#
# Pearson's chi-square statistic compares observed counts $O_c$ with the counts
# $E_c = n\,p_c$ the mix predicts: $X^2 = \sum_c (O_c - E_c)^2 / E_c$, approximately
# chi-square with (number of categories $- 1$) degrees of freedom when every $E_c$ is at
# least about 5. Against the Bertrand mix the test cannot even be computed: every face
# above 1 has $E_c = 0$, and one such choice rejects the equilibrium outright. A weaker
# question is whether the class chose *at random* (uniform over the six faces):

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.classroom.experiments import fit_test

uniform = [1 / 6] * 6
for r in data["rounds"]:
    values = [s["value"] for s in r["submissions"]]
    print(f"round {r['number']} against Bertrand: {fit_test(theory.choices, theory.mix, values).message}")
    print(f"round {r['number']} against uniform:  {fit_test(theory.choices, uniform, values).message}")
print(f"expected count of a face under the uniform mix: {len(values)} / 6 = {len(values) / 6:.0f}; "
      f"of a pair of faces: {len(values)} / 3 = {len(values) / 3:.0f}")

# %% [markdown]
# With 24 students and 6 faces every expected count under the uniform mix is 4, below 5:
# the p-values are approximate and the message says so. Pooling categories (for
# example faces 1-2, 3-4, 5-6) raises the expected counts to 8.
#
# ## The exact p-value
#
# Here we need not trust the approximation at all. Under the uniform mix each of the
# $6^{24}$ sequences of choices is equally likely, and $X^2 = \frac{6}{24}\sum_c O_c^2 - 24$
# depends only on the counts, through $\sum_c O_c^2$. Adding up the multinomial
# probability $\frac{24!}{\prod_c O_c!}\,6^{-24}$ of every way the counts can fall,
# grouped by $\sum_c O_c^2$, gives the exact distribution of $X^2$ and so the exact
# $P(X^2 \ge \text{observed})$, as a fraction. The cell builds the counts face by face.

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction
from math import factorial

students, faces = 24, 6
ways = {(0, 0): Fraction(1)}  # (choices placed so far, their sum of squares) -> sum of 1/prod(O_c!)
for _ in range(faces):
    step = {}
    for (placed, squares), weight in ways.items():
        for count in range(students - placed + 1):
            key = (placed + count, squares + count * count)
            step[key] = step.get(key, 0) + weight / factorial(count)
    ways = step
squares_law = {sq: Fraction(factorial(students), faces**students) * w
               for (placed, sq), w in ways.items() if placed == students}
print("count vectors grouped by their sum of squares:", len(squares_law),
      "| total probability:", sum(squares_law.values()))
exact_p = {}
for r in data["rounds"]:
    values = [s["value"] for s in r["submissions"]]
    observed = sum(values.count(c) ** 2 for c in theory.choices)
    exact_p[r["number"]] = sum(p for sq, p in squares_law.items() if sq >= observed)
    approximate = fit_test(theory.choices, uniform, values).p_value
    print(f"round {r['number']}: X^2 = {faces * observed / students - students:.2f}, "
          f"p = {approximate:.3f} by the chi-square approximation, {float(exact_p[r['number']]):.3f} exact")

# %% [markdown]
# The approximation is close even with expected counts of 4, and no conclusion at the
# 5% level changes: round 1 is far from significant, round 2 just misses (0.054), round 3
# just makes it (0.044). But that is three tests, one per round. If the class chose at
# random in every round, the chance that at least one of three tests at 5% rejects is
# up to $1 - 0.95^3 \approx 0.14$, not 0.05. The simplest guard, Bonferroni, tests each
# round at $0.05 / 3 \approx 0.017$; then not even round 3 rejects. Decide before looking
# which round (or which pooled test) answers your question: the last round, after the
# class has learnt, is the natural one.
#
# ## Exercises
#
# 1. Pool the faces into three groups, 1-2, 3-4 and 5-6, and test round 3 against the
#    uniform mix over the three groups. What are the statistic and the p-value? Does the
#    small-count warning remain?
# 2. In round 2, what is the expected lead of the best face against the class, and how
#    much more is it than the lead of the equilibrium face 1?
# 3. In round 1, which face scored best on the leaderboard, and with what score? Is it
#    the face the best-response calculation above recommends? What lead do that face and
#    the leaderboard's face expect against round 1's class? Why can they differ?
#
# <details><summary>Show the answer</summary>
#
# 1. Round 3's groups hold 14, 8 and 2 choices against 8 expected each:
#    $X^2 = (36 + 0 + 36) / 8 = 9.00$ with 2 degrees of freedom, p = 0.011. Every
#    expected count is 8, so no warning: the class did not choose at random. (Even
#    counted as a fourth test beside the three per-round ones, 0.011 is below the
#    Bonferroni level $0.05 / 4 = 0.0125$.)
# 2. Face 2 expects a lead of 516 (rounded); face 1 expects 400: 116 more.
# 3. Face 2: Emil, Mia and Rosa scored 504.348 each (their mean lead over 23
#    classmates), just above the three students at face 3 (495.652). The best reply to
#    round 1's shares is face 3 (644 against 618 for face 2). The leaderboard comes from
#    one guest card, the seed's (card 6, two nights with breakfast), the best reply from
#    the expectation over all 28 cards; on this card each face-3 player lost 600 to each
#    of the three players at face 2.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from scipy import stats

from hoteledu.boutique.cards import standard_deck
from hoteledu.classroom.experiments import play_booking
from hoteledu.lessons import check_answers

round3 = [s["value"] for s in data["rounds"][2]["submissions"]]
groups = [sum(v in pair for v in round3) for pair in ((1, 2), (3, 4), (5, 6))]
pooled = fit_test((0, 1, 2), [1 / 3] * 3, [g for g, n in enumerate(groups) for _ in range(n)])
shares2 = np.array([sum(s["value"] == c for s in data["rounds"][1]["submissions"])
                    for c in theory.choices]) / 24
shares1 = np.array([sum(s["value"] == c for s in data["rounds"][0]["submissions"])
                    for c in theory.choices]) / 24
board1 = data["rounds"][0]["results"]["leaderboard"]
top1 = board1[0]
verdict = check_answers("classroom/02_analysing_a_session", {
    "1 groups": groups,
    "1 statistic": round(pooled.statistic, 2),
    "1 p": round(pooled.p_value, 3),
    "1 by scipy": round(float(stats.chi2.sf(pooled.statistic, 2)), 3),
    "1 no warning": "below 5" in pooled.message,
    "2 best": round(float((lead @ shares2).max())),
    "2 face 1": round(float((lead @ shares2)[0])),
    "2 more": round(float((lead @ shares2).max() - (lead @ shares2)[0])),
    "3 winners": sorted(r["name"] for r in board1 if r["score"] == top1["score"]),
    "3 score": (top1["value"], top1["score"]),
    "3 face 3": {r["score"] for r in board1 if r["value"] == 3},
    "3 card": booking_card(data["rounds"][0]["seed"])[0],
    "3 all cards": len(standard_deck().cards),
    "3 lost": play_booking(3, 2, data["rounds"][0]["seed"])[:2],
    "3 best reply": [round(float(x)) for x in (lead @ shares1)[1:3]],
})
