"""``python -m hoteledu``: the ``hoteledu`` command (:mod:`hoteledu.cli`)."""

from hoteledu.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
