# %% [markdown]
# # Grand Austria Hotel 2: dice on the action board
#
# [Start here](../00_start_here.ipynb) · previous: [1. Play the game](01_play.ipynb) ·
# next: [3. Drafting and passing](03_drafting_and_passing.ipynb)
#
# **Level:** introductory (first-year probability) · **Prerequisites:** the binomial
# distribution, expectation, indicator variables; the rules of Grand Austria Hotel are
# explained below · **Time:** about 35 minutes
#
# At the start of every round of *Grand Austria Hotel* the start player rolls all the
# dice (10 with 2 players, 12 with 3, 14 with 4) and sorts them onto the six spaces of
# the **action board** by the number they show. A player then takes one die from a
# space and carries out that space's action (1: strudel or cake, 2: wine or coffee,
# 3: prepare rooms, 4: emperor track or money, 5: hire staff, 6: any of 1..5 for a
# krone). The **strength** of the action is the number of dice on the space *before*
# the die is taken: three dice on space 2 bring three drinks.
#
# So everything a player can do in a round is decided by six numbers, the counts
# $K_1, \dots, K_6$ of dice on the spaces. This lesson works out their laws exactly
# and puts a seeded simulation beside every number, with its 95% interval: Wilson's
# for a frequency, Student's t for a mean (the brackets). An exact value should fall
# inside about 19 times in 20, and it is no surprise when one does not.
#
# **Learning goals.** After this lesson you can
#
# * say why the dice on one space are **binomial** and the whole board is
#   **multinomial**, and why the counts are dependent;
# * find the expected number of empty spaces by **linearity of expectation**, and the
#   chance that every space holds a die by **inclusion-exclusion**;
# * compute the law of the **strongest space** $M = \max(K_1, \dots, K_6)$, an order
#   statistic of dependent counts, and of one wanted action with the **wild space** 6;
# * check an exact distribution against a seeded simulation.

# %% [markdown]
# ## One space: the binomial distribution
#
# Each die shows a given number, say 2, with probability $\frac16$, independently of the
# other dice. The number of dice on space 2 counts the successes in $n$ independent
# trials, so it is **binomial**:
#
# $$P(K_a = k) = \binom{n}{k} \left(\tfrac16\right)^k \left(\tfrac56\right)^{n-k},
# \qquad E[K_a] = \frac n6, \qquad \operatorname{Var}(K_a) = n \cdot \tfrac16 \cdot \tfrac56.$$
#
# With 12 dice (3 players) a space holds 2 dice on average. Below, the exact law next to
# the frequencies of 20,000 seeded rolls (the sample variance's interval is the
# large-sample one, $\sqrt{(m_4 - s^4)/n}$ wide on each side, times 1.96).

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

import numpy as np

from hoteledu.grand_austria.analysis import bracket, frequency_interval, sample_rolls, t_interval, variance_interval
from hoteledu.grand_austria.analysis.board import space_count_distribution

n = 12
rolls = sample_rolls(n, 20_000, seed=1)  # 20,000 rolls: dice on spaces 1..6 for each
exact = space_count_distribution(n)
on_space_2 = rolls[:, 1]
print("k  exact P(K_2 = k)  simulated [95% Wilson]")
for k in range(7):
    print(f"{k}  {float(exact[k]):.4f}           {bracket(frequency_interval(on_space_2 == k), 4)}")
print(f"mean: exact {n / 6:.3f}, simulated {bracket(t_interval(on_space_2))}; "
      f"variance: exact {n * 5 / 36:.3f}, simulated {bracket(variance_interval(on_space_2))}")

# %% [markdown]
# ## The whole board: the multinomial distribution
#
# The six counts together follow the **multinomial** law: a board with counts
# $(k_1, \dots, k_6)$, $k_1 + \dots + k_6 = n$, comes from
# $\frac{n!}{k_1! \cdots k_6!}$ of the $6^n$ equally likely dice sequences, so
#
# $$P(K_1 = k_1, \dots, K_6 = k_6) = \frac{n!}{k_1! \cdots k_6!} \cdot \frac{1}{6^n}.$$
#
# There are $\binom{n+5}{5}$ possible boards ("stars and bars": $n$ dice and 5
# dividers), 6,188 for 12 dice. The counts are **not independent**: they must add up to
# $n$, so a crowded space leaves fewer dice for the others. The covariance of two
# different spaces is $\operatorname{Cov}(K_a, K_b) = -n \cdot \frac16 \cdot \frac16 = -\frac{n}{36}$.

# %%
# NBVAL_CHECK_OUTPUT
from math import comb

from hoteledu.grand_austria.dice import roll_outcomes, roll_probability

boards = roll_outcomes(n)
print(f"boards with {n} dice: {len(boards)} = C({n + 5}, 5) = {comb(n + 5, 5)}; "
      f"their probabilities add up to {sum(p for _, p in boards)}")
many = sample_rolls(n, 200_000, seed=3)  # a rare board needs many rolls
even = roll_probability((2, 2, 2, 2, 2, 2))
print(f"P(two dice on every space) = {float(even):.5f} exact, "
      f"{bracket(frequency_interval((many == 2).all(axis=1)), 5)} simulated (200,000 rolls, Wilson)")
products = (many[:, 0] - many[:, 0].mean()) * (many[:, 1] - many[:, 1].mean())  # their mean is the covariance
print(f"Cov(K_1, K_2): exact {-n / 36:.4f}, simulated {bracket(t_interval(products), 4)} (t over the products)")

# %% [markdown]
# ## Empty spaces: linearity of expectation
#
# An empty space is an action nobody can take directly this round. How many spaces are
# empty on average? Write the number of empty spaces as a sum of **indicators**:
#
# $$E = \sum_{a=1}^{6} \mathbf 1\{K_a = 0\}, \qquad
# E[E] = \sum_{a=1}^{6} P(K_a = 0) = 6 \left(\tfrac56\right)^n.$$
#
# Expectation is linear whether or not the indicators are independent (they are not),
# so no joint law is needed. The full distribution of $E$ needs more work (next
# section); its mean does not.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis.board import empty_spaces_distribution, expected_empty_spaces

samples = {dice: sample_rolls(dice, 20_000, seed=dice) for dice in (10, 12, 14)}
for dice, sample in samples.items():
    empty = (sample == 0).sum(axis=1)
    print(f"{dice} dice: E[empty spaces] = 6 (5/6)^{dice} = {float(expected_empty_spaces(dice)):.4f}, "
          f"simulated {bracket(t_interval(empty), 4)}")
print("12 dice, P(exactly j empty), j = 0..3:",
      [round(float(p), 4) for p in empty_spaces_distribution(12)[:4]])

# %% [markdown]
# ## Every space covered: inclusion-exclusion
#
# When is every action on offer? Let $A_a$ be the event "space $a$ is empty". Then
# $P(\text{some space empty}) = P(A_1 \cup \dots \cup A_6)$, and **inclusion-exclusion**
# adds the single events, subtracts the pairs, adds the triples, and so on. Any $j$
# given spaces are all empty with probability $\left(1 - \frac j6\right)^n$ (every die
# avoids them), and there are $\binom6j$ ways to choose them:
#
# $$P(\text{every space covered}) = \sum_{j=0}^{6} (-1)^j \binom{6}{j} \left(1 - \tfrac j6\right)^n.$$
#
# (The same argument on the $6 - j$ spaces left gives the chance that exactly $j$ are
# empty, the distribution printed above.)

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis.board import all_covered_probability

for dice, sample in samples.items():
    by_formula = sum((-1) ** j * comb(6, j) * Fraction(6 - j, 6) ** dice for j in range(7))
    assert by_formula == all_covered_probability(dice)
    print(f"{dice} dice: P(every space covered) = {float(by_formula):.4f}, "
          f"simulated {bracket(frequency_interval((sample > 0).all(axis=1)), 4)}")

# %% [markdown]
# Even with 14 dice, more than 2 dice per space on average, some action is missing
# from the board in about 4 rounds out of 10.
#
# ## The strongest space: an order statistic
#
# The best action on offer is the one on the most crowded space:
# $M = \max(K_1, \dots, K_6)$, the largest **order statistic** of the counts. Space 6
# can imitate any action at its own count, so a player who cares only about strength
# can always get $M$. For independent variables one would multiply:
# $P(\max \le m) = \prod_a P(K_a \le m)$. The counts are dependent, so instead we count
# the dice sequences with at most $m$ dice on every space:
#
# $$P(M \le m) = \frac{\#\{\text{sequences with every } K_a \le m\}}{6^n}, \qquad
# P(M = m) = P(M \le m) - P(M \le m - 1).$$
#
# `max_count_distribution(n)` counts them with exponential generating functions (the
# number of ways to put $t$ labelled dice on a space holding at most $m$ is the
# coefficient of $x^t / t!$ in $1 + x + \dots + x^m/m!$).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import expected_max_count, max_count_distribution

strongest = max_count_distribution(12)
m12 = samples[12].max(axis=1)
print("12 dice, m  exact P(M = m)  simulated [95% Wilson]")
for m in range(2, 8):
    print(f"          {m}  {float(strongest[m]):.4f}        {bracket(frequency_interval(m12 == m), 4)}")
for dice, sample in samples.items():
    print(f"{dice} dice: E[M] = {float(expected_max_count(dice)):.3f} exact, "
          f"{bracket(t_interval(sample.max(axis=1)))} simulated (one space holds {dice / 6:.3f} on average)")

# %% [markdown]
# With 12 dice the strongest space holds almost 4 dice, twice the average space. And
# $M = 2$ happens only when every space holds exactly 2 dice: the same 0.0034 as the
# even board above.

# %%
from hoteledu.grand_austria.figures.strength import exact_vs_simulated_figure

exact_vs_simulated_figure(strongest, m12, title="Strongest space M, 12 dice: exact, and 20,000 seeded rolls with 95% bars")

# %% [markdown]
# ## The wild space: one wanted action
#
# Usually you want a *particular* action, say 3 (prepare rooms). You can take it on
# space 3 at strength $K_3$ or, paying a krone, through space 6 at strength $K_6$. So
# the strength you can have is $X = \max(K_3, K_6)$ (we ignore the krone). The triple
# $(K_3, K_6, \text{the rest})$ is multinomial with probabilities
# $(\frac16, \frac16, \frac46)$, and `wild_strength_distribution(n)` adds up
#
# $$P(K_3 = i, K_6 = j) = \frac{n!}{i!\, j!\, (n - i - j)!} \left(\tfrac16\right)^{i+j} \left(\tfrac46\right)^{n-i-j}$$
#
# over the pairs with $\max(i, j) = x$. It is the same for every action 1..5.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import expected_wild_strength, wild_strength_distribution

for dice, sample in samples.items():
    wild = np.maximum(sample[:, 2], sample[:, 5])
    p_zero = wild_strength_distribution(dice)[0]
    print(f"{dice} dice: E[max(K_3, K_6)] = {float(expected_wild_strength(dice)):.3f} exact, "
          f"{bracket(t_interval(wild))} simulated; P(action 3 impossible) = {float(p_zero):.4f} exact, "
          f"{bracket(frequency_interval(wild == 0), 4)} simulated")

# %%
exact_vs_simulated_figure(
    wild_strength_distribution(12),
    np.maximum(samples[12][:, 2], samples[12][:, 5]),
    title="One wanted action with the wild space, 12 dice (rolls with 95% bars)",
)

# %% [markdown]
# Count the misses: of the 32 intervals this lesson prints, 2 leave out their exact value
# ($P(K_2 = 3)$ and the empty spaces with 10 dice), close to the 1 in 20 that a 95%
# interval allows. The rolls are seeded, so the same 2 miss on every run.
#
# ## Try it: roll the board yourself
#
# Move the slider to change the number of dice, choose what to count, and press
# **Roll once** a few times, then **Roll 1000**: the orange bars (your rolls) close in on
# the blue ones (the exact law), and their grey 95% Wilson bars shrink. The gap printed below the figure shrinks roughly like
# $1/\sqrt{\text{rolls}}$.

# %%
from hoteledu.grand_austria.widgets.board_roll import BoardRollWidget

BoardRollWidget(dice=12, seed=2024)

# %% [markdown]
# ## Exercises
#
# 1. With 2 players (10 dice), what is the chance that space 5 (hire staff) is empty?
#    And the chance that at least one of spaces 5 and 6 is empty? (Two events:
#    inclusion-exclusion in its smallest form.)
# 2. With 4 players (14 dice), what is the chance that exactly one space is empty? And
#    that two or more are?
# 3. With 3 players (12 dice) you want action 1. How much does space 6 add to your
#    expected strength? What is the chance of strength at least 4 with space 1 alone,
#    and with space 1 or space 6?
# 4. A classmate says: "each space is covered with probability $1 - (5/6)^n$, so all six
#    are covered with probability $(1 - (5/6)^n)^6$." For 12 dice, is the true chance
#    larger or smaller than this, and by how much? Why?
#
# <details><summary>Show the answer</summary>
#
# 1. $P(K_5 = 0) = (5/6)^{10} \approx 0.1615$. At least one of the two is empty with
#    probability $P(A_5) + P(A_6) - P(A_5 \cap A_6) = 2 (5/6)^{10} - (4/6)^{10} \approx 0.3057$:
#    both are empty when all ten dice avoid both spaces.
# 2. Exactly one empty space: `empty_spaces_distribution(14)[1]` $\approx 0.368$, that is
#    $6 \times$ (the chance that the other 5 spaces are all covered by the 14 dice, which all
#    avoid the empty one). Two or more: $1 - 0.583 - 0.368 \approx 0.049$.
# 3. $E[\max(K_1, K_6)] - E[K_1] \approx 2.781 - 2 = 0.781$. $P(K_1 \ge 4) \approx 0.125$
#    (add `space_count_distribution(12)[4:]`), $P(\max(K_1, K_6) \ge 4) \approx 0.244$:
#    the wild space nearly doubles the chance of a strong action.
# 4. Smaller: about 0.438 instead of 0.490, 0.052 less. The events "space $a$ covered"
#    are negatively dependent: a die on one space is a die that is not on another, so
#    knowing some spaces are covered makes the rest a little less likely to be. The
#    product formula would be right only for independent events.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

wild12 = wild_strength_distribution(12)
naive12 = (1 - Fraction(5, 6) ** 12) ** 6
verdict = check_answers("grand_austria/02_dice_on_the_board", {
    "1 space 5 empty": float(space_count_distribution(10)[0]),
    "1 one of 5 and 6 empty": float(2 * Fraction(5, 6) ** 10 - Fraction(4, 6) ** 10),
    "2 exactly one": float(empty_spaces_distribution(14)[1]),
    "2 none": float(empty_spaces_distribution(14)[0]),
    "2 two or more": float(sum(empty_spaces_distribution(14)[2:])),
    "3 gain": float(expected_wild_strength(12) - 2),
    "3 E[max]": float(expected_wild_strength(12)),
    "3 alone": float(sum(space_count_distribution(12)[4:])),
    "3 with space 6": float(sum(wild12[4:])),
    "4 true": float(all_covered_probability(12)),
    "4 naive": float(naive12),
    "4 difference": round(float(naive12 - all_covered_probability(12)), 3),
    "4 smaller": all_covered_probability(12) < naive12,
})
