"""Ranch values and the day's points (DINGO-33..36, A06)."""

from __future__ import annotations

from .cards import VALUE

__all__ = ["ranch_value", "day_points"]


def ranch_value(ranch: tuple[int, ...]) -> int:
    """Sum of the values of a ranch's playing cards (DINGO-33; Starting Cards are 0, G01)."""
    total = 0
    for card in ranch:  # compiled, a loop; sum(map(...)) would call back into Python per card
        total += VALUE[card]
    return total


def _points(values: tuple[int, ...], i: int, target: int) -> int:
    """Seat ``i``'s points: 1 per other seat over the target or below it, 0 if over itself (DINGO-34..36, A06)."""
    v = values[i]
    if v > target:
        return 0
    # seat i itself never counts: it is neither over the target nor below itself
    n = 0
    for w in values:
        if w > target or w < v:
            n += 1
    return n


def day_points(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Points per seat: 1 per player beaten, 0 if over the target (DINGO-34..36, A06)."""
    return tuple([_points(values, i, target) for i in range(len(values))])
