"""The numbers a generator would give, read from its stream in blocks (for random playouts).

A random playout draws a hundred small numbers, one ``int(rng.integers(n))``
or ``rng.random()`` at a time; each such call into NumPy costs 0.5 to 2 us, a
fifth of a playout. :class:`Draws` takes the generator's raw 64-bit outputs
in blocks instead and turns them into exactly the numbers those calls would
have returned, in the same order, by NumPy's own arithmetic (Lemire's
bounded integers from 32-bit halves, doubles from the top 53 bits). When it
is closed (:meth:`Draws.sync`), the generator is put back exactly where the
single calls would have left it, so the caller's later draws do not change.

Only ``integers(high)`` with ``1 <= high <= 2**32`` and ``random()`` are read
from the stream, and only for the PCG64 generators (the default); their other
forms and the generator's other methods (``choice``, ``permutation``...) are
the generator's own, after a sync.

Examples
--------
>>> import numpy as np
>>> a, b = np.random.default_rng(7), np.random.default_rng(7)
>>> with Draws(a) as draws:
...     mine = [draws.integers(6), draws.random(), draws.integers(1), draws.integers(40)]
>>> mine == [int(b.integers(6)), b.random(), int(b.integers(1)), int(b.integers(40))]
True
>>> a.random() == b.random()  # the generator continues where it would have been
True
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

__all__ = ["Draws"]

_BLOCK = 64
"""Raw outputs read at once (a playout takes 50 to 100; a read costs about 2 us)."""
_LOW = 0xFFFFFFFF
_TOP = 0x100000000
_DOUBLE = 1.0 / 9007199254740992.0  # 2**-53, as NumPy makes a double from 53 bits
_EXACT = (np.random.PCG64, np.random.PCG64DXSM)
"""Bit generators whose 32-bit draws are the halves of a 64-bit output, low half first."""


class Draws:
    """``integers(n)`` and ``random()`` of ``rng``, the same numbers, read in blocks.

    Use it as a context manager (or call :meth:`sync` when done): until
    then the generator has run ahead by up to a block.

    Parameters
    ----------
    rng : numpy.random.Generator
        The generator whose numbers are drawn.
    """

    __slots__ = ("_bits", "_block", "_exact", "_has", "_ready", "_rng", "_start", "_take", "_uint")

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self._bits = rng.bit_generator
        self._exact = type(self._bits) in _EXACT
        self._ready = False  # whether the generator's kept half (below) has been read
        # NumPy keeps the upper half of a 64-bit output for the next 32-bit draw:
        # whether it has one, and its value (still kept, stale, once used).
        self._has = False
        self._uint = 0
        self._start = (False, 0)
        self._block: Any = None  # the iterator over the block being read
        self._take: Any = None  # the next raw 64-bit output (a C call; blocks chained)

    def __enter__(self) -> Draws:
        return self

    def __exit__(self, *exc: object) -> None:
        self.sync()

    def _begin(self) -> None:
        state = self._bits.state
        self._has, self._uint = bool(state["has_uint32"]), state["uinteger"]
        self._start = (self._has, self._uint)
        blocks = iter(self._next_block, None)
        self._take = itertools.chain.from_iterable(blocks).__next__
        self._ready = True

    def _next_block(self) -> Any:
        self._block = iter(self._bits.random_raw(_BLOCK).tolist())
        return self._block

    def integers(
        self, low: Any, high: Any = None, size: Any = None, dtype: Any = None, endpoint: Any = False
    ) -> Any:
        """``int(rng.integers(low))``: a uniform integer in ``0 .. low - 1``."""
        if (
            high is not None
            or size is not None
            or dtype is not None
            or endpoint
            or type(low) is not int
            or not 1 <= low <= _TOP
        ):
            return self.sync().integers(low, high, size, dtype or np.int64, endpoint)
        return self.below(low)

    def below(self, n: int) -> int:
        """``int(rng.integers(n))`` for an int ``n`` from 1 to ``2**32`` (not checked).

        For loops that know their ``n`` is such a number (a list's length).
        """
        if n == 1:
            return 0  # NumPy draws nothing for a range of one number
        if not self._ready:
            if not self._exact:
                return int(self._rng.integers(n))
            self._begin()
        # Lemire's method on 32-bit draws, as NumPy's buffered_bounded_lemire_uint32.
        if self._has:
            self._has = False
            m = self._uint * n
        else:
            raw = self._take()
            self._has = True
            self._uint = raw >> 32
            m = (raw & _LOW) * n
        if m & _LOW < n:
            threshold = (_TOP - n) % n
            while m & _LOW < threshold:
                m = self._next32() * n
        return m >> 32

    @property
    def reads_raw(self) -> bool:
        """Whether the numbers are read from the raw stream (PCG64): :meth:`hand_over`."""
        return self._exact

    def hand_over(self) -> tuple[Any, int | None]:
        """``(take, half)`` for a loop that draws inline, without a call per number.

        ``take()`` is the generator's next raw 64-bit output and ``half`` the
        32-bit half NumPy keeps for the next bounded draw (None: none kept).
        A loop then draws ``below(n)`` (``n`` from 2 to ``2**32``) as::

            if half is None:
                raw = take()
                half, m = raw >> 32, (raw & 0xFFFFFFFF) * n
            else:
                m, half = half * n, None
            if m & 0xFFFFFFFF < n:  # rare: Lemire's rejection
                m, half = draws.rejected(m, n, half)
            k = m >> 32

        and ``random()`` as ``(take() >> 11) * 2**-53``. It gives the half
        back with :meth:`take_back` before this reader is used otherwise.
        Only for generators that :attr:`reads_raw`.
        """
        if not self._exact:
            raise ValueError("only a PCG64 generator's numbers are read from its raw stream")
        if not self._ready:
            self._begin()
        return self._take, self._uint if self._has else None

    def take_back(self, half: int | None) -> None:
        """The half kept after a loop's inline draws (see :meth:`hand_over`)."""
        if half is None:
            self._has = False
        else:
            self._has, self._uint = True, half

    def rejected(self, m: int, n: int, half: int | None) -> tuple[int, int | None]:
        """An inline ``below(n)`` whose first product ``m`` fell below ``n``: Lemire's
        rejection, as :meth:`below`; the product and the half kept (:meth:`hand_over`)."""
        self.take_back(half)
        threshold = (_TOP - n) % n
        while m & _LOW < threshold:
            m = self._next32() * n
        return m, self._uint if self._has else None

    def _next32(self) -> int:
        if self._has:
            self._has = False
            return self._uint
        raw = self._take()
        self._has = True
        self._uint = raw >> 32
        return raw & _LOW

    def random(self, size: Any = None, dtype: Any = None, out: Any = None) -> Any:
        """``rng.random()``: a uniform float in [0, 1)."""
        if size is not None or dtype is not None or out is not None:
            return self.sync().random(size, dtype or np.float64, out)
        if not self._ready:
            if not self._exact:
                return self._rng.random()
            self._begin()
        return (self._take() >> 11) * _DOUBLE

    def sync(self) -> np.random.Generator:
        """Put the generator where the single calls would have left it; return it."""
        if not self._ready:
            return self._rng
        bits = self._bits
        now = self._start  # reading raw outputs leaves the kept half alone
        unused = 0 if self._block is None else self._block.__length_hint__()
        if unused:
            bits.advance(-unused)  # back over the outputs read ahead; it clears the half
            now = (False, 0)
        wanted = (self._has, self._uint)
        if wanted != now:
            state = bits.state
            state["has_uint32"], state["uinteger"] = int(wanted[0]), wanted[1]
            bits.state = state
        self._ready = False
        self._block = self._take = None
        return self._rng

    @property
    def bit_generator(self) -> np.random.BitGenerator:
        """The generator's bit generator (after a sync)."""
        return self.sync().bit_generator


def _delegate(name: str) -> Any:
    def method(self: Draws, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.sync(), name)(*args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``rng.{name}(...)``: the generator's own, after a sync."
    return method


# The generator's other draws (choice, permutation, multinomial...) are its own, after a
# sync. Methods, not a __getattr__: that would slow every attribute read of the class.
for _name in dir(np.random.Generator):
    if not _name.startswith("_") and not hasattr(Draws, _name):
        setattr(Draws, _name, _delegate(_name))
