"""Figures of the canal boat as a Markov chain (lessons 3 and 3b).

They draw what :mod:`hoteledu.amsterdam.analysis.boat` returns: the
distribution turn by turn, the eigenvalues, the distance to uniform and the
renewal sequence.

Examples
--------
>>> fig = renewal_figure([1, 0, Fraction(1, 9)], Fraction(1, 4))
>>> fig.data[0].name
'u_n'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.amsterdam.figures.board import STREET_COLOUR


# --------------------------------------------------------- boat convergence
def boat_convergence_figure(
    exact: Sequence[Sequence[float | Fraction]],
    simulated: Sequence[Sequence[float]] | None = None,
    title: str = "Where is the boat after t turns?",
) -> go.Figure:
    """The boat's distribution turn by turn, exact beside simulated, with a slider.

    Parameters
    ----------
    exact : sequence of sequences
        ``exact[t][k]``: the exact chance the boat is on canal tile ``k`` after
        ``t`` turns (e.g. ``list(boat_distribution_steps(T))``).
    simulated : sequence of sequences or None
        The same from a seeded simulation (frequencies), same shape.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Bars per canal tile; one frame per turn, a slider and a play button.
        The first frame's data are the figure's data.
    """
    tiles = list(range(len(exact[0])))
    uniform = 1 / len(tiles)

    def bars(t: int) -> list[go.Bar]:
        data = [
            go.Bar(x=tiles, y=[float(p) for p in exact[t]], name="exact", marker_color="#1f77b4")
        ]
        if simulated is not None:
            data.append(
                go.Bar(
                    x=tiles,
                    y=[float(p) for p in simulated[t]],
                    name="simulated",
                    marker_color="#ff7f0e",
                )
            )
        return data

    fig = go.Figure(data=bars(0))
    fig.add_hline(y=uniform, line_dash="dot", annotation_text="uniform 1/24")
    fig.frames = [go.Frame(data=bars(t), name=str(t)) for t in range(len(exact))]
    fig.update_layout(
        title=title,
        barmode="group",
        width=760,
        height=440,
        xaxis={"title": "canal tile (clockwise from the jetty)", "dtick": 1},
        yaxis={
            "title": "probability",
            "range": [
                0,
                1.05
                * max(
                    max(float(p) for p in row) for row in [*exact, *(simulated or [])][1:] or exact
                ),
            ],
        },
        sliders=[
            {
                "active": 0,
                "currentvalue": {"prefix": "turn "},
                "steps": [
                    {
                        "label": str(t),
                        "method": "animate",
                        "args": [[str(t)], {"mode": "immediate", "frame": {"duration": 0}}],
                    }
                    for t in range(len(exact))
                ],
            }
        ],
        updatemenus=[
            {
                "type": "buttons",
                "showactive": False,
                "x": 0,
                "y": 1.15,
                "buttons": [
                    {
                        "label": "play",
                        "method": "animate",
                        "args": [None, {"frame": {"duration": 300}, "fromcurrent": True}],
                    }
                ],
            }
        ],
    )
    return fig


# ------------------------------------------------ convergence of the boat (lesson 3b)
def eigenvalue_figure(
    eigenvalues: Sequence[complex], title: str = "Eigenvalues of the boat's transition matrix"
) -> go.Figure:
    """The eigenvalues in the complex plane, inside the unit circle.

    Parameters
    ----------
    eigenvalues : sequence of complex
        E.g. ``boat_eigenvalues()``. The largest modulus after 1 (``|lambda_2|``)
        is drawn as a dashed circle: the eigenvalues on it set the mixing speed.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "unit circle", "|lambda_2| circle" and "eigenvalues" (hover shows
        each value and its modulus).

    Examples
    --------
    >>> fig = eigenvalue_figure([1, 0.5j, -0.5j])
    >>> [t.name for t in fig.data], fig.data[2].y
    (['unit circle', '|lambda_2| circle', 'eigenvalues'], (0.0, 0.5, -0.5))
    """
    values = [complex(v) for v in eigenvalues]
    if not values:
        raise ValueError("eigenvalue_figure needs at least one eigenvalue")
    moduli = sorted((abs(v) for v in values), reverse=True)
    second = moduli[1] if len(moduli) > 1 else 0.0
    angle = [2 * math.pi * k / 360 for k in range(361)]
    fig = go.Figure()
    for name, radius, dash in (
        ("unit circle", 1.0, "solid"),
        ("|lambda_2| circle", second, "dash"),
    ):
        fig.add_trace(
            go.Scatter(
                x=[radius * math.cos(a) for a in angle],
                y=[radius * math.sin(a) for a in angle],
                mode="lines",
                name=name,
                line={"color": STREET_COLOUR, "dash": dash, "width": 1},
                hoverinfo="skip",
            )
        )
    fig.add_trace(
        go.Scatter(
            x=[v.real for v in values],
            y=[v.imag for v in values],
            mode="markers",
            name="eigenvalues",
            marker={"size": 9, "color": [abs(v) for v in values], "colorscale": "Viridis"},
            hovertext=[f"{v.real:+.4f} {v.imag:+.4f}i, modulus {abs(v):.4f}" for v in values],
            hoverinfo="text",
        )
    )
    fig.update_layout(
        title=title,
        width=520,
        height=520,
        xaxis={"title": "real part", "range": [-1.1, 1.1], "zeroline": True},
        yaxis={"title": "imaginary part", "range": [-1.1, 1.1], "scaleanchor": "x"},
    )
    return fig


def distance_to_uniform_figure(
    distances: Sequence[float],
    rate: float,
    bound: Sequence[float] | None = None,
    title: str = "Distance to uniform against |lambda_2|^t",
) -> go.Figure:
    """The total variation distance to uniform per turn, beside ``rate ** t``, on a log axis.

    Parameters
    ----------
    distances : sequence of float
        ``distances[t]``: the distance after ``t`` turns (e.g. ``total_variation_curve(T)``).
    rate : float
        ``|lambda_2|``: the curve ``rate ** t`` is drawn beside the distances;
        on a log axis both are straight lines of the same slope in the long run.
    bound : sequence of float or None
        An upper bound per turn (e.g. ``total_variation_bound(t)``), drawn dotted.
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces "total variation", "|lambda_2|^t" and (with a bound) "spectral bound".

    Examples
    --------
    >>> fig = distance_to_uniform_figure([0.5, 0.25, 0.125], rate=0.5)
    >>> fig.data[1].y, fig.layout.yaxis.type
    ((1.0, 0.5, 0.25), 'log')
    """
    if not 0 < rate <= 1:
        raise ValueError(f"rate (|lambda_2|) must lie in (0, 1], got {rate}")
    turns = list(range(len(distances)))
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=turns,
            y=[float(d) for d in distances],
            mode="lines+markers",
            name="total variation",
            marker={"size": 4},
        )
    )
    fig.add_trace(
        go.Scatter(
            x=turns,
            y=[rate**t for t in turns],
            mode="lines",
            name="|lambda_2|^t",
            line={"dash": "dash"},
        )
    )
    if bound is not None:
        fig.add_trace(
            go.Scatter(
                x=turns,
                y=[float(b) for b in bound],
                mode="lines",
                name="spectral bound",
                line={"dash": "dot"},
            )
        )
    fig.update_layout(
        title=title,
        width=720,
        height=440,
        xaxis={"title": "turn t"},
        yaxis={"title": "distance to uniform", "type": "log"},
    )
    return fig


def renewal_figure(
    u: Sequence[float | Fraction],
    limit: float | Fraction,
    title: str = "u_n: the chance that the boat stops exactly n tiles on",
) -> go.Figure:
    """The renewal sequence ``u_n`` against ``n``, with its limit as a dotted line.

    Parameters
    ----------
    u : sequence of float or Fraction
        ``u[n]`` for n = 0, 1, ... (e.g. ``renewal_sequence(48)``).
    limit : float or Fraction
        The limit ``1 / E[step]`` (1/4 for the game's dice).
    title : str
        Figure title.

    Returns
    -------
    plotly.graph_objects.Figure
        One trace "u_n" and a horizontal line at the limit.

    Examples
    --------
    >>> fig = renewal_figure([1, 0, Fraction(1, 9)], Fraction(1, 4))
    >>> fig.data[0].y, fig.layout.shapes[0].y0
    ((1.0, 0.0, 0.1111111111111111), 0.25)
    """
    fig = go.Figure(
        go.Scatter(
            x=list(range(len(u))),
            y=[float(x) for x in u],
            mode="lines+markers",
            name="u_n",
            marker={"size": 5},
        )
    )
    fig.add_hline(y=float(limit), line_dash="dot", annotation_text=f"limit {float(limit):.4g}")
    fig.update_layout(
        title=title,
        width=720,
        height=400,
        xaxis={"title": "tiles travelled n (the canal unrolled)"},
        yaxis={"title": "u_n", "range": [0, 1.05]},
    )
    return fig


__all__ = [
    "boat_convergence_figure",
    "distance_to_uniform_figure",
    "eigenvalue_figure",
    "renewal_figure",
]
