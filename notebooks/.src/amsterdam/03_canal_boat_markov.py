# %% [markdown]
# # Hotel Amsterdam 3: the canal boat as a Markov chain
#
# [Start here](../00_start_here.ipynb) · previous: [2. The city as a graph](02_city_graph.ipynb) ·
# next: [4. Tourist flows](04_tourist_flows.ipynb)
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
# * explain the **long run**: why the boat ends up uniform (1/24 per tile) and
#   how fast (total variation distance, the spectral gap);
# * tell apart two questions with different answers: "where is the boat at turn
#   $t$?" (tends to 1/24) and "does the boat stop on this tile as it passes?"
#   (tends to 1/4: the **renewal** view);
# * turn all this into the expected number of tourists on each tile and the
#   value of each hotel site.

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
# Now sail 10,000 boats for 6 turns with seeded dice. For each tile the
# frequency $\hat p$ comes with a 95% interval $\hat p \pm 1.96 \sqrt{\hat p (1 - \hat p)/n}$.
# If the exact values are right, about 95% of the 24 intervals should contain them.

# %%
# NBVAL_CHECK_OUTPUT
rng = np.random.default_rng(2024)
boats, turns = 10_000, 12
dice = rng.integers(1, 4, size=(boats, turns, 2))  # white and black die, each 1..3
positions = np.cumsum(dice.sum(axis=2), axis=1) % 24  # boats x turns: tile after turn 1, 2, ...
simulated = [np.bincount(positions[:, t - 1], minlength=24) / boats for t in range(1, turns + 1)]
exact6, sim6 = boat_position_distribution(6), simulated[5]
half = 1.96 * np.sqrt(sim6 * (1 - sim6) / boats)
inside = (np.abs(sim6 - exact6) <= half) | ((exact6 < 1e-4) & (sim6 == 0))
print(f"after 6 turns, tile 0: exact {exact6[0]:.4f}, simulated {sim6[0]:.4f} ± {half[0]:.4f}")
print(f"after 6 turns, tile 20: exact {exact6[20]:.4f}, simulated {sim6[20]:.4f} ± {half[20]:.4f}")
print(f"intervals containing the exact value: {int(inside.sum())} of 24")

# %% [markdown]
# Tile 20 is the one interval that misses: a 95% interval should miss about once
# in 20 tiles, so 23 of 24 is just what we expect.
#
# Press *play* (or drag the slider) to watch the exact distribution and the
# simulation flatten out together.

# %%
from hoteledu.amsterdam.analysis import boat_distribution_steps
from hoteledu.amsterdam.figures import boat_convergence_figure, landing_heatmap

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

# %% [markdown]
# ### How fast? Total variation and the spectral gap
#
# How far is $x_t$ from uniform? The **total variation distance**
#
# $$\mathrm{TV}(x_t, \pi) = \tfrac12 \sum_q \left| x_t(q) - \tfrac{1}{24} \right|$$
#
# is the largest difference the two distributions give to any event (e.g. "the
# boat is on the south side"). It starts at $\frac{23}{24}$ and shrinks, but slowly.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import mixing_turn, total_variation_curve, total_variation_to_uniform

print("TV after 0 turns:", total_variation_to_uniform(0, exact=True))
print("TV after 1, 6, 12, 26 turns:", [round(total_variation_to_uniform(t), 3) for t in (1, 6, 12, 26)])
print("first turn with TV below 0.25, 0.05, 0.01:", mixing_turn(0.25), mixing_turn(0.05), mixing_turn(0.01))

# %% [markdown]
# Why so slow? The eigenvalues of $P$ tell. For a circulant matrix they are the
# step distribution's **characteristic function** at the 24th roots of unity:
#
# $$\lambda_j = \sum_s P(S = s)\, e^{2\pi i j s / 24}, \qquad j = 0, \dots, 23.$$
#
# $\lambda_0 = 1$ belongs to $\pi$; the others shrink the rest of $x_t$ by
# $|\lambda_j|$ each turn. The slowest ones, $j = 1$ and $j = 23$, set the pace; their
# modulus is the *second largest eigenvalue modulus*, written $|\lambda_2|$: the distance shrinks roughly like $|\lambda_2|^t$, and the
# **spectral gap** $1 - |\lambda_2|$ measures the speed. It is small because a
# lap takes about 6 turns: the boat keeps remembering where it started in the lap.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import (
    boat_eigenvalues,
    boat_eigenvalues_closed_form,
    second_eigenvalue_modulus,
    spectral_gap,
    total_variation_bound,
)

numeric = np.sort(np.abs(boat_eigenvalues()))[::-1]
closed = np.sort(np.abs(boat_eigenvalues_closed_form()))[::-1]
print("largest moduli (numpy):", np.round(numeric[:4], 4), "| closed form agrees:", np.allclose(numeric, closed))
print(f"|lambda_2| = {second_eigenvalue_modulus():.4f}, spectral gap = {spectral_gap():.4f}")
tv = total_variation_curve(60)
print("TV(t+6) / TV(t) for t = 20, 40:", [round(float(tv[t + 6] / tv[t]), 3) for t in (20, 40)],
      "| |lambda_2|^6 =", round(second_eigenvalue_modulus() ** 6, 3))
print(f"spectral bound on TV after 26 turns: {total_variation_bound(26):.3f} (true: {tv[26]:.3f})")

# %% [markdown]
# ## The renewal view: the boat stops on a tile as it passes with chance 1/4
#
# A different question: a tourist waits beside tile 12. What is the chance
# that the boat **stops** there when it next goes by? Unroll the ring into a
# line: $u_n$ = P(some partial sum of the dice equals $n$). Conditioning on the
# last step,
#
# $$u_0 = 1, \qquad u_n = \sum_{s=2}^{6} P(S = s)\, u_{n - s}.$$
#
# The **renewal theorem** says $u_n \to 1 / E[S] = \frac14$: in the long run the boat
# makes one stop every 4 tiles. The approach is fast (the error shrinks like
# $0.72^n$), far faster than the position chain's $0.955^t$, because here we do
# not ask *when* the boat comes by.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import (
    renewal_decay_rate,
    renewal_limit,
    renewal_sequence,
    renewal_settling_point,
    stop_probability_by_lap,
)

u = renewal_sequence(24)
print("u_0..u_6:", [str(x) for x in u[:7]], "| limit:", renewal_limit())
print(f"u_12 = {float(u[12]):.4f}, u_24 = {float(u[24]):.6f}; error rate {renewal_decay_rate():.3f} per tile")
print("within 0.01 of 1/4 from n =", renewal_settling_point(0.01), "| within 0.001 from n =", renewal_settling_point(0.001))
for tile in (2, 4):
    print(f"tile {tile}: P(stop) on laps 1, 2, 3:", [round(float(p), 4) for p in stop_probability_by_lap(tile, 3)])

# %% [markdown]
# The same seeded boats check the first lap: how many of them stopped on tile 4?

# %%
# NBVAL_CHECK_OUTPUT
unrolled = np.cumsum(dice.sum(axis=2), axis=1)  # distance travelled, not reduced mod 24
stopped = (unrolled == 4).any(axis=1).mean()
half = 1.96 * np.sqrt(stopped * (1 - stopped) / boats)
print(f"stopped on tile 4 in the first lap: simulated {stopped:.4f} ± {half:.4f}, exact 28/81 = {28 / 81:.4f}")
stopped = (unrolled == 28).any(axis=1).mean()
print(f"stopped on tile 4 in the second lap: simulated {stopped:.4f}, exact {float(stop_probability_by_lap(4, 2)[1]):.4f}")

# %% [markdown]
# ## The quays
#
# Four canal tiles are **bends** (3, 9, 15 and 21): nothing faces them, so a boat
# that stops there leaves its tourists waiting on the quay until it comes by again.
# hoteledu reads the rulebook so that the boat picks them up when it *passes*
# the bend later (moves over it without stopping; see `docs/amsterdam.md`) and
# drops them where it stops. Where does a quay tourist land? The boat passes
# the bend by a move that starts at most 5 tiles before it; landing exactly on
# the bend again just starts over. The result is the renewal **overshoot**:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import expected_waiting_on_quays, quay_delivery_offsets

offsets = quay_delivery_offsets()
print("a quay tourist lands m tiles past its bend, m = 1..5:", [round(float(p), 4) for p in offsets[1:6]])
print("they sum to", sum(offsets))
waiting = expected_waiting_on_quays(26)
print("expected tourists still waiting on the quays after 26 turns:", round(sum(waiting.values()), 3))

# %% [markdown]
# ## Where the tourists land
#
# Put it together. One tourist boards every turn (26 in a game, besides the 4
# that start in the city). By **linearity of expectation** the expected number
# on a tile is a sum over turns of the chance that a tourist lands there, and
# the code follows the exact joint chain of the boat and the quays. The Mayor
# and the Nightwatchman are left out here: lesson 4 brings them back.
#
# In the long run the boat is uniform, so a tile's share of arrivals depends only
# on the canal tiles facing it. The four **corner** building tiles face two canal
# tiles each *and* receive the tourists from the quay next to them.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import delivery_rates, expected_tourists_per_tile, landing_probabilities

rates = delivery_rates(exact=True)
landing = landing_probabilities(exact=True)
print("long run, arrivals per 24 turns: corner (1,1)", round(float(rates[(1, 1)] * 24), 3),
      "| edge (1,3)", round(float(rates[(1, 3)] * 24), 3), "| inner (2,2)", rates[(2, 2)] * 24)
print("long run, chance the next drop lands on (1,1):", landing[(1, 1)], "| on (1,3):", landing[(1, 3)],
      "| all tiles:", sum(landing.values()))
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
landing_heatmap(landing_probabilities(), title="Long run: where the next tourist lands")

# %%
landing_heatmap(boat_position_distribution(6), title="Where the boat is after 6 turns")

# %%
from hoteledu.amsterdam.figures import site_value_heatmap

site_value_heatmap(values, title="Expected tourists around each hotel site after 26 turns")

# %% [markdown]
# ## Exercises
#
# 1. What is the exact chance that the boat is back on the jetty after 6 turns?
#    Why is it much larger than 1/24?
# 2. Explain without computing why $\pi = \frac{1}{24}\mathbf 1$ is stationary for
#    *any* dice, while the renewal limit $1/E[S]$ depends on the dice.
# 3. With two ordinary six-sided dice the mean step would be 7. What would the
#    renewal limit be? Would the boat forget the jetty faster or slower?
#    (Try `boat_step_distribution(faces=range(1, 7))` and compute the
#    characteristic function at $j = 1$.)
# 4. Tile 2 is reached on the first lap with chance $u_2 = \frac19$, tile 4 with
#    $\frac{28}{81}$. Why is tile 2 so unlikely, and why does the difference
#    vanish on the second lap?
#
# <details><summary>Show the answer</summary>
#
# 1. $x_6(0) = 73789/531441 \approx 0.139$, more than three times $1/24 \approx 0.042$:
#    6 turns of mean 4 make exactly one lap on average, so after 6 turns the
#    boat is concentrated around the jetty.
# 2. Every column of $P$ sums to 1 for any step distribution (the matrix is
#    circulant), so uniform is always stationary. The renewal limit asks how
#    often the boat *stops*, which is once per $E[S]$ tiles.
# 3. $1/7$. The modulus of $\lambda_1$ is 0.815 instead of 0.955 (the cell
#    below computes it): larger steps spread the boat around the ring faster.
# 4. To stop on tile 2 in the first lap the first roll must be a 2 (1/9); no
#    other way exists. On the second lap many sums lead to 26, and $u_n$ is
#    already within 0.0001 of 1/4.
#
# </details>

# %% [markdown]
# ## The numbers in the answers, checked

# %%
# NBVAL_CHECK_OUTPUT
print("1:", boat_position_distribution(6, exact=True)[0], "=", round(float(boat_position_distribution(6)[0]), 4))
six_sided = boat_step_distribution(faces=range(1, 7))
for name, dist in (("two d3", step), ("two d6", six_sided)):
    lam1 = sum(float(p) * np.exp(2j * np.pi * s / 24) for s, p in enumerate(dist))
    mean = sum(s * p for s, p in enumerate(dist))
    print(f"3: {name}: mean step {mean}, renewal limit {1 / mean}, |lambda_1| = {abs(lam1):.4f}")
print("4: tile 2, lap 2 minus 1/4:", round(float(stop_probability_by_lap(2, 2)[1]) - 0.25, 6))
