"""Colours and the layout the Grand Austria figures share."""

from __future__ import annotations

from collections.abc import Mapping

EXACT_COLOUR = "#1f77b4"
SIMULATED_COLOUR = "#ff7f0e"
PLAYER_COUNT_COLOURS: Mapping[int, str] = {2: "#2ca02c", 3: "#9467bd", 4: "#d62728"}
GUEST_COLOURS: Mapping[str, str] = {
    "yellow": "#e6b800",
    "blue": "#1f77b4",
    "red": "#d62728",
    "green": "#2ca02c",
}
DASHES = ("solid", "dash", "dot", "dashdot")
LAYOUT = {"template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 50, "b": 50}}
