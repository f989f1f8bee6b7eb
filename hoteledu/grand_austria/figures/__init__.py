"""Plotly figures of Grand Austria: the game board, and one module per analysis it draws.

Drawing computes nothing: every builder takes results of
:mod:`hoteledu.grand_austria.analysis` (or a state's observation) and returns
a plain ``plotly.graph_objects.Figure``. The rules never import this package,
and it never imports ipywidgets.

=====================  =================================================
module                 draws
=====================  =================================================
:mod:`.board`          the action board and the app's game board
:mod:`.strength`       dice strength, the draft, passing (analysis.strength)
:mod:`.staff`          staff card values (analysis.staff)
:mod:`.guests`         implied item prices (analysis.guests)
:mod:`.emperor`        emperor thresholds (analysis.emperor), the strategy tournament
:mod:`._style`         the colours and layout they share (a helper, not a topic)
=====================  =================================================
"""
