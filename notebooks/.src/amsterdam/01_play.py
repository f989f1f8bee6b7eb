# %% [markdown]
# # Hotel Amsterdam 1: play
#
# [Start here](../00_start_here.ipynb) · next: [2. The city as a graph](02_city_graph.ipynb)
#
# **Level:** beginner · **Prerequisites:** [Start here](../00_start_here.ipynb);
# adding fractions · **Time:** about 25 minutes (a game against the bot takes
# about 15 of them)
#
# A canal tour boat goes round Amsterdam and drops tourists in the city. You
# build two hotels on street corners; every tourist on the four tiles around
# one of your hotels is a point. The Mayor and the Nightwatchman walk the
# streets and turn buildings over, from night to day and from day to night,
# and the tourists there move on. The game ends **as soon as** a player has
# **15 tourists** around their hotels with two players (**12** with three or
# four), and that player wins; if all 30 tourists have arrived first, the most
# tourists win.
#
# **Learning goals.** After this lesson you can
#
# * name the six phases of a turn and play a whole game against a bot;
# * read the board without hovering: the day and night sides of the tiles, the
#   two pawns, the hotels, the tourist counts, the boat, its quays and the
#   overlay of where the boat stops next;
# * predict where the boat stops next as exact fractions from the two dice, and
#   check the prediction in the app and with the engine;
# * say when the game ends, and ask the engine why a game ended
#   (`state.end_reason()`).

# %% [markdown]
# ## The board
#
# The board is a grid of $7 \times 7$ tiles. Around the edge runs the **canal**:
# 24 tiles, the four in the corners are **bends** (quays). The boat starts at
# the **jetty**, the middle tile of the bottom edge, and sails clockwise: first
# to the left along the bottom edge, then up the left edge. Inside the canal
# lie 24 **building tiles** and, in the very middle, the **Dam**. Each building
# tile has a day side (white symbol) and a night side (black symbol), each
# showing a function: by day a museum, mansion, market, church, park or
# gallery; by night a coffee shop, bar, theatre, nightclub, casino or jazz
# club. Each function is printed on four tiles.
#
# Hotels and pawns stand on **intersections**, the 36 points where four tiles
# meet. **Streets** join neighbouring intersections, and two more streets cross
# the Dam diagonally. The Mayor starts on the Dam's top-left corner, the
# Nightwatchman on its bottom-right corner, and four tourists start on the four
# building tiles diagonally next to the Dam.
#
# Positions, as the code and the app's buttons write them: a tile is
# (row, column), both 0 to 6 from the top left, so the Dam is tile (3, 3). An
# intersection is (i, j), both 1 to 6: the corner where the tiles
# (i-1, j-1), (i-1, j), (i, j-1) and (i, j) meet, so the Dam's corners are
# (3, 3), (3, 4), (4, 3) and (4, 4). The canal tiles are numbered 0 to 23
# clockwise from the jetty (0); the bends are 3 (bottom left), 9 (top left),
# 15 (top right) and 21 (bottom right).
#
# ## The rules in brief
#
# P1 starts, then P2, and so on. Each turn has six phases:
#
# 1. **Roll** the white Mayor die and the black Nightwatchman die (1, 2 or 3 each).
# 2. The **boat** moves clockwise by the sum of the dice (2 to 6 canal tiles).
#    On its way it picks up the tourists waiting on every bend it passes.
# 3. A new tourist gets off onto the building tile beside the boat, with any
#    tourists the boat picked up. A boat stopping in a bend leaves them all
#    waiting on that quay; tourists on a quay score nothing.
# 4. In your first two turns, **place a hotel** on any free intersection.
# 5. The **Mayor** walks exactly as many steps as the white die, then the
#    **Nightwatchman** exactly as many as the black die. A walk may go back on
#    itself; the two pawns never end on the same intersection.
# 6. The Mayor, then the Nightwatchman, may **turn** one tile around it: the
#    Mayor only a night tile, the Nightwatchman only a day tile. The tourists
#    on it move together to the tile that now shows the function they had,
#    the one with the fewest tourists (on a tie, the player whose turn it is
#    chooses), or to the Dam if there is none. A pawn on a corner of the Dam
#    may instead lead one tourist from the Dam to a random tile: the Mayor to
#    a day tile, the Nightwatchman to a night tile. The Dam never turns.
#
# **Scoring:** your points are the tourists on the building tiles and the Dam
# around your hotels; a tile next to both of your hotels counts once.
#
# **The end.** The game ends **as soon as** a player reaches the target (15
# tourists with two players, 12 with three or four), at that very action, even
# in the middle of another player's turn, and that player wins. This is the
# rulebook's "ends as soon as". If the supply runs out first (all 30 tourists
# have arrived), the player who dropped the last tourist finishes the turn,
# and the most tourists win; equal counts share the win. An older reading lets
# the turn finish after the target is reached; it is still there as the option
# `hoteledu.load_game("amsterdam", end_rule="end_of_turn")`. Either way
# `state.end_reason()` says in words why a game ended.
#
# Where the rulebook says nothing, hoteledu decides: the tile layout is fixed
# (the "standard" layout, so that seeded games repeat; `layout="shuffled"`
# deals it at random), a boat leaving a bend does not pick up the tourists
# waiting there (option `pickup_on_departure`), and the two Dam diagonals are
# streets (option `dam_diagonals`).
#
# ## Where will the boat stop?
#
# The boat moves by the sum of two three-sided dice. Out of the 9 equally
# likely rolls, 3 give a sum of 4: the boat most often moves 4 tiles.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.analysis import boat_step_distribution

for steps, probability in enumerate(boat_step_distribution()):
    if probability:
        print(f"the boat moves {steps} tiles with probability {probability}")

# %% [markdown]
# ## Reading the board (no hovering needed)
#
# Hovering over the board repeats everything in words, but nothing needs it:
#
# * **Tiles.** A light tile with dark writing shows its **day** side; a dark
#   tile with light writing shows its **night** side. The word on a tile is its
#   function. The Mayor turns only dark (night) tiles, the Nightwatchman only
#   light (day) ones. The beige tile in the middle marked **Dam** never turns.
# * **Canal.** The light-blue ring around the city; its four darker corners
#   are the bends. The **boat** is the brown triangle marked *boat*.
# * **Tourists.** An orange disc with a number on a tile: that many tourists
#   there (the disc grows with the number). An orange disc with a number on a
#   bend: tourists waiting on that quay.
# * **Streets and intersections.** Grey lines and grey dots; two grey lines
#   cross the Dam diagonally.
# * **Pawns.** The white disc with a black rim is the **Mayor**; the black disc
#   with a white rim is the **Nightwatchman**.
# * **Hotels.** Squares in the player's colour: P1 red, P2 blue, P3 green,
#   P4 yellow.
# * **Your choices.** Orange rings mark where you may click now.
# * **Where the boat stops next.** With the box *Show where the boat stops
#   next* ticked, orange discs on the canal carry a fraction: the exact chance
#   that the boat stops on that tile after the next roll. The bigger and darker
#   the disc, the likelier the stop; the fractions add up to 1.
# * **Above the board:** whose turn it is and what happens now (for example
#   *P1 red (you): roll the dice*), the scores (P1, P2, ... in their colours)
#   and the tourists left in the supply.
#
# ## Play
#
# You are P1 (red) against the greedy bot, P2 (blue), which picks the moves
# that give it the most tourists by the end of its turn. Press **Roll the
# dice**, then choose: click an intersection or a tile on the board (legal
# choices are ringed in orange), press one of the buttons, or pick from the
# list. A move the rules forbid is refused with the rule's words and changes
# nothing.
#
# The row at the top sets up a new game: 2 to 4 players, each a person or a
# bot (random, greedy, or MCTS with its strength in search iterations), the
# dice game or the tactical variant, and a seed. **Undo** goes back to your
# last decision; the **Replay** slider shows any earlier position; **Save**
# writes the game as JSON (copy it, or download it) and **Load** reads it back.
#
# Before your first roll, try exercise 1 below, then tick the box.

# %%
# The game autosaves in this browser after every move: after a page reload or a kernel
# restart, run this cell again (Voilà does it itself) and it comes back where it was.
from hoteledu.amsterdam.app import make_app

app = make_app(players=2, seats=("human", "greedy"), seed=2024)
app

# %% [markdown]
# ## How a game ends, in the engine
#
# Here the greedy bot (P1) plays a random bot (P2) with a seed, under the
# rulebook's end rule. The last action is a roll of the dice in P2's turn: the
# boat dropped a tourist next to P1's hotel, P1 reached 15, and the game ended
# right there, before P2 could walk or turn a tile.

# %%
# NBVAL_CHECK_OUTPUT
import hoteledu
from hoteledu.amsterdam.bots import GreedyAgent

game = hoteledu.load_game("amsterdam", players=2)  # end_rule="immediate", the rulebook's
record = hoteledu.play(game, [GreedyAgent(), hoteledu.RandomAgent(5)], seed=2)
print("actions:", len(record.actions), "  the last one:", record.actions[-1])
print("in the turn of:", f"P{game.player + 1}")
print("scores one action earlier (P1, P2):", record.replay(len(record.actions) - 1).scores())
print("scores at the end (P1, P2):", game.scores())
print(game.end_reason())

# %% [markdown]
# ## Exercises
#
# Predict first, on paper; then play to check.
#
# 1. **The first roll.** Before anyone rolls, on which canal tiles can the boat
#    stop, and with what chance each? What is the chance that P1's first new
#    tourist waits on a quay instead of entering the city? *Check:* in the app,
#    tick *Show where the boat stops next* before you press **Roll the dice**;
#    with the engine, `hoteledu.core.exact.enumerate_chance(state, lambda s: s.boat)`
#    on a new game follows all 9 rolls.
# 2. **Two turns ahead.** Still before anyone rolls: after P1 and P2 have each
#    rolled once, on which canal tiles can the boat be, which is the most
#    likely, and how likely is it? Is P2's first tourist more or less likely
#    than P1's to wait on a quay? *Check:* `boat_position_distribution(2,
#    exact=True)` from `hoteledu.amsterdam.analysis` gives the chance of each
#    canal tile after two rolls; in the app, watch the fractions move after
#    P1's roll.
# 3. **The other end rule.** Play the seeded game above again with
#    `hoteledu.load_game("amsterdam", players=2, end_rule="end_of_turn")`, same
#    bots, same seed. Predict: is the game longer? Does P1 still have 15
#    tourists at the end? Who wins? Then play it and read `end_reason()`.
#
# <details><summary>Show the answers</summary>
#
# 1. The boat moves 2 to 6 tiles from the jetty (tile 0), so it stops on canal
#    tile 2, 3, 4, 5 or 6 with chances 1/9, 2/9, 1/3, 2/9, 1/9 (1, 2, 3, 2, 1 of
#    the 9 rolls). Tile 3 is the bottom-left bend: with chance 2/9 P1's first
#    tourist waits on that quay, and with chance 7/9 it enters the city.
# 2. Two rolls are four dice, with sums from 4 to 12: the boat is on one of
#    the canal tiles 4 to 12. The most likely is tile 8, with chance 19/81
#    (19 of the 81 rolls of four dice add up to 8). The only bend in reach is
#    tile 9 (sum 9: 16 of the 81 rolls), so P2's first tourist waits on a quay
#    with chance 16/81, a little less than P1's 2/9 = 18/81.
# 3. Yes, 4 actions longer (107 instead of 103): P2 finishes its turn. Its
#    Mayor and Nightwatchman walk, then its Mayor turns the tile (4, 1) and the
#    tourists there leave P1's hotel. P1 ends the game with 11 tourists, below
#    the target, and P2 with 0: P1 still wins, with 11. `end_reason()` says
#    that a player reached 15 and the turn was finished
#    (`end_rule='end_of_turn'`). Under this reading a player can reach the
#    target and lose it again before the game ends; the rulebook's "as soon
#    as" stops the game at 15.
#
# </details>

# %% [markdown]
# ## The numbers in the answers, checked
#
# Run this after trying the exercises: it computes every number the answers
# state and prints only whether they agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from fractions import Fraction
from itertools import product

from hoteledu.amsterdam.analysis.boat import boat_position_distribution
from hoteledu.amsterdam.board import BENDS
from hoteledu.core.exact import enumerate_chance
from hoteledu.lessons import check_answers

first_roll = enumerate_chance(hoteledu.load_game("amsterdam", players=2), lambda s: s.boat)
first_on_quay = enumerate_chance(hoteledu.load_game("amsterdam", players=2), lambda s: sum(s.quays))
two_rolls = {tile: p for tile, p in enumerate(boat_position_distribution(2, exact=True)) if p}
four_dice = [sum(roll) for roll in product((1, 2, 3), repeat=4)]

other_rule = hoteledu.load_game("amsterdam", players=2, end_rule="end_of_turn")
other_record = hoteledu.play(other_rule, [GreedyAgent(), hoteledu.RandomAgent(5)], seed=2)
extra_actions = [str(a) for a in other_record.actions[len(record.actions):]]

answers = {
    "1, the stops": first_roll,
    "1, a bend": sorted(BENDS)[0],
    "1, on a quay": first_on_quay,
    "2, the tiles": sorted(two_rolls),
    "2, most likely": max(two_rolls, key=two_rolls.get),
    "2, its chance": (two_rolls[8], Fraction(four_dice.count(8), 81)),
    "2, on a quay": (sum(two_rolls.get(b, 0) for b in BENDS), four_dice.count(9)),
    "3, same start": other_record.actions[: len(record.actions)] == record.actions,
    "3, lengths": (len(record.actions), len(other_record.actions)),
    "3, P2's turn": (game.player, other_rule.player),
    "3, tile turned": [a for a in extra_actions if a.startswith("the Mayor turns")],
    "3, scores": other_rule.scores(),
    "3, winner": [f"P{p + 1}" for p in other_rule.winners()],
    "3, reason": lambda reason: other_rule.end_reason().startswith(reason),
}
verdict = check_answers("amsterdam/01_play", answers)  # prints one line: how many answers agree
