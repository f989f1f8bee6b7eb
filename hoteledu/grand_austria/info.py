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
    ),
)
