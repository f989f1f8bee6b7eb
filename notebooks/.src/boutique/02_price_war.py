# %% [markdown]
# # Boutique Hotel Manager 2: a price war with three rooms
#
# [Start here](../00_start_here.ipynb) · previous: [1. Play the game](01_play.ipynb) ·
# next: [3. Mixed equilibria](03_mixed_equilibria.ipynb)
#
# **Level:** introductory game theory (first course) · **Prerequisites:** payoff
# matrices, best responses and pure Nash equilibria; expectation; the booking rules
# of Boutique Hotel Manager are explained below · **Time:** about 40 minutes
#
# In the booking phase of *Boutique Hotel Manager* every hotel sets its room prices in
# secret (a die per day, face $f$ = $f \times 100$ per room and night, and a
# breakfast die). Then, guest card by guest card, the guests book the hotel whose
# total for their stay is lowest. If totals are equal, the better-rated hotel wins;
# if the ratings are equal too, the tied hotels bid for marketing with money cards
# face down, every bid is lost, and **if the bids are still equal every tied hotel
# gets guests** (the German rulebook: "Bei anhaltendem Gleichstand erhalten alle
# beteiligten Spieler Gäste", in English "if the tie persists, all the players involved
# get guests"), each paid its full price. Every hotel starts with **three rooms**.
#
# That last rule makes this price war different from the one in the textbooks, and
# this lesson computes how, from the game engine's own payoffs.
#
# **Learning goals.** After this lesson you can
#
# * build a payoff matrix by playing every pair of prices through the engine, exactly
#   over the dice and cards where that is possible and from seeded deals otherwise;
# * read best responses and pure Nash equilibria from a matrix and its heatmap;
# * explain why **matching** a rival's price beats undercutting it in one booking,
#   so that every matched price is an equilibrium when the goal is profit;
# * show that when the goal is to **beat the rival** undercutting pays, and that with
#   only three rooms the best responses over a week go round in a **cycle**;
# * test whether a sampled best reply is really best: against its **runner-up**, with the
#   standard error of the paired difference under common random numbers;
# * compare all this with the textbook Bertrand game, an idealisation.

# %% [markdown]
# ## The players' choices and the fixed rest
#
# Each hotel picks a **flat price**: the same face on all seven days, breakfast 100.
# Everything else is fixed, as `hoteledu.boutique.analysis.games` documents: nobody
# turns a price die during booking, tied hotels both bid the blank card (0), guests
# take the lowest-numbered free rooms. The ratings start equal (3 stars), so a tie in
# price always goes to the sealed bid, and with two blank cards both hotels get the
# guests.
#
# **Profit** in this lesson means a hotel's **booking income**: what the guests it gets
# pay for their stays (minus a marketing bid, where one is made). It is income *before
# wages*: staff is hired after the booking phase, for the bookings and the walk-ins
# together, and lesson 5 deals with that cost.
#
# First one booking: P1's turn, one roll of the check-in die (Monday to Saturday)
# and one card from the 28-card deck. `pricing_game` plays every pair of prices and
# averages **exactly** over the 6 × 28 outcomes (the engine lists them with their
# probabilities as fractions).

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.boutique.analysis.equilibria import (
    best_response_cycles,
    best_responses,
    pure_equilibria,
)
from hoteledu.boutique.analysis.games import bertrand_game, pricing_game
from hoteledu.boutique.cards import standard_deck

PRICES = tuple(range(1, 7))  # 100 to 600
booking = pricing_game("booking", prices=PRICES, objective="profit", symmetric=True)
print("exact:", booking.exact)
print("P1's expected money from one booking (rows: P1's price, columns: P2's)")
print("       " + "".join(f"{label:>7}" for label in booking.labels[1]))
for label, row in zip(booking.labels[0], booking.payoffs[0], strict=True):
    print(f"{label:>6} " + "".join(f"{v:7.1f}" for v in row))

# %% [markdown]
# Read a column: it is the rival's price. Below the diagonal P1 is dearer and gets
# nothing. On and above it P1 gets the guests: above the diagonal alone at its own
# price, **on the diagonal together with the rival, at its own full price too**. So in
# each column the diagonal is the best cell: matching the rival beats undercutting.
#
# Why by how much? A card brings on average $E[N] = 86/28 \approx 3.07$ room-nights and
# $1.5$ room-nights with breakfast. At a flat price $p$ (in hundreds) a hotel that gets
# the guests earns $100\,(p\,E[N] + 1.5)$ on average. Undercutting a rival at $p$ by one
# step earns $100\,((p-1)\,E[N] + 1.5)$: about 307 less, because the tie would have paid
# the full price anyway.

# %%
# NBVAL_CHECK_OUTPUT
deck = standard_deck()
mean_nights = sum(c.room_nights for c in deck.cards) / len(deck)
mean_breakfast = sum(c.room_nights for c in deck.cards if c.breakfast) / len(deck)
total_nights = sum(c.room_nights for c in deck.cards)
print(f"E[N] = {total_nights}/{len(deck)} = {mean_nights:.4f} room-nights, "
      f"breakfast room-nights {mean_breakfast:.2f}")
for p in PRICES:
    formula = 100 * (p * mean_nights + mean_breakfast)
    print(f"matched at {100 * p}: formula {formula:7.2f}, engine {booking.payoffs[0][p - 1, p - 1]:7.2f}")
print(f"cost of undercutting by one step: {100 * mean_nights:.1f}")

# %% [markdown]
# The heatmap marks each player's best replies (blue dots: P1's best reply to each
# column; red diamonds: P2's to each row) and the pure equilibria (green squares),
# the cells where both best replies meet.

# %%
from hoteledu.boutique.figures.games import (
    best_reply_curve,
    best_response_figure,
    payoff_heatmap,
)

payoff_heatmap(booking, title="One booking, goal: profit (P1's expected money)")

# %%
# NBVAL_CHECK_OUTPUT
rows, _ = best_responses(booking)
print("P1's best reply to each rival price:",
      {booking.labels[1][j]: [booking.labels[0][i] for i in rows[j]] for j in range(6)})
print("pure equilibria:", [(booking.labels[0][i], booking.labels[1][j])
                           for i, j in pure_equilibria(booking)])

# %% [markdown]
# **Every matched price is a Nash equilibrium** when the goal is profit: at (300, 300)
# neither hotel gains by moving, since undercutting gives up 100 a night and going
# dearer gives up the guests. The equilibria are ranked: both hotels prefer (600, 600)
# to any other. This is a *coordination* game, not a price war.
#
# ## Goal: beat the rival
#
# Now suppose a player wants to end ahead of the rival, not rich: the payoff is the
# money difference (P1's money minus P2's). A tie now gives 0 to both, and getting
# the guests alone gives everything. The game is **zero-sum**.

# %%
# NBVAL_CHECK_OUTPUT
beat = booking.with_objective("difference")
rows, _ = best_responses(beat)
print("P1's best reply to each rival price:",
      {beat.labels[1][j]: [beat.labels[0][i] for i in rows[j]] for j in range(6)})
print("pure equilibria:", [(beat.labels[0][i], beat.labels[1][j]) for i, j in pure_equilibria(beat)])
print("zero-sum:", bool(np.allclose(beat.payoffs[0] + beat.payoffs[1], 0)))

# %% [markdown]
# Now undercutting by one step is always the best reply, and the only equilibrium is
# (100, 100): the price war of the textbooks, driven down to the floor.

# %%
best_reply_curve(beat, title="One booking, goal: beat the rival: undercut by one step")

# %% [markdown]
# ## A booking week: three rooms fill up
#
# One booking hides the capacity. A week brings 10 guest cards (5 per player), about
# 31 room-nights, while three rooms hold at most 21 (printed below). A hotel that undercuts takes
# guests until it is full, and then the dearer hotel takes the rest at its own
# higher price. This is where the game becomes *Bertrand-Edgeworth*.
#
# The week has far too many outcomes to list (10 check-in dice and 10 cards), so
# `pricing_game` samples 60 seeded deals with **common random numbers**: deal $s$ is the
# same dice and cards for every pair of prices, so two cells differ only by the prices.
# Each cell carries its standard error. The seats play alike (same fixed policies,
# tied hotels both served), so `symmetric=True` plays each unordered pair of prices
# once and mirrors it. (A few seconds: the bar runs on stderr.)

# %%
# NBVAL_CHECK_OUTPUT
week = pricing_game("week", prices=tuple(range(2, 7)), samples=60, seed=2026, progress=True,
                    symmetric=True)
print("P1's mean booking income over the week, before wages (± standard error), goal: profit")
for label, row, err in zip(week.labels[0], week.payoffs[0], week.standard_errors[0], strict=True):
    print(f"{label:>4} " + "".join(f"{v:7.0f} ±{e:3.0f}" for v, e in zip(row, err, strict=True)))
rows, _ = best_responses(week)
print("best reply:", {week.labels[1][j]: week.labels[0][rows[j][0]] for j in range(5)})
print("pure equilibria:", [(week.labels[0][i], week.labels[1][j]) for i, j in pure_equilibria(week)])
gain, error = week.compare(0, (4, 2), (2, 2))
print(f"against 400: 600 earns {gain:.0f} ± {error:.0f} more than matching "
      f"({gain / error:.2f} standard errors)")
print(f"10 cards bring {10 * mean_nights:.1f} room-nights on average; 3 rooms hold {3 * 7}")

# %% [markdown]
# With profit as the goal, the matched high prices (500, 500) and (600, 600) are still
# equilibria: matching keeps paying. But a hotel no longer matches a low price: against
# 200 or 300 it does better to price at 600 and sell only the overflow. (Against 400
# the two replies are within a standard error of each other: 60 deals cannot tell them
# apart, and lesson 3 deals with sampling error.)
#
# ## Goal: beat the rival, over the week: a cycle

# %%
# NBVAL_CHECK_OUTPUT
beat_week = week.with_objective("difference")
rows, _ = best_responses(beat_week)
reply = {j: rows[j][0] for j in range(5)}
print("best reply:", {beat_week.labels[1][j]: beat_week.labels[0][reply[j]] for j in range(5)})
print("pure equilibria:", pure_equilibria(beat_week))
start, path = 4, []
while start not in path:
    path.append(start)
    start = reply[start]
print("follow the best replies from 600:", " -> ".join(beat_week.labels[0][k] for k in path),
      "->", beat_week.labels[0][start])
cycles = best_response_cycles(beat_week)
print(f"{len(cycles)} cycles of alternating best replies, of", [len(c) for c in cycles], "profiles")

# %% [markdown]
# Against 600 the best reply is 500: fill the rooms first. Against 500 it is 400,
# against 400 it is 300. But against 300, undercutting again would fill the rooms at a
# price too low to win by; better to jump to 600 and sell the overflow dear. Then the
# undercutting starts again: **the best responses cycle** (an Edgeworth cycle), and no
# pair of prices is an equilibrium.
#
# **Is the cycle sampling noise?** Each arrow of the cycle says "this reply is *best*".
# Beating matching, or any fixed price, does not show that: the reply that could
# overturn it is the **runner-up**, the second-best reply to the same rival price. So
# compare each best reply with its runner-up. Under common random numbers both are
# played on the same 60 deals, so the difference is taken deal by deal and its standard
# error is that of the 60 paired differences, $\mathrm{sd}(d_s)/\sqrt{60}$. That error
# counts the correlation between the two replies' results, which combining the two
# cells' errors as if they were independent, $\sqrt{se_1^2 + se_2^2}$, ignores; the
# correlation can go either way (printed below for the reply to 400).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.equilibria import reply_margins


def show_margins(margins, labels):
    for m in margins:
        print(f"against {labels[m.column]}: best {labels[m.best]}, runner-up "
              f"{labels[m.runner_up]}, gap {m.gap:6.0f} ± {m.error:4.0f} ({m.z:5.1f} standard errors)")


show_margins(reply_margins(beat_week), beat_week.labels[0])
margins = reply_margins(beat_week)
weak = [beat_week.labels[1][m.column] for m in margins if m.z < 2]
print("replies within 2 standard errors of their runner-up, 60 deals:", weak)
at_400 = margins[2]
per_deal = beat_week.draws[..., 0] - beat_week.draws[..., 1]
first, second = per_deal[:, at_400.best, 2], per_deal[:, at_400.runner_up, 2]
independent = np.hypot(*beat_week.standard_errors[0][[at_400.best, at_400.runner_up], 2])
print(f"against 400: correlation of the two replies over the deals "
      f"{np.corrcoef(first, second)[0, 1]:.2f}; paired error {at_400.error:.0f}, "
      f"as if independent {independent:.0f}")

# %% [markdown]
# Against 400 the best reply, 300, beats the runner-up, 600, by less than one standard
# error: with 60 deals we cannot tell which of the two is the best reply to 400, and so
# we cannot yet claim the cycle through 400. (The two replies do well on opposite deals,
# a negative correlation, so here the paired error is even larger than the independent
# guess.) (Against matching, 400, the reply 300 wins
# by many standard errors, which is why a test against matching looks convincing: it
# answers the wrong question.) The other links are 3 to 26 standard errors wide.
#
# The same game played over 4,000 deals (the first 60 are the deals above; computed
# once by `hoteledu.boutique.analysis.week_reference` and stored, since it takes a few
# minutes):

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.week_reference import LESSON_GRID, load_week_reference

reference = load_week_reference()
print(f"{reference.deals} deals, seed {reference.seed}:")
big = reference.reply_margins("difference", LESSON_GRID)
show_margins(big, beat_week.labels[0])
print("the best replies of 60 deals are the best replies of 4,000:",
      [m.best for m in big] == [reply[j] for j in range(5)])
print("every best reply beats its runner-up by more than 2 standard errors:",
      all(m.z > 2 for m in big))
profit_400 = reference.reply_margins("profit", LESSON_GRID)[2]
print(f"goal profit, against 400: best {beat_week.labels[0][profit_400.best]}, runner-up "
      f"{beat_week.labels[0][profit_400.runner_up]}, gap {profit_400.gap:.0f} ± {profit_400.error:.0f}")

# %% [markdown]
# With 4,000 deals every best reply beats its runner-up by several standard errors
# (printed above), and the best replies are those of the 60 deals: the cycle is real.
# (With profit as the goal, the reply to 400 that 60 deals left open is matching, 400,
# by about 3 standard errors: printed last.)
# The lesson from 60 deals is that a pattern can be right while the test that is meant
# to show it is the wrong one. A game without a pure equilibrium still has a mixed one:
# lesson 3 computes it.
#
# The arrows show the same thing on the whole grid: blue arrows move P1 along a column
# to its best reply, red arrows move P2 along a row. No cell is left without an arrow.

# %%
best_response_figure(beat_week, title="Booking week, goal: beat the rival")

# %% [markdown]
# ## Beside it: the textbook Bertrand game
#
# The textbook model: two firms, one market of $D$ units, the cheaper firm sells all,
# **at equal prices they split the market**, unlimited capacity, each unit costs $c$.
# On a grid of prices in steps of 1 a matched price $p$ pays $(p - c) D / 2$;
# undercutting pays $(p - 1 - c) D$, more as soon as $p > c + 2$. So the equilibria are
# the matched prices from $c$ to $c + 2$, next to cost: the famous Bertrand paradox.

# %%
# NBVAL_CHECK_OUTPUT
grid = tuple(range(1, 7))
for cost in (0, 1):
    textbook = bertrand_game(grid, cost=cost)
    print(f"cost {cost}: pure equilibria at prices",
          [(grid[i], grid[j]) for i, j in pure_equilibria(textbook)])

# %% [markdown]
# The board game differs in two ways, and the engine's payoffs show both:
#
# * **a tie does not split the guests, it copies them**: both tied hotels get the card
#   and are paid in full, so matching pays twice as well as in the textbook, and every
#   matched price is an equilibrium of one booking;
# * **capacity is three rooms**: over a week the undercutter fills up and the rival
#   sells the rest, the textbook's logic of "undercut to win everything" breaks, and
#   with the goal of beating the rival the best replies cycle.
#
# The textbook game is the idealisation with split ties and no capacity; its answer,
# prices at cost, holds in the board game only for a player who wants to beat the
# rival in a single booking.

# %% [markdown]
# ## Exercises
#
# 1. With a one-card deck holding only the tour group (card 28: three rooms for one
#    night, no breakfast), what does P1 earn in one booking at 400 when P2 asks 500?
#    And at 500 when P2 asks 500?
# 2. Suppose both tied hotels bid 100 instead of the blank card (`tie_bid=100`; both
#    pay it, the bids stay equal, both get the guests). With the standard deck, what
#    does P1 expect at (300, 300)? Does matching still beat undercutting to 200?
# 3. In the textbook Bertrand game with cost 2 on the grid 1..6, which matched prices
#    are equilibria?
# 4. In the week game with the goal of beating the rival, the best reply to 500 is
#    400 and its runner-up is matching (printed above). By how much (± the paired
#    standard error) does 400 beat undercutting by two steps, to 300, and how many
#    standard errors is that? Does this margin show that 400 is the best reply?
#
# <details><summary>Show the answer</summary>
#
# 1. At 400 against 500 P1 is cheaper and gets the three room-nights alone: 1200. At
#    (500, 500) both get them at 500: 1500. Matching earns 300 more.
# 2. $100\,(3 E[N] + 1.5) - 100 = 971.4$. Undercutting to 200 earns
#    $100\,(2 E[N] + 1.5) = 764.3$ with no bid: matching still wins, by 207.1, since a
#    bid of 100 costs less than the 307 a step of undercutting gives away.
# 3. 200, 300 and 400: from the cost up to cost + 2 (at 200 both earn nothing, and
#    undercutting to 100 would lose money).
# 4. By 1477 ± 36, 40.9 standard errors. It does not show that 400 is best: 300 is a
#    weak rival, and a margin over a weak reply says nothing about the strongest one.
#    The test is against the runner-up, matching 500, which 400 beats by only
#    952 ± 291 (3.3 standard errors).
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

tour = pricing_game("booking", prices=(4, 5), deck=[28])
bids = pricing_game("booking", prices=(2, 3), tie_bid=100)
cost2 = bertrand_game(grid, cost=2)
gain, error = beat_week.compare(0, (2, 3), (1, 3))  # 400 against 300, P2 at 500
verdict = check_answers("boutique/02_price_war", {
    "1 undercut": float(tour.payoffs[0][0, 1]),
    "1 match": float(tour.payoffs[0][1, 1]),
    "2 match": round(float(bids.payoffs[0][1, 1]), 1),
    "2 undercut": round(float(bids.payoffs[0][0, 1]), 1),
    "2 margin": round(float(bids.payoffs[0][1, 1] - bids.payoffs[0][0, 1]), 1),
    "3": [grid[i] for i, _ in pure_equilibria(cost2)],
    "4 gain": round(gain),
    "4 error": round(error),
    "4 standard errors": round(gain / error, 1),
})
