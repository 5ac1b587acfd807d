"""The projector: one pure arm per event. It never rolls and never judges.

Each arm is given the event's fields as a tuple, in order (``ARMS``): ``apply`` takes them from the
event, and a simulation that keeps no events gives them straight to the arm (rules._Sim).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Final

from msgspec.structs import astuple, replace

from dinocli.events import Event

from . import events as ev
from .cards import ALL
from .state import DayResult, State

__all__ = ["fold", "apply", "remember", "ARMS"]

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
    arm = ARMS.get(type(e))
    if arm is None:
        raise TypeError(f"dingo cannot fold {type(e).__name__}")
    return arm(s, astuple(e))


def _card_drawn(s: State, e: tuple[int, int]) -> State:
    seat, card = e
    hands = s.hands
    hand = hands[seat]
    i = bisect_left(hand, card)  # hands stay sorted
    return replace(s, deck=_take(s.deck, card), hands=_set(hands, seat, hand[:i] + (card,) + hand[i:]))


def _turn_started(s: State, e: tuple[int]) -> State:
    (seat,) = e
    return replace(s, turn=seat, phase="act", pending=-1)


def _card_played(s: State, e: tuple[int, int, int]) -> State:
    seat, card, ranch = e
    hands, ranches = s.hands, s.ranches
    return replace(s, hands=_set(hands, seat, _without(hands[seat], card)),
                   ranches=_set(ranches, ranch, ranches[ranch] + (card,)), phase="busy", pending=card)


def _card_discarded(s: State, e: tuple[int, int]) -> State:
    seat, card = e
    hands = s.hands
    return replace(s, hands=_set(hands, seat, _without(hands[seat], card)), discard=s.discard + (card,), phase="busy")


def _choice_offered(s: State, e: tuple[int, str, int]) -> State:
    seat, kind, card = e
    return replace(s, phase=kind, pending=card)


def _card_removed(s: State, e: tuple[int, int, int, str]) -> State:
    seat, ranch, card, how = e
    ranches = s.ranches
    return replace(s, ranches=_set(ranches, ranch, _without(ranches[ranch], card)), discard=s.discard + (card,),
                   phase="busy")


def _busy(s: State, e: tuple) -> State:
    return replace(s, phase="busy")  # a choice declined, a turn passed: what follows is the rules' to say


def _card_dealt(s: State, e: tuple[int, int]) -> State:
    seat, card = e
    ranches = s.ranches
    return replace(s, deck=_take(s.deck, card), ranches=_set(ranches, seat, ranches[seat] + (card,)))


def _day_started(s: State, e: tuple[int, int, int]) -> State:
    day, starter, roll = e
    n = len(s.names)
    # DINGO-G05: every card goes back into the deck between days.
    return replace(
        s, day=day, starter=starter, roll=roll, target=roll + 10, deck=ALL, hands=((),) * n,
        ranches=((),) * n, discard=(), turn=starter, phase="setup", pending=-1,
    )


def _day_ended(s: State, e: tuple[int, int, tuple[int, ...], tuple[int, ...], str]) -> State:
    day, target, values, points, reason = e
    scores = tuple(a + b for a, b in zip(s.scores, points))
    return replace(s, scores=scores, last=DayResult(day, target, values, points, reason), phase="busy")


def _starting_cards_dealt(s: State, e: tuple[tuple[int, ...]]) -> State:
    (colours,) = e
    return replace(s, colours=colours)


def _tiebreak_called(s: State, e: tuple[tuple[int, ...]]) -> State:
    (seats,) = e
    return replace(s, contenders=seats)


def _game_ended(s: State, e: tuple[tuple[int, ...]]) -> State:
    (winners,) = e
    return replace(s, winners=winners, phase="over", pending=-1)


ARMS: Final[dict[type[Event], Callable[..., State]]] = {
    ev.CardDrawn: _card_drawn, ev.TurnStarted: _turn_started, ev.CardPlayed: _card_played,
    ev.CardDiscarded: _card_discarded, ev.ChoiceOffered: _choice_offered, ev.CardRemoved: _card_removed,
    ev.ChoiceDeclined: _busy, ev.CardDealt: _card_dealt, ev.Passed: _busy, ev.DayStarted: _day_started,
    ev.DayEnded: _day_ended, ev.StartingCardsDealt: _starting_cards_dealt, ev.TiebreakCalled: _tiebreak_called,
    ev.GameEnded: _game_ended,
}
