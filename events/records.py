"""The values the store hands out and takes in: games, stored events, branches, commands."""

from __future__ import annotations

from typing import Any

import msgspec

from .codec import Event

__all__ = ["Command", "GameRecord", "Stored", "Branch"]


class Command(msgspec.Struct):
    """One decision (``actor`` = the seat that decided, ``action`` = its canonical text,
    ``rolls`` = the draws it made) or automatic events (``actor`` None), appended together.
    The first event carries actor/action/rolls; the rest are marked automatic. ``sealed`` says,
    per event, whether some seat may not see it (then its hash covers a salted commitment; see
    :mod:`dinocli.events.chain`); None seals every event."""

    actor: int | None
    action: str | None
    rolls: list | None
    events: list[Event]
    sealed: list[bool] | None = None


class GameRecord(msgspec.Struct):
    """A game's header: what it is, who plays, its current branch, and its result once over."""

    id: str
    kind: str
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    rules_version: str
    data_hash: str
    seed_commit: str
    created: str
    branch: str
    tournament: str | None
    result: dict[str, Any] | None
    seed: str | None
    meta: dict[str, Any]
    genesis: str
    chain: int = 1             # the hash rule its events were recorded under (dinocli.events.chain)
    seed_known: bool = True    # False for a game imported from a log that withheld its seed


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
