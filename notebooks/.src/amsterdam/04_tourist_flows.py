# %% [markdown]
# # Hotel Amsterdam 4: tourist flows and load balancing
#
# [Start here](../00_start_here.ipynb) · previous: [3b. How fast the boat forgets its start](03b_boat_convergence.ipynb) ·
# next: [5. The tactical variant: minimax](05_tactical_minimax.ipynb)
#
# **Level:** intermediate · **Prerequisites:** lesson 3 (the boat as a Markov chain),
# expectation and variance, a 95% confidence interval · **Time:** about 35 minutes
#
# In lesson 3 only the boat moved tourists. Now the Mayor and the Nightwatchman
# join in: when a pawn turns a building over, the tourists on it are chased away
# and *"look for a new location in the city with the same function, but with the
# fewest tourists"*. If there is none they go to the Dam, from where a pawn on a
# Dam corner can lead them back, one at a time, to a random tile.
#
# **Learning goals.** After this lesson you can
#
# * see the "fewest tourists" rule as **load balancing** (join the shortest
#   queue) and compute exactly what it buys on a small example;
# * follow where tourists go in many seeded games with a **Sankey** diagram;
# * measure how concentrated the tourists are with **entropy** and the **Gini**
#   coefficient, turn by turn;
# * compare the rule with "a random tile of that function" in a fair experiment
#   (common random numbers, a confidence interval for the difference);
# * explain the Dam as an **overflow**, compare a simple model of it with the
#   games *like with like* (a chance per chase against a share of chases), and
#   say why it matters for hotels next to it.

# %% [markdown]
# ## The rule on the rulebook's example
#
# Three tourists sit in a coffee shop $E$. The Mayor turns it over (it becomes a
# day location). There are three other coffee shops: $F$ with two tourists, $G$
# and $H$ with one each. The three tourists go **together** to a coffee shop
# with the fewest tourists: $G$ or $H$, and the player chooses. We set up the
# position by hand and let the rules engine decide.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.actions import ChaseTo, TurnTile
from hoteledu.amsterdam.board import BUILDING_TILES, PLACE_OF
from hoteledu.amsterdam.phases import ACT_MAYOR
from hoteledu.amsterdam.rules import new_game
from hoteledu.amsterdam.tiles import NIGHT_FUNCTIONS, TILES

state = new_game(players=2)
coffee = [t for i, t in enumerate(BUILDING_TILES) if TILES[state.tile_at[i]].night == "coffee shop"]
E, F, G, H = coffee
state.tourists = [0] * 25
for tile, count in ((E, 3), (F, 2), (G, 1), (H, 1)):
    state.tourists[PLACE_OF[tile]] = count
    state.day_up[PLACE_OF[tile]] = False  # all four show the coffee shop
state.supply = 30 - 7
state.hotels = [[(6, 1), (6, 2)], [(6, 5), (6, 6)]]
state.turns_taken = [2, 2]
state.mayor, state.nightwatchman = (E[0], E[1]), (6, 6)  # the Mayor stands on a corner of E
state.phase = ACT_MAYOR
print("coffee shops E, F, G, H:", coffee)
state.apply_action(TurnTile("mayor", E))
print("phase:", state.phase, "| the player may choose:", [str(a) for a in state.legal_actions()])
state.apply_action(ChaseTo(H))
print("tourists on E, F, G, H:", [state.tourists[PLACE_OF[t]] for t in coffee], "| total:", state.total_tourists())

# %% [markdown]
# ## Load balancing: why "fewest" keeps the queues short
#
# Computer scientists know this rule as **join the shortest queue**: a job goes
# to the least busy server. Compare it with sending each job to a random server
# on a small example we can solve exactly: 8 tourists arrive one at a time at
# the 4 coffee shops, all empty at first.
#
# * *Fewest*: each goes to an emptiest shop, so the loads are always as even as
#   possible, and the fullest shop ends with exactly $\lceil 8/4 \rceil = 2$.
# * *Random*: each picks one of the 4 shops uniformly. There are $4^8 = 65536$
#   equally likely ways; enumerating all of them gives the exact distribution of
#   the fullest shop's load.

# %%
# NBVAL_CHECK_OUTPUT
import itertools
from collections import Counter
from fractions import Fraction

shops, arrivals = 4, 8
peak = Counter()
for choice in itertools.product(range(shops), repeat=arrivals):
    peak[max(Counter(choice).values())] += 1
total = shops**arrivals
expected_peak = Fraction(sum(k * n for k, n in peak.items()), total)
print("random shop: P(fullest holds k) =", {k: str(Fraction(n, total)) for k, n in sorted(peak.items())})
print(f"random shop: E[fullest] = {expected_peak} = {float(expected_peak):.4f}")
print("fewest tourists: fullest = 2, always")

# %% [markdown]
# In the game the picture is blurred: chased tourists move in groups, the boat
# drops tourists wherever it stops, and a tile changes its function when it is
# turned. Still the rule pushes the same way. Here is the fullest building
# tile at the end of 400 seeded games with random players, once under the
# rule and once with chased tourists going to *any* tile of their function
# (the player, here a random agent, picks). Both runs use the **same seeds**
# (common random numbers): game $g$ under each rule gets the same dice and the
# same agents' random streams, and the difference is measured game by game.
# How much does that buy? The two games of a pair stay identical only until
# the first chase that the two rules send differently; after it the agents are
# offered different choices, draw from their streams at different moments, and
# the games drift apart. So we measure it: the correlation of the two results
# over the pairs, and the width two independent sets of 400 games would give.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import load_balancing

balance = load_balancing(400, seed=4)
for name in ("fewest", "random tile", "difference"):
    result = balance[name]
    print(f"{name:>11}: {result['mean']:.3f} [{float(result['low']):.3f}, {float(result['high']):.3f}]")
pairing = balance["pairing"]
print(f"correlation of the pairs: {pairing['correlation']:.2f}; half-width of the difference "
      f"{(balance['difference']['high'] - balance['difference']['low']) / 2:.3f} paired, "
      f"{pairing['independent_half']:.3f} for independent games ({pairing['width_ratio']:.2f} times)")

# %% [markdown]
# The rule lowers the fullest tile by about 0.16 tourists a game (the interval
# for the difference, 0.05 to 0.26, excludes 0): a real but
# small effect, because most tourists arrive by boat, not by being chased.
# The common seeds helped, but less than one might hope: the two results of a
# pair are correlated 0.47, which narrows the interval by about a quarter
# (0.73 times the width of independent games), not by a factor of several.
# Common random numbers pay most when the two versions stay in step; here they
# part ways at the first chase.
#
# ## Where do the tourists go? Flows over 300 games
#
# `tourist_flows` plays seeded games and replays each record action by action,
# noting every tourist that moves: by **boat** (onto the tile beside the boat),
# by a **chase** (from a turned tile to another tile of its function, or to the
# Dam), or by a **Dam lead** (from the Dam to a random tile). Per game:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import tourist_flows

flows = tourist_flows(300, seed=4)
bands = flows.by_kind_band()
print("tourists moved per game, with 95% intervals over the games:")
for kind in ("boat", "chase", "dam lead"):
    mean, low, high = bands[kind]
    print(f"   {kind:>8}: {mean:.2f} [{low:.2f}, {high:.2f}]")
kinds = flows.totals("kind")
chased = sum(n for (kind, _), n in kinds.items() if kind == "chase")
to_dam = kinds.get(("chase", "Dam"), 0)
led = sum(n for (kind, _), n in kinds.items() if kind == "dam lead")
print(f"chased tourists: {chased}, of which to the Dam: {to_dam} ({to_dam / chased:.1%})")
mean, low, high = bands["left on the Dam"]
print(f"led back from the Dam: {led}; left on the Dam per game: {mean:.2f} [{low:.2f}, {high:.2f}]")
print("size of a chased group:", dict(sorted(Counter(m.count for m in flows.moves if m.kind == "chase").items())))

# %% [markdown]
# A chase moves a whole group, and the groups are usually small: a single tourist
# in 2050 of the 2881 chases, rarely a crowd of five or more. The Sankey diagram
# shows the flows from how the tourists moved (left: the boat, a chase, a lead
# from the Dam) to the side of the tile they end on (right: a day location, a
# night location or the Dam). Every band is drawn from left to right: the Dam
# on the right is where tourists arrive, the Dam leads on the left are where
# they leave it.

# %%
from hoteledu.amsterdam.figures.tourists import tourist_sankey

tourist_sankey(kinds, title="300 games: how tourists move, and where they end")

# %% [markdown]
# And function by function: on the left where tourists came from (the boat, a
# building of that function they were chased from, the Dam), on the right the
# function of the building they went to, or the Dam. A chase keeps its function,
# so each function on the left sends tourists only to the same function on the
# right or to the Dam; the boat and the Dam send them anywhere.

# %%
from hoteledu.amsterdam.tiles import FUNCTIONS

tourist_sankey(
    flows.totals("function"),
    title="300 games: from (left) and to (right) each function",
    order=["boat", *FUNCTIONS, "Dam"],
)

# %% [markdown]
# ## How concentrated are the tourists?
#
# Let $p_k$ be the share of the city's tourists on place $k$ (24 buildings and
# the Dam). Two measures of how evenly they are spread:
#
# * **Shannon entropy** $H = -\sum_k p_k \log_2 p_k$ bits. All on one place gives
#   $H = 0$; evenly over $m$ places gives $\log_2 m$; at most $\log_2 25 \approx 4.64$.
#   The four starting tourists on four tiles give exactly $\log_2 4 = 2$.
# * **Gini coefficient** $G = \dfrac{\sum_{k,l} |x_k - x_l|}{2 n \sum_k x_k}$ over the $n = 25$
#   places: 0 when every place holds the same, close to 1 when one place holds
#   everything. Four tourists on 4 of 25 places give $G = 21/25 = 0.84$.

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.amsterdam.analysis import concentration, entropy_bits, gini

start = np.array([1, 1, 1, 1] + [0] * 21)
print(f"start: entropy {entropy_bits(start)[0]:.2f} bits, Gini {gini(start)[0]:.2f}; "
      f"maximum entropy log2(25) = {np.log2(25):.2f}")
spread = concentration(300, seed=4)
for t in (0, 5, 10, 20, 26):
    print(f"turn {t:>2}: entropy {spread['entropy'][t]:.2f} "
          f"[{spread['entropy_low'][t]:.2f}, {spread['entropy_high'][t]:.2f}], "
          f"Gini {spread['gini'][t]:.2f} [{spread['gini_low'][t]:.2f}, {spread['gini_high'][t]:.2f}]")

# %% [markdown]
# The tourists spread out quickly in the first ten turns and then settle: the
# entropy stays well below its maximum, because the eight inner tiles receive no
# boat tourists at all (lesson 3) and the corner tiles receive twice the share.

# %%
import plotly.graph_objects as go

figure = go.Figure()
for name in ("entropy", "gini"):
    figure.add_scatter(x=spread["turn"], y=spread[name], name=name, mode="lines+markers")
    figure.add_scatter(
        x=np.concatenate([spread["turn"], spread["turn"][::-1]]),
        y=np.concatenate([spread[f"{name}_high"], spread[f"{name}_low"][::-1]]),
        fill="toself", opacity=0.2, line={"width": 0}, name=f"{name} 95% band", showlegend=False,
    )
figure.update_layout(title="Concentration of tourists over a game (300 seeded games)",
                     xaxis_title="turn", yaxis_title="bits (entropy) / Gini", width=720, height=420)
figure

# %% [markdown]
# ## The Dam as overflow
#
# When no tile shows the chased tourists' function any more, *"these rootless
# tourists go to the Dam"*. That happens more often than one might think: each
# function is printed on only four tiles, and any of them may show its other side.
# The Dam fills up with the overflow, and only a pawn on one of its four corners
# can lead a tourist back out, one per action. The Dam is also a scoring tile:
# a hotel on a Dam corner counts its tourists. The *Monopoly* tip of the
# rulebook plays on exactly this: turn over the other tiles of a function and
# its tourists must come to you, or to the Dam.
#
# How likely is a chase to overflow? A first guess: each function is printed on
# four tiles, so the chased function has $m = 3$ other tiles; if each shows
# that side with probability $\frac12$, independently, the number of them
# showing it is Binomial$(3, \frac12)$, and the chance that none does is
# $(\frac12)^3 = \frac18$.
#
# That is a chance **per chase**, so compare it with the share of **chases**
# that went to the Dam, not with the share of chased *tourists* (a chase moves
# a whole group, and groups differ in size). For each chase the replay also
# notes how many other tiles showed the chased function: the model predicts
# that count too.

# %%
# NBVAL_CHECK_OUTPUT
from math import comb

from hoteledu.amsterdam.analysis.engine import chase_overflow

overflow = chase_overflow(flows)
guess = Fraction(1, 2) ** 3
print(f"model: P(a chase overflows) = {guess} = {float(guess):.1%}")
print(f"games: {overflow['to_dam']} of {overflow['chases']} chases went to the Dam: "
      f"{overflow['share']:.1%} [{overflow['low']:.1%}, {overflow['high']:.1%}]")
share, low, high = overflow["tourist_share"]
print(f"counted in tourists instead: {overflow['tourists_to_dam']} of {overflow['tourists']} "
      f"= {share:.1%} [{low:.1%}, {high:.1%}]")
print("other tiles showing the function, k = 0..3:")
print("   model", ", ".join(f"{comb(3, k) / 8:.1%}" for k in range(4)))
print("   games", ", ".join(f"{share:.1%} [{low:.1%}, {high:.1%}]"
                            for share, low, high in overflow["alternatives_share"].values()))

# %% [markdown]
# Like with like, the model is close: 13.9% of the chases overflow against
# $\frac18 = 12.5\%$, a little more (the 95% interval, 12.8% to 15.0%, counts
# the games as the independent units, because the chases of one game are not
# independent; every interval here does). The count of other tiles is further
# from the binomial: one other tile is much more common (47.7%, interval 45.8%
# to 49.5%, against 37.5%) and three much rarer (7.9%, 6.9% to 8.9%, against
# 12.5%). The sides are not independent fair coins: the same two
# pawns keep turning tiles, and a tile that has just been turned is the one a
# pawn next to it may turn again.
#
# Counted in tourists, 16.7% go to the Dam (15.2% to 18.2%): more than the
# share of chases, because the groups that overflow are larger (691 tourists in 400 chases,
# 1.73 a chase, against 4144 in 2881, 1.44, overall). That is no accident:
# while the other tiles of a function are turned away, every chase of that
# function ends on the last tile still showing it, so that tile has collected
# a crowd by the time it is turned itself. Both numbers are right; they
# answer different questions. A simple model is a first answer, and the
# simulation tells us how far to trust it.

# %% [markdown]
# ## Exercises
#
# 1. In the exact load-balancing example, what is the probability that a random
#    choice gives *some* shop 4 or more of the 8 tourists?
# 2. Suppose $n$ tourists arrive one at a time at 4 shops under the "fewest" rule.
#    What is the load of the fullest shop? And if the same tourists arrive in
#    $g$ groups of 3 ($n = 3g$), each group going whole to an emptiest shop?
# 3. Why does using the *same* seeds for both rules give a narrower interval for
#    the difference than two independent sets of games would? Why only about a
#    quarter narrower here?
# 4. Where on the board would you build a hotel to profit from the Dam overflow,
#    and what is the risk?
# 5. Under the independent-coin model, what is the chance that *two or more*
#    of the other three tiles show the chased function? What share of the
#    chases in the games had two or more?
#
# <details><summary>Show the answers</summary>
#
# 1. Add up $P(\text{fullest} = k)$ for $k \ge 4$ in the table above:
#    $3677/8192 \approx 0.449$, almost a half (the cell below computes it).
# 2. $\lceil n/4 \rceil$. With groups of 3 the rule cannot split a group: the
#    groups are balanced one at a time, so the fullest shop holds
#    $3 \lceil g/4 \rceil$ tourists instead of $\lceil 3g/4 \rceil$. For 15
#    tourists: after four groups every shop holds 3, and the fifth makes one
#    shop 6, against 4 one at a time. Balancing by groups is coarser: one
#    reason, beside the boat, why the game's effect is small.
# 3. The variance of a difference is $\mathrm{Var}(X) + \mathrm{Var}(Y) - 2\,\mathrm{Cov}(X, Y)$.
#    With the same dice the two games are alike in many ways (same boat, same
#    first moves), so $X$ and $Y$ are positively correlated and the covariance
#    term shrinks the variance. With correlation $\rho$ and equal variances the
#    width shrinks by $\sqrt{1 - \rho}$: $\sqrt{1 - 0.47} \approx 0.73$, as
#    measured. The correlation is only 0.47 because the games stay identical
#    only up to the first chase the two rules send differently: from then on
#    the agents face different choices and use their random streams out of step.
# 4. On a Dam corner: the hotel scores the Dam and three building tiles around
#    it. The risk: a pawn on that corner may lead tourists away from the Dam
#    to a random tile, and the corner is where the pawns start and often pass.
# 5. $P(K \ge 2) = \binom32 \frac18 + \binom33 \frac18 = \frac12$. In the
#    games $880 + 228 = 1108$ of the 2881 chases had two or more, 38.5% (95%
#    interval 36.7% to 40.3%, the games as units), well below $\frac12$: fewer of
#    the other tiles show the chased function than independent fair coins
#    would give (the sides are not independent fair coins, as the text above
#    says).
#
# </details>
#
# The cell below checks the numbers in these answers against the code (it
# prints only whether they agree).

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

loads = [0] * 4
for group in range(5):
    loads[loads.index(min(loads))] += 3
two_or_more = overflow["alternatives"].get(2, 0) + overflow["alternatives"].get(3, 0)
verdict = check_answers("amsterdam/04_tourist_flows", {
    "1": Fraction(sum(n for k, n in peak.items() if k >= 4), total),
    "1 (decimal)": float(Fraction(sum(n for k, n in peak.items() if k >= 4), total)),
    "2": sorted(loads, reverse=True),
    "5 (model)": sum(Fraction(comb(3, k), 8) for k in (2, 3)),
    "5 (games)": (two_or_more, overflow["chases"]),
    "5 (share)": two_or_more / overflow["chases"],
})
