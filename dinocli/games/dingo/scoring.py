"""Ranch values and the day's points (DINGO-33..36, A06)."""

from __future__ import annotations

from .data import VALUE

__all__ = ["ranch_value", "day_points"]


def ranch_value(ranch: tuple[int, ...]) -> int:
    """Sum of the values of a ranch's playing cards (DINGO-33; Starting Cards are 0, G01)."""
    return sum(VALUE[c] for c in ranch)


def day_points(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Points per seat: 1 per player beaten, 0 if over the target (DINGO-34..36, A06)."""
    ok = [v <= target for v in values]
    return tuple(
        sum(1 for j, w in enumerate(values) if j != i and (not ok[j] or w < v)) if ok[i] else 0
        for i, v in enumerate(values)
    )
