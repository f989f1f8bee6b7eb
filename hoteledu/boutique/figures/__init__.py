"""Boutique Hotel Manager's figures: the board, and one module per analysis topic it draws.

Drawing computes nothing: each builder takes the results that
:mod:`hoteledu.boutique.analysis` returns and gives a plain
``plotly.graph_objects.Figure``. The rules never import these modules, and
none imports ipywidgets.

======================  ==============================================
module                  draws
======================  ==============================================
``board``               the hotel mats (the app's board)
``auction``             the marketing bid (``analysis/auction.py``)
``walkins``             walk-in demand (``analysis/walkins.py``)
``staffing``            staffing as a newsvendor (``analysis/staffing.py``)
``games``               matrix games (``analysis/equilibria.py``, ``games.py``)
``learning``            learning dynamics (``analysis/learning.py``)
``week``                a played week and game (records)
======================  ==============================================
"""

THEORY_COLOUR = "#1f77b4"
"""What the theory predicts."""
PLAY_COLOUR = "#ff7f0e"
"""What was played."""
SECOND_COLOUR = "#2ca02c"
"""A second theoretical curve."""
