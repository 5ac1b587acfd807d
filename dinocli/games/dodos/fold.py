"""The projector: one arm per event. Pure: never mutates its input, never rolls, never judges."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import Event

from . import events as E
from .known import TOUCHES, empty, update
from .state import DRAFT, END, OVER, PICK, RESOLVE, State

__all__ = ["fold"]


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


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


def fold(s: State, ev: Event) -> State:
    """Apply one event to a state, returning a new state."""
    t = type(ev)
    if s.known and t in TOUCHES:
        sizes, n = tuple(len(h) for h in s.hands), len(s.names)
        s = replace(s, known=tuple(update(row, r if r < n else None, ev, sizes) for r, row in enumerate(s.known)))
    # Arms match the exact event class (a dotted name is compared with ==), most frequent first:
    # a class pattern would call isinstance, which is slow for msgspec Structs.
    match t:
        case E.Moved:
            return replace(s, pos=_set(s.pos, ev.seat, ev.to))
        case E.DecisionAwaited:
            return replace(s, agenda=ev.agenda)
        case E.CardsDrawn:
            seat = ev.seat
            return replace(s, deck=_drawn(s.deck, ev.cards), ticks=s.ticks + 1,
                           hands=_set(s.hands, seat, _add(s.hands[seat], ev.cards)))
        case E.TurnStarted:
            return replace(s, active=ev.seat, hit=False)
        case E.CardPicked:
            seat, card = ev.seat, ev.card
            return replace(s, hands=_set(s.hands, seat, _less(s.hands[seat], card)), picks=_set(s.picks, seat, card))
        case E.Discarded:
            seat = ev.seat
            return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], ev.cards)),
                           discard=s.discard + ev.cards)
        case E.Passed:
            return s
        case E.GreenPlayed:
            seat, card = ev.seat, ev.card
            return replace(s, hands=_set(s.hands, seat, _less(s.hands[seat], card)), greens=_set(s.greens, seat, card))
        case E.RoundStarted:
            n = len(s.names)
            return replace(s, phase=PICK, round=ev.round, dodo=ev.dodo, active=-1, hit=False,
                           picks=(-1,) * n, greens=(-1,) * n)
        case E.TableCleared:
            n = len(s.names)
            return replace(s, phase=END, discard=s.discard + ev.cards, picks=(-1,) * n, greens=(-1,) * n,
                           active=-1, hit=False)
        case E.DodoPassed:
            return replace(s, dodo=ev.seat)
        case E.ProjectileThrown | E.DieRolled:
            return replace(s, ticks=s.ticks + 1)
        case E.CardsRevealed:
            return replace(s, phase=RESOLVE)
        case E.Recovered | E.SphereReached | E.HandRevealed | E.CostUnpaid:
            return s
        case E.Swapped:
            seat, other = ev.seat, ev.other
            return replace(s, pos=_set(_set(s.pos, seat, ev.to), other, ev.frm))
        case E.EffectHit:
            return replace(s, hit=True)
        case E.Stolen:
            thief, victim, cards = ev.thief, ev.victim, ev.cards
            hands = _set(s.hands, victim, _without(s.hands[victim], cards))
            return replace(s, ticks=s.ticks + 1, hands=_set(hands, thief, _add(hands[thief], cards)))
        case E.DeckReshuffled:
            cards = ev.cards
            return replace(s, deck=tuple(sorted(s.deck + cards)), discard=_without(s.discard, cards))
        case E.AbilityUsed:
            return replace(s, used=_set(s.used, ev.seat, True))
        case E.DodinoChosen:
            return replace(s, dodinos=_set(s.dodinos, ev.seat, ev.dodino))
        case E.GameEnded:
            return replace(s, phase=OVER, winners=ev.winners, agenda=())
        case E.GameStarted:
            n = len(ev.names)
            return State(names=ev.names, track=ev.track, abilities=ev.abilities, phase=DRAFT, round=0,
                         dodo=ev.first, pos=ev.pos, hands=((),) * n, deck=ev.deck, picks=(-1,) * n,
                         greens=(-1,) * n, dodinos=ev.dodinos, used=(False,) * n, known=(empty(n),) * (n + 1))
        case _:
            raise TypeError(f"dodos cannot fold {t.__name__}")
