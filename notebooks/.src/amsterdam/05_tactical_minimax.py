# %% [markdown]
# # Hotel Amsterdam 5: the tactical variant, minimax and alpha-beta
#
# [Start here](../00_start_here.ipynb) · previous: [4. Tourist flows](04_tourist_flows.ipynb)
#
# The rulebook ends with a *tactical variant* for players who want less luck:
# no dice. The player moves the boat 1, 2, 3 or 4 tiles, and divides at most 4
# steps between the Mayor and the Nightwatchman (at most 3 each); a tile with
# four tourists can no longer be turned. With the standard tile layout both
# players see everything, and only one thing is left to chance: a tourist led
# from the Dam still goes to a random tile. It is a finite game of **perfect
# information**, the home ground of **minimax** (with a little expectimax for
# the Dam, as we will see). With the game option `dam_lead="choose"` the player
# chooses that tile too, and the tactical variant on the standard layout has no
# chance node at all: a true perfect-information game.
#
# **Learning goals.** After this lesson you can
#
# * describe a game as a **game tree** and estimate its size;
# * compute **minimax** values and explain **alpha-beta pruning**, and count
#   the positions each visits;
# * explain **depth-limited** search with an evaluation function, its horizon,
#   and why a search that counts **whole turns** sees further;
# * run a small seeded **tournament** between minimax bots, a greedy bot and a
#   random one, and read its confidence intervals;
# * say what changes when chance comes back: **expectimax** and Monte Carlo tree search.

# %% [markdown]
# ## No chance, only decisions
#
# A turn in the tactical variant is a sequence of small decisions: move the boat,
# (place a hotel in the first two turns), split the steps, walk the Mayor, walk
# the Nightwatchman, then let each pawn turn a tile, lead a tourist from the Dam
# or do nothing. The only chance nodes left are the random tiles of tourists
# led from the Dam: two in this random game of 147 actions. With
# `dam_lead="choose"` the same random players meet none at all.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.rules import new_game
from hoteledu.core import CHANCE, RandomAgent, play

state = new_game(players=2, variant="tactical")
print("first decision:", state.phase, "->", [str(a) for a in state.legal_actions()])
record = play(state, [RandomAgent(1), RandomAgent(2)], seed=0)
positions = [record.replay(k) for k in range(len(record.actions) + 1)]
print("actions in a random game:", len(record.actions), "| chance nodes met:",
      sum(p.current_player() == CHANCE for p in positions))
chosen = play(new_game(players=2, variant="tactical", dam_lead="choose"), [RandomAgent(1), RandomAgent(2)], seed=0)
print('with dam_lead="choose": actions', len(chosen.actions), "| chance nodes met:",
      sum(chosen.replay(k).current_player() == CHANCE for k in range(len(chosen.actions) + 1)))
after_boat = positions[0].clone()
after_boat.apply_action(after_boat.legal_actions()[0])
after_boat.apply_action(after_boat.legal_actions()[0])  # a hotel
print("ways to split the steps:", len(after_boat.legal_actions()), "->", ", ".join(
    f"{a.mayor}+{a.nightwatchman}" for a in after_boat.legal_actions()))

# %% [markdown]
# ## How big is the game tree?
#
# The **game tree** has the starting position at its root; each legal action
# leads to a child, and finished games are the leaves. Counting its leaves
# directly is hopeless, but Knuth (1975) gave a neat **unbiased estimator**: walk
# from the root choosing each action uniformly at random, and multiply the
# numbers of choices met on the way, $\hat N = b_1 b_2 \cdots b_L$. A random agent
# does exactly that walk, so each random game gives one estimate. (The estimator
# is unbiased but wild: average many and look at the logarithm.)

# %%
# NBVAL_CHECK_OUTPUT
import math

import numpy as np

from hoteledu.amsterdam.analysis import play_games

estimates = []
for game in play_games(40, seed=5, variant="tactical"):
    product, position = 1, game.initial_state()
    for action in game.actions:
        product *= len(position.legal_actions())
        position.apply_action(action)
    estimates.append(product)
logs = [math.log10(n) for n in estimates]
print(f"log10 of the estimate: from {min(logs):.0f} to {max(logs):.0f} over 40 random games")
print(f"log10 of their mean: {math.log10(sum(estimates) / len(estimates)):.0f}")
print("mean branching factor of one game:", round(float(np.mean([len(p.legal_actions()) for p in positions[:-1]])), 1))

# %% [markdown]
# Something like $10^{100}$ or more leaves: we will never search the whole tree.
# But we can search a few decisions deep.
#
# ## Minimax on a tiny tree
#
# Two players, Max and Min, alternate; the leaves carry Max's payoff. The
# **minimax value** of a position is
#
# $$V(s) = \begin{cases} \text{payoff}(s) & s \text{ a leaf,} \\ \max_{a} V(s a) & \text{Max to move,} \\ \min_a V(s a) & \text{Min to move.}\end{cases}$$
#
# It is what Max can guarantee against any Min, and what Min can hold Max to.
# **Alpha-beta** computes the same value but skips branches that cannot matter:
# $\alpha$ is the best Max is already sure of, $\beta$ the best Min is already
# sure of; once $\alpha \ge \beta$ the rest of a node's children are not looked at.
# Here Max chooses among three moves, then Min among three replies.

# %%
# NBVAL_CHECK_OUTPUT
tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # Max picks a row, Min picks an entry


def minimax_tree(node, maximise, seen):
    if isinstance(node, int):
        seen.append(node)
        return node
    values = [minimax_tree(child, not maximise, seen) for child in node]
    return max(values) if maximise else min(values)


def alphabeta_tree(node, maximise, alpha, beta, seen):
    if isinstance(node, int):
        seen.append(node)
        return node
    best = -math.inf if maximise else math.inf
    for child in node:
        value = alphabeta_tree(child, not maximise, alpha, beta, seen)
        if maximise:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break  # the player above will never let the game come here
    return best


seen_mm, seen_ab = [], []
print("minimax value:", minimax_tree(tree, True, seen_mm), "| leaves looked at:", seen_mm)
print("alpha-beta value:", alphabeta_tree(tree, True, -math.inf, math.inf, seen_ab), "| leaves looked at:", seen_ab)

# %% [markdown]
# After the first row Max is sure of 3. In the second row Min's first reply is
# 2 < 3: whatever the other entries are, Min will hold Max to at most 2 there,
# so Max will not choose that row, and 4 and 6 are never looked at.
#
# ## The same on a real position
#
# Take a position from the random game above: player 0's Nightwatchman is about
# to act, and then player 1 moves. The functions below are the same as for the
# tiny tree, with `state.legal_actions()` as the children and
# `hoteledu.amsterdam.bots.evaluate` at the leaves: a **depth-limited**
# search stops after `depth` decisions and scores the position by the player's
# score minus the opponent's (plus 1000 for a won game). At the rare chance
# node (a tourist led from the Dam) the value is the exact average over the
# outcomes, as in the last section of this lesson.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.bots import GreedyAgent, MinimaxAgent, evaluate

position = positions[82]
me = position.current_player()
print(position.summary(), "| scores:", position.scores(), "| legal actions:", len(position.legal_actions()))


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
        return expectation(s, lambda c: alphabeta(c, me, depth - 1, -math.inf, math.inf, counter, ordered))
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


print("depth  value  minimax  alpha-beta  alpha-beta ordered  (positions visited)")
for depth in range(1, 6):
    counts = [[0], [0], [0]]
    values = (
        minimax(position, me, depth, counts[0]),
        alphabeta(position, me, depth, -math.inf, math.inf, counts[1]),
        alphabeta(position, me, depth, -math.inf, math.inf, counts[2], ordered=True),
    )
    assert len(set(values)) == 1, "alpha-beta must not change the value"
    print(f"{depth:>5}  {values[0]:>5.0f}  {counts[0][0]:>7}  {counts[1][0]:>10}  {counts[2][0]:>18}")

# %% [markdown]
# The three searches agree on the value at every depth: pruning never changes
# the answer, it only saves work, here a factor of about 3 at depth 5. With perfect
# move ordering alpha-beta visits roughly $b^{d/2}$ instead of $b^d$ positions.
# Here ordering by the evaluation barely helps, because most moves look equal to
# the evaluation (no score changes until a tile turns or the boat stops), and
# because most plies in a row belong to the *same* player: alpha-beta can only
# cut where Max and Min alternate.
#
# **The horizon.** A search of `depth` decisions stops wherever the last of
# them falls, most often in the middle of a turn: a depth-5 search from the
# start of a turn does not even reach the end of the turn (boat, split, two
# walks, two acts). The evaluation then scores a position in which a pawn has
# walked next to a tile but not turned it yet, and it cannot see the tourists
# that the opponent's boat will drop next turn. This is the **horizon effect**:
# what lies just beyond the depth is invisible, so a plan that pays off (or is
# punished) one decision later looks no different from doing nothing. Deeper
# is better, but costs about a factor $b$ per ply.
#
# ## A small seeded tournament
#
# `hoteledu.core.tournament.tournament` plays seeded games, rotating the seats,
# and reports win rates with 95% Wilson intervals. The bots of
# `hoteledu.amsterdam.bots`:
#
# * `RandomAgent`: a uniformly random legal action;
# * `GreedyAgent`: looks to the end of its own turn and takes the best immediate gain;
# * `MinimaxAgent(depth=d)`: alpha-beta `d` decisions deep, as above, with the
#   library's evaluation `evaluate_position` (the score difference, plus what
#   the player to move next can grab at once: the boat's next stop and the
#   tiles its pawns can reach);
# * `MinimaxAgent(turns=1)`, the default, in the next section.
#
# The search bots and the greedy bot are deterministic. With the standard
# layout the only chance left is the rare tourist led from the Dam, so their
# games would differ only where one is led; with `dam_lead="choose"` there
# would be just two games, one per seating, and more games would repeat them.
# So we play on **shuffled
# layouts** (`layout="shuffled"`: the setup deals the 24 tiles from the seed),
# a new city in every game, and to 8 points (`target=8`) to keep the lesson
# short.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.core.tournament import tournament

options = {"variant": "tactical", "layout": "shuffled", "target": 8}
result = tournament("amsterdam", [MinimaxAgent(depth=2), RandomAgent()], games=6, seed=1, options=options, progress=False)
print(result.table())
for bot in (MinimaxAgent(depth=2), MinimaxAgent(depth=3)):
    result = tournament("amsterdam", [bot, GreedyAgent()], games=4, seed=1, options=options, progress=False)
    print(f"{bot.name} against greedy: win rate {result.win_rate(0)}, scores {result.returns}")

# %% [markdown]
# Minimax beats the random player in all 6 games, but a search in plies
# loses to the greedy bot: at depth 2 it wins none of the 4 games, at depth 3
# one (four games are few: look at the width of the intervals). Deeper helps
# a little, at several times the cost. The greedy bot plans its whole turn,
# while two or three decisions end in the middle of one: the horizon effect
# at work. A search is only as good as its depth and its evaluation.
#
# ## Thinking in whole turns
#
# The fix is to count the search in **turns**, not decisions. `turn_ends(state)`
# lists every distinct position in which the current player's turn can end,
# with the decisions that lead there (a split and two walks that leave the
# pawns on the same two intersections count once). `MinimaxAgent(turns=1)`
# values each end with `evaluate_position`, so every plan is judged only once
# its tiles are turned and its tourists chased, and plays the best turn
# decision by decision. Here is player 1's turn at `positions[83]`, searched
# with the plain score difference `evaluate` and with `evaluate_position`:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.bots import evaluate_position, pruning_savings, turn_ends

start = positions[83]
print(start.summary(), "| scores:", start.scores())
print("distinct ends of this turn:", len(list(turn_ends(start))))
for evaluation in (evaluate, evaluate_position):
    bot = MinimaxAgent(turns=1, evaluation=evaluation)
    turn, value = bot.search_turn(start, 1)
    end = start.clone()
    for action in turn:
        end.apply_action(action)
    print(f"{evaluation.__name__}: value {value:.1f}, {bot.nodes} positions made, scores after the turn",
          end.scores(), f"| evaluate_position there: {evaluate_position(end, 1):.1f}")
    print("   ", "; ".join(map(str, turn)))

# %% [markdown]
# Both searches look at the same 2738 ends (5932 positions made on the way,
# a fraction of a second). With the plain score difference the best turn ends
# 1 point ahead (3 to 2). `evaluate_position` also counts what player 0, who
# moves next, can grab at once with the boat and the pawns: it values that
# turn at $1 - 0.7 \times 3 = -1.1$, because player 0's pawns can then chase
# 3 of player 1's tourists. It prefers a turn that ends level (4 to 4) with
# nothing for player 0 to grab (value 0.0). Which one judged better?
# Exercise 5 plays player 0's reply.
#
# In a tournament we let it try only the most promising hotel site in each of
# the two hotel-building turns (`hotel_sites=1`; the default tries 4, which
# is slower): the rest of each turn is searched in full.

# %%
# NBVAL_CHECK_OUTPUT
bot = MinimaxAgent(turns=1, hotel_sites=1)
result = tournament("amsterdam", [bot, GreedyAgent()], games=4, seed=1, options=options, progress=False)
print(f"{bot.name} against greedy: win rate {result.win_rate(0)}, scores {result.returns}")

# %% [markdown]
# Thinking in whole turns wins all 4 games against the greedy bot: even from
# four games the interval says it wins more than half. (The round robin of
# `benchmarks/tournament_amsterdam.py`, with more games and the default
# hotel sites, tells the same story: see the Bots section of
# `docs/amsterdam.md`.)
#
# ## Two turns: the reply, and what alpha-beta saves
#
# `MinimaxAgent(turns=2)` is minimax over turns: for each of its own turns it
# tries every reply of the opponent, to the end of the opponent's turn, and
# assumes the reply that is worst for it. Counted in turns, the levels of the
# tree alternate between Max and Min, so alpha-beta can cut. Once the first
# own turn is searched, Max is sure of its value; for each further own turn
# the replies come best-for-the-opponent first, and the first reply that
# holds Max to that value or less ends the search of that turn: Max will not
# choose it anyway.
# `pruning_savings(state, player, turns=2)` runs the same search without and
# with pruning. (To keep it to seconds, only the 8 best-looking own turns are
# searched further, `width=8`; the replies all.)

# %%
# NBVAL_CHECK_OUTPUT
for k in (83, 82):
    s = positions[k]
    saved = pruning_savings(s, s.current_player(), turns=2)
    print(f"positions[{k}] ({s.phase}, player {s.current_player()}):",
          f"minimax {saved['minimax_nodes']} positions, alpha-beta {saved['alphabeta_nodes']}",
          f"({saved['alphabeta_nodes'] / saved['minimax_nodes']:.0%});",
          f"values {saved['minimax_value']:.1f} and {saved['alphabeta_value']:.1f};",
          f"first moves: {saved['minimax_action']} / {saved['alphabeta_action']}")

# %% [markdown]
# Same value, same first move, and far fewer positions: at the start of
# player 1's turn alpha-beta makes 30% of the positions plain minimax makes.
# At `positions[82]` player 0 has only the Nightwatchman's act left, 3 ways to
# end its turn, so only 2 own turns can be cut short and it saves less (68%).
# Compare exercise 3: counted in plies, `positions[83]` saves nothing, because
# the next decisions all belong to player 1; counted in turns, every level
# belongs to the other player. Even so, `turns=2` takes about a second for one
# move here and much longer in busy positions, too slow to play whole games
# in Python: the bot that plays is `turns=1`, whose evaluation stands in for
# the reply.
#
# ## When chance comes back: expectimax and MCTS
#
# In the family game the dice are **chance nodes**. Neither player chooses the
# roll, so a chance node's value is not a max or a min but an **expectation**:
#
# $$V(s) = \sum_{o} P(o)\, V(s o) \quad \text{at a chance node } s.$$
#
# This is **expectimax** (`MinimaxAgent` does it when it meets chance). Here is
# the exact value of the next roll, one ply deep, beside the pessimistic
# "minimax over the dice" (assume the worst roll), from a position of a seeded
# dice game between two greedy bots: player 1 is about to roll.

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

dice_record = play(new_game(players=2), [GreedyAgent(), GreedyAgent()], seed=3)
rolls = [k for k, a in enumerate(dice_record.actions) if type(a).__name__ == "RollDice"]
before_roll = dice_record.replay(rolls[7])  # the eighth roll of the game
mover = before_roll.player
values = {}
for outcome, probability in before_roll.chance_outcomes():
    child = before_roll.clone()
    child.apply_action(outcome)
    values[(outcome.white, outcome.black)] = (probability, int(evaluate(child, mover)))
expected_value = sum(p * Fraction(v) for p, v in values.values())
print(f"player {mover} to roll; scores {before_roll.scores()}; evaluation now {evaluate(before_roll, mover):.0f}")
print("evaluation after each roll (white, black):", {k: v for k, (_, v) in values.items()})
print(f"expectimax (exact): {expected_value} = {float(expected_value):.3f} | worst roll: {min(v for _, v in values.values())}")

# %% [markdown]
# With many chance outcomes and long games, even expectimax runs out of time.
# **Monte Carlo tree search** (`hoteledu.core.mcts.MCTSAgent`) instead plays
# many random games from the position, and grows a tree towards the moves that
# win most often (UCT), sampling the dice as it goes. Try it in the exercises.
#
# ## Exercises
#
# 1. In the tiny tree, reorder the rows so that alpha-beta looks at as few
#    leaves as possible. How many does it need?
# 2. Why can alpha-beta never return a different value from minimax?
# 3. Run the depth table above from `positions[83]` instead. Does pruning save
#    more or less? Why?
# 4. Play `MCTSAgent(iterations=100, seed=1)` against `RandomAgent()` in the
#    tactical variant, with the tournament's `options` above, in 4 games. How
#    does it do?
# 5. At `positions[83]` the plain score difference chose a turn that ends
#    3 to 2, `evaluate_position` one that ends 4 to 4. Play each turn, then
#    player 0's best reply by the score at the end of its turn,
#    `MinimaxAgent(turns=1, evaluation=evaluate).search_turn(s, 0)`. How do
#    the scores stand after the reply? Which evaluation judged better?
#
# <details><summary>Show the answer</summary>
#
# 1. Put the row whose minimum is largest first (it already is: $[3, 12, 8]$),
#    and in every other row put a small entry first: e.g. $[[3, 12, 8], [2, 4, 6], [2, 5, 14]]$
#    needs 5 leaves: the whole first row, then one leaf in each other row,
#    against 9 for minimax.
# 2. A branch is cut only when its value cannot lie between $\alpha$ and $\beta$,
#    so a player above would never choose it; every value that can reach the
#    root is still computed exactly.
# 3. Nothing at all: at `positions[83]` player 1 starts its turn, and the next
#    four decisions are all its own. Without a Min node there is nothing to cut:
#    minimax and alpha-beta both visit 1305 positions at depth 4. Counted in
#    whole turns, the same position is where alpha-beta saved most (30% of the
#    positions): there every level of the tree belongs to the other player.
# 4. `from hoteledu.core.mcts import MCTSAgent`, then
#    `tournament("amsterdam", [MCTSAgent(iterations=100, seed=1), RandomAgent()], games=4, seed=2, options=options)`
#    (some seconds). It should win clearly. MCTS needs no evaluation function
#    at all: random games to the end are its evaluation.
# 5. After the plain turn (3 to 2) player 0's Mayor and Nightwatchman chase
#    player 1's tourists away, and player 1 ends 2 points behind (0 to 2).
#    After `evaluate_position`'s turn (4 to 4) the best reply leaves the game
#    level (1 to 1). The 1 point ahead was a trap; `evaluate_position` saw the
#    reply coming (that is what its boat and pawn terms are for), and
#    `turns=2`, which plays the replies, chose the same first move, "move the
#    boat 2", with the same value 0.0.
#
# </details>

# %% [markdown]
# ## The numbers in the answers, checked

# %%
# NBVAL_CHECK_OUTPUT
best_order = [[3, 12, 8], [2, 4, 6], [2, 5, 14]]
seen = []
print("1: value", alphabeta_tree(best_order, True, -math.inf, math.inf, seen), "after leaves", seen)
other = positions[83]
counts = [[0], [0]]
minimax(other, other.current_player(), 4, counts[0])
alphabeta(other, other.current_player(), 4, -math.inf, math.inf, counts[1])
print(f"3: positions[83] ({other.phase}), depth 4: minimax {counts[0][0]}, alpha-beta {counts[1][0]}")
for evaluation in (evaluate, evaluate_position):
    s = start.clone()
    for action in MinimaxAgent(turns=1, evaluation=evaluation).search_turn(s, 1)[0]:
        s.apply_action(action)
    after_turn = s.scores()
    for action in MinimaxAgent(turns=1, evaluation=evaluate).search_turn(s, 0)[0]:
        s.apply_action(action)
    print(f"5: {evaluation.__name__}: scores {after_turn} after player 1's turn, {s.scores()} after the reply;",
          f"player 1 {s.scores()[1] - s.scores()[0]:+d}")
