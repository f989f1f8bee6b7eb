# %% [markdown]
# # Hotel Amsterdam 5: the tactical variant, minimax and alpha-beta
#
# [Start here](../00_start_here.ipynb) · previous: [4. Tourist flows](04_tourist_flows.ipynb) ·
# next: [5b. How big is the search, and which bot wins](05b_search_size_and_bots.ipynb)
#
# **Level:** intermediate · **Prerequisites:** lesson 1 (the rules), recursion in
# Python, expected value · **Time:** about 40 minutes
#
# The rulebook ends with a *tactical variant* for players who want less luck:
# no dice. The player moves the boat 1, 2, 3 or 4 tiles, and divides at most 4
# steps between the Mayor and the Nightwatchman (at most 3 each); a tile with
# four tourists can no longer be turned. With the standard tile layout both
# players see everything, and only one thing is left to chance: a tourist led
# from the Dam still goes to a random tile. With the game option
# `dam_lead="choose"` the player chooses that tile too, and the tactical
# variant is a finite game of **perfect information** with no chance at all,
# the home ground of **minimax**.
#
# **Learning goals.** After this lesson you can
#
# * describe a game as a **game tree** of decisions;
# * compute **minimax** values by hand and by a short recursive function;
# * explain **alpha-beta pruning** on a drawn tree: the window $(\alpha, \beta)$
#   and why a cut-off never changes the value;
# * **solve a small position exactly**, with and without pruning, and count
#   the positions each search visits;
# * explain the **horizon effect** of a depth-limited search, and why a
#   search that counts **whole turns** sees further;
# * say what changes when chance comes back: **expectimax**.
#
# The sequel, [lesson 5b](05b_search_size_and_bots.ipynb), measures how big the
# search gets and lets the bots play a small tournament.
#
# Players are P1 and P2 in the text; the engine numbers them 0 and 1.

# %% [markdown]
# ## No chance, only decisions
#
# A turn in the tactical variant is a sequence of small decisions: move the boat,
# (place a hotel in the first two turns), split the steps, walk the Mayor, walk
# the Nightwatchman, then let each pawn turn a tile, lead a tourist from the Dam
# or do nothing. In this seeded game between two random players the only chance
# nodes are the random tiles of tourists led from the Dam; with
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
chosen = play(new_game(players=2, variant="tactical", dam_lead="choose"),
              [RandomAgent(1), RandomAgent(2)], seed=0)
print('with dam_lead="choose": actions', len(chosen.actions), "| chance nodes met:",
      sum(chosen.replay(k).current_player() == CHANCE for k in range(len(chosen.actions) + 1)))
print("how it ended:", chosen.replay(len(chosen.actions)).end_reason())
after_boat = positions[0].clone()
after_boat.apply_action(after_boat.legal_actions()[0])
after_boat.apply_action(after_boat.legal_actions()[0])  # a hotel
print("ways to split the steps:", len(after_boat.legal_actions()), "->", ", ".join(
    f"{a.mayor}+{a.nightwatchman}" for a in after_boat.legal_actions()))

# %% [markdown]
# The **game tree** has the starting position at its root; each legal action
# leads to a child, and finished games are the leaves. It is far too big to
# draw (lesson 5b estimates its size), so we start with a tiny one.
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
# Here Max chooses among three moves (rows), then Min among three replies.

# %%
# NBVAL_CHECK_OUTPUT
import math

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
print("alpha-beta value:", alphabeta_tree(tree, True, -math.inf, math.inf, seen_ab),
      "| leaves looked at:", seen_ab)

# %% [markdown]
# After the first row Max is sure of 3 ($\alpha = 3$). In the second row Min's
# first reply is 2: whatever the other entries are, Min will hold Max to at most
# 2 there ($\beta = 2 \le \alpha$), so Max will not choose that row, and 4 and
# 6 are never looked at. In the third row the 2 comes last, so all three
# entries are needed. The figure draws the same search: each Max node
# (triangle up) and Min node (triangle down) with its value and the window it
# was left with; the grey dotted branches are the ones alpha-beta cut off.
# `alphabeta_trace` is the same search as `alphabeta_tree`, recording every node.

# %%
from hoteledu.amsterdam.analysis.search import alphabeta_trace
from hoteledu.amsterdam.figures.search import game_tree_figure

game_tree_figure(alphabeta_trace(tree), title="Alpha-beta on the tiny tree: 7 of 9 leaves looked at")

# %% [markdown]
# ## Solving a small position exactly
#
# On a real position we use the same two functions, with `state.legal_actions()`
# as the children. Near the end of the game the tree is small enough to search
# **to the very end**, with no evaluation function at all: the payoff at a leaf
# is the final score difference, P1's score minus P2's. Take the game with
# `dam_lead="choose"` above, 139 actions in: P1's Nightwatchman is about to act
# (turn a tile or do nothing), and then P2 plays the last turn of the game, the
# one that empties the supply.

# %%
# NBVAL_CHECK_OUTPUT
small = chosen.replay(139)
me = small.current_player()
print(small.summary(), "| scores:", small.scores(), "| supply:", small.supply)
print("P1's choices:", [str(a) for a in small.legal_actions()])


def margin(s, me):
    # The payoff: my score minus my opponent's.
    return s.score(me) - s.score(1 - me)


def children(s):
    for action in s.legal_actions():
        child = s.clone()
        child.apply_action(action)
        yield child


def minimax(s, me, depth, counter, value=margin):
    counter[0] += 1
    if depth == 0 or s.is_terminal():
        return value(s, me)
    values = [minimax(c, me, depth - 1, counter, value) for c in children(s)]
    return max(values) if s.current_player() == me else min(values)


def alphabeta(s, me, depth, alpha, beta, counter, value=margin):
    counter[0] += 1
    if depth == 0 or s.is_terminal():
        return value(s, me)
    maximise = s.current_player() == me
    best = -math.inf if maximise else math.inf
    for c in children(s):
        v = alphabeta(c, me, depth - 1, alpha, beta, counter, value)
        if maximise:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


full, pruned = [0], [0]
exact = minimax(small, me, math.inf, full)
print(f"full minimax: value {exact}, {full[0]} positions visited")
print(f"alpha-beta:   value {alphabeta(small, me, math.inf, -math.inf, math.inf, pruned)}, "
      f"{pruned[0]} positions visited ({pruned[0] / full[0]:.0%})")
for action, child in zip(small.legal_actions(), children(small), strict=True):
    count = [0]
    print(f"  after '{action}': value {minimax(child, me, math.inf, count)}, {count[0]} positions")

# %% [markdown]
# P1 leads 5 to 4, but with best play by P2 the game ends level: the exact
# value is 0 whichever P1 chooses. Plain minimax visits all 10579 positions of
# the tree (the root, 5025 positions below the first choice and 5553 below the
# second). Alpha-beta visits 5071: once the first choice is known to be worth 0,
# the first reply of P2 that holds P1 to 0 or less ends the search of the second
# choice. The value is the same, as it must be.
#
# A check by a different program: the library's `MinimaxAgent` (a separate
# implementation, with its own move ordering) searched to the end with the
# same payoff. `pruning_savings` runs it without and with alpha-beta; it does
# not count the root.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.search import pruning_savings

library = pruning_savings(small, me, depth=20, evaluation=margin)
print("library: values", library["minimax_value"], "and", library["alphabeta_value"],
      "| positions", library["minimax_nodes"], "and", library["alphabeta_nodes"])

# %% [markdown]
# ## The horizon effect
#
# Most positions are far from the end, so a real search stops after `depth`
# decisions and scores the position it reached with an **evaluation
# function** (here simply the score difference now). What lies beyond the
# depth is invisible: the **horizon effect**. Watch the value of the small
# position as the depth grows:

# %%
# NBVAL_CHECK_OUTPUT
for depth in range(1, 9):
    count = [0]
    print(f"depth {depth}: value {minimax(small, me, depth, count):>2}, {count[0]:>5} positions")


def best_line(s, me, depth):
    # The principal variation: each player's best decision in turn, and the scores after it.
    line = []
    while depth > 0 and not s.is_terminal():
        options = []
        for action, child in zip(s.legal_actions(), children(s), strict=True):
            options.append((minimax(child, me, depth - 1, [0]), str(action), child))
        pick = max if s.current_player() == me else min
        value, action, s = pick(options, key=lambda option: option[0])
        line.append(f"{action} {s.scores()}")
        depth -= 1
    return line


print("best line seen at depth 6:", "; ".join(best_line(small, me, 6)))
print("best line to the end:     ", "; ".join(best_line(small, me, math.inf)))

# %% [markdown]
# Up to depth 6 the search says P1 stays 1 ahead: within six decisions P2
# cannot change the score, so its best line at depth 6 looks no better than
# doing nothing. P2's way to draw level takes seven decisions: after P1's
# Nightwatchman, move the boat 1, give both steps to the Nightwatchman, walk it
# to the Dam corner (3,3), let the Mayor do nothing, lead a tourist from the Dam
# and put it on tile (1,4), next to P2's hotel: 5 to 5. At depth 7 the search
# sees the last of these decisions and the value drops to the exact 0 (at
# depth 8 it has searched the whole tree). A plan that pays off, or is
# punished, one decision beyond the depth looks no different from doing
# nothing.
#
# A search in decisions stops wherever the last one falls, most often in the
# middle of a turn: a depth-5 search from the start of a turn does not even
# reach its end (boat, split, two walks, two acts). Lesson 5b measures what
# that costs in games: searching two decisions deep, a bot takes a win share
# of only 22 of 200 games (95% interval 0.07 to 0.16) from a greedy bot that
# plans its own whole turn.
#
# ## Thinking in whole turns
#
# The fix is to count the search in **turns**, not decisions. `turn_ends(state)`
# lists every distinct position in which the current player's turn can end,
# with the decisions that lead there (a split and two walks that leave the
# pawns on the same two intersections count once). `MinimaxAgent(turns=1)`
# values each end with an evaluation, so every plan is judged only once its
# tiles are turned and its tourists chased. Two evaluations:
#
# * `evaluate`: the plain score difference;
# * `evaluate_position`: the score difference, plus what the player to move
#   *next* can grab at once (0.7 times the best next boat stop and 0.7 times
#   the tourists its pawns can chase from an opponent's tile within reach).
#
# Here is P2's turn at `positions[83]` of the random game, searched with both:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.bots import evaluate, evaluate_position
from hoteledu.amsterdam.search import MinimaxAgent, turn_ends

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
# Both searches look at the same 2738 ends (5932 positions made on the way).
# With the plain score difference the best turn ends 1 point ahead (3 to 2).
# `evaluate_position` also counts what P1, who moves next, can grab at once:
# it values that turn at $1 - 0.7 \times 3 = -1.1$, because P1's pawns can then
# chase 3 of P2's tourists. It prefers a turn that ends level (4 to 4) with
# nothing for P1 to grab (value 0.0). Which one judged better? Exercise 4 plays
# P1's reply.
#
# ## When chance comes back: expectimax
#
# In the family game the dice are **chance nodes**. Neither player chooses the
# roll, so a chance node's value is not a max or a min but an **expectation**:
#
# $$V(s) = \sum_{o} P(o)\, V(s o) \quad \text{at a chance node } s.$$
#
# This is **expectimax** (`MinimaxAgent` does it when it meets chance). Here is
# the exact value of the next roll, one ply deep, beside the pessimistic
# "minimax over the dice" (assume the worst roll), from a position of a seeded
# dice game between two greedy bots: P2 is about to roll.

# %%
# NBVAL_CHECK_OUTPUT
from fractions import Fraction

from hoteledu.amsterdam.bots import GreedyAgent

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
print(f"P{mover + 1} to roll; scores {before_roll.scores()}; evaluation now {evaluate(before_roll, mover):.0f}")
print("evaluation after each roll (white, black):", {k: v for k, (_, v) in values.items()})
print(f"expectimax (exact): {expected_value} = {float(expected_value):.3f} | "
      f"worst roll: {min(v for _, v in values.values())}")

# %% [markdown]
# The nine rolls are equally likely, so the expectation is the plain mean of
# the nine values: $8/9$. Planning for the worst roll (0) would be far too
# gloomy. With many chance outcomes and long games even expectimax runs out of
# time; **Monte Carlo tree search** (`hoteledu.core.mcts.MCTSAgent`) instead
# plays many random games from the position and grows its tree towards the
# moves that win most often, sampling the dice as it goes.
#
# ## Exercises
#
# 1. In the tiny tree, (a) reorder only the **rows** (keep each row's entries
#    in their order) so that alpha-beta looks at as few leaves as possible.
#    How many does it need? (b) Now you may also reorder the **entries within
#    each row**. How many leaves are needed now?
# 2. Why can alpha-beta never return a different value from minimax?
# 3. In the exactly solved position, let alpha-beta try P1's two choices in
#    the other order (do nothing first). How many positions does it visit?
#    Why is the difference so small?
# 4. At `positions[83]` the plain score difference chose a turn that ends
#    3 to 2, `evaluate_position` one that ends 4 to 4. Play each turn, then
#    P1's best reply by the score at the end of its turn,
#    `MinimaxAgent(turns=1, evaluation=evaluate).search_turn(s, 0)`. How do
#    the scores stand after the reply? Which evaluation judged better?
#
# <details><summary>Show the answers</summary>
#
# 1. (a) 7: the row with the largest minimum, $[3, 12, 8]$, must come first
#    (it already does), and then the row $[2, 4, 6]$ stops after its first
#    entry, but $[14, 5, 2]$ needs all three whatever the row order, because
#    its only entry below 3 comes last; $3 + 1 + 3 = 7$. (b) 5: put a small
#    entry first in every other row, e.g. $[[3, 12, 8], [2, 4, 6], [2, 5, 14]]$:
#    the whole first row (Min must see all of it to be sure of 3), then one
#    leaf in each other row, against 9 for minimax. No order does better.
# 2. A branch is cut only when its value cannot lie between $\alpha$ and $\beta$,
#    so a player above would never choose it; every value that can reach the
#    root is still computed exactly.
# 3. 5595 positions instead of 5071. The choice searched first is always
#    searched in full: 5553 positions below "do nothing" against 5025 below
#    "turns (1,1)". The second is cut short in both orders, after 41 positions
#    (45 in the original order), as soon as one of P2's replies holds P1 to 0.
#    Both choices are worth exactly 0, so neither order is better at cutting;
#    the difference is only the size of the subtree searched in full.
# 4. After the plain turn (3 to 2) P1's Mayor and Nightwatchman chase P2's
#    tourists away, and P2 ends 2 points behind (0 to 2). After
#    `evaluate_position`'s turn (4 to 4) the best reply leaves the game
#    level (1 to 1). The 1 point ahead was a trap; `evaluate_position` saw
#    the reply coming (that is what its boat and pawn terms are for).
#
# </details>
#
# The cell below checks the numbers in these answers against the code (it
# prints only whether they agree).

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from itertools import permutations, product

from hoteledu.amsterdam.analysis.search import leaves_looked_at
from hoteledu.lessons import check_answers

rows_only = min(leaves_looked_at(list(order)) for order in permutations(tree))
within = min(
    leaves_looked_at(list(order))
    for rows in product(*(list(permutations(row)) for row in tree))
    for order in permutations([list(r) for r in rows])
)
reversed_count = [0]
reversed_value = -math.inf
for child in reversed(list(children(small))):  # P1 is Max at the root: alpha-beta by hand
    reversed_value = max(reversed_value, alphabeta(child, me, math.inf, reversed_value, math.inf,
                                                   reversed_count))
reversed_count[0] += 1  # the root
replies = {}
for evaluation in (evaluate, evaluate_position):
    s = start.clone()
    for action in MinimaxAgent(turns=1, evaluation=evaluation).search_turn(s, 1)[0]:
        s.apply_action(action)
    after_turn = s.scores()
    for action in MinimaxAgent(turns=1, evaluation=evaluate).search_turn(s, 0)[0]:
        s.apply_action(action)
    replies[evaluation.__name__] = (after_turn, s.scores())
verdict = check_answers("amsterdam/05_tactical_minimax", {
    "1a": rows_only,
    "1b": within,
    "1b example": lambda order: leaves_looked_at(order) == within,
    "3": (reversed_count[0], reversed_value),
    "3 cut short": (reversed_count[0] - 1 - 5553, pruned[0] - 1 - 5025),
    "4 evaluate": replies["evaluate"],
    "4 evaluate_position": replies["evaluate_position"],
})
