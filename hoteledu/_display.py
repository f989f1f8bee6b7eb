"""Set-up shared by every module that shows a plotly figure or a widget.

Showing a plotly figure imports nbformat, which imports jsonschema, whose
format checker eagerly imports ``rfc3987_syntax`` when it is installed (it
comes with JupyterLab through jupyter-events). That module compiles its IRI
grammars on import: about 3 s of CPU in every kernel, before the first
figure of a lesson or an app appears. Nothing hoteledu shows validates IRIs,
so the import is skipped in the kernel, unless jsonschema is loaded already
(then it is too late to matter) or someone asked for the module itself.
"""

from __future__ import annotations

import sys


def skip_slow_iri_grammar() -> None:
    """Make jsonschema's optional ``rfc3987_syntax`` import fail fast (it suppresses it)."""
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]


skip_slow_iri_grammar()
