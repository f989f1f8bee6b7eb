"""Plotly figures of Hotel Amsterdam: one module per topic of :mod:`hoteledu.amsterdam.analysis`.

* :mod:`.board`: the board, drawn from a scene read off a state (the app's figure).
* :mod:`.boat`: the canal boat's Markov chain (lessons 3 and 3b).
* :mod:`.tourists`: where tourists land (heatmaps) and where they go (Sankey).
* :mod:`.city`: the city graph and the centrality of intersections.
* :mod:`.search`: alpha-beta trees and the size of searches.

Drawing computes nothing (``design/STYLE.md``): every builder takes results as
arguments and returns a plain ``plotly.graph_objects.Figure``, testable
without a browser. No module here imports ipywidgets.
"""
