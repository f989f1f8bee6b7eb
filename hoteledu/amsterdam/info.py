"""Registry entry of Hotel Amsterdam (light: imports no rules)."""

from __future__ import annotations

from hoteledu.core.registry import GameInfo, GameOption

GAME_INFO = GameInfo(
    name="amsterdam",
    description=(
        "Hotel Amsterdam: a canal boat drops tourists, the Mayor and the Nightwatchman "
        "turn buildings over and chase them around; collect tourists around your hotels."
    ),
    factory="hoteledu.amsterdam.rules:new_game",
    options=(
        GameOption(
            "players",
            2,
            "number of players: Hotel Amsterdam is for 2 to 4 players [AMS-01]",
            choices=(2, 3, 4),
        ),
        GameOption(
            "variant",
            "dice",
            "'dice': the family game; 'tactical': no dice, the player chooses the boat's "
            "1..4 moves and splits at most 4 steps between the pawns",
            choices=("dice", "tactical"),
        ),
        GameOption(
            "layout",
            "standard",
            "'standard': the fixed reproducible tile layout; 'shuffled': setup deals the "
            "24 tiles at random (one chance node per place)",
            choices=("standard", "shuffled"),
        ),
        GameOption(
            "target",
            None,
            "points that end the game; None: the rulebook's 12 (15 with two players)",
            choices=(None, 6, 8, 10, 12, 15, 20),
        ),
        GameOption(
            "pickup_on_departure",
            False,
            "whether a boat leaving a bend picks up the tourists waiting there "
            "(default: only bends it passes)",
            choices=(False, True),
        ),
        GameOption(
            "dam_diagonals",
            True,
            "whether the Mayor and the Nightwatchman may cross the Dam diagonally",
            choices=(True, False),
        ),
        GameOption(
            "dam_lead",
            "random",
            "'random': a tourist led from the Dam goes to a random location of the right "
            "kind (rulebook); 'choose': the player chooses it (the tactical variant then "
            "has no chance at all)",
            choices=("random", "choose"),
        ),
        GameOption(
            "end_rule",
            "immediate",
            "'immediate': the game ends at the action that brings a player to the target "
            "(rulebook: 'ends as soon as'); 'end_of_turn': that turn is finished first",
            choices=("immediate", "end_of_turn"),
        ),
    ),
)
