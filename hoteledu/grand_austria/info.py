"""Registry entry of Grand Austria Hotel (light: imports no rules)."""

from __future__ import annotations

from hoteledu.core.registry import GameInfo, GameOption

GAME_INFO = GameInfo(
    name="grand_austria",
    description=(
        "Grand Austria Hotel: draft dice from six action spaces, serve guests, "
        "prepare rooms, hire staff and win the emperor's favour (2-4 players)."
    ),
    factory="hoteledu.grand_austria.rules:new_game",
    options=(
        GameOption("players", 2, "number of players", choices=(2, 3, 4)),
        GameOption(
            "staff_setup",
            "deal",
            "deal: 6 random staff cards each (rulebook); draft: experienced variant "
            "(keep 1, pass the rest left); introductory: equal sets A, B, C, D from the "
            "start player (hoteledu's own sets, data/staff_sets.json)",
            choices=("deal", "draft", "introductory"),
        ),
        GameOption(
            "gizia",
            "extra_turn",
            "E. Gizia's reward: another turn without removing a die (rulebook 000) or "
            "one extra action (retail edition)",
            choices=("extra_turn", "extra_action"),
        ),
        GameOption(
            "money_cap",
            None,
            "highest krones a player may hold (None: no limit, as the rulebook; 20: retail track)",
            choices=(None, 20),
        ),
        GameOption(
            "additional_actions",
            "after_die",
            "after_die: check-ins, serving, politics and staff effects after the die "
            "(rulebook 001, step 3); any_time: also before the die (000: 'during your turn')",
            choices=("after_die", "any_time"),
        ),
        GameOption(
            "emperor_penalty",
            "choice",
            "choice: with both options of an emperor penalty possible the player chooses "
            "(000: 'if one is impossible, choose the other'); first: the first is compulsory",
            choices=("choice", "first"),
        ),
        GameOption(
            "impossible_die_action",
            "refuse",
            "refuse: a die whose action cannot be carried out at all (no room to prepare, "
            "no affordable staff card) cannot be taken; allow: it can, for nothing",
            choices=("refuse", "allow"),
        ),
        GameOption(
            "checker",
            "die_taken",
            "Checker (18): die_taken: 2 krones off for the die taken from space 5, on top "
            "of the dice; per_die: every die on space 5 lowers the cost by 2 instead of 1",
            choices=("die_taken", "per_die"),
        ),
    ),
)
