"""The projector: one arm per event. Pure: never mutates its input, never rolls, never judges."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import Event

from .events import (
    AbilityUsed, CardPicked, CardsDrawn, CardsRevealed, CostUnpaid, DecisionAwaited, DeckReshuffled,
    DieRolled, Discarded, DodinoChosen, DodoPassed, EffectHit, GameEnded, GameStarted, GreenPlayed,
    HandRevealed, Moved, Passed, ProjectileThrown, Recovered, RoundStarted, SphereReached, Stolen,
    Swapped, TableCleared, TurnStarted,
)
from .known import TOUCHES, empty, update
from .state import DRAFT, END, OVER, PICK, RESOLVE, State

__all__ = ["fold"]


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    g = set(gone)
    return tuple(c for c in cards if c not in g)


def _add(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(hand + cards))


def fold(s: State, ev: Event) -> State:
    """Apply one event to a state, returning a new state."""
    if s.known and type(ev) in TOUCHES:
        sizes, n = tuple(len(h) for h in s.hands), len(s.names)
        s = replace(s, known=tuple(update(row, r if r < n else None, ev, sizes) for r, row in enumerate(s.known)))
    match ev:
        case DecisionAwaited(agenda=agenda):
            return replace(s, agenda=agenda)
        case Moved(seat=seat, to=to):
            return replace(s, pos=_set(s.pos, seat, to))
        case CardsDrawn(seat=seat, cards=cards):
            return replace(s, deck=_without(s.deck, cards), ticks=s.ticks + 1,
                           hands=_set(s.hands, seat, _add(s.hands[seat], cards)))
        case Passed():
            return s
        case GreenPlayed(seat=seat, card=card):
            return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], (card,))),
                           greens=_set(s.greens, seat, card))
        case DieRolled():
            return replace(s, ticks=s.ticks + 1)
        case Discarded(seat=seat, cards=cards):
            return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], cards)),
                           discard=s.discard + cards)
        case CardPicked(seat=seat, card=card):
            return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], (card,))),
                           picks=_set(s.picks, seat, card))
        case TurnStarted(seat=seat):
            return replace(s, active=seat, hit=False)
        case CardsRevealed():
            return replace(s, phase=RESOLVE)
        case ProjectileThrown():
            return replace(s, ticks=s.ticks + 1)
        case Stolen(thief=thief, victim=victim, cards=cards):
            hands = _set(s.hands, victim, _without(s.hands[victim], cards))
            return replace(s, ticks=s.ticks + 1, hands=_set(hands, thief, _add(hands[thief], cards)))
        case Swapped(seat=seat, other=other, frm=frm, to=to):
            return replace(s, pos=_set(_set(s.pos, seat, to), other, frm))
        case EffectHit():
            return replace(s, hit=True)
        case DeckReshuffled(cards=cards):
            return replace(s, deck=tuple(sorted(s.deck + cards)), discard=_without(s.discard, cards))
        case RoundStarted(round=r, dodo=dodo):
            n = len(s.names)
            return replace(s, phase=PICK, round=r, dodo=dodo, active=-1, hit=False,
                           picks=(-1,) * n, greens=(-1,) * n)
        case TableCleared(cards=cards):
            n = len(s.names)
            return replace(s, phase=END, discard=s.discard + cards, picks=(-1,) * n, greens=(-1,) * n,
                           active=-1, hit=False)
        case DodoPassed(seat=seat):
            return replace(s, dodo=seat)
        case AbilityUsed(seat=seat):
            return replace(s, used=_set(s.used, seat, True))
        case DodinoChosen(seat=seat, dodino=d):
            return replace(s, dodinos=_set(s.dodinos, seat, d))
        case GameEnded(winners=winners):
            return replace(s, phase=OVER, winners=winners, agenda=())
        case HandRevealed() | SphereReached() | Recovered() | CostUnpaid():
            return s
        case GameStarted():
            n = len(ev.names)
            return State(names=ev.names, track=ev.track, abilities=ev.abilities, phase=DRAFT, round=0,
                         dodo=ev.first, pos=ev.pos, hands=((),) * n, deck=ev.deck, picks=(-1,) * n,
                         greens=(-1,) * n, dodinos=ev.dodinos, used=(False,) * n, known=(empty(n),) * (n + 1))
        case _:
            raise TypeError(f"dodos cannot fold {type(ev).__name__}")
