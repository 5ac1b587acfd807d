"""Removal effects: who may be targeted (DINGO-25..29, A02, G03) and the Moon (DINGO-28)."""

from __future__ import annotations

from .actions import Target
from .data import BABY, COLOUR, EFFECT, NAME, VALUE
from .state import Seat

__all__ = ["targets", "is_shielded"]


def _matches(effect: str, card: int, victim: int) -> bool:
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


def is_shielded(row: tuple[int, ...], i: int) -> bool:
    """DINGO-28: the card directly left of a Moon cannot be targeted."""
    return i + 1 < len(row) and EFFECT[row[i + 1]] == "moon"


def targets(ranches: tuple[tuple[int, ...], ...], seat: Seat, card: int) -> list[Target]:
    """Legal targets of ``card``'s removal effect, played by ``seat`` (DINGO-25..29, A02, G03)."""
    effect = EFFECT[card]
    if effect is None or effect == "moon":
        return []
    out = []
    for r, row in enumerate(ranches):
        if effect == "stomp":
            if card not in row:
                continue
            i = row.index(card)
            spots = [i - 1] if i > 0 else []
        else:
            spots = range(len(row))
        for i in spots:
            victim = row[i]
            if victim == card or (i == 0 and r != seat) or is_shielded(row, i):
                continue
            if _matches(effect, card, victim):
                out.append(Target(r, victim))
    return out
