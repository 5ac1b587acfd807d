"""What happened in a game of Dingo: facts, tagged "dingo.<name>"; card -1 means hidden."""

from __future__ import annotations

from typing import Literal

from dinocli.events import Event

__all__ = [
    "StartingCardsDealt", "DayStarted", "CardDealt", "CardDrawn", "TurnStarted", "CardPlayed",
    "ChoiceOffered", "ChoiceDeclined", "CardRemoved", "CardDiscarded", "Passed", "DayEnded",
    "TiebreakCalled", "GameEnded", "DingoEvent",
]

Removal = Literal["destroy", "special", "scare", "chase", "stomp", "eat", "stalk", "bushfire"]


class StartingCardsDealt(Event, tag="dingo.starting_cards_dealt"):
    """Each seat got a Starting Card: its colour index (DINGO-04)."""

    colours: tuple[int, ...]


class DayStarted(Event, tag="dingo.day_started"):
    """All cards were gathered and reshuffled, the starter named and the d10 rolled (DINGO-09)."""

    day: int
    starter: int
    roll: int


class CardDealt(Event, tag="dingo.card_dealt"):
    """A card was dealt face up into a ranch (DINGO-10, DINGO-12)."""

    seat: int
    card: int


class CardDrawn(Event, tag="dingo.card_drawn"):
    """A card went from the deck into a hand, face down (DINGO-10, DINGO-22)."""

    seat: int
    card: int


class TurnStarted(Event, tag="dingo.turn_started"):
    """It is this seat's turn (DINGO-40, DINGO-G06)."""

    seat: int


class CardPlayed(Event, tag="dingo.card_played"):
    """A seat played a card from hand to the right end of a ranch (DINGO-15)."""

    seat: int
    card: int
    ranch: int


class ChoiceOffered(Event, tag="dingo.choice_offered"):
    """The rules offered an optional choice: the special destroy or the card's effect."""

    seat: int
    kind: Literal["special", "effect"]
    card: int


class ChoiceDeclined(Event, tag="dingo.choice_declined"):
    """The seat let an optional choice pass (DINGO-23)."""

    seat: int
    kind: Literal["special", "effect"]


class CardRemoved(Event, tag="dingo.card_removed"):
    """A card left a ranch for the discard pile; ``how`` names the cause (DINGO-29, DINGO-30)."""

    seat: int
    ranch: int
    card: int
    how: Removal


class CardDiscarded(Event, tag="dingo.card_discarded"):
    """A seat discarded a card from hand, face up (DINGO-21)."""

    seat: int
    card: int


class Passed(Event, tag="dingo.passed"):
    """A seat had no legal action and passed (DINGO-G11)."""

    seat: int


class DayEnded(Event, tag="dingo.day_ended"):
    """The day was scored: ranch values and points per seat (DINGO-31 .. DINGO-36)."""

    day: int
    target: int
    values: tuple[int, ...]
    points: tuple[int, ...]
    reason: Literal["discards", "deck"]


class TiebreakCalled(Event, tag="dingo.tiebreak_called"):
    """The top was tied: another day decides among these seats (DINGO-39, DINGO-G10)."""

    seats: tuple[int, ...]


class GameEnded(Event, tag="dingo.game_ended"):
    """The game is over; the winners share the victory (DINGO-37, DINGO-38)."""

    winners: tuple[int, ...]


DingoEvent = (
    StartingCardsDealt | DayStarted | CardDealt | CardDrawn | TurnStarted | CardPlayed | ChoiceOffered
    | ChoiceDeclined | CardRemoved | CardDiscarded | Passed | DayEnded | TiebreakCalled | GameEnded
)
