# %% [markdown]
# # Grand Austria Hotel 3: drafting the dice and passing
#
# [Start here](../00_start_here.ipynb) · previous: [2. Dice on the action board](02_dice_on_the_board.ipynb) ·
# next: [4. Investments: guests, staff and the emperor](04_investments.ipynb)
#
# **Level:** intermediate (first-year probability) · **Prerequisites:** lesson 2 (the
# strongest space $M$ and the wild space), conditional expectation, a little dynamic
# programming · **Time:** about 40 minutes
#
# In lesson 2 one player looked at a freshly rolled board. In the game the players
# **draft** the dice: in turn, each takes one die from a space, and the board gets
# weaker with every pick. The turn order is a **snake**: with 2 players the order of
# the four picks is P1, P2, P2, P1 (the turn order tiles show 1/4 and 2/3, and the
# lowest visible number goes next). Instead of taking, a player may **pass**: the turn
# is postponed until the others have finished, then one die goes to the dustbin and the
# rest are rerolled for the passer.
#
# **Learning goals.** After this lesson you can
#
# * compute the exact expected strength of each pick of a draft, and add it up by seat;
# * judge from the numbers whether the snake order compensates the start player, and
#   say when a snake does equalise;
# * treat passing as an **optimal stopping** problem: the value $V(m)$ by backward
#   induction, the threshold rule, and the value of the option to pass;
# * measure what passing hands to a rival who picks next.
#
# Throughout, P1 is the round's start player, and a "greedy" player takes a die from a
# space with the most dice. The **strength** of a pick is the number of dice on the
# space before the die is taken (krones spent on +1 are left out).

# %% [markdown]
# ## The pick order
#
# `pick_order(players)` plays the engine's rule: the player with the lowest visible
# number on their turn order tile picks next, and a die covers that number. The tiles
# are 1/4, 2/3 with 2 players; 1/6, 2/5, 3/4 with 3; 1/8, 2/7, 3/6, 4/5 with 4.

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

import numpy as np

from hoteledu.grand_austria.analysis import draft_strengths, pick_order, simulate_draft, t_interval

for players in (2, 3, 4):
    print(f"{players} players:", " ".join(f"P{seat + 1}" for seat in pick_order(players)))

# %% [markdown]
# ## What each pick is worth
#
# Suppose everyone drafts greedily and nobody passes. Pick 1 gets the strongest space of
# the fresh roll, $E[M]$ from lesson 2. Pick 2 sees that board with one die fewer on
# its strongest space, and so on: the strength of pick $i$ is a function of the roll,
# and its expectation sums over all boards. `draft_strengths(players)` does this
# exactly, over the board sorted largest first (the order of the spaces does not matter
# to a greedy player), with a memoised recursion. A seeded simulation of 20,000 rounds on
# the unsorted board is printed beside it, each mean with its 95% t interval
# ($\pm$ half its width): the exact value should fall inside about 19 times in 20.

# %%
# NBVAL_CHECK_OUTPUT
drafts = {players: draft_strengths(players) for players in (2, 3, 4)}
for players, draft in drafts.items():
    simulated = [t_interval(column) for column in simulate_draft(players, 20_000, seed=players).T]
    print(f"{players} players ({draft.dice} dice)")
    print("   exact    :", " ".join(f"{float(v):>11.3f}" for v in draft.by_pick))
    print("   simulated:", " ".join(f"{v.estimate:.3f}±{(v.high - v.low) / 2:.3f}" for v in simulated))

# %%
from hoteledu.grand_austria.figures.strength import draft_strength_figure

draft_strength_figure(list(drafts.values()))

# %% [markdown]
# Each pick is worth less than the one before: the first pick is worth about 1.4 dice
# more than the last with 2 players, 2.4 with 4. The fall is steep at first and then
# flattens out near 2: once the crowded spaces have been thinned, the board looks like
# any other.
#
# ## Does the snake compensate the start player?
#
# The snake gives the start player the first pick *and* the last one, and the last
# player in the order two picks in a row. Add each player's two picks: `by_seat`. To see what
# the snake does, compare it with a plain repeated order (P1, P2, P1, P2 with 2
# players): a greedy player's pick is worth the same whoever makes it, so
# `seat_totals(by_pick, order)` can re-add the same pick values for any order.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis.board import seat_totals

for players, draft in drafts.items():
    print(f"{players} players, snake  :", " ".join(f"P{s + 1} {float(v):.2f}" for s, v in enumerate(draft.by_seat)),
          f"| P1 minus last: {float(draft.by_seat[0] - draft.by_seat[-1]):.2f}")
repeat = seat_totals(drafts[2].by_pick, (0, 1, 0, 1))
print("2 players, P1 P2 P1 P2:", " ".join(f"P{s + 1} {float(v):.2f}" for s, v in enumerate(repeat)),
      f"| P1 minus P2: {float(repeat[0] - repeat[1]):.2f}")

# %% [markdown]
# **Answer from the numbers: no.** Within one round the start player still expects the
# most strength and the last seat the least, at every player count: the snake narrows
# the gap (with 2 players from 0.90 to 0.48 dice) but does not close it.
#
# Why not? A snake pairs the first pick with the last, the second with the second to
# last, and so on. The pairs have equal sums only if the pick values fall **in a
# straight line**. Under the greedy draft they fall steeply first and then flatten (the
# figure above), so the pair (first, last) is the richest. Compare players who choose a
# non-empty space **at random**: each pick then removes, on average, about the same
# amount, the values fall almost linearly, and the snake does equalise.

# %%
# NBVAL_CHECK_OUTPUT
uniform = draft_strengths(2, policy="uniform")
print("2 players, uniform picks:", " ".join(f"{float(v):.3f}" for v in uniform.by_pick))
print("   per seat:", " ".join(f"P{s + 1} {float(v):.3f}" for s, v in enumerate(uniform.by_seat)))
simulated = [t_interval(column) for column in simulate_draft(2, 20_000, seed=5, policy="uniform").T]
print("   simulated per pick (95% t):", " ".join(f"{v.estimate:.3f}±{(v.high - v.low) / 2:.3f}" for v in simulated))

# %% [markdown]
# Two caveats keep this honest. These are strengths, not victory points: what a die is
# worth depends on the action and on the player's hotel. And the start player moves on:
# the turn order tiles pass clockwise at the end of each round, so over the 7 rounds each
# player sits in different seats (exercise 2).
#
# ## Passing as optimal stopping
#
# Take the simplest case: you are the last player with a pick left, alone on the board
# with $m$ dice. You may take now, at strength $X_m$ (the strongest space $M$, or your
# wanted action $\max(K_a, K_6)$), or pass: one die goes to the dustbin, the other
# $m - 1$ are rerolled, and you decide again. With no dice left you get nothing.
#
# This is an **optimal stopping** problem, solved backwards. Let $V(m)$ be the expected
# strength when playing well with $m$ dice on the board. Then $V(0) = 0$ and
#
# $$V(m) = E\big[\max\big(X_m,\, V(m-1)\big)\big]:$$
#
# having seen $X_m$, take it if it is at least what passing is worth, $V(m - 1)$. So the
# rule is a **threshold**: take when $X_m \ge \lceil V(m-1) \rceil$. And $V(m) \ge E[X_m]$:
# the difference is the **value of the option to pass**.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import bracket, simulate_stopping, stopping_value

rule = stopping_value(14)
print(" m  E[M_m]   V(m)  take if M >=  P(take)")
for m in range(1, 15):
    print(f"{m:>2}  {float(rule.take_now[m]):.3f}  {float(rule.values[m]):.3f}  {rule.thresholds[m]:>8}"
          f"      {float(rule.take_probabilities[m]):.3f}")
for dice in (10, 12):
    played = t_interval(simulate_stopping(dice, 20_000, seed=dice))
    print(f"{dice} dice: V = {float(stopping_value(dice).values[dice]):.3f} exact, "
          f"{bracket(played)} simulated by playing the threshold rule 20,000 times (95% t)")
one_action = stopping_value(14, wanted=3)
option = [float(v - t) for v, t in zip(one_action.values, one_action.take_now)]
print(f"wanting action 3 (or space 6): the option to pass is worth {option[10]:.3f} with 10 dice, "
      f"{option[14]:.3f} with 14 (the most over m = 1..14: {max(option):.3f})")

# %%
from hoteledu.grand_austria.figures.strength import stopping_value_figure

stopping_value_figure(rule)

# %% [markdown]
# With 10 dice the option to pass is worth $3.800 - 3.445 = 0.355$ dice: a board whose
# strongest space holds only 3 dice is worth passing on, because 9 rerolled dice, played
# well, are worth 3.48. The thresholds fall as the dice run out: with 5 dice left, a
# space of 2 is good enough. For one wanted action (action 3, with space 6) the option
# matters more (up to 0.9 dice), because a single action's strength varies more from
# roll to roll than the strongest space (with 10 dice its variance is 1.14 against 0.64).
#
# ## When passing hands the rival a better board
#
# Alone, passing only costs a die. With a rival picking next, it costs more: passing
# leaves the board **as it is** for the rival (the reroll waits until the others have
# finished), while taking removes a die from your space. Model a rival who takes a space
# with the most dice. If you take:
#
# * wanting the strongest space, you take from it, and the rival finds one die less
#   there: the rival loses a point exactly when your space was the **only** strongest one;
# * wanting action $a$, you take from space $a$ or 6, whichever holds more, and the rival
#   loses a point only if that space was the only strongest one.
#
# So E[rival after you pass] $-$ E[rival after you take] $= P(\text{your space is the
# unique maximum})$. The interesting case is the boards on which you would pass (the
# threshold rule above): `rival_board(m, wanted)` computes both expectations on those
# boards exactly, over all the count vectors.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import sample_rolls
from hoteledu.grand_austria.analysis.board import rival_board

for dice, wanted in ((10, None), (12, None), (12, 3)):
    r = rival_board(dice, wanted)
    want = "the strongest space" if wanted is None else f"action {wanted}"
    print(f"{dice} dice, you want {want}: the rule passes with probability {float(r.pass_probability):.3f}")
    print(f"   rival's strength on all boards: after you take {float(r.after_take):.3f}, "
          f"after you pass {float(r.after_pass):.3f}")
    print(f"   on the boards where you pass:   after you take {float(r.after_take_given_pass):.3f}, "
          f"after you pass {float(r.after_pass_given_pass):.3f}")
rolls = sample_rolls(10, 20_000, seed=9)
top = rolls.max(axis=1)
only = (rolls == top[:, None]).sum(axis=1) == 1  # the strongest space is unique
weak = top < rival_board(10).threshold  # the boards where you pass
print(f"10 dice, simulated ({weak.sum():,} of 20,000 boards pass), 95% t: after you take "
      f"{bracket(t_interval((top - only)[weak]))}, after you pass {bracket(t_interval(top[weak]))}")

# %% [markdown]
# If all you want is strength, passing is a gift to the rival: with 10 dice, on the
# boards where you would pass, the rival finds half a die more (0.503) than if you had
# taken.
#
# What does the same pass gain **you**? Compare like with like. The option to pass,
# $V(10) - E[M_{10}] = 0.355$, is an average over **all** boards, including the 40% on
# which you take and it is worth nothing; the rival's 0.503 is an average over the boards
# on which you pass. On those same boards (probability 0.597) a pass gains you
# $V(9) - E[M \mid \text{pass}] = 0.595$ dice: $0.355 / 0.597$.
#
# And with a rival, 9 dice is too many. The reroll waits until the others have finished,
# so the rival picks from your board **before** it: the rival takes one die, the dustbin
# another, and 8 dice are rerolled for you, not 9 (a rival with one pick left; one with
# more picks takes more dice before your reroll). Playing the threshold rule alone after
# the reroll, a pass then gains you $V(8) - E[M \mid \text{pass}] = 0.304$ dice, and the
# rival 0.503, on the same boards.
# `pass_against_rival(m, wanted)` computes all of it exactly; the simulation plays the
# same 40,000 seeded boards both ways (common random numbers), so the interval of the
# difference is that of the per-board differences.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import paired_interval, pass_against_rival, simulate_pass_against_rival

for dice, wanted in ((10, None), (12, None), (12, 3)):
    p = pass_against_rival(dice, wanted)
    want = "the strongest space" if wanted is None else f"action {wanted}"
    print(f"{dice} dice, you want {want}, per pass (P(pass) = {float(p.pass_probability):.3f}): "
          f"you gain {float(p.gain_alone):.3f} alone, {float(p.gain_with_rival):.3f} with the rival "
          f"picking first; the rival gains {float(p.rival_gain_given_pass):.3f}")
exact = pass_against_rival(10)
boards = simulate_pass_against_rival(10, 40_000, seed=9)
you_alone = boards["alone"] - boards["take"]
you = boards["with_rival"] - boards["take"]
rival = boards["rival_after_pass"] - boards["rival_after_take"]
print(f"10 dice, simulated on {len(you):,} passing boards of 40,000 (95% t intervals):")
print(f"   you, alone (9 dice rerolled)      : exact {float(exact.gain_alone):.3f}, simulated {bracket(t_interval(you_alone))}")
print(f"   you, rival picks first (8 dice)   : exact {float(exact.gain_with_rival):.3f}, simulated {bracket(t_interval(you))}")
print(f"   the rival                         : exact {float(exact.rival_gain_given_pass):.3f}, simulated {bracket(t_interval(rival))}")
print(f"   the rival's gain minus yours (CRN): exact "
      f"{float(exact.rival_gain_given_pass - exact.gain_with_rival):.3f}, simulated {bracket(paired_interval(rival, you))}")

# %% [markdown]
# So with 10 dice a pass still gains you 0.30 dice, but gains a greedy rival 0.50: if
# what counts is your strength against the rival's, each pass loses 0.20 dice (the
# simulation's interval, about 0.18 to 0.21, is far from 0). With such a rival behind
# you, passing at strength 3 is a worse bargain than the solo rule says. Wanting one
# action, the picture turns: you gain 0.78 dice a pass with 12 dice and the rival only
# 0.03, because when your action's space is weak, the rival's favourite space is
# usually another one, which taking would not have touched (exercise 4 shows a case
# where the rival's gain is exactly 0).
#
# ## Try it: draft against a greedy bot
#
# You are P1 with 2 players. Click a space to take a die from it; the bot (P2) answers
# by taking a space with the most dice. The table shows the exact expected strength of
# each pick under the greedy draft beside what was actually taken. Play a few rounds
# with **New round**: can you beat the greedy bot over many rounds, when all that counts
# is strength?

# %%
from hoteledu.grand_austria.widgets.draft import DraftWidget

DraftWidget(players=2, seat=0, seed=2024)

# %% [markdown]
# ## Try it: take or pass
#
# Alone with 10 dice and one pick left, wanting the strongest space. The left figure
# is the board, the right one the exact distribution of the strength after passing (a
# reroll of one die fewer), with $V(m - 1)$ in its title. Take or pass, and compare your
# average over many rounds with $V(10) = 3.800$.

# %%
from hoteledu.grand_austria.widgets.take_or_pass import TakeOrPassWidget

TakeOrPassWidget(dice=10, seed=2024)

# %% [markdown]
# ## Exercises
#
# 1. With 4 players, what would each seat's expected total be if the order were
#    P1, P2, P3, P4, P1, P2, P3, P4 instead of the snake? How much larger is the gap
#    between P1 and P4 than under the snake?
# 2. The start player changes each round (tiles pass clockwise, so P2 starts round 2).
#    Over a 2-player game of 7 rounds, what is each player's expected total strength in
#    the greedy draft? With 4 players, which player expects the least, and why?
# 3. You want action 2 (with space 6), alone, with 8 dice on the board, and your
#    strength is 2. Take or pass? What is the option to pass worth with 8 dice?
#    (Use `stopping_value(8, wanted=2)`.)
# 4. With 10 dice you want action 3, and the threshold rule tells you to pass. Show
#    that the rival then finds exactly the same strongest space whether you take or
#    pass. (Hint: what does the threshold say about your strength, and how many dice
#    can the other spaces hold?) Check it with `rival_board(10, wanted=3)`.
#
# <details><summary>Show the answer</summary>
#
# 1. `seat_totals(draft_strengths(4).by_pick, (0, 1, 2, 3, 0, 1, 2, 3))`: P1 6.81,
#    P2 5.82, P3 5.25, P4 4.82. The P1-P4 gap is 1.98 dice instead of 1.19 under
#    the snake: 0.80 larger.
# 2. P1 starts rounds 1, 3, 5, 7 and P2 rounds 2, 4, 6, so P1 expects
#    $4 \times 5.50 + 3 \times 5.02 \approx 37.07$ and P2 $\approx 36.60$ (`game_totals`).
#    With 4 players, the player who starts round 1 starts again in round 5, but the
#    fourth player starts only round 4 and sits last in rounds 1 and 5: P4 expects
#    38.99, the least (P1 39.68, P2 40.05, P3 40.18).
# 3. The threshold with 8 dice is 3, because $V(7) \approx 2.219 > 2$: pass. The option
#    is worth $V(8) - E[X_8] \approx 2.496 - 1.964 \approx 0.5319$ dice.
# 4. The rule passes when $\max(K_3, K_6) < 3$, so your space holds at most 2 dice.
#    For the rival to lose a point by your taking, your space would have to be the only
#    strongest one, so each of the other five spaces would hold at most 1 die: at most
#    $2 + 5 = 7$ dice, not 10. So on every board where you pass, your space is not the
#    unique maximum, and the rival finds the same strength either way: both
#    expectations are 3.383.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis.board import game_totals
from hoteledu.lessons import check_answers

plain = seat_totals(drafts[4].by_pick, (0, 1, 2, 3, 0, 1, 2, 3))
snake4 = drafts[4].by_seat
action2 = stopping_value(8, wanted=2)
rival3 = rival_board(10, wanted=3)
verdict = check_answers("grand_austria/03_drafting_and_passing", {
    "1 plain order": [round(float(v), 2) for v in plain],
    "1 gaps": (round(float(plain[0] - plain[3]), 2), round(float(snake4[0] - snake4[3]), 2)),
    "1 larger by": round(float(plain[0] - plain[3] - snake4[0] + snake4[3]), 2),
    "2 two players": [round(float(v), 2) for v in game_totals(drafts[2].by_seat)],
    "2 seats": [round(float(v), 2) for v in drafts[2].by_seat],
    "2 four players": [round(float(v), 2) for v in game_totals(snake4)],
    "3 threshold": action2.thresholds[8],
    "3 V(7)": float(action2.values[7]),
    "3 option": float(action2.values[8] - action2.take_now[8]),
    "3 V(8), E[X_8]": (float(action2.values[8]), float(action2.take_now[8])),
    "4 threshold": rival3.threshold,
    "4 same board": rival3.after_take_given_pass == rival3.after_pass_given_pass,
    "4 expectation": float(rival3.after_pass_given_pass),
})
