"""Classroom experiment mode: a class plays one experiment from their own browsers.

``python -m hoteledu.classroom serve`` starts the server (see docs/classroom.md).
:mod:`.store` keeps sessions, rounds and submissions in SQLite;
:mod:`.experiments` defines the three experiments and plays them through the
engines; :mod:`.dashboard` and :mod:`.student` are the two ipywidgets pages;
:func:`.server.start_class` starts the server from a notebook cell.
"""
