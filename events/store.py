"""The event store: games, their event trees and branches in one SQLite file. :class:`Store` is the one
entry point the application uses; it is made of parts, each a small module holding the one
:class:`~dinocli.events.database.Database` that owns the connection (and the other parts it needs):

* :mod:`~dinocli.events.database` — opening the file, the schema, ``write()`` transactions (``BEGIN IMMEDIATE``;
  nested blocks are savepoints) and the check that the file is still the one opened;
* :mod:`~dinocli.events.games` — game records, their secret seeds, results and metadata;
* :mod:`~dinocli.events.tree` — branches, heads, undo/redo/checkout and the whole tree's hash check;
* :mod:`~dinocli.events.appends` — a command's events hashed onto the chain and appended in one transaction
  against the head they were decided on (optimistic concurrency);
* :mod:`~dinocli.events.reads` — the hash-checked path to a head, the trusted read a fold uses, one event;
* :mod:`~dinocli.events.segments` and :mod:`~dinocli.events.snapshots` — read caches, never the truth;
* :mod:`~dinocli.events.transfer` — export and import of ``dinocli-log`` JSON Lines.

Events are never updated or deleted; each stores its parent's hash and its own (:mod:`dinocli.events.chain`).
Code outside the store reaches SQLite only through :attr:`Store.connection` (notes, analyses, invitations).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

from .appends import Appends
from .branchnames import BRANCH_NAME
from .database import Database, default_path
from .errors import (
    AmbiguousGameId,
    BranchExists,
    ChainBroken,
    Conflict,
    DatabaseGone,
    DatabaseLocked,
    DatabaseUnavailable,
    StoreError,
    UnknownBranch,
    UnknownGameId,
)
from .games import Games
from .reads import Reads
from .records import Branch, Command, GameRecord, Stored
from .segments import Segments
from .snapshots import Snapshots
from .transfer import Transfer
from .tree import Tree

__all__ = [
    "Store",
    "GameRecord",
    "Stored",
    "Branch",
    "Command",
    "StoreError",
    "Conflict",
    "UnknownGameId",
    "AmbiguousGameId",
    "UnknownBranch",
    "BranchExists",
    "DatabaseLocked",
    "DatabaseUnavailable",
    "DatabaseGone",
    "ChainBroken",
    "default_path",
    "BRANCH_NAME",
]


def _by(part: str, method: Callable) -> Callable:
    """A :class:`Store` method that calls ``method`` of the store's part ``part`` (same name, arguments, docstring)."""
    @functools.wraps(method)
    def call(self: "Store", *args: Any, **kwargs: Any) -> Any:
        return method(getattr(self, part), *args, **kwargs)
    return call


class Store:
    """A dinocli database: open with :meth:`Store.open`, write inside :meth:`write`."""

    def __init__(self, database: Database):
        self._database = database
        self._games = Games(database)
        self._tree = Tree(database, self._games)
        self._segments = Segments(database, self._tree)
        self._reads = Reads(database, self._games, self._tree, self._segments)
        self._snapshots = Snapshots(database, self._tree, self._reads)
        self._appends = Appends(database, self._games, self._tree, self._segments)
        self._transfer = Transfer(database, self._games, self._tree, self._reads, self._segments)

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, bulk: bool = False, timeout: float = 5.0,
             readonly: bool = False) -> "Store":
        """The store of the database at ``path`` (None: :func:`default_path`), opened by :meth:`Database.open`."""
        return cls(Database.open(path, bulk=bulk, timeout=timeout, readonly=readonly))

    @property
    def connection(self) -> sqlite3.Connection:
        """The plain sqlite3 connection: the one way to SQLite outside the store (notes, analyses, invitations)."""
        return self._database.connection

    @property
    def path_str(self) -> str:
        """The database file's name as opened (``:memory:`` for none)."""
        return self._database.path_str

    @property
    def segments(self) -> bool:
        """Whether reads take packed segments where a path has them (the bench and tests turn this off)."""
        return self._reads.use_segments

    @segments.setter
    def segments(self, on: bool) -> None:
        self._reads.use_segments = on

    @contextlib.contextmanager
    def write(self) -> Iterator["Store"]:
        """One transaction (BEGIN IMMEDIATE); nested blocks are savepoints (see :meth:`Database.write`)."""
        with self._database.write():
            yield self

    def close(self) -> None:
        """Close the connection."""
        self._database.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    check_files = _by("_database", Database.check_files)

    create_game = _by("_games", Games.create_game)
    game = _by("_games", Games.game)
    games = _by("_games", Games.games)
    secret_seed = _by("_games", Games.secret_seed)
    secret_salt = _by("_games", Games.secret_salt)
    publics = _by("_games", Games.publics)
    finish = _by("_games", Games.finish)
    set_meta = _by("_games", Games.set_meta)

    branch = _by("_tree", Tree.branch)
    branches = _by("_tree", Tree.branches)
    set_head = _by("_tree", Tree.set_head)
    create_branch = _by("_tree", Tree.create_branch)
    checkout = _by("_tree", Tree.checkout)
    event_depth = _by("_tree", Tree.event_depth)
    children = _by("_tree", Tree.children)
    verify_chain = _by("_tree", Tree.verify_chain)

    append = _by("_appends", Appends.append)
    append_path = _by("_appends", Appends.append_path)

    path = _by("_reads", Reads.path)
    events = _by("_reads", Reads.events)
    event = _by("_reads", Reads.event)
    segments_checked = _by("_segments", Segments.segments_checked)
    after_snapshot = _by("_snapshots", Snapshots.after_snapshot)
    put_snapshot = _by("_snapshots", Snapshots.put_snapshot)
    snapshots = _by("_snapshots", Snapshots.snapshots)

    export = _by("_transfer", Transfer.export)
    export_tail = _by("_transfer", Transfer.export_tail)
    holders = _by("_transfer", Transfer.holders)
    import_log = _by("_transfer", Transfer.import_log)
