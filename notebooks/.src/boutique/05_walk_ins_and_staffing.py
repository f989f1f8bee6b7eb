# %% [markdown]
# # Boutique Hotel Manager 5: walk-ins and staffing
#
# [Start here](../00_start_here.ipynb) · previous: [4. The marketing bid](04_marketing_bid.ipynb) ·
# next: [6. Learning to price](06_learning_to_price.ipynb)
#
# **Level:** intermediate (probability with a little microeconomics) · **Prerequisites:**
# expectation, distribution functions and quantiles, standard errors of a sample mean;
# the walk-in and rating rules are explained below · **Time:** about 40 minutes
#
# After the booking phase every hotel hires staff for the whole week, and then, for seven
# days, walk-in guests arrive. The white die gives their **budget per night** (1..6, so
# 100..600), a card from the deck gives the stay, and the guests go to the **first hotel
# in the ranking** whose every night fits the budget ("Gäste gehen zum ersten Hotel
# (basierend auf der Rangfolge), das ihrem Budget entspricht"). The ranking is by money,
# **lowest first**, fixed for the week. With the default option
# `walkin_budget="with_breakfast"` a night costs the day rate plus the breakfast die
# where the card wants breakfast; with `"room_only"` the budget is compared with the day
# rate alone (the guests still pay for breakfast).
#
# The staff had to be hired before any of this was known, from the money the hotel holds
# (300 an employee). Short staff costs stars: under the default reading one star per
# employee missing below the week's need of a category (its largest daily need); a week
# without any shortfall **adds a star** (up to 5); and at 0 stars a hotel is **out of the
# game**.
#
# **Learning goals.** After this lesson you can
#
# * compute, exactly, the chance that a random budget covers a posted price: a **demand
#   curve**, and the **revenue curve** with its best price;
# * explain the **value of ranking first**: the second hotel faces only the **residual
#   demand** and must undercut, and find its best response;
# * treat staffing as a **newsvendor** problem: take the distribution of the week's need
#   from the engine, price a shortfall, and find the best level as a **quantile** (the
#   critical ratio);
# * say what the newsvendor leaves out (the star for a week without shortfall, the
#   knock-out at 0 stars, the money a hotel holds) and make the decision the rules allow,
#   comparing hires on the same sampled weeks;
# * say what the answer depends on: the value of a star and the shortfall reading.

# %% [markdown]
# ## The demand curve of a posted price
#
# A card $c$ checking in on day $d$ needs a budget face of at least
# $n_c = \max_{\text{nights}} (\text{day rate} + \text{breakfast if wanted})$. The face
# $B$ is uniform on 1..6, so the card fits with probability $(7 - n_c)^+/6$, and over the
# deck (each card equally likely at the start of the phase)
#
# $$P(\text{fit}) = \sum_c P(c) \, \frac{(7 - n_c)^+}{6}.$$
#
# Half of the 28 cards want breakfast. At a flat 300 with breakfast 100 they need a 4 and
# the others a 3: $\frac12 \cdot \frac36 + \frac12 \cdot \frac46 = \frac7{12}$. The whole
# curve, with the expected revenue per walk-in (the stay's total where it fits) and that
# revenue per room-night asked for (a walk-in card asks for 3.07 room-nights on average):

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.boutique.analysis.walkins import demand_curve, mean_room_nights
from hoteledu.boutique.cards import standard_deck

cards = standard_deck().cards
print(f"cards wanting breakfast: {sum(c.breakfast for c in cards)} of {len(cards)}")
print(f"room-nights per walk-in card: {float(mean_room_nights()):.2f}")
for option in ("with_breakfast", "room_only"):
    curve = demand_curve(breakfast=1, walkin_budget=option)
    print(f"walkin_budget={option!r}, breakfast 100; best flat rate {100 * curve.best_face}")
    print("  rate  P(fit)  revenue/walk-in  per room-night")
    for f, d, r, n in zip(curve.faces, curve.demand, curve.revenue, curve.revenue_per_room_night):
        print(f"  {100 * f:>4}  {str(d):>6}  {float(r):>15.1f}  {float(n):>14.1f}")

# %% [markdown]
# Demand falls by one sixth per 100 under both options; counting breakfast in the budget
# lowers it by 1/12 everywhere (the half of the cards that want breakfast need one face
# more). Revenue rises while the higher price outweighs the lost guests and then
# falls: the best flat rate is **300** under both options, earning 614 per walk-in with
# the breakfast counted in the budget, 714 without. A monopolist facing a uniform budget
# on 1..6 would post the middle of the range: the discrete version of "price where
# marginal revenue is zero".
#
# **The engine agrees.** The engine's own test `fits_budget`, asked for every die face and
# every card, gives the same fractions; and playing Monday's walk-in 3,000 times through
# the engine (seeded) gives frequencies whose 95% intervals contain the exact values:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.walkins import (
    engine_fit_probability,
    expected_revenue,
    fit_probability,
    flat,
    play_walkins,
    residual_outcomes,
    walkin_position,
)

prices = (flat(4), flat(2))  # P1 (ranked first) at 400, P2 (second) at 200
position = walkin_position(prices)
print("engine fits_budget:", engine_fit_probability(position, 0), "· formula:", fit_probability(prices[0]))
played = play_walkins(position, rounds=3000, seed=2026)
p1 = fit_probability(prices[0])
p2, revenue2 = residual_outcomes(prices[0], prices[1])
for who, exact in (("P1 (first)", p1), ("P2 (second)", p2), ("lost", 1 - p1 - p2)):
    share, se = played.share({"P1 (first)": 0, "P2 (second)": 1, "lost": -1}[who])
    print(f"{who:>11}: exact {float(exact):.3f}, played {share:.3f} ± {1.96 * se:.3f} (95%)")
mean, se = played.revenue(0)
print(f"P1's money per walk-in: exact {float(expected_revenue(prices[0])):.1f}, "
      f"played {mean:.1f} ± {1.96 * se:.1f} (95%)")

# %% [markdown]
# ## The value of ranking first
#
# The second hotel only sees the guests the first one turns away: those whose budget is
# below the first's price. Its **residual demand** at price $p_2$ is
# $P(n_c(p_2) \le B < n_c(p_1))$, zero unless it is cheaper. The figure shows the first
# hotel's demand and revenue and the second's when the first posts 400.

# %%
from hoteledu.boutique.analysis.walkins import residual_demand
from hoteledu.boutique.figures.walkins import demand_revenue_figure

demand_revenue_figure(demand_curve(), residual_demand(4))

# %% [markdown]
# For each price of the first hotel: what it earns per walk-in, the second's best
# response and what that earns.

# %%
# NBVAL_CHECK_OUTPUT
print(" first  first earns  second's best reply  second earns")
for face in range(1, 7):
    r = residual_demand(face)
    print(f"  {100 * face:>4}  {float(r.first_revenue):>11.1f}  {100 * r.best_response:>19}"
          f"  {float(r.revenue[r.best_response - 1]):>12.1f}")
at_300 = residual_demand(3)
print(f"first at 300: ranking first is worth "
      f"{float(at_300.first_revenue - at_300.revenue[at_300.best_response - 1]):.1f} per walk-in")

# %% [markdown]
# Against a first hotel at its best rate, 300, the second does best at 100 and earns 152
# per walk-in against the first's 614: ranking first is worth about 460 per walk-in here,
# over seven days (or fourteen with four players). The ranking is by money, **lowest
# first**: the game hands the walk-ins to the hotel that is behind, a catch-up rule, and
# a rich hotel must undercut the poor one to get any.
#
# (All of this assumes both hotels have a free room for the stay. A full hotel passes the
# guests on, whatever its price; the simulation below plays that too.)
#
# ## Staffing before the walk-ins: a newsvendor
#
# Each employee costs 300 for the week. The rating compares each category's **week's
# need** $N$ (its largest daily need: rooms occupied, check-ins, breakfasts) with the staff
# $s$: under the default reading (`shortfall="per_staff"`) one star per missing employee,
# $(N - s)^+$ stars. If a star is worth $w$ in money, a level $s$ costs
#
# $$C(s) = 300\, s + w\, E[(N - s)^+].$$
#
# One more employee costs 300 and saves a star exactly when $N > s$: it pays while
# $w\,P(N > s) > 300$. So the best level is the smallest $s$ with
#
# $$P(N \le s) \ \ge\ \frac{w - 300}{w},$$
#
# a **quantile** of the need distribution at the **critical ratio** of the newsvendor
# (underage cost $w - 300$, overage cost $300$).
#
# **The need distribution from the engine.** Take a real position at the hiring: premium
# (P1) and peak-load (P2) have played the booking phase of a seeded game (seed 4). P1 holds
# 5,100, has 3 stars and the bookings printed below; it can pay for at most 17
# employees. Its week's need is the booked need plus whatever walk-ins it takes. The
# walk-in ranking is by money after hiring, lowest first: P1 is second while it hires
# fewer than 12 (it stays richer than P2), first from 12 on. The engine plays the walk-in
# week 600 times (seeded; prices kept; P2 hires by the bots' plan, P1 fewer than 12) and
# records P1's need:

# %%
# NBVAL_CHECK_OUTPUT
import math

from hoteledu.boutique.analysis.staffing import (
    CATEGORIES,
    break_even_star_values,
    daily_law,
    hiring_position,
    need_samples,
    newsvendor_level,
    staffing_costs,
    week_need,
)

hiring = hiring_position(("premium", "peakload"), seed=4)
print(f"P1 holds {hiring.money[0]}, {hiring.stars[0]} stars, day rates "
      f"{[100 * f for f in hiring.prices[0]]}; booked need {week_need(hiring, 0)}; "
      f"affordable staff {hiring.money[0] // 300}")
sample = need_samples(hiring, player=0, samples=600, seed=2026)
for c, name in enumerate(CATEGORIES):
    law = sample.distribution(c)
    mean, se = sample.mean(c)
    print(f"{name:>12}: P(N = n) {dict((n, round(p, 3)) for n, p in law.items())}, "
          f"mean {mean:.2f} ± {se:.2f}")
draws = 7 * hiring.walkins_per_day
paths = math.prod(6 * (28 - k) for k in range(draws))
print(f"chance paths of the walk-in week ({draws} walk-ins): {paths:.1e}")

# %% [markdown]
# These are seeded estimates from 600 weeks: each probability has a standard error of at
# most $\sqrt{0.25/600} \approx 0.02$, and the means carry theirs (printed). The week has $6^7 \cdot 28 \cdot 27 \cdots 22 \approx 1.7
# \times 10^{15}$ chance paths (a die and a card a day, the deck one card shorter each
# day; printed above), too many to enumerate. The tests check the sampler against an exact enumeration of
# the last walk-in day, where the tree is small.
#
# **The newsvendor's answer.** Take a star to be worth $w = 500$ (an assumption: the
# start money; see below). Then the critical ratio is $200/500 = 0.4$:

# %%
# NBVAL_CHECK_OUTPUT
star_value = 500
ratio = staffing_costs(sample.distribution(0), star_value).critical_ratio
print(f"critical ratio: {ratio} = {float(ratio)}")
for c, name in enumerate(CATEGORIES):
    law = sample.distribution(c)
    costs = staffing_costs(law, star_value)
    print(f"{name:>12}: expected cost by level {[round(float(t)) for t in costs.total]}; "
          f"best {costs.best}, quantile rule {newsvendor_level(law, star_value)}")
    even = break_even_star_values(law)
    print(f"{'':>12}  the (s+1)-th employee pays if a star is worth more than "
          f"{[None if v is None else round(float(v)) for v in even[:4]]}")

# %%
from hoteledu.boutique.figures.staffing import newsvendor_figure

newsvendor_figure(staffing_costs(sample.distribution(2), star_value), "kitchen")

# %% [markdown]
# The cheapest level of each category is its quantile: 2 housekeepers, 2 at check-in and
# 1 in the kitchen, (2, 2, 1), which is also the bots' plan (the booked need). The
# break-even values say how the answer moves with the value of a star: a third
# housekeeper pays if a star is worth more than about 620, a second cook above about
# 1,300.
#
# **What is a star worth?** The rules give no price. A star wins ties on price (the
# better-rated hotel takes the guests without a marketing bid), breaks a tie in money at
# the end, and **at 0 stars a hotel is out**. $w = 500$ is a round figure for a middle
# star, and the break-even table is the honest answer for any other figure.
#
# ## The decision the rules allow
#
# The newsvendor prices each category alone, and that leaves out three rules:
#
# * **a week without any shortfall adds a star**: one missing cook loses that star in
#   every category at once, so the categories are coupled, and a shortfall costs one
#   star more than the newsvendor counts;
# * **at 0 stars the hotel is out**: from 3 stars, three missing employees in one week
#   end the game. The last star is worth the whole game, not $w$;
# * **the money held**: P1 can pay for 17 employees here; a hotel holding 500 could hire
#   one, whatever a formula recommends.
#
# So take the whole hire $(h, c, k)$ at once, every one P1 can afford, and rate each on the
# **same** 600 sampled weeks, exactly as the engine's rating does: $+1$ star if no
# category is short, else one star per missing employee, within 0..5 stars. The cost of
# a hire is its wages, minus $w$ times the expected change of the rating, plus the value
# of the game times the chance of being knocked out. We price being out at the money P1
# holds, 5,100 (out, its score is -1: it loses what it has built).
#
# The walk-ins do not care who is staffed, so one sample serves every hire with the same
# ranking; `staffing_decision` samples once per ranking (here: P1 second below 12 staff,
# first from 12).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.staffing import staffing_decision

decision = staffing_decision(hiring, player=0, star_value=star_value,
                             out_value=hiring.money[0], samples=600, seed=2026)
newsvendor = tuple(staffing_costs(sample.distribution(c), star_value).best for c in range(3))
print(f"{len(decision.options)} affordable hires; the cheapest, and the newsvendor's:")
print("  hire        wages  P(+1 star)  P(out)  expected star change  expected cost")
for option in list(decision.options[:4]) + [decision.option(newsvendor)]:
    print(f"  {str(option.staff):<10} {option.wages:>6}  {option.no_shortfall:>10.3f}  "
          f"{option.knocked_out:>6.3f}  {option.star_change:>20.3f}  {option.cost:>13.0f}")
for other in ((3, 2, 1), newsvendor):
    gap, error = decision.compare(other, decision.best.staff)
    print(f"{other} costs {gap:.0f} ± {error:.0f} more than {decision.best.staff} "
          f"(same 600 weeks, paired)")
nothing = decision.option((0, 0, 0))
print(f"hire nothing: knocked out with probability {nothing.knocked_out:.0f}; counting the "
      f"three stars alone at {star_value} it would cost {-star_value * nothing.star_change:.0f}")

# %% [markdown]
# The decision the rules allow is **(3, 2, 2)**: 2,100 of wages, which P1 can pay, no
# knock-out in any of the 600 weeks, and a star gained in 86% of them. The newsvendor's
# (2, 2, 1) saves 600 of wages but is knocked out in about 7% of the weeks, and costs
# several standard errors more (printed above). (3, 2, 1), one cook fewer, is within about
# 1.4 standard errors of (3, 2, 2) in expected cost, so 600 weeks do not separate the two
# on cost; what separates them is the risk, a knock-out in about 3% of the weeks. And
# "hire nothing" shows why the knock-out must be priced: counting stars alone, at 500
# each, losing all three (1,500) would look cheaper than any staff.
#
# **The shortfall reading matters.** With one star per *category* short
# (`"per_category"`) a shortfall of three employees costs one star, not three; with one
# star per *day* short (`"per_day"`) a need that peaks on several days costs more. The
# newsvendor's answer under each (per category, at $w = 500$):

# %%
# NBVAL_CHECK_OUTPUT
for rule in ("per_staff", "per_category", "per_day"):
    best = [
        staffing_costs(sample.distribution(c), star_value, rule, daily_law(sample, c)).best
        for c in range(3)
    ]
    print(f"{rule:>12}: best staff (housekeeping, check-in, kitchen) = {tuple(best)}")

# %% [markdown]
# Under `"per_category"` a star of 500 costs less than two more employees at 300 each:
# the cost is not convex and the quantile rule does not apply; the cheapest level is
# found by comparing the costs.
#
# ## Exercises
#
# 1. A flat 400 with the breakfast die at 200: what is the chance a walk-in takes the
#    room under each option (`"with_breakfast"`, `"room_only"`), and the expected revenue
#    per walk-in (to 0.1)?
# 2. It is Thursday. The first-ranked hotel charges 300 Monday to Thursday and 500 Friday
#    to Sunday; the second a flat 200 (breakfast 100 both). What is the chance that the
#    second gets Thursday's walk-in, and what does it earn per walk-in (to 0.1)? Why is it
#    more than on Monday?
# 3. Using the sample above: if a star were worth 1,000, how many cooks (kitchen) should
#    the hotel hire? What is the critical ratio?
# 4. A classmate says: "always hire the expected need, rounded up". For housekeeping in
#    the sample above, with a star worth only $w = 350$, what does that rule hire, and
#    what does the newsvendor hire? And for the kitchen?
#
# <details><summary>Show the answer</summary>
#
# 1. With breakfast in the budget the breakfast cards need a 6, the others a 4:
#    $\frac12 \cdot \frac16 + \frac12 \cdot \frac36 = \frac13$, revenue 464.3. Room only:
#    every card needs a 4, $P = 1/2$, revenue 764.3 (the breakfast cards still pay 200 a
#    night for breakfast).
# 2. 17/42 (about 0.405), earning 340.5 per walk-in. A stay from Thursday runs into the
#    weekend, where the first hotel charges 500: its dearest night decides, so more
#    guests are turned away to the second (from Monday only a 5-night stay reaches
#    Friday).
# 3. Critical ratio $(1000 - 300)/1000 = 0.7$; the kitchen need is at most 1 with
#    probability about 0.77 (at least 0.7) and never 0: hire 1. (The newsvendor alone;
#    with the star for a week without shortfall and the knock-out, the decision above
#    hires 2 cooks even at $w = 500$.)
# 4. The mean need is about 2.48, rounded up 3. The critical ratio is $50/350 \approx
#    0.143$ and $P(N \le 2) \approx 0.52$ already exceeds it: the newsvendor hires 2.
#    Kitchen: mean 1.29, so 2 by the rule of thumb; $P(N = 0) = 0$ but
#    $P(N \le 1) \approx 0.77 \ge 0.143$, so the newsvendor hires 1. A cheap star means
#    understaffing on purpose, as long as the knock-out is left out of the count.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
import math

from hoteledu.lessons import check_answers

kitchen = sample.distribution(2)
housekeeping = sample.distribution(0)
at_most = lambda law, s: sum(p for n, p in law.items() if n <= s)  # noqa: E731
weekend = (3, 3, 3, 3, 5, 5, 5)
thursday = residual_outcomes(weekend, flat(2), (1, 1), 3)
verdict = check_answers("boutique/05_walk_ins_and_staffing", {
    "1 fit with breakfast": fit_probability(flat(4), 2),
    "1 revenue with breakfast": round(float(expected_revenue(flat(4), 2)), 1),
    "1 fit room only": fit_probability(flat(4), 2, 0, "room_only"),
    "1 revenue room only": round(float(expected_revenue(flat(4), 2, 0, "room_only")), 1),
    "2 chance": thursday[0],
    "2 about": float(thursday[0]),
    "2 revenue": round(float(thursday[1]), 1),
    "2 more than Monday": thursday[0] > residual_outcomes(weekend, flat(2))[0],
    "3 ratio": staffing_costs(kitchen, 1000).critical_ratio,
    "3 cooks": newsvendor_level(kitchen, 1000),
    "3 at most 1": round(at_most(kitchen, 1), 2),
    "3 never 0": at_most(kitchen, 0),
    "4 mean": round(sample.mean(0)[0], 2),
    "4 rule of thumb": math.ceil(sample.mean(0)[0]),
    "4 ratio": float(staffing_costs(housekeeping, 350).critical_ratio),
    "4 at most 2": round(at_most(housekeeping, 2), 2),
    "4 newsvendor": newsvendor_level(housekeeping, 350),
    "4 kitchen": (round(sample.mean(2)[0], 2), math.ceil(sample.mean(2)[0]),
                  round(kitchen.get(0, 0), 2), newsvendor_level(kitchen, 350)),
})
