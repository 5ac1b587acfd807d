"""The one owner of a dinocli database's SQLite connection: opening the file (WAL, ``synchronous`` FULL, or
NORMAL for bulk writes, ``busy_timeout``, foreign keys), creating or upgrading its schema, and every write
as one ``BEGIN IMMEDIATE`` transaction (nested blocks are savepoints) after which the file must still be
the one opened. The store's parts (:mod:`dinocli.events.store`) all hold this one :class:`Database` and
reach SQLite through its :attr:`Database.connection`.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
import urllib.parse
from typing import Any

from .errors import DatabaseGone, DatabaseLocked, DatabaseUnavailable, StoreError
from .schema import SET, migrations

__all__ = ["Database", "default_path"]


def default_path() -> pathlib.Path:
    """$DINOCLI_DB if set, else ``<user data dir>/saves/dinocli.sqlite``."""
    env = os.environ.get("DINOCLI_DB")
    if env:
        return pathlib.Path(env).expanduser()
    from .places import user_data_dir

    return pathlib.Path(user_data_dir()) / "saves" / "dinocli.sqlite"


class _Connection(sqlite3.Connection):
    """A connection whose transactions all start with BEGIN IMMEDIATE (so that sqlite-utils, applying the
    migrations, takes the write lock up front instead of failing on upgrade)."""

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        return super().execute("BEGIN IMMEDIATE" if sql == "BEGIN" else sql, *args)


def _identity(name: str) -> tuple[int, int] | None:
    """(device, inode) of a file, None if there is none."""
    try:
        st = os.stat(name)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class Database:
    """An open dinocli database file: :attr:`connection`, :meth:`write` transactions, :meth:`close`."""

    def __init__(self, connection: sqlite3.Connection, path_str: str, timeout: float):
        """The database on an open ``connection`` (its pragmas set), its schema created or upgraded."""
        self.connection = connection
        # one cursor for the statements of every write (its BEGIN and COMMIT, an append's) whose rows are read
        # at once: a cursor less to make each, and no bare BEGIN among them to rewrite (see _Connection)
        self.cursor = connection.cursor()
        self.path_str = path_str
        self.timeout = timeout
        self._savepoints = 0
        self._open: list[str | None] = []   # the savepoint of each open write() block (None: the transaction)
        self._identity: dict[str, tuple[int, int] | None] = {}   # none checked while the schema is made
        self._migrate()
        if path_str != ":memory:":
            self._identity = self._files()

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, bulk: bool = False, timeout: float = 5.0,
             readonly: bool = False) -> "Database":
        """Open (creating if needed) the database at ``path``; None means :func:`default_path`.

        ``path`` is a plain file name, never an SQLite URI (``file:x?mode=memory`` is a file of
        that name). Only the default location's folders are created; elsewhere a missing folder
        is an error that says how to create it."""
        default = path is None
        if default:
            path = default_path()
        memory = os.fspath(path) == ":memory:"
        if memory:
            path_str = target = ":memory:"
        else:
            p = pathlib.Path(os.fspath(path)).expanduser()
            path_str = str(p)
            if default and not readonly:
                try:
                    p.parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise DatabaseUnavailable(f"cannot create {p.parent}: {exc.strerror or exc}") from None
            elif not p.parent.is_dir():
                raise DatabaseUnavailable(f"cannot open {path_str}: folder {p.parent} does not exist "
                                          f"(create it with: mkdir -p {p.parent})")
            if p.is_dir():
                raise DatabaseUnavailable(f"{path_str} is a directory, not a database file")
            target = f"file:{urllib.parse.quote(p.resolve().as_posix())}" + ("?mode=ro" if readonly else "")
        try:
            conn = sqlite3.connect(target, timeout=timeout, isolation_level=None, factory=_Connection,
                                   uri=not memory)
        except sqlite3.Error as exc:
            raise DatabaseUnavailable(f"cannot open {path_str}: {exc}") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {max(0, int(timeout * 1000))}")
            conn.execute("PRAGMA foreign_keys = ON")
            if not memory and conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal" and not readonly:
                with contextlib.suppress(sqlite3.OperationalError):  # a read-only file stays as it is
                    conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA synchronous = {'NORMAL' if bulk else 'FULL'}")
            database = cls(conn, path_str, timeout)
        except StoreError:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            msg = str(exc)
            if "locked" in msg or "busy" in msg:
                raise DatabaseLocked(f"{path_str}: the database is locked by another process") from None
            if "not a database" in msg or "malformed" in msg:
                raise DatabaseUnavailable(f"{path_str} is not a dinocli database ({msg})") from None
            if "readonly" in msg or "read-only" in msg:
                raise DatabaseUnavailable(f"cannot open {path_str}: it is read-only and so is its folder, "
                                          "where SQLite must create its -wal and -shm files") from None
            raise DatabaseUnavailable(f"cannot open {path_str}: {msg}") from None
        return database

    def _migrate(self) -> None:
        """Create or upgrade the schema (refusing SQLite files that belong to something else).

        Whether anything is pending is read with sqlite3; sqlite-utils is imported only to apply."""
        if set(migrations.names) <= self._applied():
            return
        import sqlite_utils

        db = sqlite_utils.Database(self.connection)
        steps = migrations.sqlite_utils()
        applied = {m.name for m in steps.applied(db)}
        if not applied and db.table_names():
            raise DatabaseUnavailable(f"{self.path_str} is an SQLite database, but not a dinocli one")
        with self.write():
            if steps.pending(db):
                steps.apply(db)

    def _applied(self) -> set[str]:
        """The names of the store's migrations applied to this database (none if it has no record)."""
        try:
            return {r[0] for r in self.connection.execute(
                "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (SET,))}
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc) or "no such column" in str(exc):
                return set()
            raise

    def _files(self) -> dict[str, tuple[int, int] | None]:
        """(device, inode) of the database file and its -wal (None: absent)."""
        return {name: _identity(name) for name in (self.path_str, self.path_str + "-wal")}

    def check_files(self) -> None:
        """Raise DatabaseGone if the database file or its -wal was deleted or replaced since it was
        opened (SQLite would go on writing to the old, unreachable inodes)."""
        for name, was in self._identity.items():
            now = _identity(name)
            if now == was:
                continue
            if was is None and name.endswith("-wal"):
                self._identity[name] = now  # the -wal appeared with our first write
            else:
                what = "deleted" if now is None else "replaced"
                raise DatabaseGone(f"{name} was {what} while dinocli had it open: this and anything more is not "
                                   f"saved (what was acknowledged before is in the old file, if anywhere)")

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()

    def translate(self, exc: sqlite3.Error) -> StoreError:
        """The one-line StoreError an sqlite3 error stands for (locked, read-only, or unusable)."""
        msg = str(exc)
        if "locked" in msg or "busy" in msg:
            return DatabaseLocked(f"{self.path_str}: the database is locked by another process "
                                  f"(gave up after {self.timeout:g} s)")
        if "readonly" in msg or "read-only" in msg:
            return DatabaseUnavailable(f"{self.path_str}: the database is read-only")
        return DatabaseUnavailable(f"{self.path_str}: {msg}")

    def write(self) -> "Database":
        """One transaction (BEGIN IMMEDIATE), as ``with database.write():``; nested blocks are savepoints (as
        sqlite-utils' ``atomic()``). The database file must still be the one opened when the outermost transaction
        commits: checked under the write lock just before COMMIT, and if it was deleted or replaced the transaction is
        rolled back, so that a file moved away (still reachable by its new name) receives nothing it was not said to.
        A replacement in the microseconds between that check and the commit overlaps the write itself, which may then
        be ordered before it, like any write the replacement came after. sqlite3 errors, the block's own too, leave
        as one-line StoreErrors."""
        return self

    def __enter__(self) -> None:
        conn, cursor = self.connection, self.cursor
        name = None
        try:
            if conn.in_transaction:
                self._savepoints += 1
                name = f"dinocli_{self._savepoints}"
                cursor.execute(f"SAVEPOINT {name}")
            else:
                cursor.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self.translate(exc) from None
        self._open.append(name)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        conn, cursor = self.connection, self.cursor
        name = self._open.pop()
        try:
            if kind is None:
                try:
                    if name is None:
                        if self._identity:
                            self.check_files()
                        cursor.execute("COMMIT")
                    else:
                        cursor.execute(f"RELEASE SAVEPOINT {name}")
                except BaseException:
                    if name is None and conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            elif conn.in_transaction:   # (a RAISE(ROLLBACK) may have ended the whole transaction)
                if name is None:
                    conn.execute("ROLLBACK")
                else:
                    conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                    conn.execute(f"RELEASE SAVEPOINT {name}")
        except sqlite3.Error as error:
            raise self.translate(error) from None
        if isinstance(exc, sqlite3.Error):
            raise self.translate(exc) from None

    def cached(self, table: str, sql: str, args: tuple) -> list[tuple] | None:
        """The rows of a query on a cache table (``snapshots``, ``segments``); None if that table was dropped
        or altered (a cache may be deleted at will: reading goes on without it)."""
        try:
            return self.connection.execute(sql, args).fetchall()
        except sqlite3.OperationalError as exc:
            if table in str(exc):
                return None
            raise
