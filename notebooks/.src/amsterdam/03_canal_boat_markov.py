# %% [markdown]
# # Hotel Amsterdam 3: the canal boat as a Markov chain
#
# [Start here](../00_start_here.ipynb) · previous: [2. The city as a graph](02_city_graph.ipynb) ·
# next: [3b. How fast the boat forgets the jetty](03b_boat_convergence.ipynb)
#
# **Level:** introductory to intermediate (first-year probability) · **Prerequisites:**
# lesson 1 (the rules), matrix multiplication, conditional probability, expectation ·
# **Time:** about 40 minutes
#
# Every turn the canal tour boat moves clockwise around the 24 canal tiles by the
# sum of two dice, each showing 1, 2 or 3, and drops its tourists next to where
# it stops. Where will it be in three turns? In twenty? Which building tiles
# get the most tourists, and so where should you build your hotels?
#
# **Learning goals.** After this lesson you can
#
# * write the boat as a **Markov chain**: a step distribution and a $24 \times 24$
#   transition matrix, and compute the exact distribution after $t$ turns;
# * check an exact distribution against a seeded simulation with confidence intervals;
# * find the **stationary distribution** (1/24 per tile) and say why the boat
#   tends to it;
# * tell apart "where the boat next stops beside a building" from "where a
#   tourist lands" (the quays make them differ), and turn the second into the
#   expected number of tourists on each tile and the value of each hotel site.
#
# *How fast* the boat forgets where it started (eigenvalues, the spectral gap,
# the renewal view) is the subject of lesson 3b.

# %% [markdown]
# ## One turn: the step distribution
#
# The boat moves by $S = W + B$, the white die plus the black die. The $3 \times 3 = 9$
# outcomes are equally likely, so $P(S = s)$ counts the ways to make $s$:
#
# | $s$ | 2 | 3 | 4 | 5 | 6 |
# |---|---|---|---|---|---|
# | ways | 1 | 2 | 3 | 2 | 1 |
#
# The mean step is $E[S] = 4$ and the variance $\mathrm{Var}(S) = 2 \cdot \frac{2}{3} = \frac43$
# (each die has variance $\frac23$, and the dice are independent).

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

import numpy as np

from hoteledu.amsterdam.analysis import boat_step_distribution, mean_step

step = boat_step_distribution()
print("P(S = s) for s = 0..6:", [str(p) for p in step])
print("mean step:", mean_step(), "| variance:", sum((s - 4) ** 2 * p for s, p in enumerate(step)))

# %% [markdown]
# ## The transition matrix
#
# Number the canal tiles $0, 1, \dots, 23$ clockwise from the jetty (tile 0). The
# boat's tile $X_t$ after $t$ turns is a **Markov chain**: the next tile depends
# only on the current one, through
#
# $$P_{pq} = P(X_{t+1} = q \mid X_t = p) = P\big(S \equiv q - p \pmod{24}\big).$$
#
# Each row is the step distribution shifted by $p$: the matrix is **circulant**.
# Every row sums to 1 (the boat goes somewhere), and so does every column
# (each tile can be reached from exactly five tiles, with chances
# $\frac19, \frac29, \frac13, \frac29, \frac19$): the matrix is **doubly stochastic**.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import boat_transition_matrix

P = boat_transition_matrix()  # exact Fractions
print("row 0 (from the jetty), tiles 0..7:", [str(p) for p in P[0, :8]])
print("row 22, tiles 0..3 (the ring wraps):", [str(p) for p in P[22, :4]])
print("row sums:", set(P.sum(axis=1)), "| column sums:", set(P.sum(axis=0)))

# %% [markdown]
# ## The exact distribution after $t$ turns
#
# Write the distribution of $X_t$ as a row vector $x_t$. One turn multiplies it by
# $P$, so $x_t = x_0 P^t$, with $x_0$ all on the jetty. After one turn the boat is
# 2..6 tiles on; after two, 4..12, peaked at 8; the peak spreads out and flattens.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import boat_position_distribution

x2 = boat_position_distribution(2, exact=True)
print("after 2 turns, tiles 4..12:", [str(p) for p in x2[4:13]])
x0 = np.zeros(24)
x0[0] = 1
by_matrix = x0 @ np.linalg.matrix_power(boat_transition_matrix(exact=False), 6)
print("x_6 by the matrix power equals x_6 by convolution:", np.allclose(by_matrix, boat_position_distribution(6)))
for t in (1, 2, 3, 6, 12, 26):
    x = boat_position_distribution(t)
    print(f"t={t:>2}: most likely tile {int(np.argmax(x)):>2} with {x.max():.4f}, least likely {x.min():.4f}")

# %% [markdown]
# ### A seeded simulation beside the exact values
#
# Now sail $n$ = 10,000 boats with seeded dice. For each tile the frequency $\hat p$
# after 6 turns comes with a 95% interval $\hat p \pm 1.96 \sqrt{\hat p (1 - \hat p)/n}$.
# This interval rests on the normal approximation, which needs enough boats on
# the tile: the usual rule of thumb is an expected count $n p \ge 5$. After 6
# turns the boat has moved between 12 and 36 tiles, so every tile has a positive
# chance, but the tiles half a lap away (10 to 14) are very unlikely: tile 12
# needs six 2's or six 6's, $2/3^{12}$. There we expect less than one boat, often
# see none, and an interval of width 0 around 0 says nothing. So we count the
# tiles with $n p \ge 5$ and look at the others apart: if the exact values are
# right, about 95% of those intervals should contain them.

# %%
# NBVAL_CHECK_OUTPUT
rng = np.random.default_rng(2024)
boats, turns = 10_000, 12
dice = rng.integers(1, 4, size=(boats, turns, 2))  # white and black die, each 1..3
positions = np.cumsum(dice.sum(axis=2), axis=1) % 24  # boats x turns: tile after turn 1, 2, ...
simulated = [np.bincount(positions[:, t - 1], minlength=24) / boats for t in range(1, turns + 1)]
exact6, sim6 = boat_position_distribution(6), simulated[5]
half = 1.96 * np.sqrt(sim6 * (1 - sim6) / boats)
exact6_fractions = boat_position_distribution(6, exact=True)
rare = [k for k in range(24) if boats * exact6_fractions[k] < 5]
counted = [k for k in range(24) if k not in rare]
inside = [k for k in counted if abs(sim6[k] - exact6[k]) <= half[k]]
print(f"after 6 turns, tile 0: exact {exact6[0]:.4f}, simulated {sim6[0]:.4f} ± {half[0]:.4f}")
print(f"after 6 turns, tile 20: exact {exact6[20]:.4f}, simulated {sim6[20]:.4f} ± {half[20]:.4f}")
print(f"intervals containing the exact value: {len(inside)} of the {len(counted)} tiles with n p >= 5;"
      f" missed: {[k for k in counted if k not in inside]}")
for k in rare:
    print(f"   rare tile {k}: exact {exact6_fractions[k]}, expected {float(boats * exact6_fractions[k]):.2f} boats,"
          f" seen {int(round(sim6[k] * boats))}")

# %% [markdown]
# Tile 20 is the one interval that misses: a 95% interval should miss about once
# in 20 tiles, so 18 of 19 is just what we expect. On the five rare tiles the
# boats seen are as few as the exact chances predict.
#
# Press *play* (or drag the slider) to watch the exact distribution and the
# simulation flatten out together.

# %%
from hoteledu.amsterdam.analysis import boat_distribution_steps
from hoteledu.amsterdam.figures.boat import boat_convergence_figure
from hoteledu.amsterdam.figures.tourists import landing_heatmap

exact_steps = list(boat_distribution_steps(turns))
boat_convergence_figure(exact_steps, [np.eye(24)[0], *simulated])

# %% [markdown]
# ## The long run: 1/24 per tile
#
# A **stationary distribution** $\pi$ satisfies $\pi P = \pi$: if the boat's
# position has distribution $\pi$ now, it has it after one more turn. Because the
# columns of $P$ sum to 1, the uniform vector works:
# $(\frac{1}{24} \mathbf 1 P)_q = \frac{1}{24}\sum_p P_{pq} = \frac{1}{24}$. The chain is
# **irreducible** (every tile can reach every tile) and **aperiodic** (the
# boat can come back to the jetty in 6 turns, $6 \times 4 = 24$, and in 7, e.g. four
# 3's and three 4's, and $\gcd(6, 7) = 1$), so $x_t \to \pi$ from any start.
# Solving $\pi (P - I) = 0$, $\sum_q \pi_q = 1$ exactly confirms it.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import stationary_distribution

pi = stationary_distribution(exact=True)  # exact Gaussian elimination over the fractions
print("stationary distribution:", set(pi), "| from the eigenvector of P^T:", np.round(stationary_distribution(), 6)[:3], "...")
back = [boat_position_distribution(t, exact=True)[0] for t in (6, 7)]
print("back on the jetty after 6 and after 7 turns:", [str(p) for p in back], "(both positive: aperiodic)")

# %% [markdown]
# Uniform is the limit, but after a whole game (26 turns when nobody reaches the
# target first) the boat is still
# visibly uneven: its most likely tile has 0.0675 and its least likely 0.0171
# (printed above), against $1/24 \approx 0.0417$. Lesson 3b
# measures how fast the distance to uniform shrinks and why it is so slow.
#
# ## The quays
#
# Four canal tiles are **bends** (3, 9, 15 and 21): nothing faces them, so a boat
# that stops there leaves its tourists waiting on the quay. hoteledu reads the
# rulebook so that the boat picks them up when it *passes* the bend later (moves
# over it without stopping) and drops them where it stops. Where does a quay
# tourist land? The boat passes the bend by a move that starts at most 5 tiles
# before it and stops 1 to 5 tiles after it; stopping exactly on the bend again
# just leaves the tourist waiting a lap longer.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import expected_waiting_on_quays, quay_delivery_offsets

offsets = quay_delivery_offsets()
print("a quay tourist lands m tiles past its bend, m = 1..5:", [round(float(p), 4) for p in offsets[1:6]])
print("they sum to", sum(offsets))
waiting = expected_waiting_on_quays(26)
print("expected tourists still waiting on the quays after 26 turns:", round(sum(waiting.values()), 3))

# %% [markdown]
# ## Where the boat stops, and where the tourists land
#
# Two different questions, with different answers:
#
# * **Where does the boat next stop beside a building?** In the long run the
#   boat is uniform on the canal; its next stop that is not a bend faces one
#   building tile. A corner building tile such as $(1,1)$ faces two canal tiles.
#   This is `landing_probabilities()`: it ignores the quays.
# * **Where does a tourist land?** A tourist is dropped at the boat's stop, but
#   if that stop is a bend it waits on the quay and lands 1 to 5 tiles past it
#   later. The tiles just past a bend collect those tourists too, the corner
#   tile right after it most (a quay tourist lands 1 tile past with chance 1/3). This
#   is `delivery_rates()`: one tourist boards every turn, so in the long run the
#   expected arrivals per turn on a tile are exactly the chance that a given
#   tourist lands there (they sum to 1: nobody is lost).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import delivery_rates, expected_tourists_per_tile, landing_probabilities

next_stop = landing_probabilities(exact=True)
lands = delivery_rates(exact=True)
print("sums:", sum(next_stop.values()), "and", sum(lands.values()))
for tile in [(1, 1), (1, 2), (1, 3), (2, 2)]:
    print(f"tile {tile}: next stop beside it {float(next_stop[tile]):.4f} | a tourist lands there {float(lands[tile]):.4f}")
corner_share = sum(lands[t] for t in [(1, 1), (1, 5), (5, 1), (5, 5)])
print(f"the four corner tiles get {float(corner_share):.3f} of all tourists (4 of 16 boat-side tiles)")

# %% [markdown]
# The two maps side by side: where the boat next stops beside a building, and
# where a tourist lands with the quay rule. The eight inner tiles and the Dam
# get nothing from the boat in either.

# %%
landing_heatmap(next_stop, title="Long run: where the boat next stops beside a building")

# %%
landing_heatmap(lands, title="Long run: where a tourist lands (quay tourists included)")

# %% [markdown]
# ## Expected tourists on each tile after a game
#
# Put it together. One tourist boards every turn (26 in a game that runs until
# the supply is empty, besides the 4 that start in the city; a game that a player
# wins early by reaching the target stops sooner). By **linearity of expectation**
# the expected number on a tile is a sum over turns of the chance that a tourist
# lands there, and
# the code follows the exact joint chain of the boat and the quays. The Mayor
# and the Nightwatchman are left out here: lesson 4 brings them back.

# %%
# NBVAL_CHECK_OUTPUT
expected = expected_tourists_per_tile(26)
top = sorted(expected, key=lambda t: -expected[t])[:5]
print("after 26 turns, most tourists expected on:", ", ".join(f"{t} {expected[t]:.2f}" for t in top))
print("total on the tiles + on the quays:", round(sum(expected.values()) + sum(waiting.values()), 6))

# %% [markdown]
# And beside it, a seeded simulation of 4,000 games of the boat alone:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import simulate_boat_deliveries

estimate = simulate_boat_deliveries(26, 4000, seed=1)
exact_vector = np.array([expected[t] for t in estimate.tiles])
covered = (estimate.low <= exact_vector) & (exact_vector <= estimate.high)
ranges = estimate.as_dict()
for tile in top[:3]:
    mean, low, high = ranges[tile]
    print(f"{tile}: exact {expected[tile]:.3f}, simulated {mean:.3f} [{low:.3f}, {high:.3f}]")
print(f"bands containing the exact value: {int(covered.sum())} of {len(covered)}")

# %% [markdown]
# ## Which hotel sites are worth most?
#
# A hotel scores the tourists on the four tiles around its intersection, so the
# expected value of a site is the sum of four expected tile counts (linearity
# again). After a whole game the best sites touch a corner tile *and* one of the
# starting tourists' tiles.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import best_sites, site_values

values = site_values(26)
for site, value in best_sites(values, 5):
    print(f"site {site}: {value:.2f} expected tourists after 26 turns")
band_mean, band_low, band_high = estimate.site_band()
print(f"simulated (5, 2): {band_mean[4, 1]:.2f} [{band_low[4, 1]:.2f}, {band_high[4, 1]:.2f}]")

# %%
from hoteledu.amsterdam.figures.tourists import site_value_heatmap

site_value_heatmap(values, title="Expected tourists around each hotel site after 26 turns")

# %% [markdown]
# ## Exercises
#
# 1. What is the exact chance that the boat is back on the jetty after 18 turns?
#    Why is it still larger than 1/24, and why smaller than after 6 or 12 turns (printed
#    above)?
# 2. Explain without computing why $\pi = \frac{1}{24}\mathbf 1$ is stationary for
#    *any* dice.
# 3. A share 0.0988 of all tourists lands on the corner tile $(1,1)$ (printed
#    above), more than the $2/24$ that the boat's own stops beside it give. Where do
#    the extra tourists come from? Split 0.0988 into its parts. (Hint: the canal
#    tiles facing $(1,1)$ are 8 and 10, on both sides of the bend 9.)
# 4. Which building tiles beside the canal get the *fewest* tourists in the long
#    run (the answer is a set), and why? (Hint: sort `delivery_rates()` over the
#    tiles with a positive rate.)
#
# <details><summary>Show the answer</summary>
#
# 1. $x_{18}(0) = 12159190882621729/150094635296999121 \approx 0.081$, almost twice
#    $1/24 \approx 0.042$: 18 turns of mean 4 make exactly three laps on average, so
#    the boat is still bunched around the jetty. Less than after 6 turns (0.1388) or
#    12 (0.0990), because the spread of the distance travelled grows with the turns:
#    its standard deviation is $\sqrt{18 \cdot 4/3} \approx 4.9$ tiles after 18 turns,
#    4 after 12 and $\sqrt 8 \approx 2.8$ after 6.
# 2. Every column of $P$ sums to 1 for any step distribution (the matrix is
#    circulant: each column is a shifted copy of the step distribution), so
#    $\frac{1}{24}\mathbf 1 P = \frac{1}{24}\mathbf 1$ whatever the dice.
# 3. From the quays. A tourist waiting on the quay of bend 9 lands 1 tile past
#    it, on canal tile 10, with chance 0.3332; one waiting on the quay of bend 3
#    lands 5 tiles past it, on canal tile 8, with chance 0.0371. Each quay gets
#    a tourist with chance $1/24$ a turn, so the share is
#    $(2 + 0.3332 + 0.0371)/24 = 0.0988$ instead of $2/24$ from the boat's own
#    stops (and $3/32 = 0.0938$ for the next stop, which skips bends instead).
# 4. Four tiles tie: $(1,4), (2,1), (4,5), (5,2)$, with 0.0463 each. Each faces
#    one canal tile, 4 tiles past a bend, and a quay tourist lands exactly 4
#    past its bend with chance only 0.1112 (1 past: 0.3332), so they get
#    $(1 + 0.1112)/24$.
#
# </details>
#
# The cell below checks every number the answers state, without printing them.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

side_tiles = [t for t, v in lands.items() if v > 0]
fewest = min(lands[t] for t in side_tiles)
verdict = check_answers("amsterdam/03_canal_boat_markov", {
    "1 exact": boat_position_distribution(18, exact=True)[0],
    "1 rounded": round(float(boat_position_distribution(18)[0]), 3),
    "2 columns sum to 1": set(boat_transition_matrix().sum(axis=0)),
    "3 one past": float(offsets[1]),
    "3 five past": float(offsets[5]),
    "3 share": float(lands[(1, 1)]),
    "3 sum": float(lands[(1, 1)]),
    "3 next stop": next_stop[(1, 1)],
    "4 fewest": {t for t in side_tiles if lands[t] == fewest},
    "4 share": float(fewest),
    "4 four past": float(offsets[4]),
    "4 formula": float(fewest),
})
