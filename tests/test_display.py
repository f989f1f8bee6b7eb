"""Showing a figure does not pay for jsonschema's IRI grammar (about 3 s of CPU per kernel)."""

from __future__ import annotations

import subprocess
import sys


def test_figures_skip_the_slow_iri_grammar_import() -> None:
    code = (
        "import sys, hoteledu.amsterdam.figures.board, nbformat, jsonschema; "
        "print(sys.modules.get('rfc3987_syntax', 'absent'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() in ("None", "absent")
