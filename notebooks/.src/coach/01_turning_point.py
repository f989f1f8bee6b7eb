# %% [markdown]
# # The coach: a win chance after every turn, and the game's turning point
#
# [Start here](../00_start_here.ipynb)
#
# **Level:** intermediate · **Prerequisites:** [Hotel Amsterdam 1](../amsterdam/01_play.ipynb)
# (how a turn goes), a share and its 95% confidence interval · **Time:** about 25 minutes
#
# Every app has a **coach** (the "Coach" checkbox in its panel, on when you practise, off
# in a class experiment). After every move it says each player's chance to win, "about
# 62% ± 4", draws that chance over the game, and at your own decision shows the three
# moves the strong bot likes best. Here we use the same coach without the app, on a
# seeded game between two bots, and look for the moment the game turned.
#
# **Learning goals.** After this lesson you can
#
# * say how the coach estimates a win chance (playouts from what one player can see) and
#   what its "± 15" means (a 95% **Wilson interval** over the playouts);
# * read a win-chance graph and find its **turning point**;
# * tell a change in the estimate that is beyond its uncertainty from one that is not.
#
# Players are P1 and P2 in the text; the engine numbers them 0 and 1.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.amsterdam.app import LEVEL_BOTS, AmsterdamAdapter
from hoteledu.amsterdam.phases import ROLL
from hoteledu.amsterdam.rules import new_game
from hoteledu.core import play

bots = [LEVEL_BOTS["intermediate"](1), LEVEL_BOTS["beginner"](2)]
record = play(new_game(players=2), bots, seed=7)
end = record.replay(len(record.actions))
print("actions:", len(record.actions), "| final tourists: P1", end.scores()[0],
      "P2", end.scores()[1])

# %% [markdown]
# P1 is the intermediate bot (the greedy heuristic), P2 the beginner (the same heuristic,
# but a random move in 40% of its decisions). P1 won, 11 tourists to 9. Was it ever in
# doubt?
#
# ## How the coach estimates a win chance
#
# From a position the coach plays the game to the end many times (**playouts**): each
# time it first fills in what the coached player cannot see with a random guess
# consistent with what they do see (here nothing is hidden; in Grand Austria the other
# hands, in Boutique the secret prices), then lets a bot play every seat (random moves in
# Hotel Amsterdam's coach). The win chance is the share of playouts the player won, a tie
# counting as a share of a win. With $n$ playouts and share $\hat p$, the 95% Wilson
# interval is
#
# $$\frac{\hat p + \frac{z^2}{2n} \pm z\sqrt{\frac{\hat p(1-\hat p)}{n} +
# \frac{z^2}{4n^2}}}{1 + \frac{z^2}{n}}, \qquad z = 1.96,$$
#
# and the coach writes its half-width: "about 54% ± 15". It measures only the playouts'
# own luck: how well the playout bot plays is another matter (see the exercises).
#
# We ask the coach for P1's win chance at the start of every turn (the dice roll), with
# 40 playouts each, from P1's view.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.apps.coach import CoachBudget, win_chances_over_game

turn_starts = [k for k in range(len(record.actions)) if record.replay(k).phase == ROLL]
budget = CoachBudget(steps=1, playouts=40, search_iterations=0, move_playouts=0)
reports = win_chances_over_game(AmsterdamAdapter(), record, 0, turn_starts, seed=3,
                                budget=budget)
print("actions so far | turn of | tourists P1-P2 | P1's win chance")
for report in reports:
    position = record.replay(report.moves)
    p1, p2 = position.scores()
    print(f"{report.moves:>14} | {'P' + str(position.player + 1):>7} | {p1:>8}-{p2:<5} | "
          f"{report.chances[0].text()}")

# %% [markdown]
# The same numbers as the app's chart, with the 95% intervals as error bars:

# %%
from hoteledu.apps.coach_panel import win_chance_figure

figure = win_chance_figure(reports, ["P1 red", "P2 blue"])
figure.update_layout(width=720, height=320, title="Win chance at the start of every turn")
figure

# %% [markdown]
# ## What would the strong bot do here?
#
# At a player's own decision the coach also runs the strong bot's search (MCTS) and plays
# out its three favourite moves on their own, so a move's win chance is the same measure
# as the position's. This is P1's first hotel, right after the first roll:

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.apps.coach import CoachJob

first = turn_starts[0] + 1
job = CoachJob(AmsterdamAdapter(), record.replay(first), 0, first, seed=3,
               budget=CoachBudget(steps=2, playouts=10, search_iterations=60, move_playouts=8))
while not job.done:
    advice = job.step()
for move in advice.top:
    print(move.text())
print("the bot played:", record.actions[first])

# %% [markdown]
# In the app this list appears when it is your turn, and after your move the coach says
# "your move lost about 8% win chance" when the strong bot's favourite was better by more
# than the two estimates' uncertainty (a two-sided test at 95%).
#
# ## Exercises
#
# 1. Find the **turning point**: between which two consecutive turn starts in the table
#    does P1's win chance change the most, and by how many percentage points? Whose turn
#    was it, and what happened to the tourist counts?
# 2. Is that change beyond the uncertainty: do the two 95% intervals overlap?
# 3. The first row says "± 15" for 40 playouts. How many playouts would roughly halve
#    that half-width? (Hint: the half-width shrinks like $1/\sqrt{n}$.)
# 4. In the app, tick "Coach" and play a game of Hotel Amsterdam (`make_app()` in
#    [lesson 1](../amsterdam/01_play.ipynb)). Where was your own turning point?
#
# <details><summary>Show the answer</summary>
#
# 1. Between the turn starts after 127 and 133 actions: P1's win chance falls from 94% to
#    6%, by 88 points, in P2's turn. P1 led 10 tourists to 5; P2's turn (the Mayor and the
#    Nightwatchman turning tiles and chasing tourists) left P2 ahead, 10 to 8, with only 2
#    tourists left in the supply. P1's next turn (from 133) won it back, 11 to 9: the
#    last row says 78% again.
# 2. No overlap: 94% ± 8 reaches down to about 86%, 6% ± 8 up to about 14%. A change this
#    size is far beyond the playouts' luck. Most other moves of the curve (a few points to
#    15 points) lie within the intervals.
# 3. About four times as many, 160 playouts: the half-width is about $1.96\sqrt{p(1-p)/n}$,
#    so $n \times 4$ halves it (about ± 8).
# 4. Your own game: the coach's chart in the app is this figure.
#
# </details>

# %% [markdown]
# The cell below checks every number the answers state against the code, without
# printing them: it says only whether they all agree.

# %% jupyter={"source_hidden": true} tags=["remove-input"]
# NBVAL_CHECK_OUTPUT
from hoteledu.apps.coach import WinChance
from hoteledu.lessons import check_answers

chances = [r.chances[0].estimate for r in reports]
jumps = [abs(b - a) for a, b in zip(chances, chances[1:], strict=False)]
turn = max(range(len(jumps)), key=jumps.__getitem__)
before, after = reports[turn], reports[turn + 1]
more = 4 * reports[0].chances[0].playouts
quad = WinChance(reports[0].chances[0].estimate * more, more)
verdict = check_answers("coach/01_turning_point", {
    "1 from": before.moves,
    "1 to": after.moves,
    "1 points": round(100 * (after.chances[0].estimate - before.chances[0].estimate)),
    "1 whose turn": f"P{record.replay(before.moves).player + 1}",
    "1 tourists": (record.replay(before.moves).scores(), record.replay(after.moves).scores()),
    "2 overlap": before.chances[0].low <= after.chances[0].high,
    "3 playouts": more,
    "3 half width": round(50 * (quad.high - quad.low)),
})
