"""Read back the QR code a page drew: the dark modules of segno's inline SVG path.

No QR decoder is installed, so a test compares the drawn modules with segno's own
matrix for the address it expects: the same modules mean the same address.
"""

from __future__ import annotations

import re


def drawn_modules(svg: str) -> set[tuple[int, int]]:
    """(row, column) of every dark module in segno's ``svg_inline`` path (border removed)."""
    paths = re.findall(r'<path[^>]*stroke="#000"[^>]*\sd="([^"]+)"', svg)
    assert len(paths) == 1, f"expected one dark path in the QR code, found {len(paths)}"
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", paths[0]):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:  # h: a run of dark modules along the row
            run = int(float(first))
            dark.update((int(y - 0.5), int(x) + i) for i in range(run))
            x += run
    border = min(min(r for r, _ in dark), min(c for _, c in dark))  # the finder pattern's corner
    return {(r - border, c - border) for r, c in dark}


def expected_modules(url: str) -> set[tuple[int, int]]:
    """segno's dark modules for ``url`` (the QR code qr_svg draws)."""
    import segno

    matrix = segno.make_qr(url, error="m").matrix
    return {(r, c) for r, row in enumerate(matrix) for c, value in enumerate(row) if value}
