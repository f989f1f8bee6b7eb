# %% [markdown]
# # Hotel Amsterdam: play
#
# A canal tour boat goes round Amsterdam and drops tourists in the city. You
# build two hotels on street corners; every tourist on the four tiles around
# one of your hotels is a point. The Mayor and the Nightwatchman walk the
# streets and turn buildings over, from night to day and from day to night,
# and the tourists there move on. First to **15 points** with two players
# (**12** with three or four) wins, or the most points when the 30 tourists
# have all arrived.
#
# ## The rules in brief
#
# Each turn has six phases:
#
# 1. **Roll** the white Mayor die and the black Nightwatchman die (1, 2 or 3 each).
# 2. The **boat** moves clockwise by the sum of the dice (2 to 6 canal tiles).
# 3. A new tourist gets off onto the building tile beside the boat, with any
#    tourists the boat picked up on the quays it passed. A boat stopping in a
#    bend leaves its tourists waiting on the quay.
# 4. In your first two turns, **place a hotel** on a free intersection.
# 5. The **Mayor** walks exactly as many steps as the white die, the
#    **Nightwatchman** as many as the black die (the Dam may be crossed
#    diagonally; the two never end on the same corner).
# 6. Each pawn may **turn** one tile around it: the Mayor only a night tile
#    (dark), the Nightwatchman only a day tile (light). Its tourists move
#    together to the tile with the same function and the fewest tourists, or
#    to the Dam if there is none. A pawn on a corner of the Dam may instead
#    lead one tourist from the Dam to a random tile.
#
# The decisions hoteledu takes where the rulebook is silent (the board, the
# tiles, who chooses when) are written in `docs/amsterdam.md`
# ([read them](../../docs/amsterdam.md)).
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
# ## Play
#
# You are red (P1) against the greedy bot (blue). Press **Roll the dice**, then
# choose: click an intersection or a tile on the board (legal choices are
# ringed in orange), press one of the buttons, or pick from the list. A move
# the rules forbid is refused with the rule's words and changes nothing.
# Tick **Show where the boat stops next** to see the exact chances of the next
# roll on the canal.
#
# The row at the top sets up a new game: 2 to 4 players, each a person or a
# bot (random, greedy, or MCTS with its strength in search iterations), the
# dice game or the tactical variant, and a seed. **Undo** goes back to your
# last decision; the **Replay** slider shows any earlier position; **Save**
# writes the game as JSON (copy it, or download it) and **Load** reads it back.

# %%
from hoteledu.amsterdam.widget import AmsterdamApp

app = AmsterdamApp(players=2, seats=("human", "greedy"), seed=2024)
app
