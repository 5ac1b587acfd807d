"""Removal effects: who may be targeted (DINGO-25..29, A02, G03) and the Moon (DINGO-28)."""

from __future__ import annotations

from typing import Final

from .actions import Target
from .cards import ALL, COLOUR, EFFECT, NAME, VALUE
from .data import BABY
from .state import Seat

__all__ = ["targets", "target_pairs", "is_shielded"]


def _matches(effect: str | None, card: int, victim: int) -> bool:
    """Whether ``victim`` is the kind of card ``effect`` removes (DINGO-29, DINGO-G02)."""
    if effect == "scare":
        return VALUE[victim] >= 4
    if effect == "chase":
        return COLOUR[victim] == COLOUR[card]
    if effect == "eat":
        return NAME[victim] == BABY
    if effect == "stalk":
        return VALUE[victim] <= 3
    return effect in ("destroy", "stomp")


# Per card: which victims its effect may remove (None: no removal effect), and which cards are Moons.
_HITS: Final[tuple[tuple[bool, ...] | None, ...]] = tuple(
    None if EFFECT[c] in (None, "moon") else tuple(_matches(EFFECT[c], c, x) and x != c for x in ALL) for c in ALL
)
_MOON: Final[tuple[bool, ...]] = tuple(EFFECT[c] == "moon" for c in ALL)
_TARGET: Final = tuple(tuple(Target(r, c) for c in ALL) for r in range(5))


def is_shielded(row: tuple[int, ...], i: int) -> bool:
    """DINGO-28: the card directly left of a Moon cannot be targeted."""
    return i + 1 < len(row) and _MOON[row[i + 1]]


def target_pairs(ranches: tuple[tuple[int, ...], ...], seat: Seat, card: int) -> list[tuple[int, int]]:
    """(ranch, victim) of every legal target of ``card``'s effect, in ranch then row order (DINGO-25..29)."""
    hits = _HITS[card]
    if hits is None:
        return []
    moon = _MOON
    out = []
    if EFFECT[card] == "stomp":  # DINGO-29: only the card directly left of this one
        for r, row in enumerate(ranches):
            if card in row:
                i = row.index(card) - 1
                if i >= 0 and (i > 0 or r == seat) and not moon[row[i + 1]] and hits[row[i]]:
                    out.append((r, row[i]))
                break
        return out
    for r, row in enumerate(ranches):
        last = len(row) - 1
        # DINGO-27, A02: another seat's protected card (index 0) is out of reach
        for i in range(0 if r == seat else 1, last + 1):
            victim = row[i]
            if hits[victim] and (i == last or not moon[row[i + 1]]):
                out.append((r, victim))
    return out


def targets(ranches: tuple[tuple[int, ...], ...], seat: Seat, card: int) -> list[Target]:
    """Legal targets of ``card``'s removal effect, played by ``seat`` (DINGO-25..29, A02, G03)."""
    return [_TARGET[r][victim] for r, victim in target_pairs(ranches, seat, card)]
