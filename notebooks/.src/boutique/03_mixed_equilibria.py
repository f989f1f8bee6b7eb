# %% [markdown]
# # Boutique Hotel Manager 3: mixed equilibria with nashpy
#
# [Start here](../00_start_here.ipynb) · previous: [2. A price war with three rooms](02_price_war.ipynb) ·
# next: [4. The marketing bid](04_marketing_bid.ipynb)
#
# **Level:** intermediate game theory · **Prerequisites:** lesson 2 (payoff matrices,
# best responses, the booking-week game); mixed strategies and expected payoffs; what a
# linear program is · **Time:** about 45 minutes
#
# Lesson 2 ended with a game without a pure equilibrium: two hotels over a booking week,
# each wanting to **end ahead of the other** (payoff: the money difference), with three
# rooms each. The best replies go round: 600, 500, 400, 300, then back to 600. John von
# Neumann's minimax theorem says every such zero-sum game has a value and optimal
# *mixed* strategies, and that a linear program finds them. This lesson solves the
# engine's game that way, checks the answer with the three algorithms of the library
# `nashpy`, and asks how much to trust an equilibrium computed from a matrix that was
# itself estimated from 60 seeded deals.
#
# **Learning goals.** After this lesson you can
#
# * write a two-player zero-sum game as a **linear program** and solve it;
# * check an equilibrium by the **indifference principle**: every price in the support
#   earns the value against the rival's mix, no other price earns more;
# * run **support enumeration**, **vertex enumeration** and **Lemke-Howson** from every
#   starting label, and say why one start finds one equilibrium;
# * recognise a **degenerate** game and what it does to these algorithms;
# * measure the **sampling error** of an estimated matrix and of its equilibrium.

# %% [markdown]
# ## Warm-up: matching pennies as a linear program
#
# In a zero-sum game with payoff matrix $A$ for P1 (P2 gets $-A$), P1 choosing the mix
# $x$ is sure of $\min_j (x^\top A)_j$ whatever P2 does. P1 maximises this guarantee:
#
# $$\max_{x, v}\; v \quad\text{subject to}\quad (x^\top A)_j \ge v \text{ for every column } j,
# \qquad \textstyle\sum_i x_i = 1,\; x \ge 0.$$
#
# That is a linear program. P2 solves the same program for $-A^\top$, and the minimax
# theorem says both find the same value $v$. `zero_sum_lp` solves both with
# `scipy.optimize.linprog`; `zero_sum_agrees_with_nashpy` checks the result against
# nashpy's own linear program.

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.boutique.analysis.equilibria import (
    LEMKE_HOWSON_NOTE,
    best_reply_gain,
    best_responses,
    degeneracy,
    is_equilibrium,
    lemke_howson_all,
    nashpy_support_enumeration,
    pure_equilibria,
    support_enumeration,
    vertex_enumeration,
    zero_sum_agrees_with_nashpy,
    zero_sum_lp,
)
from hoteledu.boutique.analysis.games import objective_payoffs, pricing_game

pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
solution = zero_sum_lp(pennies)
print("pure equilibria:", pure_equilibria(pennies))
print("P1's mix:", solution.row.round(3), " P2's mix:", solution.column.round(3),
      " value:", round(solution.value, 3) + 0.0)
print("agrees with nashpy:", zero_sum_agrees_with_nashpy(pennies))

# %% [markdown]
# ## The pricing game of lesson 2
#
# The same game as in lesson 2: flat prices 200..600, the booking week of week 1, 60
# seeded deals with common random numbers, payoff = P1's money minus P2's.

# %%
# NBVAL_CHECK_OUTPUT
game = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=60, seed=2026,
                    objective="difference", progress=True, symmetric=True)
labels = game.labels[0]
A = game.payoffs[0]
print("P1's payoff (money difference), rows: P1's price, columns: P2's")
print("      " + "".join(f"{label:>7}" for label in labels))
for label, row in zip(labels, A, strict=True):
    print(f"{label:>5} " + "".join(f"{v:7.0f}" for v in row))
print("symmetric zero-sum (A = -A transposed):", bool(np.allclose(A, -A.T)))
off = ~np.eye(5, dtype=bool)
print(f"standard errors off the diagonal: {game.standard_errors[0][off].min():.0f} "
      f"to {game.standard_errors[0][off].max():.0f}")
print("pure equilibria:", pure_equilibria(game))
replies, _ = best_responses(game)
print("P1's best reply to each price of P2:",
      {labels[j]: labels[replies[j][0]] for j in range(5)})

# %% [markdown]
# The seats play alike (the fixed policies do not depend on the seat, and tied hotels
# both get the guests), so $A = -A^\top$: a *symmetric* zero-sum game. (`symmetric=True`
# uses this to play each unordered pair once; played in full, the matrix comes out the
# same, which a test of the package checks.) Its value is 0,
# since P1 could copy P2's optimal mix. The LP gives the mix:

# %%
# NBVAL_CHECK_OUTPUT
lp = zero_sum_lp(game)
print("value:", round(lp.value, 6) + 0.0)
print("P1's optimal mix:", {k: round(float(p), 3) for k, p in zip(labels, lp.row, strict=True)})
print("P2's optimal mix:", {k: round(float(p), 3) for k, p in zip(labels, lp.column, strict=True)})
print("agrees with nashpy:", zero_sum_agrees_with_nashpy(game))

# %%
from hoteledu.boutique.figures.games import equilibrium_bars, payoff_heatmap

payoff_heatmap(game, title="Booking week, goal: beat the rival (P1's payoff ± standard error)")

# %% [markdown]
# ## Indifference on the support
#
# Why should a player mix? Because in equilibrium every price it plays must earn the
# same against the rival's mix (else it would drop the worse one), and no price outside
# the support may earn more. Check it: each price of P1 against P2's mix.

# %%
# NBVAL_CHECK_OUTPUT
against = A @ lp.column
for label, value, weight in zip(labels, against, lp.row, strict=True):
    role = "in the support" if weight > 1e-9 else "not played"
    print(f"P1 at {label} against P2's mix: {round(value, 1) + 0.0:8.1f}   "
          f"({role}, weight {weight:.3f})")

# %% [markdown]
# The prices in the support earn exactly the value, 0; 200 and 300 earn less and are
# not played. The mix makes the rival indifferent too: that is what pins the
# probabilities down, not any wish of the player itself.
#
# ## Three algorithms, one answer
#
# * **Support enumeration** tries every pair of supports of equal size, solves the
#   indifference equations on them, and keeps the solutions that are probabilities and
#   have no better reply outside the support.
# * **Vertex enumeration** lists the vertices of the two best-response polytopes and
#   keeps the pairs that are "completely labelled".
# * **Lemke-Howson** walks from one vertex to the next; here is why each start gives one
#   equilibrium:

# %%
print(LEMKE_HOWSON_NOTE)

# %%
# NBVAL_CHECK_OUTPUT
for name, found in (("support enumeration", support_enumeration(game)),
                    ("nashpy's own support enumeration", nashpy_support_enumeration(game)),
                    ("vertex enumeration", vertex_enumeration(game))):
    print(f"{name}: {len(found)} equilibrium(a):", [e.rounded()[0] for e in found])
runs = lemke_howson_all(game)
ends = {tuple(r.equilibrium.rounded()[0]) for r in runs if r.valid}
print(f"Lemke-Howson from all {len(runs)} labels: {sum(r.valid for r in runs)} valid runs, "
      f"{len(ends)} distinct end(s):", sorted(ends))
print(degeneracy(game).explain(game.labels))
# nashpy's indifference equations on the support 400, 500, 600, solved as nashpy does:
support = [2, 3, 4]
equations = np.vstack([(A[support] - np.roll(A[support], 1, axis=0))[:-1],
                       np.eye(5)[[0, 1]], np.ones(5)])
weights = np.linalg.solve(equations, [0, 0, 0, 0, 1])
print(f"a payoff of the matrix: P1 at 400 against 500 earns {A[2, 3]:.2f}")
# which of the two comes out negative depends on the platform's floating point; one is enough
print("nashpy's weights of 200 and 300: one below 0:", bool((weights[:2] < 0).any()),
      "· both smaller than 1e-15:", bool((np.abs(weights[:2]) < 1e-15).all()))

# %% [markdown]
# All three find the LP's mix, and only it: this game has a single equilibrium. But
# nashpy's own support enumeration finds *nothing*, and warns that an even number of
# equilibria means a degenerate game. The game is not degenerate: nashpy accepts a
# solution of the indifference equations only if the probabilities it must set to 0
# come out $\ge 0$ exactly, and with payoffs like 951.67 the computer returns a
# tiny negative number (printed above: at least one of the two is below 0, both are
# smaller than $10^{-15}$).
# `support_enumeration` here runs the same algorithm with a tolerance.
# Floating point deserves the same suspicion as sampling error.
#
# ## Degenerate games
#
# The walk-in day is degenerate. P1 is ranked first and gets each walk-in whose budget
# covers its price; P2 gets only the guests P1 is too dear for. If P1 asks 100, every
# walk-in who can afford any hotel can afford P1, so P2 never gets a guest and its
# price does not matter at all:

# %%
# NBVAL_CHECK_OUTPUT
walkin = pricing_game("walkin", prices=(1, 2, 3, 4))
print(degeneracy(walkin).explain(walkin.labels))
print("equilibria by support enumeration:",
      [(walkin.labels[0][e.supports[0][0]], walkin.labels[1][e.supports[1][0]])
       for e in support_enumeration(walkin)])

# %% [markdown]
# Here the degeneracy does no harm (P1 at 100 is in no equilibrium), but in general a
# degenerate game can have a whole segment of equilibria, and the algorithms list only
# its end points. A small example: P1's top row is dominant, and against it P2 is
# indifferent between its two columns, so *every* mix of P2 is an equilibrium.

# %%
# NBVAL_CHECK_OUTPUT
segment = (np.array([[1.0, 1.0], [0.0, 0.0]]), np.array([[1.0, 1.0], [0.0, 2.0]]))
print(degeneracy(segment).explain([["top", "bottom"], ["left", "right"]]))
print("support enumeration lists:", [e.rounded() for e in support_enumeration(segment)])
print("Lemke-Howson ends:", sorted({tuple(r.equilibrium.rounded()[1])
                                    for r in lemke_howson_all(segment) if r.valid}))
print("P2 mixing 30/70 is an equilibrium too:", is_equilibrium(segment, [1, 0], [0.3, 0.7]))

# %% [markdown]
# ## Sampling error
#
# The week game's matrix is an estimate from 60 deals. Each cell has a standard error
# of a few hundred (the heatmap shows them), against payoff differences of a few
# hundred to a few thousand. How much does that move the equilibrium? Resample the 60
# deals with replacement (a **bootstrap**), rebuild the matrix from each resample, and
# solve each by the LP. (A symmetric game needs only P1's program.)

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import progress

rng = np.random.default_rng(7)
deals = game.draws  # (deal, P1's price, P2's price, player): money gained per deal
n_deals = deals.shape[0]
mixes, values = [], []
for _ in progress(range(100), desc="bootstrap"):
    resample = deals[rng.integers(n_deals, size=n_deals)].mean(axis=0)
    solved = zero_sum_lp(resample[..., 0] - resample[..., 1], column=False)
    mixes.append(solved.row)
    values.append(solved.value)
mixes = np.array(mixes)
print("value 0 (within 1e-6) in every resample:", bool(np.abs(values).max() < 1e-6))
print("price  LP mix   bootstrap mean  bootstrap sd  share of resamples playing it")
for k, label in enumerate(labels):
    print(f"{label:>5}  {lp.row[k]:6.3f}   {mixes[:, k].mean():6.3f}          "
          f"{mixes[:, k].std():6.3f}        {np.mean(mixes[:, k] > 1e-9):.2f}")

# %%
equilibrium_bars((lp.row, lp.column), game.labels,
                 title="Equilibrium mix, with bootstrap standard deviations",
                 errors=(mixes.std(axis=0), mixes.std(axis=0)))

# %% [markdown]
# The support itself is uncertain: in some resamples 300 enters the mix, and the
# weights move by about 0.1 to 0.2. The *value* does not move: it is 0 by symmetry in
# every resample. A fresh set of 60 deals tells the same story: the mix changes. How
# much would our mix lose if that fresh matrix were the truth? The best reply to it
# there shows it.

# %%
# NBVAL_CHECK_OUTPUT
other = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=60, seed=1,
                     objective="difference", progress=True, symmetric=True)
mix = zero_sum_lp(other, column=False).row
print("fresh deals (seed 1): mix", {k: round(float(p), 2) for k, p in zip(labels, mix, strict=True)})
# P1's money minus P2's, deal by deal, for every pair of prices (common random numbers)
fresh = objective_payoffs(other.draws, "difference")[..., 0]
reply = best_reply_gain(fresh, lp.row)
low, high = reply.bootstrap
print(f"a rival's best reply to our mix there ({labels[reply.reply]}) wins {reply.gain.estimate:.0f}, "
      f"95% t interval [{reply.gain.low:.0f}, {reply.gain.high:.0f}] over the 60 deals")
print(f"the best reply's gain, re-picked in each of 200 bootstrap resamples: [{low:.0f}, {high:.0f}]")

# %% [markdown]
# How much would our mix lose there? The best reply wins about 50 against it, but the
# t interval over the 60 deals runs from below 0 to about 400: these deals cannot tell
# whether our mix loses anything at all. The best reply is also picked on the very deals
# it is scored on, which flatters it, so the second interval re-picks it in every
# bootstrap resample: it is positive, but at most a few hundred, against payoffs that
# differ by thousands. What 60 deals do support is that our mix cannot be exploited
# by much, even where its exact weights are wrong. So an equilibrium of an estimated
# game is itself an estimate, and its **support** is the most fragile part: in the
# bootstrap 300 enters the mix in about a third of the resamples and 500 in three
# quarters, so 60 deals support "mostly 400 and 600, never 200" but cannot say whether
# 300 or 500 is played at all.
#
# More deals settle it. The same game from 4,000 deals (the first 60 are ours; computed
# once and stored by `hoteledu.boutique.analysis.week_reference`), with a bootstrap of 200
# resamples of those deals:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.week_reference import LESSON_GRID, load_week_reference

reference = load_week_reference()
big = reference.equilibrium["lesson"]
keep = [reference.prices.index(f) for f in LESSON_GRID]
big_matrix = reference.payoff("difference")[np.ix_(keep, keep)]
print(f"{reference.deals} deals: price, LP mix [95% bootstrap interval], share of resamples playing it")
for k, label in enumerate(labels):
    boot = big["bootstrap"]
    print(f"{label:>5}  {big['mix'][k]:.3f} [{boot['low'][k]:.3f}, {boot['high'][k]:.3f}]  "
          f"{boot['played'][k]:.2f}")
against_ours = big_matrix @ lp.row
# a bound on its standard error: the errors of the cells it averages, added up
bound = reference.errors["difference"][np.ix_(keep, keep)] @ lp.row
best = int(np.argmax(against_ours))
print(f"a rival's best reply to our 60-deal mix, in the 4,000-deal game ({labels[best]}), wins "
      f"{against_ours[best]:.0f} ± {1.96 * bound[best]:.0f} (95%, at most)")

# %% [markdown]
# With 4,000 deals the mix is 400 about two times in three, 600 about one in three, and
# 300 about one in twenty (interval printed above); 200 and 500 are played in no
# resample. So our 60-deal weight on 500 was noise, and the 300 that 60 deals left out
# is really played, a little. Against the 4,000-deal game our 60-deal mix is exploited,
# but only by about 80 (the interval printed above stays well above 0 and below 120).
# What held up is what the 60-deal bootstrap supported:
# mostly 400 and 600, never 200. More deals shrink the standard errors like
# $1/\sqrt{n}$, but the support of a mix can stay uncertain long after the payoffs look
# precise.

# %% [markdown]
# ## Exercises
#
# 1. Solve the zero-sum game $A = \begin{pmatrix} 3 & -1 \\ -2 & 4 \end{pmatrix}$ by hand:
#    it has no saddle point, so P1 mixes to make P2 indifferent. Give P1's mix and the
#    value, and check with `zero_sum_lp`.
# 2. In the week game above, P2 plays 400 and 600 with probability ½ each. What is
#    P1's best reply, and what does it earn (money difference, rounded)?
# 3. How many deals would halve the standard errors of the week game's cells?
# 4. In the game `segment`, P2 plays left and right with probability ½ each. Is that
#    (with P1 on top) an equilibrium? Did support enumeration list it?
#
# <details><summary>Show the answer</summary>
#
# 1. P1 plays the top row with probability $p$: P2 is indifferent when
#    $3p - 2(1-p) = -p + 4(1-p)$, so $p = 0.6$; the value is $3 \cdot 0.6 - 2 \cdot 0.4 = 1$.
# 2. 500, earning 222.5 on average: against 400 it loses 952 but against 600 it wins
#    1397 (numbers from the matrix above: P1 at 500 against 400 and against 600). Its
#    lead over the runner-up, 600, is only 183 ± 190 (paired standard error over the 60
#    deals): 60 deals do not separate the two. The stored 4,000 deals do: there 500
#    earns 232.5 against this mix, the runner-up (400) 57.
# 3. Four times as many: 240 deals (the error falls like $1/\sqrt{n}$).
# 4. Yes: P1's top row is still best (1 against 0) and P2 is indifferent. Support
#    enumeration did not list it: it only gives the two pure end points of the segment.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

small = zero_sum_lp(np.array([[3.0, -1.0], [-2.0, 4.0]]))
half = A[:, [2, 4]] @ np.array([0.5, 0.5])
per_deal = (deals[..., 0] - deals[..., 1])[:, :, [2, 4]].mean(axis=2)
lead = per_deal[:, 3] - per_deal[:, 4]
big_half = big_matrix[:, [2, 4]] @ np.array([0.5, 0.5])
listed = [tuple(e.column.round(3)) for e in support_enumeration(segment)]
verdict = check_answers("boutique/03_mixed_equilibria", {
    "1 mix": round(float(small.row[0]), 3),
    "1 value": round(small.value, 3),
    "2 reply": labels[int(np.argmax(half))],
    "2 earns": round(float(half.max()), 1),
    "2 against 400": round(float(A[3, 2])),
    "2 against 600": round(float(A[3, 4])),
    "2 lead": (int(np.floor(lead.mean() + 0.5)), round(float(lead.std(ddof=1) / np.sqrt(len(lead))))),
    "2 with 4,000 deals": (labels[int(np.argmax(big_half))], round(float(big_half.max()), 1),
                           labels[int(np.argsort(-big_half)[1])],
                           round(float(np.sort(big_half)[-2]))),
    "3": n_deals * 4,
    "4 equilibrium": is_equilibrium(segment, [1, 0], [0.5, 0.5]),
    "4 listed": (0.5, 0.5) in listed,
})
