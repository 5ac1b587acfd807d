"""The ``infer`` role of a game in which nothing hidden is inferred (see ai/belief.py): a game folder's
``infer.py`` re-exports these, and its docstring says why."""

from __future__ import annotations

__all__ = ["INFERS", "pasts", "hidden", "values", "deal"]

INFERS = False


def pasts(now, trail: list, i: int, seat: int, memo: dict) -> None:
    """No decision bears on a deal: none is scored."""
    return None


def hidden(view) -> int:
    """No hidden card bears on a belief here."""
    return 0


def values(view, seat: int, legal: list) -> None:
    """No action values: the opponent model falls back on the strategy's pick."""
    return None


def deal(view, seat: int, trail: list, rnd, memo: dict) -> None:
    """No deal of its own: a belief deals by the game's ``determinize``."""
    return None
