"""The core never imports the optional ecosystems (OpenSpiel, PettingZoo, Gymnasium)."""

from __future__ import annotations

import subprocess
import sys

OPTIONAL = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def test_hoteledu_and_the_games_import_no_optional_ecosystem() -> None:
    code = (
        "import sys, hoteledu, hoteledu.interop, hoteledu.interop.action_index, "
        "hoteledu.interop.turns\n"
        "for name in ('amsterdam', 'grand_austria', 'boutique'):\n"
        "    hoteledu.load_game(name)\n"
        "import hoteledu.amsterdam.rules, hoteledu.grand_austria.rules, hoteledu.boutique.rules\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {OPTIONAL!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]", result.stdout
