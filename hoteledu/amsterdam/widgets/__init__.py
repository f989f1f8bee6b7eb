"""Lesson widgets of Hotel Amsterdam, one module per widget.

None yet: the lessons use the playable app (:func:`hoteledu.amsterdam.app.make_app`)
and the figures of :mod:`hoteledu.amsterdam.figures`.
"""
