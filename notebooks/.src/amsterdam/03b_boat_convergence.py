# %% [markdown]
# # Hotel Amsterdam 3b: how fast the boat forgets the jetty
#
# [Start here](../00_start_here.ipynb) · previous: [3. The canal boat as a Markov chain](03_canal_boat_markov.ipynb) ·
# next: [4. Tourist flows](04_tourist_flows.ipynb)
#
# **Level:** intermediate (first-year probability and linear algebra) ·
# **Prerequisites:** lesson 3 (the boat's chain, its transition matrix $P$ and
# its stationary distribution), eigenvalues, complex numbers $e^{i\theta}$ ·
# **Time:** about 35 minutes
#
# Lesson 3 showed that the boat's position tends to the uniform distribution,
# 1/24 per canal tile. Here we ask **how fast**, and meet a second, much faster
# kind of convergence: the chance that the boat *stops* on a given tile as it
# passes.
#
# **Learning goals.** After this lesson you can
#
# * measure the distance to the stationary distribution with the **total
#   variation distance** and read off a **mixing time**;
# * compute the **eigenvalues** of a circulant transition matrix from the step
#   distribution, and explain why the second largest modulus $|\lambda_2|$ sets
#   the speed: the distance shrinks like $|\lambda_2|^t$;
# * set up the **renewal** sequence $u_n$ and explain why it tends to
#   $1/E[S] = \frac14$, not to $\frac1{24}$;
# * compare two rates of convergence fairly, in the same unit.

# %%
import numpy as np

from hoteledu.amsterdam.analysis import (
    boat_eigenvalues,
    boat_eigenvalues_closed_form,
    boat_position_distribution,
    boat_step_distribution,
    boat_transition_matrix,
    mean_step,
    mixing_turn,
    renewal_decay_rate,
    renewal_limit,
    renewal_sequence,
    renewal_settling_point,
    second_eigenvalue_modulus,
    spectral_gap,
    stop_probability_by_lap,
    total_variation_bound,
    total_variation_curve,
    total_variation_to_uniform,
)
from hoteledu.amsterdam.analysis.boat import eigenvalue_moduli_from_one_die
from hoteledu.amsterdam.figures.boat import (
    distance_to_uniform_figure,
    eigenvalue_figure,
    renewal_figure,
)

# %% [markdown]
# ## Distance to uniform: total variation
#
# How far is the boat's distribution $x_t$ after $t$ turns from the uniform $\pi$?
# The **total variation distance**
#
# $$\mathrm{TV}(x_t, \pi) = \tfrac12 \sum_q \left| x_t(q) - \tfrac{1}{24} \right|$$
#
# is the largest difference the two distributions give to any event (e.g. "the
# boat is on the south side"). It starts at $\frac{23}{24}$ (the boat is surely on
# the jetty) and shrinks, but slowly. The **mixing time** $t_{\mathrm{mix}}(\varepsilon)$
# is the first turn with $\mathrm{TV} < \varepsilon$. We check the distances by a
# second route too: the row of the jetty in the matrix power $P^t$.

# %%
# NBVAL_CHECK_OUTPUT
P = boat_transition_matrix(exact=False)
tv = total_variation_curve(100)
by_power = [np.abs(np.linalg.matrix_power(P, t)[0] - 1 / 24).sum() / 2 for t in range(101)]
print("TV after 0 turns:", total_variation_to_uniform(0, exact=True))
print("TV after 1, 6, 12, 26 turns:", [round(float(tv[t]), 4) for t in (1, 6, 12, 26)])
print("the same from P^t:", np.allclose(tv, by_power))
print("mixing time: first turn with TV below 0.25, 0.05, 0.01:", mixing_turn(0.25), mixing_turn(0.05), mixing_turn(0.01))

# %% [markdown]
# A game that runs until the supply is empty lasts 26 turns, and even then the
# boat is 0.19 from uniform: it still "remembers" the jetty. Why so slow?
#
# ## The eigenvalues of a circulant matrix
#
# Since $P$ is circulant, its eigenvectors are the discrete Fourier waves
# $v_j(q) = e^{2\pi i j q / 24}$, and the eigenvalues are the step distribution's
# **characteristic function** at the 24th roots of unity:
#
# $$\lambda_j = \sum_s P(S = s)\, e^{2\pi i j s / 24} = E\big[e^{i\theta_j S}\big], \qquad \theta_j = \frac{2\pi j}{24},\ j = 0, \dots, 23.$$
#
# The step is the sum of two independent dice, so its characteristic function is
# the *square* of one die's, and a d3 centred on its middle face 2 gives
# $\frac13(e^{-i\theta} + 1 + e^{i\theta}) = \frac{1 + 2\cos\theta}{3}$. Hence
#
# $$\lambda_j = e^{4 i \theta_j} \left(\frac{1 + 2\cos\theta_j}{3}\right)^2, \qquad |\lambda_j| = \left(\frac{1 + 2\cos\theta_j}{3}\right)^2.$$
#
# $\lambda_0 = 1$ belongs to $\pi$. The largest other moduli come from $j = 1$ and
# $j = 23$ ($\theta = \pm 15°$): $|\lambda_2| = \left(\frac{1 + 2\cos 15°}{3}\right)^2$,
# where $|\lambda_2|$ names the second largest eigenvalue modulus. The
# **spectral gap** is $1 - |\lambda_2|$. Three independent routes to the
# eigenvalues must agree: numpy on the matrix, the characteristic function, and
# one die squared.

# %%
# NBVAL_CHECK_OUTPUT
numeric = np.sort(np.abs(boat_eigenvalues()))[::-1]
closed = np.sort(np.abs(boat_eigenvalues_closed_form()))[::-1]
one_die = np.sort(eigenvalue_moduli_from_one_die())[::-1]
print("largest moduli (numpy):", np.round(numeric[:4], 4))
print("characteristic function agrees:", np.allclose(numeric, closed), "| one die squared agrees:", np.allclose(numeric, one_die))
lambda_2 = second_eigenvalue_modulus()
by_hand = ((1 + 2 * np.cos(np.pi / 12)) / 3) ** 2
print(f"|lambda_2| = {lambda_2:.4f} = ((1 + 2 cos 15°) / 3)^2 = {by_hand:.4f}; spectral gap {spectral_gap():.4f}")
lambda_1 = boat_eigenvalues_closed_form()[1]
print(f"lambda_1 = {lambda_1.real:.4f} {lambda_1.imag:+.4f}i: modulus {abs(lambda_1):.4f}, angle {np.degrees(np.angle(lambda_1)):.1f}°")
print("eigenvalues equal to 0:", [int(j) for j in np.flatnonzero(np.isclose(boat_eigenvalues_closed_form(), 0))])

# %% [markdown]
# In the complex plane: all 24 eigenvalues lie inside the unit circle, $\lambda_0 = 1$
# on it, and the pair $\lambda_1, \lambda_{23}$ on the dashed circle of radius
# $|\lambda_2|$, very close to the unit circle. (Hover over a point to read it.)

# %%
eigenvalue_figure(boat_eigenvalues())

# %% [markdown]
# ## The distance shrinks like $|\lambda_2|^t$
#
# Write $x_0 - \pi$ in the Fourier basis. Each turn multiplies the coefficient of
# wave $j$ by $\lambda_j$; after $t$ turns the waves $j = 1, 23$ dominate, so
# $x_t - \pi \approx c\, |\lambda_2|^t \cos(60° t - \dots)$ and the distance shrinks by a
# factor $|\lambda_2|$ per turn. The angle of $\lambda_1$ is $60°$: the wave turns a
# sixth of the way round each turn, because the boat moves 4 of 24 tiles on
# average. So the *ratio* $\mathrm{TV}(t + 6)/\mathrm{TV}(t)$, a whole lap of the
# phase, settles at exactly $|\lambda_2|^6$. Because $P$ is a normal matrix one
# also gets a guaranteed **bound**,
# $\mathrm{TV}(t) \le \frac{\sqrt{24}}{2}\sqrt{\frac{23}{24}}\,|\lambda_2|^t = \frac{\sqrt{23}}{2}|\lambda_2|^t$,
# and from it a mixing time that is guaranteed but pessimistic:
# $t \ge \ln\!\big(2\varepsilon/\sqrt{23}\big) / \ln|\lambda_2|$.

# %%
# NBVAL_CHECK_OUTPUT
print("TV(t+6) / TV(t) for t = 20, 40, 60:", [round(float(tv[t + 6] / tv[t]), 4) for t in (20, 40, 60)],
      "| |lambda_2|^6 =", round(lambda_2**6, 4))
print(f"bound after 26 turns: {total_variation_bound(26):.3f} (true distance {tv[26]:.3f})")
print("the bound holds for t = 0..100:", all(tv[t] <= total_variation_bound(t) + 1e-12 for t in range(101)))
for eps in (0.25, 0.05, 0.01):
    guaranteed = int(np.ceil(np.log(2 * eps / np.sqrt(23)) / np.log(lambda_2)))
    print(f"TV below {eps}: from turn {mixing_turn(eps)} (true), turn {guaranteed} guaranteed by the bound")

# %% [markdown]
# On a log scale $|\lambda_2|^t$ is a straight line. The true distance wiggles
# (the phase) but runs parallel to it; the spectral bound lies above everything.

# %%
distance_to_uniform_figure(tv, lambda_2, [total_variation_bound(t) for t in range(101)])

# %% [markdown]
# ## A faster question: does the boat *stop* on a tile as it passes?
#
# A tourist waits beside tile 12. What is the chance that the boat **stops**
# there when it next goes by? Unroll the ring into a line: $u_n$ = P(some partial
# sum of the dice equals $n$). Conditioning on the last step,
#
# $$u_0 = 1, \qquad u_n = \sum_{s=2}^{6} P(S = s)\, u_{n - s}.$$
#
# The **renewal theorem** says $u_n \to 1 / E[S] = \frac14$: in the long run the
# boat makes one stop every 4 tiles on average. Note the limit is not $\frac1{24}$:
# the question is not *where* the boat is at a given turn, but whether it stops
# on a tile at *some* turn. The error $|u_n - \frac14|$ shrinks like $r^n$, where $r$
# is the largest modulus of the roots $\ne 1$ of $x^6 = \sum_s P(S = s)\, x^{6 - s}$.

# %%
# NBVAL_CHECK_OUTPUT
u = renewal_sequence(48)
print("u_0..u_6:", [str(x) for x in u[:7]], "| limit:", renewal_limit())
print(f"u_12 = {float(u[12]):.4f}, u_24 = {float(u[24]):.6f}; error rate r = {renewal_decay_rate():.4f} per tile")
print("within 0.01 of 1/4 from n =", renewal_settling_point(0.01), "| within 0.001 from n =", renewal_settling_point(0.001))
for tile in (2, 4):
    print(f"tile {tile}: P(stop) on laps 1, 2, 3:", [round(float(p), 4) for p in stop_probability_by_lap(tile, 3)])

# %%
renewal_figure(u, renewal_limit())

# %% [markdown]
# A seeded check: sail 10,000 boats two laps and count those that stopped on
# tile 4 (distance 4 in the first lap, 28 in the second).

# %%
# NBVAL_CHECK_OUTPUT
rng = np.random.default_rng(2024)
boats = 10_000
travelled = np.cumsum(rng.integers(1, 4, size=(boats, 16, 2)).sum(axis=2), axis=1)  # 16 turns pass 28
for lap, distance in ((1, 4), (2, 28)):
    stopped = (travelled == distance).any(axis=1).mean()
    half = 1.96 * np.sqrt(stopped * (1 - stopped) / boats)
    exact = float(stop_probability_by_lap(4, 2)[lap - 1])
    print(f"lap {lap}: stopped on tile 4: simulated {stopped:.4f} ± {half:.4f}, exact {exact:.4f}")

# %% [markdown]
# ## Two rates, one unit
#
# The renewal error shrinks by $r \approx 0.72$ per **tile**; the distance to uniform
# by $|\lambda_2| \approx 0.955$ per **turn**. These are not comparable as they stand:
# a turn moves the boat $E[S] = 4$ tiles on average. Per turn, the renewal
# error shrinks by $r^4$; per tile, the position's distance shrinks by
# $|\lambda_2|^{1/4}$. Either way the renewal question settles far faster.

# %%
# NBVAL_CHECK_OUTPUT
r = renewal_decay_rate()
tiles_per_turn = float(mean_step())
print(f"per turn ({tiles_per_turn:.0f} tiles): renewal error x {r**tiles_per_turn:.3f}, distance to uniform x {lambda_2:.3f}")
print(f"per tile: renewal error x {r:.3f}, distance to uniform x {lambda_2 ** (1 / tiles_per_turn):.4f}")
print(f"to shrink by 100: renewal {np.log(100) / -np.log(r**tiles_per_turn):.1f} turns, "
      f"distance to uniform {np.log(100) / -np.log(lambda_2):.1f} turns")

# %% [markdown]
# Why is the renewal view so much faster? Whether the boat stops on tile $n$
# depends only on the dice *near* tile $n$: the stops before it forget their
# start within a few steps. Where the boat is at turn $t$ depends on the *sum* of
# all $t$ moves, whose spread grows only like $\sqrt t$: it takes many turns for
# that spread to cover the 24 tiles of the ring evenly.

# %% [markdown]
# ## Exercises
#
# 1. Two eigenvalues are exactly 0, for $j = 8$ and $j = 16$ (printed above). Why?
#    What does that say about the boat's distribution after one turn?
# 2. With two ordinary six-sided dice the mean step would be 7. What would the
#    renewal limit be? Would the boat forget the jetty faster or slower? (Try
#    `eigenvalue_moduli_from_one_die(range(1, 7))` for $|\lambda_1|$.)
# 3. Tile 2 is reached on the first lap with chance $u_2 = \frac19$, tile 4 with
#    $\frac{28}{81}$. Why is tile 2 so unlikely, and why does the difference
#    vanish on the second lap?
# 4. Using only $|\lambda_2|$, about how many turns does the distance to uniform
#    need to halve? Compare with the curve: from turn 40 to which turn does it halve?
#
# <details><summary>Show the answer</summary>
#
# 1. $j = 8$ and $j = 16$: $\theta = \pm 120°$ and $1 + 2\cos 120° = 0$, so one die's
#    characteristic function vanishes there. One d3 spreads evenly over three
#    consecutive tiles, and a wave of period 3 tiles ($24/8$) sums to 0 over any
#    three consecutive tiles: the waves with $j = 8, 16$ are gone after one turn.
# 2. $1/7$. $|\lambda_1|$ is 0.8152 instead of 0.9551 (spectral gap 0.1848 against
#    0.0449): larger, more spread steps mix the boat around the ring faster.
# 3. To stop on tile 2 in the first lap the first roll must be a 2 ($\frac19$); no
#    other way exists. On the second lap many sums lead to 26, and $u_{26}$ is
#    already within 0.0001 of $\frac14$.
# 4. $\ln 2 / (-\ln |\lambda_2|) = 15.1$ turns. The curve: 0.1008 at turn 40, and it
#    first falls below half of that at turn 56 (the phase wiggle moves it by a
#    turn or two).
#
# </details>
#
# The cell below checks every number the answers state, without printing them.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.lessons import check_answers

six_sided = boat_step_distribution(faces=range(1, 7))
d6_mean = sum(s * p for s, p in enumerate(six_sided))
d6_lambda_1 = eigenvalue_moduli_from_one_die(range(1, 7))[1]
halving = np.log(2) / -np.log(lambda_2)
first_half = next(t for t in range(40, 101) if tv[t] < tv[40] / 2)
verdict = check_answers("amsterdam/03b_boat_convergence", {
    "1 zero eigenvalues": [int(j) for j in np.flatnonzero(np.isclose(boat_eigenvalues_closed_form(), 0))],
    "1 cos 120": 1 + 2 * np.cos(2 * np.pi * 8 / 24),
    "2 renewal limit": 1 / d6_mean,
    "2 |lambda_1| d6": float(d6_lambda_1),
    "2 |lambda_1| check": float(abs(sum(float(p) * np.exp(2j * np.pi * s / 24) for s, p in enumerate(six_sided)))),
    "2 gap d6": 1 - float(d6_lambda_1),
    "2 gap d3": spectral_gap(),
    "3 u_2": renewal_sequence(2)[2],
    "3 u_4": renewal_sequence(4)[4],
    "3 lap 2": abs(float(stop_probability_by_lap(2, 2)[1]) - 0.25) < 1e-4,
    "4 halving": round(float(halving), 1),
    "4 tv at 40": float(tv[40]),
    "4 halved at": first_half,
})
