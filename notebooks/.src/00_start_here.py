# %% [markdown]
# # Start here: hoteledu
#
# **Level:** beginner · **Prerequisites:** run a Python cell, call a function, add
# fractions · **Time:** about 15 minutes for this page; each lesson after it takes
# 25 to 45 minutes
#
# **hoteledu** teaches probability and game theory with three hotel board games.
# Every game runs on one small engine that plays the rules faithfully; around it
# stand exact analysis (probabilities, Markov chains, equilibria), seeded
# simulations that check the exact answers, plotly figures, and apps you can
# play against bots.
#
# **Learning goals.** After this page you can
#
# * find the lessons and know how they work;
# * ask a game the engine's questions: who moves, what is legal, which chance
#   outcomes with which exact probabilities;
# * play a seeded game, save its record as JSON, replay it and undo moves;
# * read why a game ended, and why an illegal move was refused.
#
# ## How the lessons work
#
# * Each lesson is one idea. Its first lines state its **level**, what it
#   needs first (**prerequisites**) and its **time**. It opens with **learning
#   goals**, gives the **maths**, shows the **code**, and ends with
#   **exercises**. The answers stay hidden behind a *Show the answer* line:
#   try first, then click. The numbers they state are in no cell you see but in
#   `hoteledu/answers/<lesson>.py`, which the collapsed cell after the answers compares
#   with the code, printing only whether they agree: running or expanding it gives
#   nothing away.
# * Teachers: the [teacher's guide](https://github.com/hoteledu/hoteledu/blob/main/docs/teachers.md)
#   gives each lesson's goals, misconceptions and discussion questions, two course
#   plans, the class experiment and the graded assignments.
# * A first game without the rulebook: each app's *How to play* button opens the goal,
#   a turn in five steps and what each part of the board is; the same text prints on
#   one page per game: [the printable rules and legends](handouts/index.html).
# * Run the cells from top to bottom (`Shift+Enter`). Nothing is random unless
#   a seed says so: the numbers you get are the numbers printed in the text.
# * Exact first: where a probability can be computed exactly it is, as a
#   fraction. A simulation stands beside it as a check, with a confidence
#   interval that should contain the exact value.
# * Players are called **P1, P2, P3, P4** in everything you read. In code the
#   engine numbers them from 0: `state.current_player() == 0` means it is
#   P1's move, and `state.winners() == [1]` means P2 won.
# * You can change anything. Break it, then run the cells again.
# * Some code cells start with the comment `# NBVAL_CHECK_OUTPUT`. It is not for
#   you: it tells the lessons' automatic test (nbval) to compare that cell's
#   printed output with the output stored in the notebook, so a change in the
#   code that changes a number the text teaches is caught. Ignore it, or delete
#   it in your copy; the cell runs the same either way.
#
# ## The games and their lessons
#
# **Hotel Amsterdam**: graphs, Markov chains, flows, minimax. Take the lessons
# in this order; 3b follows 3 and 5b follows 5.
#
# | Lesson | What it is about | Level | Time |
# |---|---|---|---|
# | [1. Play the game](amsterdam/01_play.ipynb) | the rules, reading the board, where the boat stops next; play against bots (also a standalone page under Voilà) | beginner | about 25 minutes |
# | [2. The city as a graph](amsterdam/02_city_graph.ipynb) | degrees, walks, centrality, why the Dam diagonals matter | introductory | about 35 minutes |
# | [3. The canal boat as a Markov chain](amsterdam/03_canal_boat_markov.ipynb) | exact distributions, the long run, where to build a hotel | introductory to intermediate | about 40 minutes |
# | [3b. How fast the boat forgets where it started: convergence](amsterdam/03b_boat_convergence.ipynb) | how quickly the boat's distribution becomes uniform | intermediate | about 35 minutes |
# | [4. Tourist flows](amsterdam/04_tourist_flows.ipynb) | the fewest-tourists rule as load balancing | intermediate | about 35 minutes |
# | [5. The tactical variant and minimax](amsterdam/05_tactical_minimax.ipynb) | game trees, alpha-beta, search | intermediate | about 40 minutes |
# | [5b. How big is the search? Node counts, pruning and a bot tournament](amsterdam/05b_search_size_and_bots.ipynb) | how many positions a search visits, what pruning saves, which bot wins, and what a few games can show | intermediate | about 35 minutes |
#
# **Grand Austria Hotel**: dice drafting and its economics.
#
# | Lesson | What it is about | Level | Time |
# |---|---|---|---|
# | [1. Play the game](grand_austria/01_play.ipynb) | the rules in brief, the action board and the hotel board, play against bots (also a standalone page under Voilà) | beginner | about 40 minutes |
# | [2. Dice on the action board](grand_austria/02_dice_on_the_board.ipynb) | binomial and multinomial counts, empty spaces, every space covered, the strongest space (an order statistic), the wild space | introductory | about 35 minutes |
# | [3. Drafting the dice and passing](grand_austria/03_drafting_and_passing.ipynb) | what each pick in the turn order is worth, whether the snake order is fair, passing as optimal stopping | intermediate | about 40 minutes |
# | [4. Investments: guests, staff and the emperor](grand_austria/04_investments.ipynb) | implied prices of dishes and drinks, staff return by hiring round, the emperor track as a threshold game, a seeded tournament of bot strategies | intermediate | about 45 minutes |
#
# **Boutique Hotel Manager**: secret prices, equilibria and auctions.
#
# | Lesson | What it is about | Level | Time |
# |---|---|---|---|
# | [1. Play the game](boutique/01_play.ipynb) | the rules in brief, reading the mats, a week against bots with prices and bids kept secret | beginner | about 30 minutes |
# | [2. A price war with three rooms](boutique/02_price_war.ipynb) | payoff matrices from the engine, best responses, why matching beats undercutting here, the cycle when the goal is to beat the rival, textbook Bertrand beside it | introductory game theory | about 40 minutes |
# | [3. Mixed equilibria with nashpy](boutique/03_mixed_equilibria.ipynb) | the zero-sum pricing game as a linear program, indifference on the support, support and vertex enumeration, Lemke-Howson, degeneracy, sampling error | intermediate game theory | about 45 minutes |
# | [4. The marketing bid: an all-pay auction](boutique/04_marketing_bid.ipynb) | all-pay auctions, rent dissipation, budget caps, the game's own tie rule | intermediate | about 40 minutes |
# | [5. Walk-ins and staffing](boutique/05_walk_ins_and_staffing.ipynb) | the demand and revenue curves, the value of ranking first, staffing as a newsvendor | intermediate | about 40 minutes |
# | [6. Learning to price](boutique/06_learning_to_price.ipynb) | fictitious play and replicator dynamics against the equilibrium, a pricing duel against the bots, a tournament of the pricing bots | intermediate | about 40 minutes |
#
# **In class**: a whole class plays one experiment from their own browsers.
#
# | Lesson | What it is about | Level | Time |
# |---|---|---|---|
# | [1. Running an experiment](classroom/01_running_an_experiment.ipynb) | for teachers: start the class server, open and close rounds, read the results | for teachers; introductory game theory | about 25 minutes |
# | [2. Analysing a session](classroom/02_analysing_a_session.ipynb) | a stored class session against the equilibrium: histogram, leaderboard, a test of fit | intermediate | about 30 minutes |
#
# **The coach**: every app's "Coach" checkbox (on when you practise, off in a class
# experiment) shows each player's win chance after every move and the strong bot's best
# moves.
#
# | Lesson | What it is about | Level | Time |
# |---|---|---|---|
# | [1. The turning point](coach/01_turning_point.ipynb) | a win chance from playouts and its Wilson interval, a seeded game's win-chance graph, finding its turning point; needs Hotel Amsterdam 1 | intermediate | about 25 minutes |

# %%
# NBVAL_CHECK_OUTPUT
import hoteledu

for game in hoteledu.list_games():
    print(f"{game.name}: {game.description}")

# %% [markdown]
# Each game has options, with the rulebook's reading as the default and the
# other readings a teacher may want as choices:

# %%
for game in hoteledu.list_games():
    print(game.name)
    for option in game.options:
        print(f"    {option.name} = {option.default!r}: {option.description}")

# %% [markdown]
# ## The protocol on a real game
#
# Every game answers the same questions. Who moves now? What may they do? If
# chance moves, with which probabilities? Here is a new two-player game of
# **Hotel Amsterdam**. A turn starts with both dice: the white Mayor die and
# the black Nightwatchman die, each showing 1, 2 or 3. The state says that
# *chance* moves, and lists the outcomes with **exact** probabilities.

# %%
# NBVAL_CHECK_OUTPUT
new_state = hoteledu.load_game("amsterdam", players=2)
mover = new_state.current_player()
print(f"to move: {mover}, which is hoteledu.CHANCE ({hoteledu.CHANCE}): chance rolls the dice")
for outcome, probability in new_state.chance_outcomes():
    print(f"{outcome!s:40} {probability}")

# %% [markdown]
# The boat moves by the **sum** of the two dice. Adding up the outcomes of the
# chance node gives its distribution exactly; a seeded simulation of 10,000
# rolls stands beside it, each frequency with its 95% Wilson interval (the
# interval for a proportion that stays sensible for small counts too).

# %%
# NBVAL_CHECK_OUTPUT
from collections import Counter
from fractions import Fraction

import numpy as np

exact = Counter()
for outcome, probability in new_state.chance_outcomes():
    exact[outcome.white + outcome.black] += probability

from scipy.stats import binomtest

rng = np.random.default_rng(2024)
rolls = [new_state.sample_chance(rng) for _ in range(10_000)]
simulated = Counter(r.white + r.black for r in rolls)
print("sum  exact  = decimal  simulated  95% interval      contains the exact value")
for total in sorted(exact):
    p = exact[total]
    ci = binomtest(simulated[total], 10_000).proportion_ci(method="wilson")
    inside = "yes" if ci.low <= p <= ci.high else "no"
    print(f"{total:>3}  {p!s:>5}  = {float(p):.4f}   {simulated[total] / 10_000:.4f}"
          f"     [{ci.low:.4f}, {ci.high:.4f}]  {inside}")
print("mean step:", sum(t * p for t, p in exact.items()))

# %% [markdown]
# The same in one line with the exact helpers of `hoteledu.core.exact`: they
# follow every outcome of the chance nodes from a state and add up the
# probabilities, or sample the same chance tree with a seed. Here the quantity
# is the boat's place on the canal (0 is the jetty) once the dice are rolled.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.core.exact import compare, enumerate_chance, exact_expectation, monte_carlo

boat_after_roll = enumerate_chance(new_state, lambda s: s.boat)
print("boat place after one roll:", {k: str(p) for k, p in sorted(boat_after_roll.items())})
print(compare(exact_expectation(new_state, lambda s: s.boat),
              monte_carlo(new_state, lambda s: s.boat, samples=4000, seed=1)))

# %% [markdown]
# ## A seeded game, its record, and a replay
#
# `hoteledu.play` plays a game to the end with the agents you give it. The
# seed drives the chance nodes; each agent has its own seed. The result is a
# **record**: the game's name, options, players and every action, dice
# included. A record is plain JSON. Replaying it rebuilds the same game without
# any random numbers, which is how games are saved, shared, undone and
# explained.
#
# How does a game of Hotel Amsterdam end? **As soon as** a player has 15
# tourists around their hotels (12 with three or four players), at that very
# action, even in the middle of someone else's turn, and that player wins. If
# the supply runs out first (all 30 tourists have arrived), the player who
# dropped the last tourist finishes the turn, and the most tourists win. `state.end_reason()`
# says in words which end it was. An older reading of the rulebook lets the
# turn finish after a player reaches the target; it is the option
# `end_rule="end_of_turn"` in the list above. Two random bots rarely get far:

# %%
# NBVAL_CHECK_OUTPUT
played = hoteledu.load_game("amsterdam", players=2)
record = hoteledu.play(played, [hoteledu.RandomAgent(1), hoteledu.RandomAgent(2)], seed=7)
print("actions in the record:", len(record.actions))
print("first five:", *[str(a) for a in record.actions[:5]], sep="\n  ")
print("final scores (P1, P2):", played.scores())
print("winners:", [f"P{p + 1}" for p in played.winners()])
print("why it ended:", played.end_reason())

# %%
# NBVAL_CHECK_OUTPUT
text = record.dumps()
again = hoteledu.GameRecord.loads(text)
position = again.replay(10)
print("JSON characters:", len(text))
print("replay equals the played game:", again.replay() == played)
mover = position.current_player()
print("10 actions in, to move:", f"P{mover + 1}" if mover >= 0 else "chance (the dice)")

# %% [markdown]
# ## Rules are enforced, and say why
#
# An action the rules forbid raises `IllegalActionError`. Its message names the
# rule, and the state is left exactly as it was. Here we try to act for a
# player while chance (the dice) should move. A fresh game keeps `played`, the
# finished game above, as it is for the exercises.

# %%
# NBVAL_CHECK_OUTPUT
fresh = hoteledu.load_game("amsterdam", players=2)
before = fresh.to_json()
some_player_action = record.actions[1]
try:
    fresh.apply_action(some_player_action)
except hoteledu.IllegalActionError as error:
    print("refused:", error)
print("state unchanged:", fresh.to_json() == before)

# %% [markdown]
# ## Exercises
#
# 1. What is the probability that the boat moves exactly 4 tiles in one turn?
#    And at least 5?
# 2. Play the seeded game above with `seed=8` instead (a new game:
#    `hoteledu.load_game("amsterdam", players=2)`). Does the same player win?
#    Why might the answer change even though the agents are the same?
# 3. Undo: `hoteledu.undo(played, 3)` returns the finished game three actions
#    earlier. Check that it equals `record.replay(len(record.actions) - 3)`.
#
# <details><summary>Show the answers</summary>
#
# 1. P(4) = 3/9 = 1/3 (white/black = 1/3, 2/2, 3/1). P(at least 5) = (2 + 1)/9 = 1/3.
# 2. No: with `seed=8` P1 wins, 8 tourists to 7 (with `seed=7` P2 won, 10 to
#    3). Again nobody reaches 15 and the game ends when the supply is empty.
#    The seed drives the dice, so a different seed gives different rolls, so
#    different positions and different lists of legal actions; the agents'
#    own seeds are the same, but they pick from different lists.
# 3. `hoteledu.undo(played, 3) == record.replay(len(record.actions) - 3)` is
#    `True`: undo *is* a replay of a prefix of the record.
#
# </details>

# %% [markdown]
# ## The numbers in the answers, checked
#
# Run this after trying the exercises: it computes every number the answers
# state and prints only whether they agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from itertools import product

from hoteledu.lessons import check_answers

dice_sums = [white + black for white, black in product((1, 2, 3), repeat=2)]
seed_8 = hoteledu.load_game("amsterdam", players=2)
hoteledu.play(seed_8, [hoteledu.RandomAgent(1), hoteledu.RandomAgent(2)], seed=8)
answers = {
    "1, P(4)": Fraction(dice_sums.count(4), 9),
    "1, P(at least 5)": Fraction(sum(s >= 5 for s in dice_sums), 9),
    "1, engine": (exact[4], exact[5] + exact[6]),
    "2, seed 8 winners": [f"P{p + 1}" for p in seed_8.winners()],
    "2, seed 8 scores": seed_8.scores(),
    "2, seed 8 end": seed_8.target_reached,
    "2, seed 7": ([f"P{p + 1}" for p in played.winners()], played.scores()),
    "3": hoteledu.undo(played, 3) == record.replay(len(record.actions) - 3),
}
verdict = check_answers("00_start_here", answers)  # prints one line: how many answers agree
