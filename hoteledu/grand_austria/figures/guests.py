"""Implied item prices from the guest cards (:mod:`..analysis.guests`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.grand_austria.figures._style import (
    EXACT_COLOUR,
    GUEST_COLOURS,
    LAYOUT,
)

if TYPE_CHECKING:
    from hoteledu.grand_austria.analysis import (
        GuestPrices,
    )


def guest_price_figure(
    fit: GuestPrices,
    names: Mapping[int, str] | None = None,
    colours: Mapping[int, str] | None = None,
) -> go.Figure:
    """Each guest's value against its order's value at the implied prices, with the fitted line.

    Points on the line are priced exactly by the fit; above it, a guest pays
    more VP than its order is worth. ``names`` and ``colours`` (guest colour
    by card number) label the points.
    """
    fitted = np.asarray(fit.fitted, dtype=float)
    value = np.asarray(fit.value, dtype=float)
    labels = [f"{n} {names.get(n, '')}".strip() if names else str(n) for n in fit.numbers]
    card_colours = [(colours or {}).get(n, "") for n in fit.numbers]
    prices = ", ".join(
        f"{item} {price:.2f}" for item, price in zip(fit.items, fit.prices, strict=True)
    )
    fig = go.Figure()
    # one trace per guest colour, so the legend shows each colour (one trace would show one)
    for colour in dict.fromkeys(card_colours):
        chosen = [i for i, c in enumerate(card_colours) if c == colour]
        fig.add_trace(
            go.Scatter(
                x=fitted[chosen],
                y=value[chosen],
                mode="markers",
                name=f"{colour} guests" if colour else "guest cards",
                marker={
                    "color": GUEST_COLOURS.get(colour, EXACT_COLOUR),
                    "size": 9,
                    "line": {"width": 1, "color": "white"},
                },
                text=[labels[i] for i in chosen],
                hovertemplate="%{text}: worth %{y} VP, order priced %{x:.2f}<extra></extra>",
            )
        )
    low, high = float(min(fitted.min(), value.min())), float(max(fitted.max(), value.max()))
    fig.add_trace(
        go.Scatter(
            x=[low, high],
            y=[low, high],
            mode="lines",
            name=f"least squares (R² = {fit.r_squared:.2f})",
            line={"color": "grey", "dash": "dash"},
        )
    )
    target = "VP + reward krones" if fit.count_krones else "VP"
    fig.update_layout(
        # the prices on a line of their own: on one line the title ran past the figure
        title=f"Guests: {target} against the order at implied prices<br><sup>{prices}</sup>",
        xaxis_title="order value at the implied prices",
        yaxis_title=target,
        **LAYOUT,
    )
    return fig
