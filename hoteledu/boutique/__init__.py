"""Boutique Hotel Manager: pricing, booking, staffing and ratings over two weeks.

Import stays light: the rules load with ``hoteledu.load_game("boutique")``
or ``from hoteledu.boutique.rules import new_game``.
"""
