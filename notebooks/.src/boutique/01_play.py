# %% [markdown]
# # Boutique Hotel Manager 1: play
#
# [Start here](../00_start_here.ipynb) · next: [2. A price war with three rooms](02_price_war.ipynb)
#
# **Level:** beginner · **Prerequisites:** [Start here](../00_start_here.ipynb);
# adding money and simple chances (one face of a die is 1/6) · **Time:** about 30
# minutes (a one-week game against the bot takes about 15 of them)
#
# You run a small hotel. Every player sets **secret prices** for each night of
# the week; guests book the **cheapest** hotel that has room. Then you hire
# staff for the week, before you know who walks in from the street. Guests rate
# you by how well you were staffed: too few staff costs stars, and a hotel at 0
# stars is out. After the last week the most money wins.
#
# **Learning goals.** After this lesson you can
#
# * name the phases of a week (prices, booking, hiring, walk-ins, rating,
#   expansion) and play a whole game against a bot in the app;
# * work out what a stay costs at each hotel and predict who wins the booking,
#   ties included;
# * give the exact chance that a walk-in guest's budget covers your price;
# * say how many stars a short-staffed week costs, and read a hotel's week in
#   the figures.

# %% [markdown]
# ## The rules in brief
#
# **Prices.** Each player has 8 price dice: one per night, Monday to Sunday,
# and one for breakfast. A face f means f x 100 (1 = 100 ... 6 = 600). All
# players set them **secretly and at the same time**; they are revealed at
# once. Everyone starts with 500, a blank money card and 3 stars; each hotel
# has 3 rooms.
#
# **Booking** (5 guest cards per player). In your turn you may first turn one
# price die to another face. Then you roll the white **check-in die** (1 to 6 =
# Monday to Saturday) and a **guest card** is revealed: how many rooms, how
# many nights, with or without breakfast. Every hotel with a free room for the
# whole stay quotes its total: for every room and night the day rate, plus the
# breakfast price if the guests want breakfast (nights after Sunday use
# Sunday's rate). The **lowest total wins** the guests and is paid at once.
# Equal totals: the hotel with more stars wins. Still equal: the tied players
# make a **sealed marketing bid** (the blank card is a bid of 0); every bid is
# lost, the highest wins, and if the bids are equal too, **every** tied player
# gets guests and is paid.
#
# **Hiring.** All at once and secretly, each player hires staff for the whole
# week at 300 each: housekeeping (one per occupied room and day), check-in
# (one per guests arriving that day) and kitchen (one per room with breakfast
# that day). The week's need of a category is its largest daily need.
#
# **Walk-ins.** The poorest hotel ranks first (ties: sealed bids, then the
# die). Each day every player may turn one price die (secretly, all at once),
# the white die gives a walk-in's **budget per night** (100 to 600), and a card
# is drawn: the guests check in today at the first hotel in the ranking whose
# every night (room, plus breakfast if wanted) fits the budget and that has
# room.
#
# **Rating.** Each employee missing below the week's need costs a star; a week
# with no shortfall earns a star (at most 5). At 0 stars you are out.
# **Expansion.** Between the weeks you may build rooms at 1000 each. The game
# lasts two weeks (the option `weeks=1` plays one).
#
# hoteledu's own data: the rulebook lists no cards, so the 28 guest cards, the
# mat (8 room spaces on two floors, rooms 1 to 3 built) and the money are
# hoteledu's design. Where the rulebook is silent the engine decides and
# says so; two readings are options: `shortfall` (how stars are counted) and
# `walkin_budget` (whether breakfast counts against a walk-in's budget).
#
# The engine's own numbers for the start of a game:

# %%
# NBVAL_CHECK_OUTPUT
import hoteledu
from hoteledu.boutique.rules import CARDS_PER_PLAYER, MAX_STARS, ROOM_COST, STAFF_COST

start = hoteledu.load_game("boutique", players=2)
print(f"each player: money {start.money[0]}, stars {start.stars[0]} (at most {MAX_STARS}), "
      f"rooms built {len(start.built[0])} of {start.mat.size} spaces")
print(f"guest cards: {len(start.deck)}, {CARDS_PER_PLAYER} per player in booking; "
      f"staff {STAFF_COST} each, a new room {ROOM_COST}; weeks: {start.options['weeks']}")

# %% [markdown]
# ## Reading the board
#
# * **Each hotel is a week calendar**: the header line (in the player's
#   colour) gives its money, stars (★), staff hired
#   (housekeeping/check-in/kitchen) and, in the walk-in phase, its rank. The
#   **price** row shows the day rates and, at the right, breakfast (? = not
#   set yet). Each **row is a room** (numbers 1 to 8 on the left; grey
#   numbers: not built yet); each **column a night**, and *next* holds the
#   nights carried into next week.
# * A **square** marks a check-in night, a **circle** a further night;
#   **brown** means with breakfast, **green** room only; the number is the
#   guest card.
# * The **need** row gives each day's housekeeping/check-in/kitchen need.
# * Above the board: whose turn it is, what happens now, the card on the
#   table and the last event. The log on the right tells the game in words.
#
# ## Play
#
# You are P1 (red) against the peak-load bot, P2 (blue), which starts at 300
# a night and raises its busiest day. **Set your prices** with the form (one
# list per night and one for breakfast, then *Set my prices*) or with a
# button; your entry stays secret until the bot has decided too. In a booking
# turn press a button (*keep prices* or a change of one die), then **Roll the
# check-in die**. When you choose rooms or build, click a ringed room on the
# board or press a button. **Hire** with the form: it starts at your week's
# largest daily need. A move the rules forbid is refused with the rule's words
# and changes nothing.
#
# The row at the top sets up a new game: 2 to 5 players, each a person or a
# bot (random, undercutter, premium, peak-load, staffer, or MCTS with its
# strength), the options and a seed. With two people at one laptop, a "pass
# the laptop" screen hides one player's secret entries from the next.
# **Undo** goes back to your last decision; the **Replay** slider shows any
# earlier position; **Save** writes the game as JSON and **Load** reads it
# back.
#
# Before you set your prices, try exercise 1 below.

# %%
# The game autosaves in this browser after every move: after a page reload or a kernel
# restart, run this cell again (Voilà does it itself) and it comes back where it was.
from hoteledu.boutique.app import make_app

app = make_app(players=2, seats=("human", "peakload"), seed=2026, weeks=1)
app

# %% [markdown]
# ## A week of two bots, in the engine
#
# The peak-load bot (P1) plays the staffer bot (P2) for one week with a seed.
# The staffer hires extra staff for the walk-ins: one more at check-in, one
# more in the kitchen if it serves breakfast, and one more housekeeper only if
# it has a room to spare; both hire at least the week's largest daily need, so
# neither loses a star, and both gain one.

# %%
# NBVAL_CHECK_OUTPUT
from hoteledu.boutique.bots import PeakLoadBot, StafferBot

game = hoteledu.load_game("boutique", players=2, weeks=1)
record = hoteledu.play(game, [PeakLoadBot(), StafferBot()], seed=2026)
print("actions:", len(record.actions))
print("money (P1, P2):", game.money, "  stars:", game.stars)
print("week's need (housekeeping, check-in, kitchen):",
      [[max(day[c] for day in game.demand(p)) for c in range(3)] for p in (0, 1)])
print("staff hired:", game.staff)
print("stars lost per category (P1, P2):", game.shortfalls[0])
print("guests no hotel could take:", game.lost[0])
print("winner:", [f"P{p + 1}" for p in game.winners()])

# %% [markdown]
# Each hotel's week: bars are the daily need, dashed lines the staff hired.
# Where a bar rises above its line, a star is at risk.

# %%
from hoteledu.boutique.figures.week import money_stars_figure, week_figure

week_figure(game)

# %%
money_stars_figure(record)

# %% [markdown]
# ## Exercises
#
# Predict first, on paper; then play to check.
#
# 1. **The first booking.** Your prices are flat 300 with breakfast 100; the
#    rival's are flat 300 with breakfast 200. The first card is guest card 8,
#    the *Honeymooners*: one room for 3 nights, with breakfast, checking in on
#    Wednesday. What does each hotel quote, and who gets the guests? What if
#    both breakfasts were 100? *Check:* in the app, set your prices and watch
#    the log; with the engine, `state.stay_price(player, 8, 2)` after the
#    prices are set.
# 2. **A walk-in's budget.** Your rooms cost 300 every night and breakfast 100.
#    A walk-in guest with breakfast arrives; the white die gives the budget per
#    night, 100 to 600, each face with chance 1/6. What is the chance the budget
#    covers your price? And for guests without breakfast? How does the answer
#    change under the option `walkin_budget="room_only"`? *Check:*
#    `state.fits_budget(player, card, day, face)` for the six faces.
# 3. **Short of staff.** Your bookings need 3, 2, 3, 1, 0, 0, 0 housekeepers
#    on Monday to Sunday and you hire 2. How many stars do you lose under the
#    default reading, and how many under `shortfall="per_day"`?
#    *Check:* `hoteledu.boutique.rules.stars_lost`.
#
# <details><summary>Show the answers</summary>
#
# 1. Three nights at 300 plus breakfast: you quote 3 x (300 + 100) = 1200,
#    the rival 3 x (300 + 200) = 1500, so you get the guests and 1200. With
#    both breakfasts at 100 the totals are equal (1200); both hotels have 3
#    stars, so the two of you bid for marketing with sealed money cards, and
#    every bid is lost. Matching a price is not always worse than undercutting
#    it: if the bids are equal too, **both** hotels get guests and 1200 each.
# 2. A night costs 300 + 100 = 400 for guests with breakfast: the faces 4, 5
#    and 6 cover it, chance 3/6 = 1/2. Without breakfast 300 is enough: faces
#    3 to 6, chance 4/6 = 2/3. Under `walkin_budget="room_only"` the budget is
#    compared with the day rate alone, so the guests with breakfast fit with
#    chance 2/3 too (and still pay for breakfast).
# 3. The week's need is the largest daily need, 3. You are one housekeeper
#    short: 1 star under the default reading (one per missing employee). Under
#    `shortfall="per_day"` every day with a need above 2 costs a star: Monday
#    and Wednesday, 2 stars.
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

from hoteledu.boutique.actions import SetPrices
from hoteledu.boutique.rules import stars_lost
from hoteledu.lessons import check_answers


def priced(p1, p2, **options):
    """A new two-player game with both secret prices revealed."""
    state = hoteledu.load_game("boutique", players=2, **options)
    state.apply_actions([p1, p2])
    return state


flat = priced(SetPrices((3,) * 7, 1), SetPrices((3,) * 7, 2))
matched = priced(SetPrices((3,) * 7, 1), SetPrices((3,) * 7, 1))
WEDNESDAY = 2
solo, honeymooners = 1, 8  # card 1: room only; card 8: breakfast
faces = range(1, 7)


def chance_fits(state, card):
    return Fraction(sum(state.fits_budget(0, card, WEDNESDAY, f) for f in faces), 6)


room_only = priced(SetPrices((3,) * 7, 1), SetPrices((3,) * 7, 1), walkin_budget="room_only")
need = [[3, 0, 0], [2, 0, 0], [3, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
card = flat.card_of(honeymooners)
answers = {
    "1, the card": (card.name, len(card.rooms), card.rooms[0].nights, card.breakfast),
    "1, the quotes": [flat.stay_price(p, honeymooners, WEDNESDAY) for p in (0, 1)],
    "1, matched": [matched.stay_price(p, honeymooners, WEDNESDAY) for p in (0, 1)],
    "2, with breakfast": chance_fits(flat, honeymooners),
    "2, room only": chance_fits(flat, solo),
    "2, option room_only": chance_fits(room_only, honeymooners),
    "3, per staff": sum(stars_lost(need, [2, 0, 0])),
    "3, per day": sum(stars_lost(need, [2, 0, 0], "per_day")),
}
verdict = check_answers("boutique/01_play", answers)  # prints one line: how many answers agree
