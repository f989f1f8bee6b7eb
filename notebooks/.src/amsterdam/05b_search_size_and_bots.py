# %% [markdown]
# # Hotel Amsterdam 5b: how big is the search, and which bot wins
#
# [Start here](../00_start_here.ipynb) · previous: [5. Minimax and alpha-beta](05_tactical_minimax.ipynb)
#
# **Level:** intermediate · **Prerequisites:** [lesson 5](05_tactical_minimax.ipynb)
# (minimax, alpha-beta, the horizon effect), logarithms, a 95% confidence
# interval · **Time:** about 35 minutes
#
# Lesson 5 solved a small position exactly and showed why a search must stop
# somewhere. Here we measure how big the search gets: the whole game tree,
# the positions visited at each depth, and what alpha-beta saves. Then the
# bots play a small seeded tournament.
#
# **Learning goals.** After this lesson you can
#
# * estimate the size of a game tree with **Knuth's estimator**, and explain
#   why its mean is dominated by a single walk (look at the logarithm);
# * read **positions visited against depth** on a log scale: a straight line
#   is exponential growth, its slope the branching factor;
# * measure what **alpha-beta** saves, and explain why it saves nothing where
#   one player makes several decisions in a row;
# * run a small seeded **tournament** and read its confidence intervals.
#
# Players are P1 and P2 in the text; the engine numbers them 0 and 1. The
# random game and the search functions are those of lesson 5.

# %%
# NBVAL_CHECK_OUTPUT
import math

import numpy as np

from hoteledu.amsterdam.rules import new_game
from hoteledu.core import CHANCE, RandomAgent, play

record = play(new_game(players=2, variant="tactical"), [RandomAgent(1), RandomAgent(2)], seed=0)
positions = [record.replay(k) for k in range(len(record.actions) + 1)]
print("actions in the random game:", len(record.actions),
      "| mean branching factor:",
      round(float(np.mean([len(p.legal_actions()) for p in positions[:-1]])), 1))

# %% [markdown]
# ## How big is the game tree?
#
# Counting the leaves of the game tree directly is hopeless, but Knuth (1975)
# gave a neat **unbiased estimator**: walk from the root choosing each action
# uniformly at random, and multiply the numbers of choices met on the way,
# $\hat N = b_1 b_2 \cdots b_L$. Its expectation over the walk is exactly the
# number of leaves. A random agent does exactly that walk, so each random game
# gives one estimate.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import play_games
from hoteledu.amsterdam.analysis.search import knuth_estimate

estimates = []
for game in play_games(40, seed=5, variant="tactical"):
    branching, position = [], game.initial_state()
    for action in game.actions:
        branching.append(len(position.legal_actions()))
        position.apply_action(action)
    estimates.append(knuth_estimate(branching))
logs = np.array([math.log10(n) for n in estimates])
mean = sum(estimates) / len(estimates)
print(f"log10 of the estimates: from {logs.min():.1f} to {logs.max():.1f}, "
      f"median {np.median(logs):.1f}, mean {logs.mean():.1f}")
print(f"log10 of the mean of the estimates: {math.log10(mean):.1f}")
print(f"share of the sum from the largest estimate: {max(estimates) / sum(estimates):.4f}")

# %% [markdown]
# Each estimate is unbiased, but they are spread over 25 orders of magnitude.
# The mean of the 40 estimates is about $10^{105.8}$, and it is essentially
# *one* game: the largest estimate makes 99.4% of the sum, so the other 39
# hardly count, and another set of 40 walks gives a mean orders of magnitude
# different: with seeds 6, 7 and 8 it is $10^{100.7}$, $10^{102.3}$ and
# $10^{104.6}$, while the median of $\log_{10} \hat N$ stays between 92.3 and
# 94.6. The typical walk (the median of $\log_{10} \hat N$) says about
# $10^{93.7}$. The mean is the unbiased one, but an estimator this
# heavy-tailed converges slowly, and usually from below: the tree has on the
# order of $10^{94}$ to $10^{106}$ leaves, or more. Far too many to search.
# On a log scale the spread is plain to see:

# %%
import plotly.graph_objects as go

figure = go.Figure(go.Histogram(x=logs, nbinsx=15, name="one random game each"))
figure.add_vline(x=float(np.median(logs)), line_dash="dash",
                 annotation_text="median", annotation_position="top left")
figure.add_vline(x=math.log10(mean), line_color="red", annotation_text="log10 of the mean")
figure.update_layout(title="Knuth's estimates of the game tree's leaves, 40 random games",
                     xaxis_title="log10 of the estimate", yaxis_title="games", width=720, height=380)
figure

# %% [markdown]
# ## Positions visited against depth
#
# So the search stops after `depth` decisions and scores the position with an
# evaluation (the score difference, `evaluate`). How many positions does it
# visit? Take `positions[82]` of the random game: P1's Nightwatchman is about to
# act, then P2 moves. These are lesson 5's functions, with one addition: at the
# rare chance node (a tourist led from the Dam to a random tile) the value is
# the exact average over the outcomes, **expectimax**.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.bots import evaluate

position = positions[82]
me = position.current_player()
print(position.summary(), "| scores:", position.scores(), "| legal actions:",
      len(position.legal_actions()))


def children(s, me, ordered):
    kids = []
    for action in s.legal_actions():
        child = s.clone()
        child.apply_action(action)
        kids.append(child)
    if ordered:  # best-looking first: for me the highest evaluation, for the opponent the lowest
        sign = -1 if s.current_player() == me else 1
        kids.sort(key=lambda c: sign * evaluate(c, me))
    return kids


def expectation(s, search):
    # A tourist led from the Dam: nobody chooses, so average over the outcomes.
    total = 0.0
    for outcome, probability in s.chance_outcomes():
        child = s.clone()
        child.apply_action(outcome)
        total += float(probability) * search(child)
    return total


def minimax(s, me, depth, counter):
    counter[0] += 1
    if depth == 0 or s.is_terminal():
        return evaluate(s, me)
    if s.current_player() == CHANCE:
        return expectation(s, lambda c: minimax(c, me, depth - 1, counter))
    values = [minimax(c, me, depth - 1, counter) for c in children(s, me, False)]
    return max(values) if s.current_player() == me else min(values)


def alphabeta(s, me, depth, alpha, beta, counter, ordered=False):
    counter[0] += 1
    if depth == 0 or s.is_terminal():
        return evaluate(s, me)
    if s.current_player() == CHANCE:  # a full window below a chance node
        return expectation(
            s, lambda c: alphabeta(c, me, depth - 1, -math.inf, math.inf, counter, ordered)
        )
    maximise = s.current_player() == me
    best = -math.inf if maximise else math.inf
    for c in children(s, me, ordered):
        value = alphabeta(c, me, depth - 1, alpha, beta, counter, ordered)
        if maximise:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def count_positions(s, depths):
    table = {"minimax": [], "alpha-beta": [], "alpha-beta, ordered": []}
    for depth in depths:
        counts = [[0], [0], [0]]
        values = (
            minimax(s, me_of(s), depth, counts[0]),
            alphabeta(s, me_of(s), depth, -math.inf, math.inf, counts[1]),
            alphabeta(s, me_of(s), depth, -math.inf, math.inf, counts[2], ordered=True),
        )
        assert len(set(values)) == 1, "alpha-beta must not change the value"
        for name, count in zip(table, counts, strict=True):
            table[name].append(count[0])
    return table


def me_of(s):
    return s.current_player()


depths = [1, 2, 3, 4, 5]
table = count_positions(position, depths)
print("depth  minimax  alpha-beta  alpha-beta ordered  (positions visited)")
for k, depth in enumerate(depths):
    print(f"{depth:>5}  {table['minimax'][k]:>7}  {table['alpha-beta'][k]:>10}  "
          f"{table['alpha-beta, ordered'][k]:>18}")

# %%
from hoteledu.amsterdam.figures.search import search_size_figure

search_size_figure(depths, table, title="Positions visited from positions[82] (log scale)")

# %% [markdown]
# On a log scale exponential growth is a straight line, and the slope is the
# branching factor: minimax grows by a factor of about 4 to 11 per decision
# (3920 positions at depth 5). The searches agree on the value at every depth:
# pruning never changes the answer, it only saves work, here a factor of about
# 3 at depth 5. With perfect move ordering alpha-beta visits roughly
# $b^{d/2}$ instead of $b^d$ positions, but here ordering by the evaluation
# barely helps: most moves look equal to the evaluation (no score changes
# until a tile turns or the boat stops), and most decisions in a row belong
# to the *same* player: alpha-beta can only cut where Max and Min alternate.
#
# ## Pruning over whole turns
#
# Counted in **turns**, the levels of the tree do alternate between Max and
# Min. `MinimaxAgent(turns=2)` tries each of its own turns, then every reply
# of the opponent to the end of the opponent's turn, and assumes the reply
# that is worst for it. Once its first own turn is searched, Max is sure of its
# value; for each further own turn the replies come best-for-the-opponent
# first, and the first reply that holds Max to that value or less ends the
# search of that turn. `pruning_savings(state, player, turns=2)` runs the same
# search without and with pruning. To keep it to a few seconds only the 4
# best-looking own turns are searched further (`width=4`); the replies all.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.search import pruning_savings

start = positions[83]
saved = pruning_savings(start, start.current_player(), turns=2, width=4)
print(f"positions[83] ({start.phase}, P{start.current_player() + 1}):",
      f"minimax {saved['minimax_nodes']} positions, alpha-beta {saved['alphabeta_nodes']}",
      f"({saved['alphabeta_nodes'] / saved['minimax_nodes']:.0%});")
print(f"values {saved['minimax_value']:.1f} and {saved['alphabeta_value']:.1f};",
      f"first moves: {saved['minimax_action']} / {saved['alphabeta_action']}")

# %% [markdown]
# Same value, same first move, and half the positions. Compare exercise 2:
# counted in decisions, `positions[83]` saves nothing, because the next
# decisions all belong to P2; counted in turns, every level belongs to the
# other player. Even so, `turns=2` takes seconds for one move and much longer
# in busy positions, too slow to play whole games in Python: the bot that
# plays is `turns=1`, whose evaluation `evaluate_position` stands in for the
# reply (lesson 5).
#
# ## A small seeded tournament
#
# `hoteledu.core.tournament.tournament` plays seeded games, rotating the
# seats, and reports win rates with 95% Wilson intervals. The bots:
#
# * `RandomAgent`: a uniformly random legal action;
# * `GreedyAgent`: looks to the end of its own turn and takes the best immediate gain;
# * `MinimaxAgent(depth=2)`: alpha-beta 2 decisions deep, as above, with the
#   library's evaluation `evaluate_position`;
# * `MinimaxAgent(turns=1, hotel_sites=1)`: the whole-turn search of lesson 5
#   (trying only the most promising hotel site in the two hotel turns, to save
#   time).
#
# The search bots and the greedy bot are deterministic. With the standard
# layout the only chance left is the rare tourist led from the Dam, so their
# games would hardly differ. So we play on **shuffled layouts**
# (`layout="shuffled"`: the setup deals the 24 tiles from the seed), a new
# city in every game, and to 6 tourists (`target=6`) to keep the lesson short.
# Under the rulebook's end rule the game ends as soon as a player reaches 6,
# and that player wins. The bars show the progress of each match; beside
# Wilson's interval each line gives the **exact** (Clopper-Pearson) one.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis.tournament import LESSON_OPTIONS, exact_interval, lesson_bots
from hoteledu.core.tournament import tournament

games = {
    "two decisions deep against random": 4,
    "two decisions deep against greedy": 4,
    "whole turn against greedy": 2,
}
results = {}
for pairing, bots in lesson_bots().items():
    result = tournament("amsterdam", bots, games=games[pairing], seed=1, options=LESSON_OPTIONS,
                        progress=True)
    results[pairing] = result
    wins = result.wins()[0]
    low, high = exact_interval(wins, games[pairing])
    print(f"{pairing}: won {wins:g} of {games[pairing]}, exact [{low:.2f}, {high:.2f}],"
          f" Wilson {result.win_rate(0)}; scores {[[int(x) for x in r] for r in result.returns]}")

# %% [markdown]
# Searching two decisions deep won all 4 games against the random player and
# lost all 4 to the greedy bot; the whole-turn search won both of its games
# against the greedy bot. What do so few games show? A bot that wins only half
# its games still wins 4 of 4 once in $2^4 = 16$ matches, so the exact 95%
# interval for 4 of 4, $[0.40, 1]$, still contains an even match; so does the
# one for 0 of 4, $[0, 0.60]$, and for 2 of 2, $[0.16, 1]$. **None of these
# three matches shows which bot is stronger.** Wilson's interval, the right one
# for hundreds of games, puts 4 of 4 above 0.51: with 4 games it promises more
# than it keeps (when the true rate is 1/2 it misses it in the two matches 0 of
# 4 and 4 of 4, a chance of 1/8, not 1/20). The exact interval keeps its 95%
# for every true rate.
#
# More games, then. Playing them takes minutes, too long for a lesson, so they
# were played once (`python -m hoteledu.amsterdam.analysis.tournament`, seed 2,
# new cities) and stored; a test replays them from their seed.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis.tournament import load_larger_sample

larger = load_larger_sample()
for pairing, match in larger.items():
    outright = sum(mine > theirs for mine, theirs in match["scores"])
    shared = sum(mine == theirs for mine, theirs in match["scores"])
    print(f"{pairing}: {outright} won, {shared} shared, {match['games'] - outright - shared} lost;"
          f" win share {match['wins']:g} of {match['games']},"
          f" exact 95% interval [{match['low']:.3f}, {match['high']:.3f}]")

# %% [markdown]
# Two decisions deep against the random player: 200 of 200, and the exact
# interval $[0.982, 1]$ leaves no doubt. Against the greedy bot it wins 6
# games, shares 32 (both players reach 6 tourists at the same action, when the
# boat drops tourists on a tile next to both) and loses 162: a win share of 22
# of 200, $[0.070, 0.162]$, far below an even match even if every shared game
# counted as a win (38 of 200). So the horizon effect of lesson 5 does cost
# games. The whole-turn search wins 69 of 100 against the greedy bot,
# $[0.590, 0.779]$: better than even, and by a margin 100 games can show (even
# counting its 2 shared games as losses). The handful of games above pointed
# the same way, but only the larger sample shows it.
#
# Three intervals at 95% each: the chance that at least one misses its true
# rate is up to $1 - 0.95^3 \approx 0.14$. At $0.05/3$ each (Bonferroni), the
# three conclusions still stand: the exact 98.3% interval for 69 of 100 is
# $[0.568, 0.796]$, for 22 of 200 $[0.063, 0.174]$.
#
# ## Exercises
#
# 1. Knuth's estimator is unbiased. Why is the mean of 40 estimates then a poor
#    summary here? Leave out the largest estimate: what is $\log_{10}$ of the
#    mean of the other 39?
# 2. Run the depth table from `positions[83]` instead (`count_positions(positions[83], [4])`).
#    Does pruning save more or less? Why?
# 3. With perfect move ordering alpha-beta visits about $b^{d/2}$ positions
#    instead of $b^d$. With $b = 7$ and $d = 4$, how many is that for each?
# 4. Why would the tournament be pointless on the standard layout with
#    `dam_lead="choose"`?
#
# <details><summary>Show the answers</summary>
#
# 1. The estimates are spread over many orders of magnitude, so the mean is
#    decided by the rare huge one (here 99.4% of the sum). Without it the
#    mean of the other 39 is about $10^{103.6}$, more than two orders of
#    magnitude lower than $10^{105.8}$: one walk moves the mean by a factor
#    of 160. The median of the logarithm (93.7) describes a typical walk and
#    hardly moves when one walk is left out; the mean of the logarithm (94.0)
#    underestimates the logarithm of the mean (Jensen's inequality), but it
#    too is stable from one set of walks to the next.
# 2. Nothing at all: at `positions[83]` P2 starts its turn, and the next four
#    decisions are all its own. Without a Min node there is nothing to cut:
#    minimax and alpha-beta both visit 1305 positions at depth 4.
# 3. $7^4 = 2401$ for minimax, $7^2 = 49$ for perfectly ordered alpha-beta.
# 4. Then there is no chance at all and every bot here but the random one is
#    deterministic: two such bots can play only two different games, one per
#    seating, and more games would repeat them.
#
# </details>
#
# The cell below checks the numbers in these answers against the code (it
# prints only whether they agree).

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.lessons import check_answers

other = count_positions(positions[83], [4])
verdict = check_answers("amsterdam/05b_search_size_and_bots", {
    "1": round(math.log10((sum(estimates) - max(estimates)) / 39), 1),
    "1 (factor)": round(mean / ((sum(estimates) - max(estimates)) / 39), -1),
    "1 (logs)": (round(float(np.median(logs)), 1), round(float(logs.mean()), 1)),
    "2": (other["minimax"][0], other["alpha-beta"][0]),
    "3": (7**4, 7**2),
})
