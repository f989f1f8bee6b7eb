# %% [markdown]
# # Start here: hoteledu
#
# **hoteledu** teaches probability and game theory with three hotel board games.
# Every game runs on one small engine that plays the rules faithfully; around it
# stand exact analysis (probabilities, Markov chains, equilibria), seeded
# simulations that check the exact answers, plotly figures, and apps you can
# play against bots.
#
# ## How the lessons work
#
# * Each lesson is one idea. It opens with **learning goals**, gives the
#   **maths**, shows the **code**, and ends with **exercises**. Answers hide
#   behind a *Show the answer* line: try first, then click.
# * Run the cells from top to bottom (`Shift+Enter`). Nothing is random unless
#   a seed says so: the numbers you get are the numbers printed in the text.
# * Exact first: where a probability can be computed exactly it is, as a
#   fraction. A simulation stands beside it as a check, with a confidence
#   interval that should contain the exact value.
# * You can change anything. Break it, then run the cells again.
#
# ## The games and their lessons
#
# **Hotel Amsterdam**: graphs, Markov chains, flows, minimax.
#
# 1. [Play the game](amsterdam/01_play.ipynb) against bots (also a standalone
#    page under Voilà).
# 2. [The city as a graph](amsterdam/02_city_graph.ipynb): degrees, walks,
#    centrality, why the Dam diagonals matter.
# 3. [The canal boat as a Markov chain](amsterdam/03_canal_boat_markov.ipynb):
#    exact distributions, the long run, where to build a hotel.
# 4. [Tourist flows](amsterdam/04_tourist_flows.ipynb): the fewest-tourists
#    rule as load balancing.
# 5. [The tactical variant and minimax](amsterdam/05_tactical_minimax.ipynb):
#    game trees, alpha-beta, search.
#
# **Grand Austria Hotel** and **Boutique Hotel Manager**: the rules engines are
# ready (`hoteledu.load_game("grand_austria")`, `hoteledu.load_game("boutique")`,
# with bots); their lessons on dice economics and on pricing auctions come next.

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
state = hoteledu.load_game("amsterdam", players=2)
print("to move:", state.current_player(), "(hoteledu.CHANCE is", hoteledu.CHANCE, ")")
for outcome, probability in state.chance_outcomes():
    print(f"{outcome!s:40} {probability}")

# %% [markdown]
# The boat moves by the **sum** of the two dice. Adding up the outcomes of the
# chance node gives its distribution exactly; a seeded simulation of 10,000
# rolls stands beside it.

# %%
# NBVAL_CHECK_OUTPUT
from collections import Counter
from fractions import Fraction

import numpy as np

exact = Counter()
for outcome, probability in state.chance_outcomes():
    exact[outcome.white + outcome.black] += probability

rng = np.random.default_rng(2024)
rolls = [state.sample_chance(rng) for _ in range(10_000)]
simulated = Counter(r.white + r.black for r in rolls)
print("sum  exact  = decimal  simulated")
for total in sorted(exact):
    p = exact[total]
    print(f"{total:>3}  {p!s:>5}  = {float(p):.4f}   {simulated[total] / 10_000:.4f}")
print("mean step:", sum(t * p for t, p in exact.items()))

# %% [markdown]
# The same in one line with the exact helpers of `hoteledu.core.exact`: they
# follow every outcome of the chance nodes from a state and add up the
# probabilities, or sample the same chance tree with a seed. Here the quantity
# is the boat's place on the canal (0 is the jetty) once the dice are rolled.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.core.exact import compare, enumerate_chance, exact_expectation, monte_carlo

boat_after_roll = enumerate_chance(state, lambda s: s.boat)
print("boat place after one roll:", {k: str(p) for k, p in sorted(boat_after_roll.items())})
print(compare(exact_expectation(state, lambda s: s.boat),
              monte_carlo(state, lambda s: s.boat, samples=4000, seed=1)))

# %% [markdown]
# ## A seeded game, its record, and a replay
#
# `hoteledu.play` plays a game to the end with the agents you give it. The
# seed drives the chance nodes; each agent has its own seed. The result is a
# **record**: the game's name, options, players and every action, dice
# included. A record is plain JSON. Replaying it rebuilds the same game without
# any random numbers, which is how games are saved, shared, undone and
# explained.

# %%
# NBVAL_CHECK_OUTPUT
state = hoteledu.load_game("amsterdam", players=2)
record = hoteledu.play(state, [hoteledu.RandomAgent(1), hoteledu.RandomAgent(2)], seed=7)
print("actions in the record:", len(record.actions))
print("first five:", *[str(a) for a in record.actions[:5]], sep="\n  ")
print("final scores:", record.returns, " winners:", state.winners())

# %%
# NBVAL_CHECK_OUTPUT
text = record.dumps()
again = hoteledu.GameRecord.loads(text)
print("JSON characters:", len(text))
print("replay equals the played game:", again.replay() == state)
print("the position 10 actions in:", repr(again.replay(10)))

# %% [markdown]
# ## Rules are enforced, and say why
#
# An action the rules forbid raises `IllegalActionError`. Its message names the
# rule, and the state is left exactly as it was. Here we try to act for a
# player while chance (the dice) should move.

# %%
# NBVAL_CHECK_OUTPUT
state = hoteledu.load_game("amsterdam", players=2)
before = state.to_json()
some_player_action = record.actions[1]
try:
    state.apply_action(some_player_action)
except hoteledu.IllegalActionError as error:
    print("refused:", error)
print("state unchanged:", state.to_json() == before)

# %% [markdown]
# ## Exercises
#
# 1. What is the probability that the boat moves exactly 4 tiles in one turn?
#    And at least 5?
# 2. Play the seeded game above with `seed=8` instead. Does the same player
#    win? Why might the answer change even though the agents are the same?
# 3. Undo: `hoteledu.undo(state, 3)` returns the state three actions earlier.
#    Check that it equals `record.replay(len(record.actions) - 3)`.
#
# <details><summary>Show the answers</summary>
#
# 1. P(4) = 3/9 = 1/3 (white/black = 1/3, 2/2, 3/1). P(at least 5) = (2 + 1)/9 = 1/3.
# 2. The seed drives the dice, so a different seed gives different rolls and a
#    different game; the agents' own seeds stay the same.
# 3. `hoteledu.undo(state, 3) == record.replay(len(record.actions) - 3)` is
#    `True`: undo *is* a replay of a prefix of the record.
#
# </details>
