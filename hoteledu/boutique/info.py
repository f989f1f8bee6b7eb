"""Registry entry of Boutique Hotel Manager (light: imports no rules).

The only place the options and their choices are written: the rules
(:func:`hoteledu.boutique.rules.new_game`) and the app's option bar
(:class:`hoteledu.boutique.app.BoutiqueAdapter`) read them from here.

>>> GAME_INFO.choices("weeks")  # the default first
(2, 1)
"""

from __future__ import annotations

from hoteledu.core.registry import GameInfo, GameOption

GAME_INFO = GameInfo(
    name="boutique",
    description=(
        "Boutique Hotel Manager: set secret room prices, win bookings as the cheapest "
        "hotel, hire staff for walk-ins and keep your stars."
    ),
    factory="hoteledu.boutique.rules:new_game",
    options=(
        GameOption("players", 2, "number of players", choices=(2, 3, 4, 5)),
        GameOption(
            "deck",
            "standard",
            "guest deck: 'standard' (hoteledu's 28 cards) or the deck's JSON data; never a file "
            "path (read a deck file with hoteledu.boutique.cards.load_deck and pass the deck)",
        ),
        GameOption(
            "room_choice",
            "choose",
            "'choose': the winner picks rooms when several fit; 'canonical': lowest-numbered rooms",
            choices=("choose", "canonical"),
        ),
        GameOption(
            "shortfall",
            "per_staff",
            "'per_staff': one star per missing employee below a category's largest daily need "
            "(the rulebook); 'per_day': one per day and category short of staff; "
            "'per_category': one per category whose largest daily need exceeds its staff",
            choices=("per_staff", "per_day", "per_category"),
        ),
        GameOption("weeks", 2, "number of weeks played", choices=(1, 2)),
        GameOption(
            "walkin_budget",
            "with_breakfast",
            "'with_breakfast': a walk-in's budget per night covers the day rate plus breakfast; "
            "'room_only': the day rate alone",
            choices=("with_breakfast", "room_only"),
        ),
    ),
)
