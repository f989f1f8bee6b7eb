# %% [markdown]
# # Grand Austria Hotel 1: play
#
# [Start here](../00_start_here.ipynb) · next: [2. Dice on the action board](02_dice_on_the_board.ipynb)
#
# **Level:** beginner · **Prerequisites:** [Start here](../00_start_here.ipynb);
# fractions and averages · **Time:** about 40 minutes (a game against the bot takes
# about 25 of them)
#
# It is 1900 in Vienna, and you run a café hotel. Guests arrive in your café with an
# order of strudel, cake, wine and coffee; once served, they move into a prepared
# room of their colour and pay you in victory points (VP). Everything you do comes
# from **dice** rolled onto a shared action board: the more dice show a number, the
# stronger that action, and each die you take weakens it for the next player.
#
# **Learning goals.** After this lesson you can
#
# * play a whole game of Grand Austria Hotel against a bot in the app: take guests,
#   take dice, serve, prepare rooms, check guests in, hire staff;
# * read the board: the action spaces and their dice, the guest row, each hotel board
#   with its rooms, café, kitchen, staff cards, emperor track and VP track;
# * predict before a roll how strong the actions will be (empty spaces, the strongest
#   space) and check the prediction on the board;
# * decide between taking a weak die and passing, with the exact strength after a
#   reroll that the app's hint shows.

# %% [markdown]
# ## The rules in brief
#
# The game lasts **7 rounds**. With 2 players **10 dice** are rolled each round (12
# with 3 players, 14 with 4), and sorted onto the six **action spaces** by the number
# they show:
#
# | space | action (its strength = the dice on the space) |
# |---|---|
# | 1 | take that many dishes: strudel or cake |
# | 2 | take that many drinks: wine or coffee |
# | 3 | prepare up to that many rooms (pay each room's floor cost) |
# | 4 | split the strength between the emperor track and krones (money) |
# | 5 | play a staff card from your hand, that many krones cheaper |
# | 6 | any one of the actions 1 to 5 (the wild space) |
#
# **A turn.** Players move in the order of their turn-order tiles (with 2 players
# the snake P-start, other, other, P-start). In your turn you may first **take a
# guest** from the guest row into your café (the five guests cost 3, 2, 1, 0, 0
# krones from the left; the café holds three). Then you **take one die** and carry out
# its action, or you **pass**. After the die you may take additional actions: **check
# in** a guest whose order is complete into a free prepared room of the guest's
# colour (green tourists take any colour), **serve** from your kitchen for a krone,
# **claim** a politics card whose condition you meet, **use** a once-a-round staff
# card; then you **end the turn**. If every player still to move passes, one die goes
# to the **dustbin** and the others are **rerolled**.
#
# **Points.** A checked-in guest pays its VP and a reward; finishing a group of rooms
# of one colour pays a bonus; politics cards pay VP; at the end of rounds 3, 5 and 7
# the **emperor** scores each player's place on the emperor track (too low costs a
# penalty). At the end, occupied rooms and some staff cards score, every guest still
# in the café costs 5 VP, and the most VP win.
#
# ## Reading the board
#
# * **Action spaces** (top): one square per space with its number of dice written in
#   it; a bigger square has more dice. A grey square is empty.
# * **Guest row**: the five guests on offer, their colour, order (S strudel, C cake,
#   W wine, K coffee), VP and cost.
# * **Each hotel board**: 20 rooms on 4 floors in their colours (an open square has
#   no tile yet, a pale square with *o* is prepared, a full square with ● is
#   occupied), the café guests with how much of their order is served, the kitchen,
#   the staff cards played and the hand, the emperor track (▼ marks the disc) and the
#   VP track (◆). Another seat's hand shows only how many cards it holds.
# * **Orange rings** show where you may click now.
#
# The numbers above are the engine's: this cell reads them from its rule data.

# %%
# NBVAL_CHECK_OUTPUT
import hoteledu
from hoteledu.grand_austria import hotel, rules
from hoteledu.grand_austria.dice import FACES

fresh = hoteledu.load_game("grand_austria", players=2)
print("rounds:", rules.ROUNDS, "| action spaces:", FACES, "| dice by number of players:", rules.DICE_PER_PLAYERS)
print("turn order tiles with 2 players (start player first):", rules.TURN_ORDER_TILES[2])
print("guest row:", rules.GUEST_SPACES, "guests costing", rules.QUEUE_COSTS, "krones | café places:", rules.CAFE_SIZE)
print("emperor scores at the end of rounds", tuple(rules.SCORING_ROUNDS),
      "| a guest left in the café costs", rules.CAFE_PENALTY_VP, "VP")
print("hotel board:", len(fresh.rooms[0]), "rooms on", len(hotel.FLOOR_COSTS), "floors")

# %% [markdown]
# ## A game between two bots
#
# The engine plays whole games. Here the app's heuristic bot (P1) plays a random bot
# (P2) with a seed. The random bot leaves all three of its café guests unserved at the
# end (15 VP lost, against 5 for the heuristic's one guest). In this game neither bot
# climbs far on the emperor track: each scoring moves the discs back 3, 5 and 7 spaces,
# every disc lands on space 0, and both bots take the emperor's penalty at all three
# scorings (lesson 4 prices the emperor track).

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.grand_austria.bots import HeuristicAgent

game = hoteledu.load_game("grand_austria", players=2)
record = hoteledu.play(game, [HeuristicAgent(1), hoteledu.RandomAgent(2)], seed=3)
print("actions:", len(record.actions))
print("VP at the end (P1 heuristic, P2 random):", game.vp)
print("winner:", ", ".join(f"P{p + 1}" for p in game.winners()))
print("guests left in the café:", [len(cafe) for cafe in game.cafe], "| their VP:", [f["cafe"] for f in game.final])

# Where were the discs at each scoring? Replay the game: a scoring is the first action of
# its round after which a disc moved back (only a scoring moves discs back) or the round ended.
state, discs = record.initial_state(), {}
for action in record.actions:
    before, scoring_round = list(state.emperor), state.round
    state.apply_action(action)
    moved_back = any(after < b for after, b in zip(state.emperor, before))
    if scoring_round in rules.SCORING_ROUNDS and scoring_round not in discs and (
        moved_back or state.round != scoring_round or state.is_terminal()
    ):
        discs[scoring_round] = before
for scoring_round, back in rules.SCORING_ROUNDS.items():
    places = discs[scoring_round]
    print(f"round {scoring_round} scoring: discs at {places}, back {back}, after it",
          [max(0, place - back) for place in places], "| penalty for",
          [f"P{p + 1}" for p, place in enumerate(places) if place <= back])

# %% [markdown]
# ## Exercises: predict, then play
#
# Predict first, on paper; then play to check.
#
# 1. **The first roll.** Before the first roll of a 2-player game: how many of the
#    six action spaces do you expect to be **empty**? What is the expected strength
#    of the **strongest** space, and how likely is it to hold **4 dice or more**?
#    *Then play:* press **Roll the dice** in the app (you roll when you are the start
#    player; otherwise the bot rolls) and count. One roll is one sample: compare over
#    the rounds of your game.
# 2. **Take a weak die or pass?** Late in a round, 4 dice are left, one on each of
#    four spaces, and your rival has passed. You can take a die at strength 1, or
#    pass: then one die goes to the dustbin and the other 3 are rerolled. Predict
#    the expected strength of the strongest space after the reroll. Is passing
#    better than 1 on average? *Then play:* tick **Hint** in the app when you have
#    the turn: it shows the exact distribution of the strongest space after a
#    reroll of the dice on the board, and its mean.
#
# <details><summary>Show the answers</summary>
#
# 1. A space is empty when none of the 10 dice shows its number: probability
#    $(5/6)^{10} \approx 0.1615$. By linearity of expectation the expected number of
#    empty spaces is $6 \cdot (5/6)^{10} = 9765625/10077696 \approx 0.969$, about
#    one. The strongest space holds on average $17357555/5038848 \approx 3.445$ dice,
#    and 4 dice or more with probability about $0.403$ (lesson 2 computes these).
# 2. Three dice on six spaces: all different with probability $120/216$ (strength
#    1), exactly two alike with $90/216$ (strength 2), all three alike with $6/216$
#    (strength 3). The expected strongest space is
#    $(120 \cdot 1 + 90 \cdot 2 + 6 \cdot 3)/216 = 53/36 \approx 1.472$, more than 1:
#    passing is better on average. Playing well after the reroll (take a strength
#    of 2 or 3, pass again on a 1) is worth $169/108 \approx 1.565$. But your rival
#    moves after the reroll too, and may take the strong space first (lesson 3).
#
# </details>

# %% [markdown]
# ## Play
#
# You are P1 against the heuristic bot (P2). The row at the top sets up a new game:
# 2 to 4 players, each a person or a bot (random, heuristic, or MCTS with its
# strength in search iterations; an MCTS bot thinks for about 0.3 s a decision and
# the status line says so), the staff set-up, when additional actions are allowed,
# and a seed. Choose a move with a button, from the list, or by clicking the board
# (a die on its space, a guest in the row, a room or a café guest on your hotel
# board). A move the rules forbid is refused with the rule's words and changes
# nothing. **Undo** goes back to your last decision, the **Replay** slider shows any
# earlier position, **Save** writes the game as JSON and **Load** reads it back.
# With two people at one laptop, a *pass the laptop* screen hides each hand from the
# other player.

# %%
# The game autosaves in this browser after every move: after a page reload or a kernel
# restart, run this cell again (Voilà does it itself) and it comes back where it was.
from hoteledu.grand_austria.app import make_app

app = make_app(players=2, seats=("human", "heuristic"), seed=2024)
app

# %% [markdown]
# ## The numbers in the answers, checked
#
# Run this after trying the exercises: it computes every number the answers state
# and prints only whether they agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from fractions import Fraction
from itertools import product

from hoteledu.grand_austria.analysis.board import expected_empty_spaces
from hoteledu.grand_austria.analysis.strength import (
    expected_max_count,
    max_count_distribution,
    stopping_value,
)
from hoteledu.lessons import check_answers

three_dice = [max(roll.count(face) for face in range(1, 7)) for roll in product(range(1, 7), repeat=3)]
answers = {
    "1, one space empty": float(Fraction(5, 6) ** 10),
    "1, empty spaces": expected_empty_spaces(10),
    "1, about one": float(expected_empty_spaces(10)),
    "1, strongest": expected_max_count(10),
    "1, strongest about": float(expected_max_count(10)),
    "1, four or more": float(sum(max_count_distribution(10)[4:])),
    "2, counts": [three_dice.count(k) for k in (1, 2, 3)],
    "2, after the reroll": stopping_value(3).take_now[3],
    "2, after the reroll about": float(stopping_value(3).take_now[3]),
    "2, playing well": stopping_value(3).values[3],
    "2, playing well about": float(stopping_value(3).values[3]),
    "2, thresholds": stopping_value(3).thresholds[3],
}
verdict = check_answers("grand_austria/01_play", answers)  # prints one line: how many answers agree

# %% [markdown]
# ## Next
#
# [2. Dice on the action board](02_dice_on_the_board.ipynb) works out the laws of the
# dice on the board exactly: binomial, multinomial, empty spaces, the strongest space
# and the wild space.
