"""The projector: one arm per event. Pure: never mutates its input, never rolls, never judges.

Each arm takes a state and the event's fields, in the event's field order, and returns the new
state: ``fold`` calls it with a logged event's fields, and the engine calls the very same arm
with the fields of an event it decides, whether it records the event (``advance``) or a search
only simulates it (``play``: no event is built, unless a seat's memory of hands must read it).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import astuple, replace

from dinocli.events import Event

from . import events as E
from .known import TOUCHES, empty, update
from .state import DRAFT, END, OVER, PICK, RESOLVE, State

__all__ = ["fold", "remember", "ARMS"]


def _set(t: tuple, i: int, v) -> tuple:
    out = list(t)  # one copy: faster than slicing around the item
    out[i] = v
    return tuple(out)


def _without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    g = set(gone)
    return tuple(c for c in cards if c not in g)


def _less(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card`` (a hand holds each card once), unchanged if it is not there."""
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
        if c in left:
            left.remove(c)
    return tuple(left)


def _add(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + cards))


def _moved(s: State, seat: int, frm: int, to: int, why: str) -> State:
    return replace(s, pos=_set(s.pos, seat, to))


def _awaited(s: State, agenda: tuple) -> State:
    return replace(s, agenda=agenda)


def _drawn_cards(s: State, seat: int, cards: tuple[int, ...], why: str) -> State:
    return replace(s, deck=_drawn(s.deck, cards), ticks=s.ticks + 1, hands=_set(s.hands, seat, _add(s.hands[seat], cards)))


def _turn_started(s: State, seat: int) -> State:
    return replace(s, active=seat, hit=False)


def _picked(s: State, seat: int, card: int) -> State:
    return replace(s, hands=_set(s.hands, seat, _less(s.hands[seat], card)), picks=_set(s.picks, seat, card))


def _discarded(s: State, seat: int, cards: tuple[int, ...], src: str) -> State:
    return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], cards)), discard=s.discard + cards)


def _unchanged(s: State, *fields) -> State:
    return s


def _green(s: State, seat: int, card: int) -> State:
    return replace(s, hands=_set(s.hands, seat, _less(s.hands[seat], card)), greens=_set(s.greens, seat, card))


def _round_started(s: State, round: int, dodo: int) -> State:
    n = len(s.names)
    return replace(s, phase=PICK, round=round, dodo=dodo, active=-1, hit=False, picks=(-1,) * n, greens=(-1,) * n)


def _cleared(s: State, cards: tuple[int, ...]) -> State:
    n = len(s.names)
    return replace(s, phase=END, discard=s.discard + cards, picks=(-1,) * n, greens=(-1,) * n, active=-1, hit=False)


def _dodo_passed(s: State, seat: int) -> State:
    return replace(s, dodo=seat)


def _ticked(s: State, *fields) -> State:
    return replace(s, ticks=s.ticks + 1)


def _revealed(s: State, cards: tuple[int, ...]) -> State:
    return replace(s, phase=RESOLVE)


def _swapped(s: State, seat: int, other: int, frm: int, to: int) -> State:
    return replace(s, pos=_set(_set(s.pos, seat, to), other, frm))


def _effect_hit(s: State, seat: int, target: int) -> State:
    return replace(s, hit=True)


def _stolen(s: State, thief: int, victim: int, cards: tuple[int, ...]) -> State:
    hands = _set(s.hands, victim, _without(s.hands[victim], cards))
    return replace(s, ticks=s.ticks + 1, hands=_set(hands, thief, _add(hands[thief], cards)))


def _reshuffled(s: State, cards: tuple[int, ...]) -> State:
    return replace(s, deck=tuple(sorted(s.deck + cards)), discard=_without(s.discard, cards))


def _ability_used(s: State, seat: int, dodino: int, target: int) -> State:
    return replace(s, used=_set(s.used, seat, True))


def _chosen(s: State, seat: int, dodino: int) -> State:
    return replace(s, dodinos=_set(s.dodinos, seat, dodino))


def _ended(s: State, winners: tuple[int, ...]) -> State:
    return replace(s, phase=OVER, winners=winners, agenda=())


def _started(s: State, names: tuple[str, ...], track: str, abilities: bool, first: int, pos: tuple[int, ...],
             dodinos: tuple[int, ...], deck: tuple[int, ...]) -> State:
    n = len(names)
    return State(names=names, track=track, abilities=abilities, phase=DRAFT, round=0, dodo=first, pos=pos,
                 hands=((),) * n, deck=deck, picks=(-1,) * n, greens=(-1,) * n, dodinos=dodinos, used=(False,) * n,
                 known=(empty(n),) * (n + 1))


# The arm of each event class (looked up by exact class: isinstance is slow for msgspec Structs).
ARMS: dict[type[Event], Callable[..., State]] = {
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
    return arm(s, *astuple(ev))
