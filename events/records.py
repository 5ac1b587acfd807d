"""The values the store hands out and takes in: game headers and records, stored events, branches,
commands; and the typed seating a record carries (who sits where, a take-over's seating, the undo mode).

The store keeps a game's seats and metadata as the JSON it was given and never looks inside; the
seating is decoded strictly (:func:`seating_of`) by those who act on it (dinocli's Table)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from .codec import Event

__all__ = ["Header", "Command", "GameRecord", "Stored", "Branch", "SeatRecord", "Takeover", "StandIn", "Seating",
           "header_of", "seats_of", "seating_of", "with_takeover", "now"]


_second: list = [None, ""]   # the last second :func:`now` wrote, and its text (every append asks the time)


def now() -> str:
    """The time (UTC, microseconds) as the store records it: ``2026-12-04T21:15:00.123456Z``."""
    second, micro = divmod(time.time_ns() // 1000, 1_000_000)
    if second != _second[0]:
        _second[:] = second, time.strftime("%Y-%m-%dT%H:%M:%S.", time.gmtime(second))
    return f"{_second[1]}{micro:06d}Z"


class Header(msgspec.Struct):
    """What a game is: the fields its genesis hash covers (:func:`dinocli.events.chain.genesis_hash`),
    the same in the database, in a :class:`GameRecord` and in an exported log's header line. The game id
    is not one of them, so that a log imported under a new id keeps its hashes; the seed commitment
    and creation time make each genesis unique."""

    kind: str
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    rules_version: str
    data_hash: str
    seed_commit: str
    created: str


def header_of(value: Header | Mapping[str, Any]) -> Header:
    """The :class:`Header` fields of a record or of a mapping with (at least) those keys."""
    if type(value) is Header:
        return value
    if isinstance(value, Header):
        return Header(*(getattr(value, f) for f in Header.__struct_fields__))
    return Header(*(value[f] for f in Header.__struct_fields__))


class Command(msgspec.Struct):
    """One decision (``actor`` = the seat that decided, ``action`` = its canonical text,
    ``rolls`` = the draws it made) or automatic events (``actor`` None), appended together.
    The first event carries actor/action/rolls; the rest are marked automatic. ``sealed`` says,
    per event, whether some seat may not see it (then its hash covers a salted commitment; see
    :mod:`dinocli.events.chain`); None seals every event. ``seen`` and ``shown`` give, per event, a
    sealed event's public form (format 3, which its hash covers): the seats that may see it and the form
    every other seat is shown (None: nothing); None for both: no seat sees it and nothing is shown."""

    actor: int | None
    action: str | None
    rolls: list | None
    events: list[Event]
    sealed: list[bool] | None = None
    seen: list[list[int]] | None = None
    shown: list[Event | None] | None = None


class GameRecord(Header, kw_only=True):
    """A game: its header, id, current branch, and its result once over."""

    id: str
    branch: str
    tournament: str | None
    result: dict[str, Any] | None
    seed: str | None
    meta: dict[str, Any]
    genesis: str
    chain: int = 1             # the hash rule its events were recorded under (dinocli.events.chain)
    seed_known: bool = True    # False for a game imported from a log that withheld its seed
    seed_salt: str | None = None   # format 4: the salt of the seed commitment, revealed with the seed


class Stored(msgspec.Struct, gc=False):
    """One stored event: its place in the tree, its decision data and its hashes."""

    id: int
    parent: int | None
    seq: int
    event: Event
    actor: int | None
    action: str | None
    rolls: list | None
    hash: str
    parent_hash: str
    command: int


class Branch(msgspec.Struct):
    """A named pointer into a game's tree: ``head`` is where play is, ``tip`` how far redo goes."""

    name: str
    head: int | None
    tip: int | None


class SeatRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Who sits in a seat: its name, the bot spec that plays it (None: a person) and, on a take-over,
    the person who plays it (``player``; None: a person under the seat's own name). Encoded as the
    ``{"name", "bot"}`` object a genesis header hashes (``player`` only where it is set)."""

    name: str
    bot: str | None
    player: str | None = None


class Takeover(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A practice branch's own seating (``meta.takeovers[branch]``): its seats (one of them the person's),
    the decision it was taken over after, the branch it left and the person's seat."""

    seats: tuple[SeatRecord, ...]
    at: int
    from_: str = msgspec.field(name="from")
    seat: int


class StandIn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A bot that plays a person's seat while the person is away (``serve --bot-after``): the seat, the bot's
    spec, the event it took the seat over after, and the event its person came back at (None: it still plays)."""

    seat: int
    bot: str
    at: int
    until: int | None = None


class Seating(msgspec.Struct, frozen=True):
    """The seating a game record carries besides its genesis seats: the undo mode ("strict": undo never
    crosses what a person was shown; "casual"), whether it was chosen at `new` (an explicit --casual also
    lets anyone look at any seat), each practice branch's seating and the bots that stood in for people
    away from a served game. A record's other metadata (a tournament's) is not seating and is left to its owner."""

    undo: Literal["strict", "casual"] | None = None
    undo_chosen: bool = False
    takeovers: dict[str, Takeover] = {}
    standins: tuple[StandIn, ...] = ()


def with_takeover(meta: dict[str, Any], branch: str, takeover: Takeover) -> dict[str, Any]:
    """A record's metadata with ``branch``'s take-over seating added (the rest of it kept as it is)."""
    return dict(meta, takeovers={**meta.get("takeovers", {}), branch: msgspec.to_builtins(takeover)})


def seats_of(seats: Any) -> tuple[SeatRecord, ...]:
    """Seat records decoded strictly from their stored (JSON) form; msgspec.ValidationError if they are not."""
    return msgspec.convert(seats, tuple[SeatRecord, ...])


def seating_of(meta: Any) -> Seating:
    """A record's seating decoded strictly from its metadata; msgspec.ValidationError if it is not one."""
    return msgspec.convert(meta, Seating)
