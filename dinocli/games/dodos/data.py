"""The deck, both tracks and the Dodinos, loaded from dodos.json and validated.

Card ids are 0..77 in file order (each kind's copies together); the tuples below index by card
id or kind index, which is all the rules need at speed (DODO-01, DODO-G02..G05).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import msgspec

from ..assembly import decode_data, read_data, sha256_of
from ..protocol import GameError

__all__ = [
    "CardId", "DataError", "Atom", "Throw", "CardKind", "Sphere", "Track", "Dodino", "DataFile",
    "load", "data_hash", "DATA", "KINDS", "KIND", "COLOR", "FP", "SLUG", "KIND_BY_SLUG", "FIRST_ID",
    "DECK", "TRACKS", "DODINOS", "DODINO_BY_SLUG", "ANKYLO", "PROJECTILES", "slug",
]

FILE = "dodos.json"

CardId: TypeAlias = int
Color = Literal["blue", "red", "green"]
PROJECTILES = ("meteorite", "egg", "banana", "star")
ATOMS = ("advance", "back", "roll_advance", "roll_back", "draw", "discard", "swap", "steal", "hit")


class DataError(GameError):
    """dodos.json does not describe a usable game; the message says what is wrong."""


class Atom(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect icon: what to do, how many (spaces, cards, dice) and, for steals, from how many players."""

    do: str
    n: int = 1
    victims: int = 1


class Throw(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A projectile card's boxes: red for each Dodino hit, white once on a hit, black on a miss."""

    projectile: str
    red: tuple[Atom, ...]
    white: tuple[Atom, ...] = ()
    black: bool = False


class CardKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of the card table (DODO-G04)."""

    name: str
    color: Color
    fp: int
    count: int
    text: str
    effect: tuple[Atom, ...] = ()
    cost: int = 0
    white: tuple[Atom, ...] = ()
    throw: Throw | None = None


class Sphere(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Sphere space and the effect resolved at the end of its owner's turn (DODO-62, G03)."""

    space: int
    name: str
    text: str
    effect: tuple[Atom, ...]


class Track(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A board side: loop length (0 = linear), finish, printed spaces, starting spaces, Spheres."""

    id: str
    name: str
    loop: int
    finish: int
    printed: int
    starts: tuple[int, ...]
    spheres: tuple[Sphere, ...]

    def cell(self, p: int) -> int:
        """The printed space a progress index stands on (the Space track is a loop, A09)."""
        return p % self.loop if self.loop else p

    def sphere_at(self, p: int) -> Sphere | None:
        """The Sphere on the space of progress ``p``, if any."""
        c = self.cell(p)
        for s in self.spheres:
            if s.space == c:
                return s
        return None


class Dodino(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Dodino card and its once-per-game ability (DODO-64..70, G05)."""

    name: str
    text: str
    effect: tuple[Atom, ...]
    cost: int = 0
    when: Literal["any", "hit"] = "any"


class DataFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole data file."""

    game: str
    about: str
    deck_size: int
    cards: tuple[CardKind, ...]
    tracks: tuple[Track, ...]
    dodinos: tuple[Dodino, ...]


def slug(name: str) -> str:
    """The notation form of a name: lower case, spaces as hyphens ("Long Stride" -> "long-stride")."""
    return "-".join(name.lower().split())


def _raw() -> bytes:
    return read_data(__package__, FILE)


def data_hash() -> str:
    """sha256 of dodos.json, pinned in the game record."""
    return sha256_of(_raw())


def _check_atoms(where: str, atoms: tuple[Atom, ...]) -> None:
    for a in atoms:
        if a.do not in ATOMS:
            raise DataError(f"dodos.json: {where}: unknown effect {a.do!r}; use one of {', '.join(ATOMS)}")
        if not 1 <= a.n <= 10 or not 1 <= a.victims <= 2:
            raise DataError(f"dodos.json: {where}: {a.do} needs n in 1..10 and victims in 1..2")


def load(raw: bytes | None = None) -> DataFile:
    """Decode and validate a data file (raise DataError naming the first problem)."""
    d = decode_data(_raw() if raw is None else raw, DataFile, FILE, DataError)
    if d.game != "dodos":
        raise DataError(f"dodos.json is for game {d.game!r}, not 'dodos'")
    if sum(k.count for k in d.cards) != d.deck_size:
        raise DataError(f"dodos.json: card counts add up to {sum(k.count for k in d.cards)}, not {d.deck_size}")
    if len({slug(k.name) for k in d.cards}) != len(d.cards):
        raise DataError("dodos.json: card names must be unique")
    for k in d.cards:
        if k.count < 1 or not 0 <= k.fp <= 9:
            raise DataError(f"dodos.json: {k.name}: count must be >= 1 and fp in 0..9")
        _check_atoms(k.name, k.effect + k.white)
        parts = bool(k.effect) + bool(k.cost) + (k.throw is not None)
        if parts != 1:
            raise DataError(f"dodos.json: {k.name} needs exactly one of effect, cost (+white) or throw")
        if k.white and not k.cost:
            raise DataError(f"dodos.json: {k.name}: a white box without a throw needs a discard cost")
        if k.throw is not None:
            t = k.throw
            if t.projectile not in PROJECTILES:
                raise DataError(f"dodos.json: {k.name}: unknown projectile {t.projectile!r}")
            _check_atoms(k.name, t.red + t.white)
            if t.black and k.color != "red":
                raise DataError(f"dodos.json: {k.name}: only red cards carry a black box (DODO-54)")
        if k.color == "green" and (k.throw or k.cost):
            raise DataError(f"dodos.json: {k.name}: green cards have a plain effect")
        if any(a.do == "hit" for a in k.effect) and k.color != "green":
            raise DataError(f"dodos.json: {k.name}: only green cards can Hit (DODO-49)")
    if not any(k.color == c for k in d.cards for c in ("blue", "red")):
        raise DataError("dodos.json: the deck needs blue or red cards")
    if {t.id for t in d.tracks} != {"jungle", "space"}:
        raise DataError("dodos.json: tracks must be exactly 'jungle' and 'space'")
    for t in d.tracks:
        if len(t.starts) != 6 or min(t.starts) < 0 or t.finish < 10:
            raise DataError(f"dodos.json: track {t.id}: need 6 starting spaces >= 0 and a finish >= 10")
        if t.loop and not t.finish < t.loop:
            raise DataError(f"dodos.json: track {t.id}: the finish must lie on the loop")
        cells = [s.space for s in t.spheres]
        if len(set(cells)) != len(cells) or any(c <= max(t.starts) or c >= max(t.printed, t.finish) for c in cells):
            raise DataError(f"dodos.json: track {t.id}: Sphere spaces must be distinct, past the starts and on the track")
        for s in t.spheres:
            _check_atoms(f"{t.id} {s.name}", s.effect)
    if len(d.dodinos) != 6 or len({slug(x.name) for x in d.dodinos}) != 6:
        raise DataError("dodos.json: need 6 Dodinos with distinct names (DODO-01)")
    for x in d.dodinos:
        _check_atoms(x.name, x.effect)
        if x.when == "hit" and x.effect:
            raise DataError(f"dodos.json: {x.name}: a 'hit' ability ignores the red box and has no effect")
    if sum(x.when == "hit" for x in d.dodinos) != 1:
        raise DataError("dodos.json: exactly one Dodino ignores red boxes when hit (DODO-69)")
    return d


DATA = load()
KINDS: tuple[CardKind, ...] = DATA.cards
KIND: tuple[int, ...] = tuple(i for i, k in enumerate(KINDS) for _ in range(k.count))
FIRST_ID: tuple[int, ...] = tuple(KIND.index(i) for i in range(len(KINDS)))
COLOR: tuple[str, ...] = tuple(KINDS[k].color for k in KIND)
FP: tuple[int, ...] = tuple(KINDS[k].fp for k in KIND)
SLUG: tuple[str, ...] = tuple(slug(k.name) for k in KINDS)
KIND_BY_SLUG: dict[str, int] = {s: i for i, s in enumerate(SLUG)}
DECK: tuple[CardId, ...] = tuple(range(len(KIND)))
TRACKS: dict[str, Track] = {t.id: t for t in DATA.tracks}
DODINOS: tuple[Dodino, ...] = DATA.dodinos
DODINO_BY_SLUG: dict[str, int] = {slug(x.name): i for i, x in enumerate(DODINOS)}
ANKYLO: int = next(i for i, x in enumerate(DODINOS) if x.when == "hit")
