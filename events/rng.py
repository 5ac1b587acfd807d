"""Counter-based randomness: every draw is a pure function of (seed, key).

Games never hold a generator; they ask ``rng.below(n, "deck", day, k)`` with a key built from
the state (a day number, a draw counter). Undo or a branch that returns to a state asks the
same key and gets the same answer, so luck cannot be fished for (DESIGN "Luck cannot be
fished for"). The same interface records the draws of a command (stored with its events) and
replays them for verification when the seed is still secret.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["Rng", "SeededRng", "RecordingRng", "ReplayRng", "SimRng", "RngMismatch", "new_seed", "commit"]

T = TypeVar("T")


class RngMismatch(ValueError):
    """A replayed draw does not match what was recorded."""


def new_seed() -> str:
    """A fresh random seed as hex text."""
    return os.urandom(16).hex()


def commit(seed: str, salt: str | None = None) -> str:
    """The public commitment to a seed, hex: sha256(salt || seed), the salt's 32 hex digits then the seed's
    text (log format 4); without a salt (formats 1 to 3) sha256 of the seed's text alone."""
    return hashlib.sha256(((salt or "") + seed).encode()).hexdigest()


def _key(parts: tuple[Any, ...]) -> str:
    return "/".join(str(p) for p in parts)


class Rng(Protocol):
    """What games may ask of randomness."""

    def below(self, n: int, *key: Any) -> int:
        """A uniform integer in ``[0, n)`` for this key."""

    def shuffle(self, items: Sequence[T], *key: Any) -> list[T]:
        """A uniformly shuffled copy of ``items`` for this key."""


class _Base:
    def below(self, n: int, *key: Any) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def roll(self, sides: int, *key: Any) -> int:
        """A die showing 1..sides for this key."""
        return self.below(sides, *key) + 1

    def shuffle(self, items: Sequence[T], *key: Any) -> list[T]:
        """Fisher-Yates with one keyed draw per position."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1, *key, i)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T], *key: Any) -> T:
        """One of ``items`` for this key."""
        return items[self.below(len(items), *key)]


class SeededRng(_Base):
    """The real thing: blake2b(seed, key) reduced to ``[0, n)`` (128 bits, bias < 2**-100)."""

    def __init__(self, seed: str):
        self.seed = seed
        self._base = hashlib.blake2b(seed.encode(), digest_size=16)

    def below(self, n: int, *key: Any) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        h = self._base.copy()
        h.update(_key(key).encode())
        return int.from_bytes(h.digest(), "big") % n


class RecordingRng(_Base):
    """Wraps an rng and records ``[key, n, value]`` for every draw."""

    def __init__(self, inner: _Base):
        self.inner = inner
        self.rolls: list[list[Any]] = []

    def below(self, n: int, *key: Any) -> int:
        v = self.inner.below(n, *key)
        self.rolls.append([_key(key), n, v])
        return v


class ReplayRng(_Base):
    """Gives back recorded draws in order, checking each key and range."""

    def __init__(self, rolls: Sequence[Sequence[Any]]):
        self.rolls = list(rolls)
        self.pos = 0

    def below(self, n: int, *key: Any) -> int:
        if self.pos >= len(self.rolls):
            raise RngMismatch(f"draw {_key(key)!r} was not recorded")
        k, m, v = self.rolls[self.pos]
        self.pos += 1
        if k != _key(key) or m != n or not (isinstance(v, int) and 0 <= v < n):
            raise RngMismatch(f"recorded draw {k!r} (1 of {m}) = {v!r} does not fit {_key(key)!r} (1 of {n})")
        return v

    def finished(self) -> bool:
        """Every recorded draw was used."""
        return self.pos == len(self.rolls)


class SimRng(_Base):
    """Fast, unkeyed randomness for simulations (MCTS playouts): ignores the key."""

    def __init__(self, rnd: random.Random | int | None = None):
        self.rnd = rnd if isinstance(rnd, random.Random) else random.Random(rnd)
        self._randbelow = self.rnd._randbelow  # what randrange(n) draws with: the same draws, a call less
        # random.Random's own draw below n, inlined (getrandbits of n's bit length until below n)
        self._bits = self.rnd.getrandbits if type(self.rnd) is random.Random else None

    def below(self, n: int, *key: Any) -> int:
        bits = self._bits
        if bits is None or n <= 0:
            return self._randbelow(n) if n > 0 else self.rnd.randrange(n)
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        return j

    def shuffle(self, items: Sequence[T], *key: Any) -> list[T]:
        out = list(items)
        self.rnd.shuffle(out)
        return out
