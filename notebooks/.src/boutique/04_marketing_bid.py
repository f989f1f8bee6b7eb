# %% [markdown]
# # Boutique Hotel Manager 4: the marketing bid, an all-pay auction
#
# [Start here](../00_start_here.ipynb) · previous: [3. Mixed equilibria](03_mixed_equilibria.ipynb) ·
# next: [5. Walk-ins and staffing](05_walk_ins_and_staffing.ipynb)
#
# **Level:** intermediate (a first course in game theory) · **Prerequisites:** Nash
# equilibrium, mixed strategies and the indifference principle, expectation; the bid rule
# of Boutique Hotel Manager is explained below · **Time:** about 40 minutes
#
# In the booking phase the guests take the cheapest hotel. When two hotels offer the stay
# at the same total and have the same rating, the rulebook says: the players "bid for
# marketing with money cards face down (blank cards allowed)"; the highest bid wins;
# losers discard their bid, "marketing is not refunded"; and "bei anhaltendem
# Gleichstand erhalten alle beteiligten Spieler Gäste": if the bids are equal too,
# **every tied player gets guests**. hoteledu plays it so: every bid is paid to the bank,
# winner included, and each tied top bidder is paid the stay's full price.
#
# Everyone pays, only the best is rewarded: that is an **all-pay auction**, the model of
# lobbying, patent races and advertising wars. This lesson solves the textbook version,
# adds budget caps, and then asks the engine itself what the game's own tie rule does to
# it.
#
# **Learning goals.** After this lesson you can
#
# * write the payoff matrix of a discrete all-pay auction and find its mixed equilibria
#   with nashpy, and check one exactly by the indifference principle;
# * state the continuous closed form (bids uniform on $[0, V]$, expected total bids $V$:
#   **full rent dissipation**) and why on a grid of bids the equilibria, and with them the
#   rent dissipation, are not unique;
# * say how a **budget cap** changes the equilibrium (an atom at the cap);
# * explain why the game's own tie rule turns the auction into a coordination game, and
#   why the goal "beat the rival" makes players bid **more than the prize**;
# * measure rent dissipation (total bids / prize) in bot play and in your own play.

# %% [markdown]
# ## The bid in the engine
#
# Two hotels price every night at 200 and card 3 (a backpacker, two nights, no breakfast)
# is revealed: both offer 400, both have 3 stars, so the engine asks both for a bid. Each
# holds 500, so the legal bids are 0 (the blank card), 100, ..., 500.

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.boutique.analysis.auction import (
    all_pay_game,
    bid_position,
    engine_bid_game,
    equilibria,
    symmetric_equilibrium,
)

position = bid_position()  # a real game position: prices set, card 3 revealed
print(position.last_event)
print("phase:", position.phase, "· bidders:", [f"P{p + 1}" for p in position.bidders],
      "· prize V =", position.offer)
print("legal bids of P1:", [a.amount for a in position.legal_actions(0)])

# %% [markdown]
# ## The textbook all-pay auction
#
# Prize $V$, two bidders, bids $a$ and $b$. The higher bid gets $V$, **both pay their
# bid**; in the textbook version a tie splits the prize (a fair coin). Row's payoff:
#
# $$u(a, b) = V \cdot \mathbf 1\{a > b\} + \tfrac V2 \cdot \mathbf 1\{a = b\} - a.$$
#
# **Continuous bids.** There is no pure equilibrium: against a bid $b < V$ you overbid by
# a hair, against $b$ near $V$ you drop to 0. In the symmetric mixed equilibrium each
# bidder draws the bid uniformly from $[0, V]$: against $F(x) = x / V$ every bid $x$ earns
# $V F(x) - x = 0$, so each bidder is indifferent and expects 0. Each bids $V/2$ on
# average; the **expected total bid is $V$**: the whole prize is spent on winning it.
# That is **full rent dissipation**.
#
# **Bids in steps of 100.** With $V = 400$ the bids are 0..400. The matrix below is
# row's payoff (ties split):

# %%
# NBVAL_CHECK_OUTPUT
textbook = all_pay_game(400)  # ties split, bids 0..V
print("row bid \\ column bid:", textbook.col_bids)
for bid, row in zip(textbook.row_bids, textbook.row_payoffs):
    print(f"{bid:>4}", [int(x) for x in row])

# %% [markdown]
# nashpy's **vertex enumeration** lists the extreme equilibria (the corners of the sets of
# equilibria). Each is turned into fractions and checked exactly: no bid earns more than
# the mix, for either bidder.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.auction import payoff_against


def show(mix):
    return "(" + ", ".join(str(p) for p in mix) + ")"


for eq in equilibria(textbook):
    print(f"P1 {show(eq.row)}  P2 {show(eq.col)}  payoffs {eq.row_value}, {eq.col_value}"
          f"  total bid {eq.expected_total_bid}  dissipation {eq.dissipation}")
uniform = symmetric_equilibrium(textbook)
print("symmetric:", show(uniform.row), "· each earns", uniform.row_value,
      "· expected total bid", uniform.expected_total_bid)
against_uniform = payoff_against(textbook.row_payoffs, uniform.col, True)
print("each bid against the uniform mix earns:",
      {b: str(v) for b, v in zip(textbook.row_bids, against_uniform)})

# %% [markdown]
# Four corners: both bidders mix over the even bids (0, 200) or the odd ones (100, 300),
# in any combination. Every mix of these is an equilibrium too; halfway between them is
# the **uniform** mix over 0, 100, 200, 300. Check it by hand: against it, a bid of
# $100k$ beats $k$ of the four equally likely bids and ties one, so it earns
# $400 \cdot \frac k4 + 200 \cdot \frac14 - 100k = 50$ for every $k = 0..3$; a bid of 400
# earns $400 - 400 = 0$. Every bid in the support earns the same (indifference), none
# earns more.
#
# So on a grid the prediction of "rent dissipation" depends on **which** equilibrium is
# played, and the grid has many. With $V = k$ steps:
#
# * **$k$ even** (here $k = 4$): the uniform mix over the even bids $0, 2, \dots, k - 2$
#   steps and the uniform mix over the odd bids $1, 3, \dots, k - 1$ steps are both
#   equilibria, and so is every mix of the two. Under the even mix each bidder keeps one
#   step and the dissipation is $(k - 2)/k$; under the odd mix each keeps nothing and the
#   dissipation is **exactly 1**, full dissipation as in the continuous model. The uniform
#   mix over $0, \dots, k - 1$ steps lies halfway, at $(k - 1)/k$. Over all equilibria at
#   $V = 400$ (the four corners above) the dissipation runs from 1/2 to 1.
# * **$k$ odd** (for example $V = 300$ or $500$): vertex enumeration finds the uniform mix
#   over $0, \dots, k - 1$ steps and nothing else, with dissipation $(k - 1)/k$.
#
# Every one of these tends to 1 as the step shrinks. What the grid changes is that "the"
# dissipation is a range, from $(k-2)/k$ to 1, whenever $k$ is even: a measurement of
# bids in the lab can sit anywhere in it without contradicting equilibrium. Enumerating
# every vertex gets slow as the grid grows, so the table takes the candidate mixes and
# checks each one exactly (`fast_symmetric_equilibrium` for the uniform mix,
# `parity_mixes` for the even and odd ones; the tests compare them with the full
# enumeration for up to 6 steps).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.auction import fast_symmetric_equilibrium, parity_mixes

for prize in (200, 300, 400, 500, 600, 800, 1000):
    eq = fast_symmetric_equilibrium(all_pay_game(prize))
    line = f"V = {prize:>4} ({prize // 100:>2} steps): uniform mix dissipates {eq.dissipation}"
    if prize // 100 % 2 == 0:
        parity = parity_mixes(prize)
        line += (f"; even mix {parity['even'].dissipation} (each keeps {parity['even'].row_value}),"
                 f" odd mix {parity['odd'].dissipation} (each keeps {parity['odd'].row_value})")
    print(line)

# %% [markdown]
# ## Theory beside play, through the engine
#
# Let two players bid from the uniform mix, 3,000 times, each time in the engine's real
# bid phase (seeded). The bars are the mix and the bids played; the dissipation is
# measured as total bids over the prize. The money each gets is the engine's: under the
# game's own tie rule both tied bidders are paid the full 400, so the players earn more
# than the textbook's 50 (we come back to this).

# %%
# NBVAL_CHECK_OUTPUT
import numpy as np

from hoteledu.boutique.analysis.auction import play_engine_bids
from hoteledu.boutique.figures.auction import bid_distribution_figure

engine_game = engine_bid_game(position)  # bids 0..500: P1 and P2 hold 500
mix = tuple(uniform.row) + (Fraction(0),)  # the uniform mix, with 0 on a bid of 500
played = play_engine_bids(position, mix, mix, rounds=3000, seed=2026)
mean, se = played.mean_change()
exact = sum(p * v for p, v in zip(mix, payoff_against(engine_game.row_payoffs, mix, True)))
from hoteledu.core.tournament import wilson_interval

per_round = played.bids.sum(axis=1) / played.prize
half = 1.96 * per_round.std(ddof=1) / np.sqrt(len(per_round))
ties = wilson_interval(int(played.both_won.sum()), len(played.both_won))
print(f"dissipation: played {played.dissipation:.3f} ± {half:.3f} (95%), "
      f"exact {float(uniform.dissipation):.3f}")
print(f"P1's money per bid under the game's rule: played {mean[0]:.1f} ± {1.96 * se[0]:.1f} (95%), "
      f"exact {float(exact):.1f} (textbook, ties split: {uniform.row_value})")
print(f"both got the guests in {ties.estimate:.3f} [{ties.low:.3f}, {ties.high:.3f}] of the rounds "
      f"(95% Wilson; exact: P(tie) = {sum(p * p for p in mix)})")

# %%
bid_distribution_figure(engine_game.row_bids, mix, played.bids[:, 0],
                        title="Uniform equilibrium mix and 3,000 seeded bids of P1")

# %% [markdown]
# ## Budget caps
#
# Bids are made from money held. With a common cap $m < V$ the continuous equilibrium
# changes shape: for $V/2 \le m < V$ each bids uniformly (density $1/V$) on
# $[0, 2m - V]$, never in the gap $(2m - V, m)$, and bids exactly $m$ with probability
# $2(1 - m/V)$, an **atom at the cap**. At the cap a tie is likely and splits the prize:
# indifference there reads $V(1 - \alpha) + \frac V2 \alpha - m = 0$, so
# $\alpha = 2(1 - m/V)$. For $m < V/2$ both simply bid $m$. On the grid the same shape
# appears (weight step$/V$ on each bid up to $2m - V$, the rest on the cap), and is an
# exact equilibrium:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.auction import (
    continuous_expected_bid,
    is_equilibrium,
    textbook_mix,
)

for cap in (100, 200, 300, 400):
    game = all_pay_game(400, caps=(cap, cap))
    mix_cap = textbook_mix(400, cap)
    eq = fast_symmetric_equilibrium(game)
    print(f"cap {cap}: mix {show(mix_cap)} exact equilibrium: {is_equilibrium(game, mix_cap, mix_cap)};"
          f" dissipation {eq.dissipation} (continuous: {2 * continuous_expected_bid(400, cap) / 400:.2f})")

# %% [markdown]
# A cap below half the prize **limits the waste** (cap 100: everyone bids 100, half the
# prize is spent). A cap of at least half the prize changes the shape of the bids but, in
# the continuous model, not the waste: the expected bid is
# $\frac{(2m - V)^2}{2V} + 2m\left(1 - \frac mV\right) = \frac V2$, full dissipation
# again. On the grid the mix above dissipates 3/4 here: one equilibrium among several, as
# without a cap.
#
# ## The game's own tie rule
#
# Now let the engine decide. For each pair of legal bids the helper `engine_bid_game`
# applies both bids to a copy of the real position and reads off who got the guests and
# how the money changed. Row's money (P1), column = P2's bid:

# %%
# NBVAL_CHECK_OUTPUT
print("P1 bid \\ P2 bid:", engine_game.col_bids)
for bid, row in zip(engine_game.row_bids, engine_game.row_payoffs):
    print(f"{bid:>4}", [int(x) for x in row])
same = engine_game.row_payoffs == all_pay_game(400, caps=(500, 500), tie="all_win").row_payoffs
print("equals the formula with 'every tied bidder gets the full prize':", same)

# %% [markdown]
# On the diagonal both get 400 and pay their bid. So **matching the rival's bid is a best
# reply to it** whenever the bid is at most the prize: overbidding costs 100 more and wins
# the same guests, underbidding loses them. Every pair of equal bids up to 400 is a pure
# equilibrium, and both blank cards, (0, 0), pay each player the full 400: the
# **payoff-dominant** equilibrium, with no dissipation at all. The bluff the rulebook
# mentions ("the blank card is used to make the rival think you spend on marketing") is a
# bid of 0 that looks like a card: it wins nothing against a real card, but two blanks
# both win.

# %%
# NBVAL_CHECK_OUTPUT
engine_eqs = equilibria(engine_game)
pure = [(engine_game.row_bids[e.row.index(1)], engine_game.col_bids[e.col.index(1)])
        for e in engine_eqs if 1 in e.row and 1 in e.col]
print(f"{len(engine_eqs)} extreme equilibria found; the pure ones: {pure}")
print("dissipation over them: from", min(e.dissipation for e in engine_eqs),
      "to", max(e.dissipation for e in engine_eqs))
best = symmetric_equilibrium(engine_game)
print("the one paying most:", show(best.row), "each earns", best.row_value)

# %% [markdown]
# Dissipation can exceed 1 here: at (400, 400) both pay 400 and both get 400, so 800 is
# spent on one stay's price (the bank pays it twice).
#
# **Beat the rival.** If the goal is to end with more money than the rival (what wins
# the game with two players), the payoff is the money *difference*. A tie then changes
# nothing (both get the prize, or both get half of it: the difference is the same), so
# the game's rule and the textbook rule give the **same zero-sum game**, solved by a linear
# program. With money 500 > prize 400, a bid above the prize makes sense: it costs you 500
# but, when it wins, the rival is out the guests *and* their bid.

# %%
# NBVAL_CHECK_OUTPUT
beat = engine_bid_game(position, objective="difference")
split_beat = all_pay_game(400, caps=(500, 500), objective="difference")
print("same zero-sum game under both tie rules:", beat.row_payoffs == split_beat.row_payoffs)
lp = fast_symmetric_equilibrium(beat)
print("an optimal mix (LP):", show(lp.row), "· value", lp.row_value,
      "· expected total bid", lp.expected_total_bid, "· dissipation", lp.dissipation)

# %% [markdown]
# ## Bots and rent dissipation in play
#
# The heuristic bots bid a fixed amount in a tie: the blank card, or 100 for the
# undercutter. Seeded one-week games of each pairing, every marketing bid recorded:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.analysis.auction import bot_bid_records, measured_dissipation

for pair in (("undercutter", "undercutter"), ("peakload", "peakload"), ("premium", "premium")):
    records = bot_bid_records(pair, games=20, seed=0)
    bids = sorted({r.bids for r in records})
    both = sum(len(r.winners) == 2 for r in records)
    print(f"{pair[0]} vs {pair[1]}: {len(records)} bids in 20 games, bids {bids}, "
          f"both got the guests {both} times, dissipation {measured_dissipation(records):.3f}")

# %% [markdown]
# Bots of one kind always tie, so both always get the guests: two peak-load bots sit in
# the payoff-dominant equilibrium (blank cards, nothing wasted), two undercutters in the
# pure equilibrium (100, 100), paying 200 for guests they would have had for free.
#
# ## Your turn: bid against a rival
#
# The widget below is the engine's bid phase, repeated: choose a prize (both hotels' day
# rate) and the money each holds, pick a rival, and bid. The rivals: the blank card (most
# bots), the undercutter (100), the textbook equilibrium, and the "beat the rival"
# equilibrium. The summary measures rent dissipation over your rounds.

# %%
from hoteledu.boutique.widgets.bid_widget import BidDuelController, BidDuelWidget

BidDuelWidget(face=2, money=500, rival="textbook", seed=7)

# %% [markdown]
# Without a browser the same controller can be scripted. A player who always bids 200
# against the textbook rival, 40 rounds:

# %%
# NBVAL_CHECK_OUTPUT
duel = BidDuelController(face=2, money=500, rival="textbook", seed=7)
for _ in range(40):
    duel.bid(200)
print(duel.summary())
totals = np.array([r.your_bid + r.rival_bid for r in duel.history]) / duel.prize
half = 2.023 * totals.std(ddof=1) / np.sqrt(len(totals))  # t quantile, 39 degrees of freedom
print(f"dissipation over the 40 rounds: {totals.mean():.3f} ± {half:.3f} (95%, t); "
      f"expected for always 200: (200 + 150) / 400 = {350 / 400}")
print("best reply to this rival under the game's rule:", duel.best_reply())
print("each bid against the textbook rival, game's rule:",
      {b: str(v) for b, v in zip(engine_game.row_bids,
                                 payoff_against(engine_game.row_payoffs, duel.rival_mix, True))})

# %% [markdown]
# Against the textbook rival every bid from 0 to 300 earns the same under the game's rule
# (the mix makes them indifferent; the helper names the lowest). Bidding 200 every time
# wastes more than the equilibrium does: you spend 200 a round and the rival 150 on
# average, an expected dissipation of 0.875 against the model's 0.75, and the 40 rounds'
# 95% interval (printed above) excludes 0.75.

# %%
from hoteledu.boutique.figures.auction import dissipation_figure

dissipation_figure(range(1, duel.rounds + 1), duel.running_dissipation(),
                   float(duel.model_dissipation()),
                   title="Always 200 against the textbook rival: running rent dissipation")

# %% [markdown]
# ## Exercises
#
# 1. Textbook rule (ties split), prize 500, bids in steps of 100 up to 500. What is the
#    symmetric equilibrium found above for a prize of $k$ steps, what does each bidder
#    earn, and what is the rent dissipation?
# 2. The game's own rule, prize 400, you hold 500 and the rival is the undercutter
#    (always 100). What do you earn with the blank card, with 100 and with 200? What is
#    the best reply?
# 3. Textbook rule, prize 600, both capped at 400. Give the discrete equilibrium mix over
#    (0, 100, 200, 300, 400), its dissipation, and the continuous prediction.
# 4. "Beat the rival", prize 400, both hold 300 (use `bid_position(money=(300, 300))`).
#    What does the optimal mix look like, and what is the dissipation? Why can a bid of
#    300 be worth it even though the prize is only 400?
#
# <details><summary>Show the answer</summary>
#
# 1. Five steps: the uniform mix over 0, 100, 200, 300, 400 (probability 1/5 each,
#    nothing on 500). Each bidder earns 50 (half a step); the expected total bid is 400,
#    the dissipation 4/5.
# 2. Blank card: you lose the guests and pay nothing, 0. Bid 100: a tie, both get the
#    guests, you earn 400 - 100 = 300. Bid 200: you win alone and earn 200. Best reply:
#    match the bid, 100.
# 3. Weight 100/600 = 1/6 on every bid up to $2m - V = 200$, the rest, 1/2, on the cap:
#    (1/6, 1/6, 1/6, 0, 1/2). Expected bid $\frac{0 + 100 + 200}{6} + \frac{400}{2} = 250$,
#    total 500, dissipation 5/6. Continuous: uniform on $[0, 200]$ with density 1/600 and
#    an atom 2/3 at 400: expected bid $200^2/1200 + 400 \cdot \frac23 = 300$, total 600,
#    dissipation 1.
# 4. Both bid 300, the whole budget, for sure: dissipation $600/400 = 3/2$. Against 300 a
#    lower bid loses the guests *and* its money while the rival gains 400 - 300; a tie at
#    300 leaves the difference at 0. Only the difference counts, so money spent is not
#    a loss as long as the rival spends as much.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

eq500 = symmetric_equilibrium(all_pay_game(500, caps=(500, 500)))
undercutter = BidDuelController(face=2, money=500, rival="undercutter", seed=0)
earn = {bid: int(engine_game.row_payoffs[engine_game.row_bids.index(bid)][1]) for bid in (0, 100, 200)}
cap400 = fast_symmetric_equilibrium(all_pay_game(600, caps=(400, 400)))
beat300 = fast_symmetric_equilibrium(engine_bid_game(bid_position(money=(300, 300)), "difference"))
verdict = check_answers("boutique/04_marketing_bid", {
    "1 mix": eq500.row,
    "1 earns": eq500.row_value,
    "1 total": eq500.expected_total_bid,
    "1 dissipation": eq500.dissipation,
    "2 earnings": earn,
    "2 best reply": undercutter.best_reply(),
    "3 mix": cap400.row,
    "3 expected bid": cap400.expected_total_bid / 2,
    "3 dissipation": cap400.dissipation,
    "3 continuous bid": continuous_expected_bid(600, 400),
    "3 continuous": 2 * continuous_expected_bid(600, 400) / 600,
    "4 mix": beat300.row,
    "4 dissipation": beat300.dissipation,
})
