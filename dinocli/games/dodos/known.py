"""Cards a seat has seen in another seat's hand, and keeps in mind until they leave it.

A hand is hidden (DODO-11), but the table sees some of it: a hand revealed for want of a blue or
red card and the cards then drawn face up (DODO-12), and a steal shows the stolen cards to the
thief and the victim (DODO-46, DODO-68). ``known[x]`` holds the cards one onlooker knows to be in
seat ``x``'s hand or face-down pick; a card leaves it when it is played, revealed or discarded.
When the onlooker cannot tell which cards a steal took, it forgets the victim's (unless the
thief took them all), so what it knows is always true: never more than the seat was shown.

:func:`update` is the one rule, applied by the projector to every seat's memory (and to a
spectator's) and by ``fold_view`` to one view; an event is read the same whether redacted or not.
"""

from __future__ import annotations

from typing import Any, Final

from .events import CardsDrawn, CardsRevealed, Discarded, GreenPlayed, HandRevealed, Stolen

__all__ = ["Known", "empty", "update", "TOUCHES"]

Known = tuple[tuple[int, ...], ...]  # per holder, the cards this onlooker has seen there

TOUCHES: Final = (CardsDrawn, CardsRevealed, Discarded, GreenPlayed, HandRevealed, Stolen)  # the events update reads


def empty(seats: int) -> Known:
    """Nothing seen yet."""
    return ((),) * seats


def _with(known: Known, x: int, cards: tuple[int, ...]) -> Known:
    return known[:x] + (tuple(sorted(cards)),) + known[x + 1:]


def _drop(known: Known, x: int, gone: tuple[int, ...]) -> Known:
    if not known[x]:
        return known
    g = set(gone)
    return _with(known, x, tuple(c for c in known[x] if c not in g))


def update(known: Known, me: int | None, ev: Any, sizes: tuple[int, ...]) -> Known:
    """What ``me`` (None: a spectator) knows of the others' hands after ``ev``; ``sizes`` are the hand
    sizes before it."""
    t = type(ev)
    if t is HandRevealed:
        return known if ev.seat == me else _with(known, ev.seat, ev.cards)
    if t is CardsDrawn:
        if ev.why != "search" or ev.seat == me:
            return known
        return _with(known, ev.seat, known[ev.seat] + ev.cards)
    if t is GreenPlayed:
        return _drop(known, ev.seat, (ev.card,))
    if t is Discarded:
        return _drop(known, ev.seat, ev.cards)
    if t is CardsRevealed:
        for x, c in enumerate(ev.cards):
            if c >= 0:
                known = _drop(known, x, (c,))
        return known
    if t is Stolen:
        thief, victim = ev.thief, ev.victim
        if me == victim:
            return _with(known, thief, known[thief] + ev.cards)
        if me == thief:
            return _drop(known, victim, ev.cards)
        if len(ev.cards) >= sizes[victim]:  # the whole hand went to the thief
            return _with(_with(known, thief, known[thief] + known[victim]), victim, ())
        return _with(known, victim, ()) if known[victim] else known
    return known
