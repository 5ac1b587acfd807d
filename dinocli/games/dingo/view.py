"""What one seat may know (DINGO-11): ranches, target, discards and scores are public;
hands are private and the deck is an unordered pile."""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from dinocli.events import Event

from .data import ALL
from .events import CardDealt, CardDrawn, DayStarted, StartingCardsDealt
from .state import DayResult, Seat, State

__all__ = ["View", "observe", "determinize", "redact", "reveals"]


class View(msgspec.Struct, frozen=True):
    """A seat's knowledge: the public table, its own hand and the size of every hand."""

    seat: Seat | None
    names: tuple[str, ...]
    limit: int
    goal: int
    tiebreak: bool
    colours: tuple[int, ...]
    day: int
    starter: Seat
    roll: int
    target: int
    deck_size: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    ranches: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    scores: tuple[int, ...]
    turn: Seat
    phase: str
    pending: int
    contenders: tuple[Seat, ...]
    winners: tuple[Seat, ...]
    last: DayResult | None


def observe(s: State, seat: Seat | None) -> View:
    """All that ``seat`` may know (None: a spectator)."""
    # positional, in field order: three times faster than 22 keywords (the bots observe at every step)
    return View(
        seat, s.names, s.limit, s.goal, s.tiebreak, s.colours, s.day, s.starter, s.roll, s.target, len(s.deck),
        s.hands[seat] if seat is not None else (), tuple(map(len, s.hands)), s.ranches, s.discard, s.scores,
        s.turn, s.phase, s.pending, s.contenders, s.winners, s.last,
    )


def determinize(v: View, seat: Seat, rnd: random.Random) -> State:
    """A full state consistent with ``v``: unseen cards dealt at random to the other hands."""
    seen = set(v.discard).union(*v.ranches)
    if v.seat == seat:
        seen.update(v.hand)
    unseen = [c for c in ALL if c not in seen]
    rnd.shuffle(unseen)
    hands, k = [], 0
    for i, size in enumerate(v.hand_sizes):
        if i == seat and v.seat == seat:
            hands.append(v.hand)
        else:
            hands.append(tuple(sorted(unseen[k:k + size])))
            k += size
    return State(
        names=v.names, limit=v.limit, goal=v.goal, tiebreak=v.tiebreak, colours=v.colours, day=v.day,
        starter=v.starter, roll=v.roll, target=v.target, deck=tuple(sorted(unseen[k:])), hands=tuple(hands),
        ranches=v.ranches, discard=v.discard, scores=v.scores, turn=v.turn, phase=v.phase,
        pending=v.pending, contenders=v.contenders, winners=v.winners, last=v.last,
    )


def redact(e: Event, seat: Seat | None) -> Event | None:
    """Blank another seat's drawn card to -1; every other event is public (DINGO-11)."""
    if isinstance(e, CardDrawn) and e.seat != seat:
        return replace(e, card=-1)
    return e


def reveals(e: Event, seat: Seat) -> bool:
    """Whether ``seat`` learns something hidden: its own draw, a face-up deal, a roll, a colour."""
    if isinstance(e, CardDrawn):
        return e.seat == seat
    return isinstance(e, (CardDealt, DayStarted, StartingCardsDealt))
