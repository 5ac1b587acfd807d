"""The projector: one arm per event. Pure: never mutates its input, never rolls, never judges.

Each arm takes a state and the event's fields as one tuple, in the event's field order, and returns
the new state: ``fold`` calls it with a logged event's fields, and the engine calls the very same arm
with the tuple of fields it emits, whether it records the event (``advance``) or a search only
simulates it (``play``: no event is built, unless a seat's memory of hands must read it).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any, Final

from msgspec.structs import astuple
from msgspec.structs import replace as _replace

from dinocli.events import Event

from . import events as E
from .known import TOUCHES, empty, update
from .state import DRAFT, END, OVER, PICK, RESOLVE, State, Task

__all__ = ["fold", "remember", "ARMS"]

replace: Final = _replace  # a C static when compiled, where an imported name is looked up at every call


def _set(t: tuple, i: int, v) -> tuple:
    out = list(t)  # one copy: faster than slicing around the item
    out[i] = v
    return tuple(out)


def _without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    g = set(gone)
    return tuple(c for c in cards if c not in g)


def _less(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card`` (a hand holds each card once), unchanged if it is not there."""
    i = bisect_left(cards, card)  # hands and the deck are kept sorted: found at once
    if i == len(cards) or cards[i] != card:
        try:
            i = cards.index(card)
        except ValueError:
            return cards
    return cards[:i] + cards[i + 1:]


def _drawn(deck: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """The deck without the cards drawn from it (each there once)."""
    if len(cards) == 1:
        return _less(deck, cards[0])
    left = list(deck)
    for c in cards:
        i = bisect_left(left, c)  # the deck is kept sorted: found at once
        if i < len(left) and left[i] == c:
            del left[i]
        elif c in left:
            left.remove(c)
    return tuple(left)


def _add(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + cards))


def _moved(s: State, e: tuple[int, int, int, str]) -> State:
    seat, frm, to, why = e
    return replace(s, pos=_set(s.pos, seat, to))


def _awaited(s: State, e: tuple[tuple[Task, ...]]) -> State:
    return replace(s, agenda=e[0])


def _drawn_cards(s: State, e: tuple[int, tuple[int, ...], str]) -> State:
    seat, cards, why = e
    hands = s.hands
    return replace(s, deck=_drawn(s.deck, cards), ticks=s.ticks + 1, hands=_set(hands, seat, _add(hands[seat], cards)))


def _turn_started(s: State, e: tuple[int]) -> State:
    return replace(s, active=e[0], hit=False)


def _picked(s: State, e: tuple[int, int]) -> State:
    seat, card = e
    return replace(s, hands=_set(s.hands, seat, _less(s.hands[seat], card)), picks=_set(s.picks, seat, card))


def _discarded(s: State, e: tuple[int, tuple[int, ...], str]) -> State:
    seat, cards, src = e
    hands = s.hands
    return replace(s, hands=_set(hands, seat, _without(hands[seat], cards)), discard=s.discard + cards)


def _unchanged(s: State, e: tuple) -> State:
    return s


def _green(s: State, e: tuple[int, int]) -> State:
    seat, card = e
    hands = s.hands
    return replace(s, hands=_set(hands, seat, _less(hands[seat], card)), greens=_set(s.greens, seat, card))


def _round_started(s: State, e: tuple[int, int]) -> State:
    round, dodo = e
    n = len(s.names)
    return replace(s, phase=PICK, round=round, dodo=dodo, active=-1, hit=False, picks=(-1,) * n, greens=(-1,) * n)


def _cleared(s: State, e: tuple[tuple[int, ...]]) -> State:
    n = len(s.names)
    return replace(s, phase=END, discard=s.discard + e[0], picks=(-1,) * n, greens=(-1,) * n, active=-1, hit=False)


def _dodo_passed(s: State, e: tuple[int]) -> State:
    return replace(s, dodo=e[0])


def _ticked(s: State, e: tuple) -> State:
    return replace(s, ticks=s.ticks + 1)


def _revealed(s: State, e: tuple[tuple[int, ...]]) -> State:
    return replace(s, phase=RESOLVE)


def _swapped(s: State, e: tuple[int, int, int, int]) -> State:
    seat, other, frm, to = e
    return replace(s, pos=_set(_set(s.pos, seat, to), other, frm))


def _effect_hit(s: State, e: tuple[int, int]) -> State:
    return replace(s, hit=True)


def _stolen(s: State, e: tuple[int, int, tuple[int, ...]]) -> State:
    thief, victim, cards = e
    hands = _set(s.hands, victim, _without(s.hands[victim], cards))
    return replace(s, ticks=s.ticks + 1, hands=_set(hands, thief, _add(hands[thief], cards)))


def _reshuffled(s: State, e: tuple[tuple[int, ...]]) -> State:
    cards = e[0]
    return replace(s, deck=tuple(sorted(s.deck + cards)), discard=_without(s.discard, cards))


def _ability_used(s: State, e: tuple[int, int, int]) -> State:
    return replace(s, used=_set(s.used, e[0], True))


def _chosen(s: State, e: tuple[int, int]) -> State:
    seat, dodino = e
    return replace(s, dodinos=_set(s.dodinos, seat, dodino))


def _ended(s: State, e: tuple[tuple[int, ...]]) -> State:
    return replace(s, phase=OVER, winners=e[0], agenda=())


def _started(s: State, e: tuple) -> State:
    names, track, abilities, first, pos, dodinos, deck = e
    n = len(names)
    return State(names=names, track=track, abilities=abilities, phase=DRAFT, round=0, dodo=first, pos=pos,
                 hands=((),) * n, deck=deck, picks=(-1,) * n, greens=(-1,) * n, dodinos=dodinos, used=(False,) * n,
                 known=(empty(n),) * (n + 1))


# The arm of each event class (looked up by exact class: isinstance is slow for msgspec Structs).
ARMS: Final[dict[type[Event], Callable[[State, Any], State]]] = {
    E.Moved: _moved, E.DecisionAwaited: _awaited, E.CardsDrawn: _drawn_cards, E.TurnStarted: _turn_started,
    E.CardPicked: _picked, E.Discarded: _discarded, E.Passed: _unchanged, E.GreenPlayed: _green,
    E.RoundStarted: _round_started, E.TableCleared: _cleared, E.DodoPassed: _dodo_passed,
    E.ProjectileThrown: _ticked, E.DieRolled: _ticked, E.CardsRevealed: _revealed, E.Recovered: _unchanged,
    E.SphereReached: _unchanged, E.HandRevealed: _unchanged, E.CostUnpaid: _unchanged, E.Swapped: _swapped,
    E.EffectHit: _effect_hit, E.Stolen: _stolen, E.DeckReshuffled: _reshuffled, E.AbilityUsed: _ability_used,
    E.DodinoChosen: _chosen, E.GameEnded: _ended, E.GameStarted: _started,
}


def remember(s: State, ev: Event) -> State:
    """Every seat's memory of the others' hands after ``ev`` (an event ``update`` reads, in a state that
    keeps memories)."""
    sizes, n = tuple(len(h) for h in s.hands), len(s.names)
    return replace(s, known=tuple(update(row, r if r < n else None, ev, sizes) for r, row in enumerate(s.known)))


def fold(s: State, ev: Event) -> State:
    """Apply one event to a state, returning a new state."""
    t = type(ev)
    arm = ARMS.get(t)
    if arm is None:
        raise TypeError(f"dodos cannot fold {t.__name__}")
    if s.known and t in TOUCHES:
        s = remember(s, ev)
    return arm(s, astuple(ev))
