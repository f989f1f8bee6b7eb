"""Hotel Amsterdam: tourists, a canal boat, the Mayor and the Nightwatchman.

Kept light: import ``hoteledu.amsterdam.rules`` (the engine), ``.board`` (the
geometry as tuples and networkx graphs) or ``.bots`` as needed.
"""
