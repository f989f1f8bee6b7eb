"""Boutique Hotel Manager's lesson widgets, one module per widget.

- :mod:`~hoteledu.boutique.widgets.bid_widget`: the sealed marketing bid against a bot (lesson 4).
- :mod:`~hoteledu.boutique.widgets.duel_widget`: a week of pricing against a bot (lesson 6).
"""
