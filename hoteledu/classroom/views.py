"""HTML pieces the two pages show: every name and value escaped, nothing decided here."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from hoteledu.classroom.experiments import FitTest, Theory


def esc(value: Any) -> str:
    """Text made safe to put in HTML (names come from students)."""
    return html.escape(str(value), quote=True)


def message_html(text: str, ok: bool = False) -> str:
    colour = "#1a7f37" if ok else "#b42318"
    return f'<div class="classroom-message" style="color:{colour}">{esc(text)}</div>'


def leaderboard_html(results: dict[str, Any], unit: str) -> str:
    """The round's leaderboard table (escaped names)."""
    rows = results.get("leaderboard", [])
    if not rows:
        return "<p>No submissions in this round.</p>"
    head = (
        "<tr><th>#</th><th>name</th><th>"
        + esc(unit)
        + "</th><th>score</th><th>won</th><th>drawn</th><th>lost</th></tr>"
    )
    body = "".join(
        f'<tr class="leader-row"><td>{i}</td><td class="leader-name">{esc(r["name"])}</td>'
        f"<td>{esc(r['value'])}</td><td>{esc(r['score'])}</td><td>{esc(r['wins'])}</td>"
        f"<td>{esc(r['draws'])}</td><td>{esc(r['losses'])}</td></tr>"
        for i, r in enumerate(rows, 1)
    )
    return (
        f'<table class="classroom-leaderboard">{head}{body}</table>'
        f"<p>{esc(results.get('pairings', 0))} pairings, seed {esc(results.get('seed'))}.</p>"
    )


def histogram_svg(theory: Theory, values: Sequence[int], width: int = 420) -> str:
    """Bars: the class's share of each choice; dots: the equilibrium mix."""
    choices = theory.choices
    n = len(values)
    shares = [sum(1 for v in values if v == c) / n if n else 0.0 for c in choices]
    top = max([*shares, *theory.mix, 0.01])
    height, margin = 180, 28
    step = (width - 2 * margin) / len(choices)
    parts = [
        f'<svg class="classroom-histogram" width="{width}" height="{height + 40}" '
        f'xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="class choices against the equilibrium mix">'
    ]
    for i, (choice, share, p) in enumerate(zip(choices, shares, theory.mix, strict=True)):
        x = margin + i * step
        bar = height * share / top
        parts.append(
            f'<rect class="class-bar" data-choice="{choice}" data-share="{share:.4f}" '
            f'x="{x + step * 0.15:.1f}" y="{10 + height - bar:.1f}" width="{step * 0.7:.1f}" '
            f'height="{bar:.1f}" fill="#4c78a8"/>'
        )
        if n:  # the share in words above its bar
            label_y = max(10 + height - bar - 4, 10)
            parts.append(
                f'<text class="bar-share" x="{x + step / 2:.1f}" y="{label_y:.1f}" '
                f'font-size="12" text-anchor="middle">{round(100 * share)}%</text>'
            )
        y = 10 + height - height * p / top
        parts.append(
            f'<circle class="theory-mark" data-choice="{choice}" data-p="{p:.4f}" '
            f'cx="{x + step / 2:.1f}" cy="{y:.1f}" r="5" fill="#e45756"/>'
        )
        parts.append(
            f'<text x="{x + step / 2:.1f}" y="{height + 26}" font-size="12" '
            f'text-anchor="middle">{choice}</text>'
        )
    parts.append(
        f'<text x="{margin}" y="{height + 38}" font-size="11">bars: class share ({n} choices); '
        "red dots: equilibrium mix</text></svg>"
    )
    return "".join(parts)


def qr_svg(url: str, scale: int = 5) -> str:
    """The address as a QR code a phone's camera opens, inline SVG (segno: pure Python).

    A regular QR code (not a Micro QR, which few phone cameras read), with the
    4-module quiet zone and a white ground so it scans on a dark page too.
    """
    import segno

    code = segno.make_qr(url, error="m")
    svg = code.svg_inline(
        scale=scale, border=4, dark="#000", light="#fff", svgclass="join-qr", title=url
    )
    return (
        f'<figure class="join-qr-figure" style="margin:0">{svg}'
        f'<figcaption style="font-size:0.8em">{esc(url)}</figcaption></figure>'
    )


def fit_html(fit: FitTest) -> str:
    return f'<p class="classroom-fit">Fit to the equilibrium mix: {esc(fit.message)}</p>'


def theory_html(theory: Theory, unit: str) -> str:
    mix = ", ".join(
        f"{c}: {p:.2f}" for c, p in zip(theory.choices, theory.mix, strict=True) if p > 0
    )
    return (
        f'<p class="classroom-theory">Theory: {esc(theory.note)} Mix over {esc(unit)}: '
        f"{esc(mix)}; value {theory.value:.3f}.</p>"
    )


def projector_html(
    code: str,
    student_url: str | None,
    question: str,
    status: str,
    count: int,
    closed: str = "",
) -> str:
    """The projector's page: large type, what the whole room should see, no names while open.

    ``closed`` is the closed round's results (histogram, theory, leaderboard), already HTML.
    """
    join = f"Join at <b>{esc(student_url)}</b> with code " if student_url else "Session code "
    scan = (
        f'<div style="float:right; margin-left:1em">{qr_svg(student_url, scale=8)}</div>'
        if student_url
        else ""
    )
    return (
        '<div class="projector" style="font-size:28px; line-height:1.35">'
        f'{scan}<p style="font-size:0.8em">{join}<b class="projector-code">{esc(code)}</b></p>'
        f'<p class="projector-status"><b>{esc(status)}</b> '
        f'(<span class="projector-count">{count}</span> submitted)</p>'
        f'<p class="projector-question" style="font-size:1.25em">{esc(question)}</p>'
        f"{closed}</div>"
    )
