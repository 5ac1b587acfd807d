"""The projector: one pure arm per event. It never rolls and never judges."""

from __future__ import annotations

from bisect import bisect_left

from msgspec.structs import replace

from dinocli.events import Event

from .data import ALL
from .events import (
    CardDealt, CardDiscarded, CardDrawn, CardPlayed, CardRemoved, ChoiceDeclined, ChoiceOffered,
    DayEnded, DayStarted, GameEnded, Passed, StartingCardsDealt, TiebreakCalled, TurnStarted,
)
from .state import DayResult, State

__all__ = ["fold"]


def _take(deck: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_left(deck, card)
    if i == len(deck) or deck[i] != card:
        raise ValueError(f"card {card} is not in the deck")
    return deck[:i] + deck[i + 1:]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _set(rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return rows[:i] + (row,) + rows[i + 1:]


def fold(s: State, e: Event) -> State:
    """Apply one event to a state, returning a new state."""
    match e:
        case CardDrawn(seat=seat, card=card):
            return replace(s, deck=_take(s.deck, card), hands=_set(s.hands, seat, tuple(sorted(s.hands[seat] + (card,)))))
        case CardPlayed(seat=seat, card=card, ranch=r):
            hands = _set(s.hands, seat, _without(s.hands[seat], card))
            return replace(s, hands=hands, ranches=_set(s.ranches, r, s.ranches[r] + (card,)), phase="busy", pending=card)
        case TurnStarted(seat=seat):
            return replace(s, turn=seat, phase="act", pending=-1)
        case ChoiceOffered(kind=kind, card=card):
            return replace(s, phase=kind, pending=card)
        case ChoiceDeclined():
            return replace(s, phase="busy")
        case CardRemoved(ranch=r, card=card):
            return replace(s, ranches=_set(s.ranches, r, _without(s.ranches[r], card)), discard=s.discard + (card,), phase="busy")
        case CardDiscarded(seat=seat, card=card):
            return replace(s, hands=_set(s.hands, seat, _without(s.hands[seat], card)), discard=s.discard + (card,), phase="busy")
        case CardDealt(seat=seat, card=card):
            return replace(s, deck=_take(s.deck, card), ranches=_set(s.ranches, seat, s.ranches[seat] + (card,)))
        case Passed():
            return replace(s, phase="busy")
        case DayStarted(day=day, starter=starter, roll=roll):
            n = len(s.names)
            # DINGO-G05: every card goes back into the deck between days.
            return replace(
                s, day=day, starter=starter, roll=roll, target=roll + 10, deck=ALL, hands=((),) * n,
                ranches=((),) * n, discard=(), turn=starter, phase="setup", pending=-1,
            )
        case DayEnded(day=day, target=target, values=values, points=points, reason=reason):
            scores = tuple(a + b for a, b in zip(s.scores, points))
            return replace(s, scores=scores, last=DayResult(day, target, values, points, reason), phase="busy")
        case StartingCardsDealt(colours=colours):
            return replace(s, colours=colours)
        case TiebreakCalled(seats=seats):
            return replace(s, contenders=seats)
        case GameEnded(winners=winners):
            return replace(s, winners=winners, phase="over", pending=-1)
        case _:
            raise TypeError(f"dingo cannot fold {type(e).__name__}")
