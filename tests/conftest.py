"""Shared test set-up: the fixture game is registered for every test."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fixture_game import HIDDEN_PIG

from hoteledu.core import register_game

register_game(HIDDEN_PIG)
