"""The projector: one pure arm per event. It never rolls and never judges."""

from __future__ import annotations

from bisect import bisect_left

from msgspec.structs import replace

from dinocli.events import Event

from . import events as ev
from .data import ALL
from .state import DayResult, State

__all__ = ["fold", "apply", "remember"]

# decide folds its events as it makes them, then its caller folds the same events again, in
# order. The steps of the last decide are kept, so folding those very objects again, from the
# very states they were folded from, is a lookup (a search never folds them again: keeping
# them costs one assignment).
_decided: tuple[list[Event], list[State]] = ([], [])


def remember(events: list[Event], states: list[State]) -> None:
    """Keep what the last decide folded: ``states[i + 1] == fold(states[i], events[i])``."""
    global _decided
    _decided = (events, states)


def _folded(s: State, e: Event) -> State | None:
    """The state the last decide folded ``e`` into from ``s``, if it did."""
    events, states = _decided
    for i, done in enumerate(events):
        if done is e:
            return states[i + 1] if states[i] is s else None
    return None


def _take(deck: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_left(deck, card)
    if i == len(deck) or deck[i] != card:
        raise ValueError(f"card {card} is not in the deck")
    return deck[:i] + deck[i + 1:]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _set(rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out = list(rows)
    out[i] = row
    return tuple(out)


def fold(s: State, e: Event) -> State:
    """Apply one event to a state, returning a new state."""
    if _decided[0]:
        hit = _folded(s, e)
        if hit is not None:
            return hit
    return apply(s, e)


def apply(s: State, e: Event) -> State:
    """``fold`` without the look-up of the last decide's steps (what decide itself folds with)."""
    # Arms match the exact event class (a dotted name is compared with ==), most frequent first:
    # a class pattern would call isinstance, which is slow for msgspec Structs.
    match type(e):
        case ev.CardDrawn:
            seat, card, hands = e.seat, e.card, s.hands
            hand = hands[seat]
            i = bisect_left(hand, card)  # hands stay sorted
            return replace(s, deck=_take(s.deck, card), hands=_set(hands, seat, hand[:i] + (card,) + hand[i:]))
        case ev.TurnStarted:
            return replace(s, turn=e.seat, phase="act", pending=-1)
        case ev.CardPlayed:
            seat, card, r = e.seat, e.card, e.ranch
            hands, ranches = s.hands, s.ranches
            return replace(s, hands=_set(hands, seat, _without(hands[seat], card)), ranches=_set(ranches, r, ranches[r] + (card,)),
                           phase="busy", pending=card)
        case ev.CardDiscarded:
            seat, card, hands = e.seat, e.card, s.hands
            return replace(s, hands=_set(hands, seat, _without(hands[seat], card)), discard=s.discard + (card,), phase="busy")
        case ev.ChoiceOffered:
            return replace(s, phase=e.kind, pending=e.card)
        case ev.CardRemoved:
            r, card, ranches = e.ranch, e.card, s.ranches
            return replace(s, ranches=_set(ranches, r, _without(ranches[r], card)), discard=s.discard + (card,), phase="busy")
        case ev.ChoiceDeclined:
            return replace(s, phase="busy")
        case ev.CardDealt:
            seat, card = e.seat, e.card
            return replace(s, deck=_take(s.deck, card), ranches=_set(s.ranches, seat, s.ranches[seat] + (card,)))
        case ev.Passed:
            return replace(s, phase="busy")
        case ev.DayStarted:
            n = len(s.names)
            # DINGO-G05: every card goes back into the deck between days.
            return replace(
                s, day=e.day, starter=e.starter, roll=e.roll, target=e.roll + 10, deck=ALL, hands=((),) * n,
                ranches=((),) * n, discard=(), turn=e.starter, phase="setup", pending=-1,
            )
        case ev.DayEnded:
            scores = tuple(a + b for a, b in zip(s.scores, e.points))
            return replace(s, scores=scores, last=DayResult(e.day, e.target, e.values, e.points, e.reason), phase="busy")
        case ev.StartingCardsDealt:
            return replace(s, colours=e.colours)
        case ev.TiebreakCalled:
            return replace(s, contenders=e.seats)
        case ev.GameEnded:
            return replace(s, winners=e.winners, phase="over", pending=-1)
        case _:
            raise TypeError(f"dingo cannot fold {type(e).__name__}")
