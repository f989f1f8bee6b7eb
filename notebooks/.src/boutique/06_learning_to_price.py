# %% [markdown]
# # Boutique Hotel Manager 6: learning to price
#
# [Start here](../00_start_here.ipynb)
#
# **Level:** intermediate (a first game-theory course) · **Prerequisites:** Nash
# equilibria in pure and mixed strategies, best responses, a 95% confidence interval;
# the rules of Boutique Hotel Manager (hotels set secret day rates, the cheapest hotel
# with room gets the guests) · **Time:** about 40 minutes
#
# An equilibrium says what rational players who *know* the game would do. Real players
# (and bots) rarely know it: they adjust their prices to what they have seen. Does such
# learning lead to the equilibrium? Sometimes it does, sometimes it circles for ever.
# We study two classic learning rules, first on textbook games where the answers are
# known theorems, then on the pricing games of Boutique computed from the engine, and
# finish with a seeded tournament of the game's pricing bots.
#
# **Learning goals.** After this lesson you can
#
# * run **fictitious play** (each player best-responds to the other's past frequencies)
#   and state **Robinson's theorem** (it converges in zero-sum games) and **Shapley's**
#   counterexample (it cycles in a 3x3 game);
# * run the **replicator dynamics** (shares of strategies grow with their payoff
#   advantage) and explain why it circles in matching pennies but finds a dominant
#   strategy;
# * measure the distance from equilibrium by **exploitability**, the gain both players
#   could get by switching to a best response;
# * apply both rules to the engine's pricing games (profit, and "beat the rival") and
#   compare where they end with the equilibria;
# * read a seeded **tournament** of the pricing bots with confidence intervals.
#
# Players are P1 (rows) and P2 (columns). All randomness comes from
# `numpy.random.default_rng(seed)`: every number below comes back the same on every run.

# %% [markdown]
# ## Fictitious play in matching pennies
#
# In **fictitious play** (Brown 1951) each player keeps count of what the other has
# played, treats the frequencies as the other's mixed strategy, and plays a best
# response to it, every round, both at once. When several actions are best, our rule
# takes the first one (`tie_rule="first"`, deterministic; `"random"` picks uniformly
# with a seeded generator).
#
# Matching pennies is zero-sum: P1 wins 1 if the coins match, P2 if they differ. Its
# only equilibrium is (1/2, 1/2) for both. **Robinson's theorem** (1951): in every
# two-player zero-sum game the empirical frequencies of fictitious play approach the
# set of equilibrium strategies.
#
# **Exploitability** measures how far a profile $(x, y)$ is from equilibrium: the sum of
# what P1 gains by switching to a best response against $y$ and what P2 gains against
# $x$, $\max_i (Ay)_i - x^\top A y + \max_j (x^\top B)_j - x^\top B y$. It is 0 exactly at
# an equilibrium.

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.boutique.analysis.learning import (
    best_response_path,
    exploitability,
    fictitious_play,
    normalised,
    replicator,
    replicator_field,
)

pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])  # P1's payoffs; P2 gets the negative
run = fictitious_play(pennies, 10_000)
x_freq, y_freq = run.frequencies()
gaps = exploitability(pennies, x_freq, y_freq)
for t in (10, 100, 1000, 10_000):
    print(f"after {t:>6} rounds: P1 plays heads {x_freq[t - 1, 0]:.3f}, "
          f"P2 {y_freq[t - 1, 0]:.3f}, exploitability {gaps[t - 1]:.4f}")

# %% [markdown]
# The frequencies approach 1/2 while the play itself never settles: the players keep
# switching, in ever longer runs. Exploitability falls roughly like $1/\sqrt{t}$: ten
# times more rounds, about a third of the gap.
#
# ## The replicator dynamics
#
# The **replicator dynamics** comes from biology: think of a large population of P1s
# and one of P2s, each member playing a pure strategy. A strategy's share grows in
# proportion to how much better than average it does:
#
# $$\dot x_i = x_i \big((Ay)_i - x^\top A y\big), \qquad
#   \dot y_j = y_j \big((x^\top B)_j - x^\top B y\big).$$
#
# In matching pennies it does **not** converge: the quantity
# $H = -\tfrac12 \sum_i \ln x_i - \tfrac12 \sum_j \ln y_j$ (a relative entropy to the
# equilibrium) stays constant along every path, so each path is a closed orbit around
# (1/2, 1/2). The phase plot shows P1's share of heads across and P2's up; the grey
# arrows give the direction of the dynamics, the orange path is fictitious play's
# frequencies.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.figures.learning import phase_figure

orbit = replicator(pennies, [0.8, 0.2], [0.5, 0.5], time=30, points=1501)
entropy = -0.5 * np.log(orbit.x).sum(axis=1) - 0.5 * np.log(orbit.y).sum(axis=1)
print(f"replicator from (0.8, 0.5): H stays in [{entropy.min():.6f}, {entropy.max():.6f}], "
      f"exploitability never below {exploitability(pennies, orbit.x, orbit.y).min():.3f}")
phase_figure(
    replicator_field(pennies, points=11),
    {"replicator": (orbit.x[:, 0], orbit.y[:, 0]),
     "fictitious play (frequencies)": (x_freq[:400, 0], y_freq[:400, 0])},
    equilibria=[(0.5, 0.5)],
    labels=("P1's share of heads", "P2's share of heads"),
    title="Matching pennies: the replicator circles, fictitious play spirals in",
).show()

# %% [markdown]
# ## Rock-paper-scissors, and Shapley's game
#
# Rock-paper-scissors is zero-sum too: fictitious play's frequencies go to (1/3, 1/3,
# 1/3). **Shapley (1964)** changed the payoffs so that the game is no longer zero-sum
# (each player gets 1 for "beating" the other in a rock-paper-scissors-like order, and
# 0 otherwise, with P1 and P2 ordered differently). Its only equilibrium is still
# uniform play, but fictitious play (started off the diagonal) runs round a cycle of
# six profiles, each run about 1.5 times longer than the last, and the frequencies
# never settle.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.figures.learning import simplex_figure

rps = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
shapley = (np.array([[0.0, 1, 0], [0, 0, 1], [1, 0, 0]]),
           np.array([[0.0, 0, 1], [1, 0, 0], [0, 1, 0]]))
rps_run = fictitious_play(rps, 20_000, initial_counts=([1, 0, 0], [0, 1, 0]))
shapley_run = fictitious_play(shapley, 20_000, initial_counts=([1, 0, 0], [0, 1, 0]))
for name, game, played in (("rock-paper-scissors", rps, rps_run), ("Shapley", shapley, shapley_run)):
    x_end, y_end = played.final()
    print(f"{name}: P1's frequencies after 20000 rounds {np.round(x_end, 3)}, "
          f"exploitability {exploitability(game, x_end, y_end):.3f}")
changes = np.flatnonzero((shapley_run.plays[1:] != shapley_run.plays[:-1]).any(axis=1))
runs = np.diff(changes)
print("Shapley: lengths of the last runs", runs[-4:].tolist(),
      f"(ratio {runs[-1] / runs[-2]:.2f})")
simplex_figure(
    {"rock-paper-scissors": rps_run.frequencies()[0][::20],
     "Shapley's game": shapley_run.frequencies()[0][::20]},
    ["action 1", "action 2", "action 3"],
    equilibria=[[1 / 3] * 3],
    title="P1's fictitious-play frequencies: inwards (RPS) or round a triangle (Shapley)",
).show()

# %% [markdown]
# ## Dominance: every rule finds it
#
# When a strategy strictly dominates, learning is easy. In the prisoner's dilemma
# "defect" beats "cooperate" whatever the other does: fictitious play defects from
# round 2 on, the replicator's share of defectors grows from any interior start, and
# pure best-response dynamics stops at (defect, defect) after one step.

# %%
# NBVAL_CHECK_OUTPUT
dilemma = (np.array([[3.0, 0.0], [5.0, 1.0]]), np.array([[3.0, 5.0], [0.0, 1.0]]))
fp = fictitious_play(dilemma, 100)
rd = replicator(normalised(dilemma), [0.95, 0.05], [0.95, 0.05], time=40)
print("fictitious play, rounds 2..100 all (defect, defect):",
      bool((fp.plays[1:] == 1).all()))
print(f"replicator from 5% defectors: share of defectors at time 40 {rd.x[-1, 1]:.4f}")
print("best-response path from (cooperate, cooperate):",
      best_response_path(dilemma, (0, 0)).profiles)

# %% [markdown]
# ## A pricing duel against a bot
#
# Before the engine's games, play one. Set your seven day rates and the breakfast die,
# choose a bot and press **Play the week**: the engine deals the week's ten booking
# guests and seven walk-ins and plays it out (you keep your prices all week and hire
# what your bookings need; the bot plays its whole style). **New guests** deals another
# week; replaying a deal with other prices meets the same booking guests, so two price
# lists compare fairly. **What would flat prices earn?** replays this deal with each
# flat rate 100..600.

# %%
from hoteledu.boutique.duel_widget import DuelWidget

DuelWidget(bot="premium", seed=6)

# %% [markdown]
# ## A tournament of the pricing bots
#
# The game ships four heuristic bots that differ in how they price: the **undercutter**
# (flat 200, undercuts the cheapest rival), **premium** (400 on weekdays, 500 at
# weekends, staffs fully), **peakload** (flat 300, raises its busiest day) and the
# **staffer** (300/400, hires for walk-ins, builds rooms). Each pair plays 20 seeded
# two-week games with the seats swapped every game; the win rate comes with a 95%
# Wilson interval. Twenty games are few: the intervals are wide, and a pair whose
# interval contains 0.5 has not been separated.

# %%
# NBVAL_CHECK_OUTPUT
import itertools

from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.figures.learning import tournament_figure
from hoteledu.core.tournament import tournament

GAMES = 20
rows = []
for first, second in itertools.combinations(BOTS, 2):
    result = tournament("boutique", [BOTS[first](), BOTS[second]()], games=GAMES, seed=2026)
    rate = result.win_rate(0)
    money = [result.mean_score(k).estimate for k in (0, 1)]
    rows.append((f"{first} vs {second}", rate.estimate, rate.low, rate.high))
    print(f"{first:>11} vs {second:<11} {first} wins {rate.estimate:.2f} "
          f"[{rate.low:.2f}, {rate.high:.2f}]; mean money {money[0]:.0f} to {money[1]:.0f}")
tournament_figure(rows, title=f"Win rate of the first-named bot, {GAMES} games per pair").show()

# %% [markdown]
# ## Exercises
#
# 1. Run fictitious play on matching pennies with `tie_rule="random"` and seed 1 for
#    10,000 rounds. What is P1's final frequency of heads (3 decimals), and the
#    exploitability? Why does the tie rule hardly matter after the first round?
# 2. In the phase plot the replicator circles. Start it at (0.6, 0.5) instead of
#    (0.8, 0.5): is the orbit smaller or larger? What is the smallest exploitability on
#    it (3 decimals, `time=30, points=1501`)?
# 3. Run Shapley's game from no initial counts (`initial_counts=None`). What does
#    fictitious play do, and what is the exploitability after 20,000 rounds? Does this
#    contradict Shapley's theorem?
# 4. In the tournament, which pairs are separated at the 95% level (the interval
#    excludes 0.5)?
#
# <details><summary>Show the answers</summary>
#
# 1. 0.506, with exploitability 0.015 (the first rule gave 0.500 and 0.010). Ties happen
#    only when the counts are exactly balanced, as in round 1 and now and then later; a
#    different choice there shifts the runs a little but not the limit: Robinson's
#    theorem holds for any tie rule.
# 2. Smaller: the start is closer to (1/2, 1/2), so its value of $H$ is lower and the
#    closed orbit lies inside the first one. Exploitability never falls below 0.200 on
#    it (0.600 on the orbit from (0.8, 0.5)).
# 3. It walks the diagonal (1,1) -> (3,3) -> (2,2) -> (1,1) ... in runs of one round,
#    so the frequencies sit at 1/3 and exploitability is 0.000 (to 3 places) after
#    20,000 rounds. No contradiction: Shapley's theorem is about starts off this
#    special path, which is exactly what we used above.
# 4. With 20 games per pair: peakload beats premium and the staffer; the staffer
#    beats premium. The other pairs' intervals contain 0.5.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

random_run = fictitious_play(pennies, 10_000, tie_rule="random", seed=1)
x_r, y_r = random_run.final()
small = replicator(pennies, [0.6, 0.4], [0.5, 0.5], time=30, points=1501)
diagonal = fictitious_play(shapley, 20_000)
separated = sorted(label for label, _, low, high in rows if low > 0.5 or high < 0.5)
verdict = check_answers({
    "1 heads": (round(float(x_r[0]), 3), 0.506),
    "1 exploitability": (round(float(exploitability(pennies, x_r, y_r)), 3), 0.015),
    "2 smallest": (round(float(exploitability(pennies, small.x, small.y).min()), 3), 0.200),
    "2 first orbit": (round(float(exploitability(pennies, orbit.x, orbit.y).min()), 3), 0.600),
    "3 path": (diagonal.plays[:4].tolist(), [[0, 0], [2, 2], [1, 1], [0, 0]]),
    "3 exploitability": (round(float(exploitability(shapley, *diagonal.final())), 3), 0.0),
    "4 separated": (separated, ["peakload vs staffer", "premium vs peakload",
                                "premium vs staffer"]),
})
