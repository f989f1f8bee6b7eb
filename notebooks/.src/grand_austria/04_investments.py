# %% [markdown]
# # Grand Austria Hotel 4: investments (guests, staff and the emperor)
#
# [Start here](../00_start_here.ipynb) · previous: [3. Drafting and passing](03_drafting_and_passing.ipynb) ·
# next: back to [Start here](../00_start_here.ipynb)
#
# **Level:** intermediate (first-year probability and statistics) · **Prerequisites:**
# lessons 2 and 3 (the dice on a space are binomial), expectation, a least-squares line,
# backward induction as in lesson 3 · **Time:** about 45 minutes
#
# Everything in *Grand Austria Hotel* is bought with something else: a guest with the
# dishes and drinks of their order, a staff card with krones (less one for each die on
# space 5), a step on the emperor track with a krone the die of action 4 could have
# brought instead. At the end krones score 1 VP each and a dish or drink left in the
# kitchen 1 VP, so every price can be written in victory points. This lesson treats the
# three as **investments**: what they cost, what they return and when.
#
# **Learning goals.** After this lesson you can
#
# * read the **implied price** of each dish and drink off the guest cards by least
#   squares, and say what $R^2$ tells about it;
# * compute a staff card's **expected cost** with the dice and its **net return by the
#   round it is hired**, and find the last round in which hiring still pays;
# * treat the emperor track as a **threshold game**: the space needed before each
#   scoring, the best plan of steps by backward induction, and why early steps pay twice;
# * attach a **standard error** to a least-squares price and say which conclusions it
#   supports;
# * run a **seeded tournament** of two bot strategies and state its result with a 95%
#   confidence interval that fits the number of games.

# %% [markdown]
# ## Guests as assets: the implied price of a dish and a drink
#
# Each of the 56 guest cards shows an order (strudel, cake, wine, coffee) and the VP
# the guest scores at check-in. If VP were a price list, a card's VP would be the sum of
# its order at those prices. The cards do not agree exactly (they also give rewards:
# krones, rooms, staff, steps), so we look for the prices that fit best: the
# **least-squares** solution of $\text{order} \cdot \text{price} \approx \text{VP}$,
# four unknowns from 56 equations (`numpy.linalg.lstsq`). A test checks the prices
# against the normal equations solved exactly in Fractions.
#
# 56 cards pin four prices down only so far. Each price gets the classical least-squares
# **standard error**, $\sqrt{s^2 (X^\top X)^{-1}}$ on the diagonal with
# $s^2 = \text{RSS} / (56 - 4)$, and a 95% interval from Student's t with 52 degrees of
# freedom. A **bootstrap** (fit again on 2,000 seeded resamples of the 56 cards) checks
# them without assuming that every card's misfit has the same spread.

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.grand_austria.analysis import bootstrap_prices, implied_item_prices

fit = implied_item_prices()
with_krones = implied_item_prices(count_krones=True)
krones_alone = implied_item_prices(krones_only=True)
resampled = np.percentile(bootstrap_prices(2_000, seed=1), [2.5, 97.5], axis=0)
print("guest cards (equations):", len(fit.numbers), "| unknowns:", len(fit.items),
      "| degrees of freedom:", fit.degrees_of_freedom)
print("implied VP of one item, standard error, 95% t interval, 95% bootstrap interval:")
for i, item in enumerate(fit.items):
    low, high = fit.interval(item)
    print(f"   {item:8} {fit.prices[i]:.2f}  SE {fit.standard_errors[i]:.2f}  [{low:.2f}, {high:.2f}]"
          f"  bootstrap [{resampled[0, i]:.2f}, {resampled[1, i]:.2f}]")
print(f"R² = {fit.r_squared:.2f}")
for item in ("cake", "coffee"):
    difference, low, high = fit.difference_interval(item, "strudel")
    print(f"{item} minus strudel: {difference:.2f} [{low:.2f}, {high:.2f}]")
print("counting reward krones as VP:",
      ", ".join(f"{item} {price:.2f}" for item, price in zip(with_krones.items, with_krones.prices)),
      f"(R² = {with_krones.r_squared:.2f})")
print("what the reward krones add to each price (the krones fitted alone):")
for item in fit.items:
    low, high = krones_alone.interval(item)
    print(f"   {item:8} {with_krones.price(item) - fit.price(item):+.2f} = {krones_alone.price(item):+.2f} [{low:+.2f}, {high:+.2f}]")
difference, low, high = krones_alone.difference_interval("cake", "strudel")
print(f"cake minus strudel in reward krones: {difference:.2f} [{low:.2f}, {high:.2f}]")

# %%
from hoteledu.grand_austria.cards import guest_cards
from hoteledu.grand_austria.figures.guests import guest_price_figure

cards = guest_cards()
guest_price_figure(fit, names={c.number: c.name for c in cards}, colours={c.number: c.colour for c in cards})

# %% [markdown]
# Each point is a guest: across, what its order is worth at the implied prices; up,
# what the guest actually pays in VP. The dashed line is where the two agree. Guests
# above the line pay more VP than their order is worth at these prices (their rewards are
# small); guests below pay less in VP but more in rewards.
#
# Cake and coffee are worth about 1.5 VP each as part of an order, strudel and wine
# only 0.55 and 0.81. But each price is uncertain by about a quarter of a VP (standard
# errors 0.25 to 0.31): strudel's 95% interval runs from 0.02 to 1.07 (the bootstrap
# gives 0.05 to 1.00). An item left in the kitchen scores 1 VP at the end, and 1 VP
# lies inside every item's interval, so the cards do **not** show that a strudel is
# worth more to you unused, nor that a cake is worth more served. What they do show is
# the ranking: cake and coffee are priced about 1 VP above strudel, and those
# differences' intervals stay above 0. $R^2 = 0.39$ says the order explains only about
# 40% of the spread of the guests' VP: the rest is the rewards.
#
# Which guests pay in rewards? Krones are the one reward with a price (1 VP at the end).
# Least squares is linear in what it fits, so counting reward krones as VP adds to each
# price exactly the "price" of the reward krones fitted alone. That raises cake's price
# by 0.95 (to 2.44) but strudel's by only 0.26 (to 0.81), and the difference, 0.69
# [0.19, 1.19], is clear of 0: in krones it is the guests who want **cake** that pay
# much of their price in rewards, not those who want strudel. (Rooms, staff and steps
# have no common unit, so this says nothing about them.) Counting reward krones raises
# $R^2$ to 0.50.

# %% [markdown]
# ## Staff cards: expected cost, and return by hiring round
#
# Action 5 hires a staff card from your hand; each die on space 5 lowers its cost by 1,
# never below 0. With $K_5$ dice there (and at least one, since the action needs a
# die), the krones paid are $\max(0, c - K_5)$. $K_5$ is Binomial$(n, 1/6)$ given
# $K_5 \ge 1$, so the expected cost is a short exact sum. The cell prints it for a
# card of cost 4 and 6, beside 20,000 seeded rolls (the mean with its 95% t interval).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import bracket, expected_route_cost, sample_hiring_costs, t_interval

for dice in (10, 12, 14):
    cells = []
    for cost in (4, 6):
        paid = t_interval(sample_hiring_costs(cost, dice, 20_000, seed=100 * dice + cost))
        cells.append(f"cost {cost}: exact {float(expected_route_cost(cost, dice)):.3f}, simulated {bracket(paid)}")
    print(f"{dice} dice | " + " | ".join(cells))

# %% [markdown]
# How fast does the simulation close in on the exact answer? The figure shows, after
# $n$ simulated hires, the **total variation distance** between the simulated
# frequencies of the krones paid and the exact distribution: half the sum of the gaps
# between the bars. It falls like $1/\sqrt{n}$ (the dashed guide): a hundred times as
# many rolls buy only ten times the precision. Keep this rate in mind for the
# tournament at the end.
#
# One sample wobbles around that rate (in the figure the distance after 20,000 hires is
# about a seventh of the distance after 200, not a tenth: one draw, not an estimate).
# Averaged over many seeded samples the rate holds: the mean distance times $\sqrt{n}$
# stays at about 0.77 (each with its 95% t interval over the 1,000 samples).

# %%
from hoteledu.grand_austria.analysis import route_cost_distribution
from hoteledu.grand_austria.figures.strength import convergence_figure

convergence_figure(
    route_cost_distribution(6, 12),
    sample_hiring_costs(6, 12, 20_000, seed=18),
    title="Krones paid for a cost-6 card, 12 dice: simulated against exact",
)

# %%
# NBVAL_CHECK_OUTPUT
exact = np.array([float(p) for p in route_cost_distribution(6, 12)])
one_sample = np.array(sample_hiring_costs(6, 12, 20_000, seed=18))
for n in (200, 20_000):
    distance = 0.5 * np.abs(np.bincount(one_sample[:n], minlength=exact.size) / n - exact).sum()
    print(f"the figure's sample after {n:6} hires: distance {distance:.4f}")
rng = np.random.default_rng(7)
for n in (200, 2_000, 20_000):
    frequencies = rng.multinomial(n, exact, size=1_000) / n
    scaled = t_interval(0.5 * np.abs(frequencies - exact).sum(axis=1) * np.sqrt(n))
    print(f"mean over 1,000 seeded samples of {n:6} hires: distance {scaled.estimate / np.sqrt(n):.4f}, "
          f"times √n {bracket(scaled, 2)}")

# %% [markdown]
# Four staff cards act **once per round**: each round, from the round they are hired
# to round 7, they hand over one item (Breakfast Server: a strudel; Waitress: a cake;
# Barkeeper: a wine; Sous-Chef: a coffee). Hired in round $r$, such a card is used
# $8 - r$ times (it can be used in the turn it is played). Its **net return** is
#
# $$\text{net}(r) = (8 - r) \times \text{value of one use} - E[\text{krones paid}].$$
#
# What is one use worth? At the end an item scores 1 VP; served to a guest it is worth
# its implied price. The table gives the net VP by hiring round both ways, with 12 dice
# (3 players).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import once_per_round_cards, staff_value_by_round

prices = dict(zip(fit.items, fit.prices))
values = {}
for card in once_per_round_cards():
    for label, item_values in (("1 VP an item", None), ("implied price", prices)):
        value = staff_value_by_round(card, dice=12, item_values=item_values)
        values[card, label] = value
        print(f"{value.name:16} cost {value.cost}, E[paid] {float(value.expected_cost):.2f}, a use {float(value.value_per_use):.2f}"
              f" ({label}): net " + " ".join(f"{float(v):5.2f}" for v in value.net)
              + f" | pays until round {value.break_even_round}")

# %%
from hoteledu.grand_austria.figures.staff import staff_value_figure

staff_value_figure([values[card, "implied price"] for card in once_per_round_cards()])

# %% [markdown]
# Each line falls by the value of one use per round of delay: the earlier a card is
# hired, the more often it pays. At 1 VP an item, the cheap cards (cost 4, expected
# 1.80 krones with 12 dice) still pay when hired in round 6, the dear ones (cost 6,
# expected 3.75) only up to round 4. At the implied prices the order changes: the
# Sous-Chef's coffee (1.57 VP a use) beats the Breakfast Server's strudel (0.55), and
# the Breakfast Server stops paying after round 4. Those prices carry the uncertainty
# above: that coffee beats strudel is supported (coffee minus strudel 1.02, interval 0.13
# to 1.91), the exact round less so. What is not counted: the die on
# space 5 could have done something else, and a krone spent now is not there for a
# guest or a room.

# %% [markdown]
# ## The emperor track as a threshold game
#
# At the end of rounds 3, 5 and 7 the emperor scores: each player scores the VP printed
# on their space (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9 for spaces 0 to 13, see the
# note on sources below), moves
# back 3, 5 or 7 spaces, and then gets the emperor tile's **bonus** on space 3 or more,
# its **penalty** on space 0, and nothing on spaces 1 and 2. So the payoff of a scoring
# jumps at two **thresholds**: moving back $b$, a player escapes the penalty from space
# $b + 1$ and earns the bonus from space $b + 3$.
#
# Steps come from action 4, whose strength is split between the emperor and the money
# track: a step costs the krone it could have been, 1 VP at the end. Take the tiles A1,
# B2 and C1 (one of each letter, as in a game): their bonus and penalty are 3, 5 and 8
# krones or VP (the cell reads them, and the track's VP, from the game data).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis import SCORINGS, best_emperor_plan, evaluate_plan, minimal_plan, scoring_payoff
from hoteledu.grand_austria.analysis.emperor import tile_values
from hoteledu.grand_austria.hotel import EMPEROR_TRACK_VP

bonus, penalty = (tuple(int(v) for v in values) for values in zip(*(tile_values(t) for t in ("A1", "B2", "C1"))))
print("track VP on spaces 0 to 13:", EMPEROR_TRACK_VP)
print("tiles A1, B2, C1: bonus", bonus, "penalty", penalty)
for scoring in SCORINGS:
    print(f"round {scoring.round}: back {scoring.step_back}, no penalty from space {scoring.avoid_penalty}, "
          f"bonus from space {scoring.bonus_space}")
plans = {
    "never climb": evaluate_plan((0, 0, 0), bonus, penalty),
    "just escape each penalty": evaluate_plan(minimal_plan("nothing"), bonus, penalty),
    "just reach each bonus": evaluate_plan(minimal_plan("bonus"), bonus, penalty),
    "best": best_emperor_plan(bonus, penalty),
}
for name, plan in plans.items():
    print(f"{name:25} spaces {plan.targets}, steps {plan.steps}: track {plan.track_vp} VP, "
          f"tiles {sum(plan.tile_vp)}, cost {plan.cost}, net {plan.net} VP")
best, reach, never = plans["best"], plans["just reach each bonus"], plans["never climb"]
print(f"best against just reach each bonus: {sum(best.steps)} against {sum(reach.steps)} steps, "
      f"track VP {int(best.track_vp - reach.track_vp):+}")

# %% [markdown]
# **Which numbers are printed on the track?** The sources disagree. The rulebook text
# says only that each space has a VP value. The engine (`EMPEROR_TRACK_VP`) follows the
# reviewed web version of the 2022 retail rules (source [JS] in the project's
# `game_facts.md`, whose review checked the 14 values); another transcription ([PY],
# `EMPEROR_TRACK_VP_ALTERNATIVE`) prints 6 on space 8 and 7 on space 10. Neither was
# checked against a photograph of the board. The cell below solves the plans again with
# the other reading (`track="alternative"`): the plans stay the same and only the nets of
# plans that stop on 8 or 10 move, by 1 or 2 VP.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.hotel import EMPEROR_TRACK_VP_ALTERNATIVE

print("the other reading of the track:", EMPEROR_TRACK_VP_ALTERNATIVE)
for name, plan in plans.items():
    other = (best_emperor_plan(bonus, penalty, track="alternative") if name == "best"
             else evaluate_plan(plan.targets, bonus, penalty, track="alternative"))
    print(f"{name:25} spaces {other.targets}: net {other.net} VP with the other reading, {plan.net} with the engine's")

# %%
from hoteledu.grand_austria.figures.emperor import emperor_threshold_figure

payoffs = [[scoring_payoff(space, k, bonus[k], penalty[k]) for space in range(14)] for k in range(3)]
emperor_threshold_figure(payoffs, SCORINGS, {"just reach each bonus": plans["just reach each bonus"],
                                              "best": plans["best"]})

# %% [markdown]
# Each step function jumps twice: once where the penalty stops (one step is worth the
# whole penalty there) and once where the bonus starts. Between the jumps a step buys at
# most 1 VP of track, which just pays for itself. So the thresholds decide: with these
# tiles, reaching each bonus (13 VP net) beats both never climbing ($-16$) and
# stopping just above the penalty ($-4$).
#
# Now the carry-over. After a scoring the disk moves back, **but not to 0**: the steps
# above the move back are still there for the next scoring. The best plan, found by
# backward induction over the 14 spaces as the stopping rule of lesson 3 was,
#
# $$V_k(s) = \max_{t \ge s}\Big[\text{payoff}_k(t) + V_{k+1}\big(\max(0, t - b_k)\big) - (t - s)\Big],
# \qquad V_3 = 0,$$
#
# climbs to 13 before round 3. It buys the same 18 steps as "just reach each bonus",
# but earlier: a step bought before round 3 scores at round 3 and is still there at
# rounds 5 and 7, so it scores three times. That is 9 more VP of track for the same
# cost. A test checks the plan against all $14^3$ plans and against the engine's
# own emperor scoring.
#
# Climbing 13 steps in three rounds is a lot of dice. With at most 6 steps before each
# scoring (about what two or three takes of action 4 give: space 4 holds on average 2.0
# to 2.5 dice when it holds any, with 10 to 14 dice), the best plan is different:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.analysis.board import space_count_distribution

for dice in (10, 12, 14):
    on_space = space_count_distribution(dice)
    print(f"{dice} dice: mean dice on space 4 when it holds any {float(sum(k * q for k, q in enumerate(on_space)) / (1 - on_space[0])):.2f}")
for limit in (4, 5, 6):
    plan = best_emperor_plan(bonus, penalty, max_steps=limit)
    print(f"at most {limit} steps before each scoring: spaces {plan.targets}, zones {plan.zones}, net {plan.net} VP")

# %% [markdown]
# With 4 or 5 steps a bonus is out of reach at the first scoring, and the best plan
# takes a penalty somewhere; with 6, it reaches every bonus and gains 14 VP. The
# threshold nature shows: one step more per period (5 to 6) is worth
# 14 - (-7) = 21 VP.

# %% [markdown]
# ## A tournament of strategies
#
# Does the emperor track matter in whole games, with all the other choices? Let two
# bots play each other: the heuristic bot of `hoteledu.grand_austria.bots` (it wants
# space 3 + 3, 3 + 5, 3 + 7 before the scorings, the bonus thresholds above) and
# `EmperorShyAgent`, the same bot with one rule changed: an emperor step is worth only
# half a krone to it, so it puts action 4 into money. 20 seeded two-player games, seats
# alternating (`hoteledu.core.tournament`); the progress bar shows the games. 20 games
# keep the lesson quick; 200 games with the same seed (the first 20 are these) were
# played once and stored, and are read below.

# %%
from hoteledu.core.tournament import tournament
from hoteledu.grand_austria.bots import HeuristicAgent
from hoteledu.grand_austria.strategies import EmperorShyAgent

result = tournament("grand_austria", [HeuristicAgent(), EmperorShyAgent()], games=20, seed=4, progress=True)

# %%
# NBVAL_CHECK_OUTPUT
from pathlib import Path

from hoteledu.core.tournament import TournamentResult, wilson_interval

stored = TournamentResult.from_json(Path("data/emperor_tournament_200.json").read_text(encoding="utf-8"))
assert stored.returns[:20] == result.returns  # the same seed: its first 20 games are these
for games, played in ((20, result), (200, stored)):
    wins = wilson_interval(played.wins()[0], games)
    difference = t_interval([r[0] - r[1] for r in played.returns])
    print(f"{games:3} games: heuristic wins {played.wins()[0]:.0f}, win rate {bracket(wins)} (Wilson); "
          f"heuristic minus emperor-shy per game {bracket(difference, 1)} VP (95% t)")
difference = t_interval([r[0] - r[1] for r in result.returns])
print(f"gap between the plans 'just reach each bonus' and 'never climb': {reach.net - never.net} VP")

# %%
from hoteledu.grand_austria.figures.emperor import tournament_figure

tournament_figure(result, title="Heuristic against emperor-shy, 20 seeded games, 95% intervals")

# %% [markdown]
# The heuristic wins 19 of the 20 games: a win rate of 0.95, with a 95% Wilson interval
# of 0.764 to 0.991, above 0.5. The mean scores say how much: the heuristic scores
# 24.9 VP more per game, with a 95% t interval of 14.8 to 35.1 VP (the interval of the
# per-game difference: both bots play the same deals, so the luck of the deal cancels;
# with 20 games, t with 19 degrees of freedom, not the normal 1.96).
#
# The 200 stored games show what 20 could not: the heuristic wins 161 of them, 0.805
# [0.745, 0.854], so the 0.95 of the first 20 was a lucky start (the 20-game interval
# did contain 0.805), and it scores 23.5 VP more a game, [19.8, 27.3]. The one rule about
# the emperor is worth about 20 to 27 VP a game to this bot, the order of the 29 VP gap
# between the plans above that never climb ($-16$) and that reach each bonus ($+13$)
# (29 is a little above that interval: the plans leave out all the rest of the game).
#
# Read the intervals with care. They say how well the games pin down *these two bots*'
# averages on this machine's seeded deals, not how good a strategy is against other
# players. And the half-width falls like $1/\sqrt{n}$, as the convergence figure
# showed: to halve it, play about four times as many games.

# %% [markdown]
# ## Exercises
#
# 1. Value the Breakfast Server (card 1, one strudel a round) at the implied price of
#    strudel. What is one use worth, and what is its net return when hired in round 2
#    with 14 dice (4 players)? In which round does it stop paying?
# 2. With 14 dice, what are the expected krones paid for a cost-5 card on space 5, and
#    with the cheaper of space 5 and space 6 (1 krone extra for the imitation)? How much
#    does the choice of space 6 save, compared on the same boards?
# 3. Emperor tiles C1 at all three scorings (bonus and penalty 8 VP). Before round 3
#    you can climb at most 4 steps, before rounds 5 and 7 at most 6 each
#    (`max_steps=(4, 6, 6)`). What is the best plan from space 0 (spaces before each
#    scoring, net VP)? And if a yellow room put you on space 1 at the start? What is
#    that 1 free step worth?
# 4. The 20-game tournament's 95% interval for the per-game difference is about 20 VP
#    wide. About how many games would make it half as wide? Why? What did 200 games give?
#
# <details><summary>Show the answer</summary>
#
# 1. One use is worth 0.55 VP (the strudel's implied price, 0.546). With 14 dice the
#    card (cost 4) costs 1.57 krones on average, so hired in round 2 it returns
#    $6 \times 0.546 - 1.570 = 1.71$ VP. It pays when hired in rounds 1 to 5 (net
#    0.07 in round 5) and not after: `staff_value_by_round(1, 14, item_values=prices)`.
#    That is at the point estimate. Across strudel's 95% interval, 0.02 to 1.07 VP, the
#    last paying round runs from none at all (at 0.02 every round loses about 1.5 VP) to
#    round 6 (at 1.07): the guest cards cannot settle it.
# 2. 2.496 krones on space 5 (over the boards with a die there), 2.267 with the cheaper
#    of 5 and 6 (`expected_route_cost(5, 14, "best")`, over the boards with a die on either).
#    Their difference, 0.229, compares different boards: the second average includes the
#    boards with no die on space 5, where only space 6 can hire at all. On the same boards
#    (a die on space 5) the cheaper route costs 2.197, and space 6 saves 0.299 krones on
#    average (`route_saving(5, 14)`).
# 3. From space 0: spaces 4, 7, 8, escaping every penalty but never reaching a bonus
#    (the first bonus needs 6 steps); track 3 + 5 + 5 = 13 VP for 16 krones of steps:
#    net $-3$ VP. From space 1: spaces 5, 8, 8, net 7 VP: the first scoring still misses
#    the bonus (it needs space 6), but the step carried over lets the second scoring
#    reach its bonus. The 1 free step is worth 10 VP: a step decides a threshold.
# 4. About 80 games. The half-width is $t_{n-1}\,s/\sqrt{n}$: halving it needs $n$
#    four times as large, $4 \times 20 = 80$ (73 would do if $s$ stayed the same, as
#    $t_{n-1}$ falls from 2.093 to 1.993). The 200 stored games gave an interval 7.5 VP
#    wide: $\sqrt{10}$ times narrower than 20 games' would be with the same $s$, but
#    their $s$ came out larger (27.1 VP against 21.8).
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from statistics import stdev

from hoteledu.grand_austria.analysis import route_saving
from hoteledu.grand_austria.analysis.intervals import t_quantile
from hoteledu.lessons import check_answers

stored_gaps = [r[0] - r[1] for r in stored.returns]
stored_difference = t_interval(stored_gaps)
server = staff_value_by_round(1, dice=14, item_values=prices)
c1 = best_emperor_plan(8, 8, max_steps=(4, 6, 6))
c1_from_1 = best_emperor_plan(8, 8, max_steps=(4, 6, 6), start=1)
verdict = check_answers("grand_austria/04_investments", {
    "1 a use": round(float(server.value_per_use), 3),
    "1 expected cost": round(float(server.expected_cost), 3),
    "1 net in round 2": round(float(server.net[1]), 2),
    "1 last round": server.break_even_round,
    "1 net in round 5": round(float(server.net[4]), 2),
    "1 across the interval": tuple(
        staff_value_by_round(1, dice=14, item_values={"strudel": end}).break_even_round
        for end in fit.interval("strudel")
    ),
    "2 space 5": round(float(expected_route_cost(5, 14)), 3),
    "2 cheaper": round(float(expected_route_cost(5, 14, "best")), 3),
    "2 different boards": round(float(expected_route_cost(5, 14) - expected_route_cost(5, 14, "best")), 3),
    "2 same boards": round(float(expected_route_cost(5, 14) - route_saving(5, 14)), 3),
    "2 saving": round(float(route_saving(5, 14)), 3),
    "3 plan from 0": c1.targets,
    "3 zones from 0": c1.zones,
    "3 track, cost, net": (c1.track_vp, c1.cost, c1.net),
    "3 plan from 1": (c1_from_1.targets, c1_from_1.zones),
    "3 net from 1": c1_from_1.net,
    "3 worth": c1_from_1.net - c1.net,
    "4 width": round(difference.high - difference.low),
    "4 games": result.num_games * 4,
    "4 same s": min(n for n in range(21, 200) if t_quantile(n - 1) / n**0.5 <= t_quantile(19) / 20**0.5 / 2),
    "4 quantiles": (round(t_quantile(19), 3), round(t_quantile(72), 3)),
    "4 stored width": round(stored_difference.high - stored_difference.low, 1),
    "4 s": (round(stdev(stored_gaps), 1), round(stdev(stored_gaps[:20]), 1)),
})
