"""The play deck, loaded from cards.json and validated (DINGO-01, DINGO-03, DINGO-G01, DINGO-G02).

Cards are numbered 0..59 in file order (each kind, then each colour, then each copy); a card id
indexes the tuples below, which is all the rules need at speed.
"""

from __future__ import annotations

from typing import TypeAlias

import msgspec

from ..assembly import decode_data, read_data, sha256_of
from ..protocol import GameError

__all__ = [
    "CardId", "DataError", "load", "data_hash", "COLOURS", "EFFECTS", "NAME", "VALUE", "COLOUR",
    "EFFECT", "KIND", "LABEL", "ALL", "DECK_SIZE", "BABY",
]

FILE = "cards.json"

CardId: TypeAlias = int

KEYWORDS = ("scare", "chase", "stomp", "eat", "stalk", "destroy", "moon")


class DataError(GameError):
    """cards.json does not describe a usable deck; the message says what is wrong."""


class CardKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of the card table: a name, a value, an effect keyword and copies per colour."""

    name: str
    value: int
    effect: str | None
    copies: dict[str, int]


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole data file."""

    game: str
    about: str
    colours: list[str]
    deck_size: int
    effects: dict[str, str]
    cards: list[CardKind]


def _raw() -> bytes:
    return read_data(__package__, FILE)


def data_hash() -> str:
    """sha256 of cards.json, pinned in the game record."""
    return sha256_of(_raw())


def load(raw: bytes | None = None) -> DeckFile:
    """Decode and validate a deck file (raise DataError naming the first problem)."""
    deck = decode_data(_raw() if raw is None else raw, DeckFile, FILE, DataError)
    if deck.game != "dingo":
        raise DataError(f"cards.json is for game {deck.game!r}, not 'dingo'")
    if len(deck.colours) != 5 or len(set(deck.colours)) != 5:
        raise DataError("cards.json: need exactly 5 distinct colours, one per Starting Card (DINGO-G01)")
    if set(deck.effects) != set(KEYWORDS):
        raise DataError(f"cards.json: effects must describe exactly {', '.join(KEYWORDS)}")
    names = [k.name.lower() for k in deck.cards]
    if len(set(names)) != len(names):
        raise DataError("cards.json: card names must be unique")
    for k in deck.cards:
        if not k.name.isalpha():
            raise DataError(f"cards.json: card name {k.name!r} must be one word of letters")
        if not 0 <= k.value <= 20:
            raise DataError(f"cards.json: {k.name} has value {k.value}, outside 0..20")
        if k.effect is not None and k.effect not in KEYWORDS:
            raise DataError(f"cards.json: {k.name} has unknown effect {k.effect!r}")
        for colour, n in k.copies.items():
            if colour not in deck.colours:
                raise DataError(f"cards.json: {k.name} has unknown colour {colour!r}")
            if not 1 <= n <= 10:
                raise DataError(f"cards.json: {k.name} {colour} has {n} copies, outside 1..10")
    total = sum(n for k in deck.cards for n in k.copies.values())
    if total != deck.deck_size or total != 60:
        raise DataError(f"cards.json: the deck has {total} cards; it must have 60 (DINGO-01)")
    if any(k.effect == "eat" for k in deck.cards) and "baby" not in names:
        raise DataError("cards.json: Eat needs a card named Baby")
    return deck


def _expand(deck: DeckFile):
    name, value, colour, effect, kind, label = [], [], [], [], [], []
    for ki, k in enumerate(deck.cards):
        for ci, c in enumerate(deck.colours):
            for _ in range(k.copies.get(c, 0)):
                name.append(k.name)
                value.append(k.value)
                colour.append(ci)
                effect.append(k.effect)
                kind.append(ki * len(deck.colours) + ci)
                label.append(f"{c}-{k.name.lower()}")
    return tuple(name), tuple(value), tuple(colour), tuple(effect), tuple(kind), tuple(label)


DECK = load()
COLOURS: tuple[str, ...] = tuple(DECK.colours)
EFFECTS: dict[str, str] = dict(DECK.effects)
NAME, VALUE, COLOUR, EFFECT, KIND, LABEL = _expand(DECK)
ALL: tuple[CardId, ...] = tuple(range(len(NAME)))
DECK_SIZE = len(ALL)
BABY = "Baby"
