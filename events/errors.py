"""dinocli's error root and the event store's errors: each carries a one-line message meant for the user.

Every error a person may be shown derives from :class:`DinocliError`, each defined where it is raised;
its class says what the command line exits with (``exit_code``) and what it prints before the message
(``heading``), so the CLI maps an error by its class, never by where it was defined."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

__all__ = [
    "DinocliError",
    "ERROR",
    "CONFLICT",
    "REJECTED",
    "UNAVAILABLE",
    "StoreError",
    "Conflict",
    "UnknownGameId",
    "AmbiguousGameId",
    "UnknownBranch",
    "BranchExists",
    "DatabaseUnavailable",
    "DatabaseLocked",
    "ChainBroken",
    "LogRejected",
    "Corrupt",
    "Unlinked",
    "sql_errors",
]


# Exit codes (DESIGN "CLI contract"; 0 is success and 2 a usage mistake, which click reports).
ERROR, CONFLICT, REJECTED, UNAVAILABLE = 1, 3, 4, 5


class DinocliError(Exception):
    """The root of dinocli's errors: ``str()`` is one line for the user; the command line prints
    ``heading`` before it and exits with ``exit_code``."""

    exit_code = ERROR
    heading = ""


class StoreError(DinocliError):
    """Base of the store's errors; ``str()`` is one line."""

    def __init__(self, message: str):
        super().__init__(" ".join(str(message).split()))


class Conflict(StoreError):
    """The branch head moved since it was read (another process appended first)."""

    exit_code = CONFLICT
    heading = "conflict: "


class UnknownGameId(StoreError):
    """No game has this id or id prefix."""


class AmbiguousGameId(StoreError):
    """An id prefix matches several games; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: list[str]):
        super().__init__(message)
        self.candidates = candidates


class UnknownBranch(StoreError):
    """The game has no branch of this name."""


class BranchExists(StoreError):
    """A branch of this name already exists in the game."""


class DatabaseUnavailable(StoreError):
    """The database itself cannot be used: it cannot be opened or written, is corrupt, or is not
    dinocli's. (Other StoreErrors are about what was asked: an unknown game, a bad name.)"""

    exit_code = UNAVAILABLE


class DatabaseGone(DatabaseUnavailable):
    """The database file (or its -wal) was deleted or replaced while it was open: writing on
    would save into a file nobody will read again."""


class DatabaseLocked(DatabaseUnavailable):
    """Another connection held the write lock for longer than the busy timeout."""


class ChainBroken(DatabaseUnavailable):
    """A stored hash does not match its content or its parent (the log was altered)."""

    def __init__(self, event_id: int | None, reason: str):
        where = f"event {event_id}" if event_id is not None else "game header"
        super().__init__(f"hash chain broken at {where}: {reason}")
        self.event_id = event_id
        self.reason = reason


class LogRejected(StoreError):
    """An exported log that cannot be read or imported; ``str()`` is ``"line N: reason"``."""

    exit_code = REJECTED
    heading = "log rejected: "

    def __init__(self, line: int, reason: str):
        reason = " ".join(str(reason).split())
        super().__init__(f"line {line}: {reason}" if line > 0 else reason)
        self.line = line
        self.reason = reason


class Corrupt(ValueError):
    """A stored value of the wrong shape (valid JSON, but not what the store wrote); ``event_id`` if known."""

    def __init__(self, message: str, event_id: int | None = None):
        super().__init__(message)
        self.event_id = event_id


class Unlinked(ValueError):
    """A row that cannot hang in the hash chain: ``args`` = (event id, reason). Raised by
    :func:`dinocli.events.chain.walk`; the store reports it as ChainBroken, the log reader as LogRejected."""


def sql_errors(fn: Callable) -> Callable:
    """Turn sqlite3 errors raised by a method of one of the store's parts (which holds the ``database``) into
    one-line StoreErrors, and stored JSON that no longer decodes or has the wrong shape (a corrupt file) into one too."""

    @functools.wraps(fn)
    def inner(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except Exception as exc:
            error = _store_error(self, exc)
            if error is None:
                raise
            raise error from None

    return inner


def _store_error(store: Any, exc: Exception) -> StoreError | None:
    """The StoreError that a Store method's ``exc`` means, or None when it is not the store's to say."""
    # Both are loaded already (a Store method was running); imported here, not at the top, so that
    # importing the error root loads neither (the config file's error, read first, is under it).
    import sqlite3

    import msgspec

    if isinstance(exc, sqlite3.Error):
        return store.database.translate(exc)
    if isinstance(exc, msgspec.DecodeError):
        return DatabaseUnavailable(f"{store.database.path_str}: the database is corrupt (stored JSON does not decode: {exc})")
    if isinstance(exc, RecursionError):
        return DatabaseUnavailable(f"{store.database.path_str}: the database is corrupt (stored JSON is nested too deeply)")
    if isinstance(exc, Corrupt):   # (msgspec's ValidationError is a DecodeError: the line above)
        return DatabaseUnavailable(f"{store.database.path_str}: the database is corrupt ({exc})")
    if isinstance(exc, Unlinked):
        return ChainBroken(*exc.args)
    return None
