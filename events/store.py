"""The event store: games, their event trees and branches in one SQLite file; opening it (the
schema), games, appends, and reading a path (hash-checked) or one event.

Every write is one transaction (``BEGIN IMMEDIATE`` through sqlite-utils ``db.atomic()``).
Events are never updated or deleted. Each event stores its parent's hash and its own (see
:mod:`dinocli.events.chain`), and a command is appended only against the branch head it was
decided on (optimistic concurrency). Branches and the tree are in :mod:`dinocli.events.tree`,
export and import in :mod:`dinocli.events.transfer`: both are parts of :class:`Store`.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gc
import hashlib
import os
import pathlib
import sqlite3
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import msgspec

from .chain import CHAIN, body_text, event_hash, genesis_hash, json_text, new_salts, normalized, public_text, walk
from .codec import Event, UnknownEvent, decode, decoder_for
from .branchnames import BRANCH_NAME
from .errors import (
    AmbiguousGameId,
    BranchExists,
    ChainBroken,
    Conflict,
    Corrupt,
    DatabaseGone,
    DatabaseLocked,
    DatabaseUnavailable,
    StoreError,
    UnknownBranch,
    UnknownGameId,
    Unlinked,
    sql_errors,
)
from .records import Branch, Command, GameRecord, Header, Stored, now
from .rng import commit
from .schema import SET, migrations
from .transfer import GAME_ID, Transfer
from .tree import TAIL_SQL, WALK_COLS, Tree, typed

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

_GAME_COLS = ", ".join(("id", *Header.__struct_fields__, "branch", "tournament", "result", "seed", "meta", "genesis",
                        "chain", "seed_salt"))
_GAME_SELECT = _GAME_COLS + ", EXISTS (SELECT 1 FROM seeds s WHERE s.game_id = games.id)"
_EVENT_COLS = ("id, parent, seq, type, v, body, actor, action, rolls, hash, parent_hash, command, salt, rolls_salt, "
               "public")
_SNAPSHOT_FIND = """
SELECT s.event, s.hash, e.seq, CAST(s.state AS BLOB), s.digest FROM snapshots s JOIN events e ON e.id = s.event
WHERE s.game_id = ?1 AND s.event <= ?2 AND s.rules_version = ?3 AND s.data_hash = ?4 AND s.codec = ?5
  AND e.game_id = ?1 AND e.hash = s.hash
ORDER BY s.event DESC LIMIT 3"""
_APPEND_STATE = """
SELECT b.head, b.tip, e.hash, e.seq, g.genesis, (SELECT coalesce(max(id), 0) + 1 FROM events), g.chain
FROM branches b JOIN games g ON g.id = b.game_id LEFT JOIN events e ON e.id = b.head
WHERE b.game_id = ? AND b.name = ?"""
_INSERT_EVENT = (f"INSERT INTO events ({_EVENT_COLS}, game_id, created) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_EVENTS_SQL = "SELECT type, v, body FROM events WHERE game_id = ? AND id > ? AND id <= ? ORDER BY id"
_ROLLS = list[tuple[str, int, int]]
_BATCH = 512   # rows of a path read, hashed and decoded at a time
SEGMENT = 256   # rows packed in one segment (a read cache of a straight line of play) ...
PACK_FROM = 4096   # ... once the line is this long (a shorter one reads its rows in a few milliseconds)
_WALK_ROW = tuple[int, int | None, str, int, bytes, int | None, str | None, str | None, int, str | None, str | None,
                  bytes | None]
_PACK = msgspec.msgpack.Encoder()
_UNPACK = msgspec.msgpack.Decoder(list[_WALK_ROW])
_json = msgspec.json.decode


def default_path() -> pathlib.Path:
    """$DINOCLI_DB if set, else ``<user data dir>/saves/dinocli.sqlite``."""
    env = os.environ.get("DINOCLI_DB")
    if env:
        return pathlib.Path(env).expanduser()
    import platformdirs

    return pathlib.Path(platformdirs.user_data_dir("dinocli")) / "saves" / "dinocli.sqlite"


class _Connection(sqlite3.Connection):
    """A connection whose transactions all start with BEGIN IMMEDIATE (so sqlite-utils'
    ``atomic()`` takes the write lock up front instead of failing on upgrade)."""

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "BEGIN":
            sql = "BEGIN IMMEDIATE"
        return super().execute(sql, *args)


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """No cyclic garbage collection while a path is built: its rows and events make no cycles, and the
    collector would otherwise walk every one of them again and again as they pile up. What was built
    then joins the oldest generation at once (``gc.freeze`` and ``unfreeze`` move the young objects
    there without a scan): a path lives long, and the next young collection would walk it once more."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def _shaped(gid: str, config: Any, seats: Any, result: Any, meta: Any) -> None:
    """Raise Corrupt unless a game row's JSON columns are of the kinds the store writes: the config and
    metadata objects, the seats a list, the result returns, scores and winners. What the seats and the
    seating in the metadata say is not the store's to judge (dinocli's Table decodes them)."""
    def number(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    if not isinstance(config, dict) or not isinstance(meta, dict):
        raise Corrupt(f"game {gid}: its config or meta is not an object")
    if not isinstance(seats, list):
        raise Corrupt(f"game {gid}: its seats are not a list")

    def listed(key: str, test: Callable[[Any], bool]) -> bool:
        value = result.get(key, [])
        return isinstance(value, list) and all(test(x) for x in value)

    if result is not None and not (isinstance(result, dict) and listed("winners", lambda w: isinstance(w, str))
                                   and listed("returns", number) and listed("scores", number)):
        raise Corrupt(f"game {gid}: its result is not returns, scores and winners")


class Store(Tree, Transfer):
    """A dinocli database: open with :meth:`Store.open`, write inside :meth:`write`."""

    def __init__(self, conn: sqlite3.Connection, path_str: str, timeout: float):
        self._conn = conn
        self.path_str = path_str
        self.timeout = timeout
        self._genesis: dict[str, tuple[str, int]] = {}
        self._identity: dict[str, tuple[int, int] | None] = {}
        self._savepoints = 0
        self.segments = True   # read packed segments where a path has them (the bench turns this off)

    @functools.cached_property
    def db(self) -> Any:
        """The connection as a sqlite-utils ``Database`` (imported on first use: reads and appends use sqlite3)."""
        import sqlite_utils

        return sqlite_utils.Database(self._conn)

    @property
    def conn(self) -> sqlite3.Connection:
        """The plain sqlite3 connection (reading notes through it imports neither sqlite-utils nor numpy)."""
        return self._conn

    # -- opening --------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, bulk: bool = False, timeout: float = 5.0,
             readonly: bool = False) -> "Store":
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
            store = cls(conn, path_str, timeout)
            store._migrate()
            if not memory:
                store._identity = store._files()
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
        return store

    def _migrate(self) -> None:
        """Create or upgrade the schema (refusing SQLite files that belong to something else).

        Whether anything is pending is read with sqlite3; sqlite-utils is imported only to apply."""
        if set(migrations.names) <= self._applied():
            return
        steps = migrations.sqlite_utils()
        applied = {m.name for m in steps.applied(self.db)}
        if not applied and self.db.table_names():
            raise DatabaseUnavailable(f"{self.path_str} is an SQLite database, but not a dinocli one")
        with self.write():
            if steps.pending(self.db):
                steps.apply(self.db)

    def _applied(self) -> set[str]:
        """The names of the store's migrations applied to this database (none if it has no record)."""
        try:
            return {r[0] for r in self._conn.execute(
                "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (SET,))}
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc) or "no such column" in str(exc):
                return set()
            raise

    def _files(self) -> dict[str, tuple[int, int] | None]:
        """(device, inode) of the database file and its -wal (None: absent)."""
        out: dict[str, tuple[int, int] | None] = {}
        for name in (self.path_str, self.path_str + "-wal"):
            try:
                st = os.stat(name)
                out[name] = (st.st_dev, st.st_ino)
            except OSError:
                out[name] = None
        return out

    def check_files(self) -> None:
        """Raise DatabaseGone if the database file or its -wal was deleted or replaced since it was
        opened (SQLite would go on writing to the old, unreachable inodes)."""
        if not self._identity:
            return
        now = self._files()
        for name, was in self._identity.items():
            if was is None and name.endswith("-wal") and now[name] is not None:
                self._identity[name] = now[name]  # the -wal appeared with our first write
            elif now[name] != was:
                what = "deleted" if now[name] is None else "replaced"
                raise DatabaseGone(f"{name} was {what} while dinocli had it open: nothing more is saved "
                                   f"(what was acknowledged before is in the old file, if anywhere)")

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _translate(self, exc: sqlite3.Error) -> StoreError:
        msg = str(exc)
        if "locked" in msg or "busy" in msg:
            return DatabaseLocked(f"{self.path_str}: the database is locked by another process "
                                  f"(gave up after {self.timeout:g} s)")
        if "readonly" in msg or "read-only" in msg:
            return DatabaseUnavailable(f"{self.path_str}: the database is read-only")
        return DatabaseUnavailable(f"{self.path_str}: {msg}")

    @contextlib.contextmanager
    def write(self) -> Iterator["Store"]:
        """One transaction (BEGIN IMMEDIATE); nested blocks are savepoints. The database file must
        still be the one opened when the transaction's commit is acknowledged (checked once, after the
        outermost commit: what a replaced or deleted file received is out of reach, and said so)."""
        outermost = not self._conn.in_transaction
        try:
            with self._atomic():
                yield self
        except sqlite3.Error as exc:
            raise self._translate(exc) from None
        if outermost:
            self.check_files()

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, or a savepoint inside a transaction (as sqlite-utils' ``atomic()``)."""
        conn = self._conn
        if conn.in_transaction:
            self._savepoints += 1
            name = f"dinocli_{self._savepoints}"
            conn.execute(f"SAVEPOINT {name}")
            try:
                yield
            except BaseException:
                if conn.in_transaction:   # a RAISE(ROLLBACK) may have ended the whole transaction
                    conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                    conn.execute(f"RELEASE SAVEPOINT {name}")
                raise
            conn.execute(f"RELEASE SAVEPOINT {name}")
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # -- games ----------------------------------------------------------------------------

    @staticmethod
    def _record(row: tuple) -> GameRecord:
        (gid, kind, config, seats, rules_version, data_hash, seed_commit, created, branch, tournament, result,
         seed, meta, genesis, chain, seed_salt, seed_known) = row
        config, seats, meta = _json(config), _json(seats), _json(meta)
        result = None if result is None else _json(result)
        _shaped(gid, config, seats, result, meta)
        if not all(isinstance(x, str) for x in (gid, kind, rules_version, data_hash, seed_commit, created, branch)):
            raise Corrupt(f"game {gid}: a text column holds something else")
        return GameRecord(kind, config, seats, rules_version, data_hash, seed_commit, created, id=gid, branch=branch,
                          tournament=tournament, result=result, seed=seed, meta=meta, genesis=genesis,
                          chain=chain, seed_salt=seed_salt, seed_known=bool(seed_known))

    def _new_id(self) -> str:
        while True:
            gid = base64.b32encode(os.urandom(5)).decode().lower()
            if not self._exists(gid):
                return gid

    def _prefix_clash(self, game_id: str) -> bool:
        """Whether the id is taken, a prefix of a game's id, or has one as its prefix (ids resolve by prefix)."""
        return self._conn.execute("SELECT 1 FROM games WHERE substr(id, 1, length(?1)) = ?1 "
                                  "OR substr(?1, 1, length(id)) = id LIMIT 1", (game_id,)).fetchone() is not None

    def _exists(self, game_id: str) -> bool:
        return self._conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def _require(self, game_id: str) -> None:
        if not self._exists(game_id):
            raise UnknownGameId(f"no game {game_id!r} (see 'dinocli games')")

    @sql_errors
    def create_game(self, kind: str, config: dict, seats: list[dict], rules_version: str, data_hash: str,
                    seed: str, *, tournament: str | None = None, meta: dict | None = None,
                    game_id: str | None = None, chain: int = CHAIN) -> GameRecord:
        """Record a new game with a branch ``main`` and no events; the seed is kept secret, with (format 4) the
        random salt its commitment is made with.

        ``chain`` is the hash rule (format 4 by default; 1 to 3 only to stand for a game recorded before)."""
        if not isinstance(seed, str) or not seed:
            raise StoreError("a game needs a non-empty seed")
        config, seats, meta = normalized(config), normalized(seats), normalized(meta or {})
        if not isinstance(config, dict) or not isinstance(meta, dict):
            raise StoreError("config and meta must be objects")
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise StoreError("seats must be a list of objects")
        created = now()
        salt = new_salts(1)[0] if chain >= 4 else None
        header = Header(kind, config, seats, rules_version, data_hash, commit(seed, salt), created)
        genesis = genesis_hash(header)
        with self.write():
            if game_id is None:
                game_id = self._new_id()
            elif not GAME_ID.match(game_id):
                raise StoreError(f"bad game id {game_id!r}: use 1-40 lowercase letters, digits, - or _")
            elif self._exists(game_id):
                raise StoreError(f"game id {game_id!r} is taken")
            self._insert_game(game_id, header, genesis, tournament=tournament, meta=meta, chain=chain)
            self._conn.execute("INSERT INTO seeds (game_id, seed, salt) VALUES (?, ?, ?)", (game_id, seed, salt))
        return self._get(game_id)

    def _insert_game(self, game_id: str, header: Header, genesis: str, *, tournament: str | None, meta: dict,
                     result: dict | None = None, seed: str | None = None, chain: int = CHAIN,
                     seed_salt: str | None = None) -> None:
        columns = [json_text(x) if isinstance(x, (dict, list)) else x for x in msgspec.structs.astuple(header)]
        self._conn.execute(
            f"INSERT INTO games ({_GAME_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'main', ?, ?, ?, ?, ?, ?, ?)",
            (game_id, *columns, tournament, None if result is None else json_text(result), seed, json_text(meta),
             genesis, chain, seed_salt))
        self._conn.execute("INSERT INTO branches (game_id, name, head, tip, created) VALUES (?, 'main', NULL, NULL, ?)",
                           (game_id, now()))

    def _get(self, game_id: str) -> GameRecord:
        row = self._conn.execute(f"SELECT {_GAME_SELECT} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGameId(f"no game {game_id!r} (see 'dinocli games')")
        return self._record(row)

    @sql_errors
    def game(self, id_or_prefix: str) -> GameRecord:
        """The game with this id, or the only game whose id starts with it."""
        key = (id_or_prefix or "").strip().lower()
        if not key:
            raise UnknownGameId("no game id given")
        row = self._conn.execute(f"SELECT {_GAME_SELECT} FROM games WHERE id = ?", (key,)).fetchone()
        if row is not None:
            return self._record(row)
        rows = self._conn.execute(f"SELECT {_GAME_SELECT} FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT 11",
                                  (key, key + "\U0010ffff")).fetchall()
        if not rows:
            raise UnknownGameId(f"no game {id_or_prefix!r} (see 'dinocli games')")
        if len(rows) > 1:
            ids = [r[0] for r in rows]
            shown = ", ".join(ids[:10]) + (", …" if len(ids) > 10 else "")
            raise AmbiguousGameId(f"game id {id_or_prefix!r} is ambiguous: {shown}", ids)
        return self._record(rows[0])

    @sql_errors
    def games(self, *, tournament: str | None = None, kind: str | None = None, limit: int | None = None,
              offset: int = 0, before: str | None = None) -> list[GameRecord]:
        """Saved games, newest first, optionally of one tournament or kind: at most ``limit`` (None: all),
        skipping ``offset``, or only those older than game ``before`` (an index walk: the cost does not
        grow with the number of games)."""
        where, args = [], []
        if tournament is not None:
            where.append("tournament = ?")
            args.append(tournament)
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if before is not None:
            anchor = self._conn.execute("SELECT created, rowid FROM games WHERE id = ?",
                                        (self.game(before).id,)).fetchone()
            where.append("(created < ? OR (created = ? AND rowid < ?))")
            args += [anchor[0], anchor[0], anchor[1]]
        sql = f"SELECT {_GAME_SELECT} FROM games"
        if kind is not None and tournament is None:
            sql += " INDEXED BY games_kind_created"   # (without statistics SQLite would scan by date)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY created DESC, rowid DESC"
        if limit is not None or offset:
            sql += " LIMIT ? OFFSET ?"
            args += [-1 if limit is None else limit, offset]
        return [self._record(r) for r in self._conn.execute(sql, args)]

    @sql_errors
    def secret_seed(self, game_id: str) -> str:
        """The game's seed (secret while the game runs: only the service's rng may use it)."""
        row = self._conn.execute("SELECT seed FROM seeds WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            self._require(game_id)
            raise StoreError(f"game {game_id} was imported without its seed: it can be replayed but not continued "
                             "(to go on playing elsewhere, import a save made with 'dinocli export --with-seed')")
        return row[0]

    @sql_errors
    def secret_salt(self, game_id: str) -> str | None:
        """The salt of the game's seed commitment (format 4; None before, or imported without its seed)."""
        row = self._conn.execute("SELECT salt FROM seeds WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    @sql_errors
    def publics(self, game_id: str) -> dict[int, str]:
        """The public forms (format 3: canonical ``{"seen", "shown"}`` text) of the game's sealed events, by event id
        (hash-checked with the chain: :meth:`verify_chain`)."""
        return dict(self._conn.execute("SELECT id, public FROM events WHERE game_id = ? AND public IS NOT NULL",
                                       (game_id,)))

    @sql_errors
    def finish(self, game_id: str, result: dict) -> None:
        """Record the game's result and reveal its seed (and its salt) in the record."""
        with self.write():
            cur = self._conn.execute(
                "UPDATE games SET result = ?, (seed, seed_salt) = (SELECT seed, salt FROM seeds WHERE game_id = games.id) "
                "WHERE id = ?",
                (json_text(result), game_id))
            if cur.rowcount == 0:
                raise UnknownGameId(f"no game {game_id!r}")

    @sql_errors
    def set_meta(self, game_id: str, meta: dict) -> None:
        """Replace the game's free-form metadata."""
        with self.write():
            cur = self._conn.execute("UPDATE games SET meta = ? WHERE id = ?", (json_text(meta), game_id))
            if cur.rowcount == 0:
                raise UnknownGameId(f"no game {game_id!r}")

    def _root(self, game_id: str) -> tuple[str, int]:
        """The game's genesis hash and hash rule (cached: neither ever changes)."""
        g = self._genesis.get(game_id)
        if g is None:
            row = self._conn.execute("SELECT genesis, chain FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise UnknownGameId(f"no game {game_id!r}")
            g = self._genesis[game_id] = (row[0], row[1])
        return g

    # -- appending ------------------------------------------------------------------------

    def append(self, game_id: str, branch: str, commands: list[Command], expected_head: int | None) -> int:
        """Append commands to a branch whose head must still be ``expected_head``; the new head."""
        return self.append_path(game_id, branch, commands, expected_head)[-1].id

    @sql_errors
    def append_path(self, game_id: str, branch: str, commands: list[Command], expected_head: int | None) -> list[Stored]:
        """:meth:`append`, returning the appended events as stored (to extend a path already held)."""
        if not commands or any(not c.events for c in commands):
            raise StoreError("nothing to append: every command needs at least one event")
        prepared = []
        for c in commands:
            if c.actor is not None and type(c.actor) is not int:
                raise StoreError(f"actor must be a seat number or None, not {c.actor!r}")
            if c.action is not None and not isinstance(c.action, str):
                raise StoreError(f"action must be text or None, not {c.action!r}")
            rolls = None
            if c.rolls is not None:
                try:
                    rolls = json_text(msgspec.convert(c.rolls, _ROLLS))
                except msgspec.ValidationError as exc:
                    raise StoreError(f"rolls must be [key, n, value] triples: {exc}") from None
            sealed = c.sealed if c.sealed is not None else [True] * len(c.events)
            seen = c.seen if c.seen is not None else [[]] * len(c.events)
            shown = c.shown if c.shown is not None else [None] * len(c.events)
            if not len(sealed) == len(seen) == len(shown) == len(c.events):
                raise StoreError("a command needs one 'sealed' flag, 'seen' list and 'shown' form per event")
            for i, ev in enumerate(c.events):
                if not isinstance(ev, Event):
                    raise StoreError(f"not an event: {ev!r}")
                if not (isinstance(seen[i], list) and all(type(s) is int for s in seen[i])) \
                        or not (shown[i] is None or isinstance(shown[i], Event)):
                    raise StoreError(f"'seen' must list seat numbers and 'shown' be an event or None (event {i})")
                first = i == 0
                actor = c.actor if first else None
                sh = shown[i]
                public = None if not sealed[i] else \
                    public_text(seen[i], None if sh is None else (sh.tag, sh.version, body_text(sh), actor))
                prepared.append((ev.tag, ev.version, body_text(ev), actor, c.action if first else None,
                                 rolls if first else None, first, sealed[i], ev, public))
        conn = self._conn
        with self.write():
            state = conn.execute(_APPEND_STATE, (game_id, branch)).fetchone()
            if state is None:
                self._branch_row(game_id, branch)  # raises UnknownGameId / UnknownBranch
            head, tip, parent_hash, seq, genesis, next_id, chain = state
            if head != expected_head:
                raise Conflict(f"game {game_id} branch {branch!r} moved: expected head {expected_head}, "
                               f"found {head} (another process played first); reload and retry")
            if head is None:
                parent_hash, seq = genesis, 0
            if tip is not None and tip != head:
                self._keep_line(game_id, branch, tip)
            created = now()
            links, parent, command = [], head, next_id
            salts = new_salts(2 * len(prepared)) if chain != 1 else [None] * (2 * len(prepared))
            for i, (tag, v, body, actor, action, rolls, first, sealed, _ev, public) in enumerate(prepared):
                if first:
                    command = next_id + i
                links.append((next_id + i, parent, tag, v, body.encode(), actor, action, rolls, command,
                              salts[2 * i] if sealed else None, None if rolls is None else salts[2 * i + 1],
                              public.encode() if sealed and chain >= 3 else None))
                parent = next_id + i
            hashes = walk(parent_hash, links, chain, root=head)
            rows, out = [], []
            for (eid, parent, tag, v, _body, actor, action, rolls, command, salt, rolls_salt, public), h, prepared_event \
                    in zip(links, hashes, prepared):
                seq += 1
                rows.append((eid, parent, seq, tag, v, prepared_event[2], actor, action, rolls, h, parent_hash, command,
                             salt, rolls_salt, None if public is None else public.decode(), game_id, created))
                out.append(Stored(eid, parent, seq, prepared_event[8], actor, action,
                                  None if rolls is None else _json(rolls), h, parent_hash, command))
                parent_hash = h
            conn.executemany(_INSERT_EVENT, rows)
            conn.execute("UPDATE branches SET head = ?, tip = ? WHERE game_id = ? AND name = ?",
                         (rows[-1][0], rows[-1][0], game_id, branch))
            if seq // SEGMENT != (seq - len(rows)) // SEGMENT and seq >= PACK_FROM:
                self._pack(game_id, rows[-1][0])
        return out

    # -- reading --------------------------------------------------------------------------

    @sql_errors
    def path(self, game_id: str, head: int | None) -> list[Stored]:
        """The events from the root to ``head`` (empty for None), decoded and hash-checked."""
        with _no_gc():
            genesis, chain = self._root(game_id)
            if head is not None and self._straight(game_id, head):
                try:
                    return self._stream(game_id, head, genesis, chain)
                except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.DecodeError):
                    pass   # read it again in one piece: that says what is wrong, as precisely as it can
            rows = self._walk(game_id, head)
            out = self._stored(rows, self._checked(game_id, rows, genesis, None, head), genesis, 0)
            del rows   # freed before the collector runs again: it would walk every row once more
        return out

    @sql_errors
    def events(self, game_id: str, head: int | None) -> list[Event]:
        """The events from the root to ``head`` (empty for None), decoded but not hash-checked: a trusted
        local read for folding a state (:meth:`path` checks the chain, and ``verify`` the whole tree).
        Only what a fold needs is read: the packed segments of a long line (each must follow on from the
        one before), then the type, version and body of the rows after them. A line with branches off it,
        or a row that does not decode, is read through :meth:`path` (which reports what is wrong)."""
        if head is None:
            return []
        if not self._straight(game_id, head):
            return [s.event for s in self.path(game_id, head)]
        with _no_gc():
            out: list[Event] = []
            decoders: dict[tuple[str, int], Callable] = {}
            last = None
            if self.segments:
                try:
                    for rows in self._packed(game_id, head):
                        if [r[1] for r in rows] != [last, *(r[0] for r in rows[:-1])]:
                            raise Unlinked(rows[0][0], "a segment does not follow on from the one before")
                        self._decoded(((r[2], r[3], r[4]) for r in rows), out, decoders)
                        last = rows[-1][0]
                except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.MsgspecError):
                    out, last = [], None   # a cache in trouble: read the rows instead
            tail = self._conn.execute(_EVENTS_SQL, (game_id, -1 if last is None else last, head))
            try:
                return self._decoded(tail, out, decoders)
            except (Corrupt, UnknownEvent, msgspec.DecodeError):
                pass
        # a row that does not decode: the path says what is wrong with it (its hash first)
        return [s.event for s in self.path(game_id, head)]

    @staticmethod
    def _decoded(rows: Iterable[tuple], out: list[Event], decoders: dict[tuple[str, int], Callable]) -> list[Event]:
        """``out`` with the events of ``rows`` (type, version, body) decoded onto its end."""
        append, get = out.append, decoders.get
        for type_, v, body in rows:
            decode_ = get((type_, v))
            if decode_ is None:
                typed(None, type_, v, body)
                decode_ = decoders[type_, v] = decoder_for(type_, v)
            append(decode_(body))
        return out

    def _stream(self, game_id: str, head: int, genesis: str, chain: int) -> list[Stored]:
        """A straight line of play read, hashed and decoded a few thousand rows at a time (each batch is
        freed while it is still in the processor's cache); StoreError if the last hash is not the head's.

        Its packed segments are read first, if it has any that run event by event from the root; a
        segment is a cache: hashed like the rows (the chain must reach the head's stored hash), and any
        trouble with one reads the rows instead."""
        if self.segments:
            try:
                return self._read_line(game_id, head, genesis, chain, self._packed(game_id, head))
            except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.MsgspecError):
                pass
        return self._read_line(game_id, head, genesis, chain, ())

    def _read_line(self, game_id: str, head: int, genesis: str, chain: int, packed: Iterable[list[tuple]]) -> list[Stored]:
        """The line of play to ``head``: the ``packed`` rows (a straight run from the root), then the rows after."""
        out: list[Stored] = []
        prev, root = genesis, None
        for rows in packed:
            hashes = walk(prev, rows, chain, root=root, line=True)
            out += self._stored(rows, hashes, prev, len(out))
            prev, root = hashes[-1], rows[-1][0]
        cursor = self._conn.execute(TAIL_SQL, (game_id, -1 if root is None else root, head))
        while rows := cursor.fetchmany(_BATCH):
            hashes = walk(prev, rows, chain, root=root)
            out += self._stored(rows, hashes, prev, len(out))
            prev, root = hashes[-1], rows[-1][0]
        if root != head or self._conn.execute("SELECT hash FROM events WHERE id = ?", (head,)).fetchone()[0] != prev:
            raise StoreError("the path does not end at its head's hash")
        return out

    # -- segments: a cache of packed rows -------------------------------------------------

    def _cached(self, table: str, sql: str, args: tuple) -> list[tuple] | None:
        """The rows of a query on a cache table (``snapshots``, ``segments``); None if that table was dropped
        or altered (a cache may be deleted at will: reading goes on without it)."""
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.OperationalError as exc:
            if table in str(exc):
                return None
            raise

    def _packed(self, game_id: str, head: int) -> Iterator[list[tuple]]:
        """The rows of the game's segments up to ``head``, a segment at a time, oldest first (none if the
        cache was dropped)."""
        found = self._cached("segments", "SELECT CAST(packed AS BLOB) FROM segments WHERE game_id = ? AND last_event <= ? "
                                          "ORDER BY first_event", (game_id, head))
        for (blob,) in found or ():
            yield _UNPACK.decode(blob)

    def _pack(self, game_id: str, head: int) -> None:
        """Pack the rows after the game's last segment up to ``head``, ``SEGMENT`` at a time, if the game
        is a straight line of play up to ``head`` at least ``PACK_FROM`` events long (inside the append's or
        the import's transaction)."""
        conn = self._conn
        if not self._straight(game_id, head, at_least=PACK_FROM):
            return
        found = self._cached("segments", "SELECT max(last_event) FROM segments WHERE game_id = ?", (game_id,))
        if found is None:
            return   # the cache was dropped: nothing kept
        last = found[0][0]
        rows = conn.execute(TAIL_SQL, (game_id, -1 if last is None else last, head)).fetchall()
        conn.executemany("INSERT OR REPLACE INTO segments (game_id, first_event, last_event, packed) VALUES (?, ?, ?, ?)",
                         [(game_id, rows[i][0], rows[i + SEGMENT - 1][0], _PACK.encode(rows[i:i + SEGMENT]))
                          for i in range(0, len(rows) - SEGMENT + 1, SEGMENT)])

    @sql_errors
    def segments_checked(self, game_id: str) -> list[tuple[int, int, bool]]:
        """Every segment of the game: (first event, last event, whether it packs exactly the rows it names)."""
        found = self._cached("segments", "SELECT first_event, last_event, CAST(packed AS BLOB) FROM segments "
                                         "WHERE game_id = ? ORDER BY first_event", (game_id,))
        out = []
        for first, last, blob in found or ():
            try:
                rows = _UNPACK.decode(blob) if isinstance(blob, bytes) else None
            except msgspec.MsgspecError:
                rows = None
            ok = bool(rows) and rows[0][0] == first and rows[-1][0] == last and rows == [
                tuple(r) for r in self._conn.execute(f"SELECT {WALK_COLS} FROM events WHERE game_id = ? AND id >= ? "
                                                     "AND id <= ? ORDER BY id", (game_id, first, last))]
            out.append((first, last, ok))
        return out

    def _checked(self, game_id: str, rows: list[tuple], prev: str, root: int | None, head: int | None) -> list[str]:
        """The hashes along a path of ``rows`` that hangs from event ``root`` (None: the root) of hash ``prev``:
        the last must equal the head's stored hash, which proves every event on the path unaltered
        (else ChainBroken at the first one whose stored hashes do not check out)."""
        hashes = walk(prev, rows, self._root(game_id)[1], root=root)
        if rows and self._conn.execute("SELECT hash FROM events WHERE id = ?", (head,)).fetchone()[0] != hashes[-1]:
            stored = {eid: (ph, h) for eid, ph, h in self._conn.execute(
                "SELECT id, parent_hash, hash FROM events WHERE game_id = ? AND id >= ? AND id <= ?",
                (game_id, rows[0][0], head))}
            for row, h in zip(rows, hashes):
                ph, sh = stored[row[0]]
                if ph != prev:
                    raise ChainBroken(row[0], "its parent hash does not match its parent's hash")
                if sh != h:
                    raise ChainBroken(row[0], "its hash does not match its content")
                prev = h
            raise ChainBroken(head, "its hash does not match its content")   # pragma: no cover - defensive
        return hashes

    def _stored(self, rows: list[tuple], hashes: list[str], prev: str, seq: int) -> list[Stored]:
        """Decode hash-checked ``rows`` (after an event of hash ``prev`` at depth ``seq``) into Stored events."""
        decoders: dict[str, tuple[int, Callable]] = {}
        out: list[Stored] = []
        append, json = out.append, _json
        try:
            for (eid, parent, type_, v, body, actor, action, rolls, command, _salt, _rolls_salt, _public), h in zip(rows, hashes):
                seq += 1
                known = decoders.get(type_)
                if known is None or known[0] != v:
                    typed(eid, type_, v, body)
                    known = (v, decoder_for(type_, v))
                    if len(decoders) < 256:
                        decoders[type_] = known
                append(Stored(eid, parent, seq, known[1](body), actor, action, None if rolls is None else json(rolls),
                              h, prev, command))
                prev = h
        except (UnknownEvent, msgspec.DecodeError):
            row = rows[len(out)]
            self._decode(row[0], row[2], row[4], row[3])   # the one-line error
            raise
        return out

    # -- snapshots: a cache of folded states ----------------------------------------------

    @staticmethod
    def _digest(game_id: str, event: int, hash_: str, key: tuple[str, str, str], state: bytes) -> str:
        head = json_text([game_id, event, hash_, *key]).encode()
        return hashlib.sha256(len(head).to_bytes(4, "big") + head + state).hexdigest()

    @sql_errors
    def after_snapshot(self, game_id: str, head: int | None,
                       key: tuple[str, str, str]) -> tuple[bytes, int, list[Stored]] | None:
        """The newest snapshot on the path to ``head`` stored under ``key`` = (rules version, data hash, codec)
        whose digest checks out, its event's depth, and the events after it up to ``head`` (decoded,
        hash-checked from the snapshot's event: ChainBroken for the first that does not check out); None if
        there is none. The caller decodes the state."""
        if head is None:
            return None
        found = self._cached("snapshots", _SNAPSHOT_FIND, (game_id, head, *key))
        for event, h, seq, blob, digest in found or ():   # None: the cache was dropped, load without it
            if not isinstance(blob, bytes) or digest != self._digest(game_id, event, h, key, blob):
                continue
            tail = self._tail(game_id, event, head)
            if tail is None:
                continue   # a snapshot on another line of play
            hashes = self._checked(game_id, tail, h, event, head)   # a break after the snapshot is reported here
            with _no_gc():
                return blob, seq, self._stored(tail, hashes, h, seq)
        return None

    @sql_errors
    def put_snapshot(self, game_id: str, event: int, key: tuple[str, str, str], state: bytes) -> None:
        """Keep the folded ``state`` at ``event`` under ``key`` (replacing one kept before)."""
        row = self._conn.execute("SELECT hash FROM events WHERE id = ? AND game_id = ?", (event, game_id)).fetchone()
        if row is None:
            raise StoreError(f"event {event} is not in game {game_id}")
        with self.write():
            try:
                self._conn.execute("INSERT OR REPLACE INTO snapshots (game_id, event, hash, rules_version, data_hash, "
                                   "codec, state, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                   (game_id, event, row[0], *key, state, self._digest(game_id, event, row[0], key, state)))
            except sqlite3.OperationalError as exc:
                if "snapshots" not in str(exc):   # a dropped or altered cache is not kept; nothing else is lost
                    raise

    @sql_errors
    def snapshots(self, game_id: str) -> list[tuple[int, str, tuple[str, str, str], bytes, bool]]:
        """Every snapshot of the game: (event, hash, key, state, whether its digest and hash check out)."""
        out = []
        found = self._cached(
            "snapshots", "SELECT s.event, s.hash, s.rules_version, s.data_hash, s.codec, CAST(s.state AS BLOB), s.digest, "
            "e.hash FROM snapshots s LEFT JOIN events e ON e.id = s.event AND e.game_id = s.game_id "
            "WHERE s.game_id = ? ORDER BY s.event", (game_id,))
        for event, h, rv, dh, codec, blob, digest, real in found or ():
            key = (rv, dh, codec)
            ok = isinstance(blob, bytes) and real == h and digest == self._digest(game_id, event, h, key, blob)
            out.append((event, h, key, blob if isinstance(blob, bytes) else b"", ok))
        return out

    @staticmethod
    def _decode(eid: int, type_: str, body: str | bytes, v: int) -> Event:
        try:
            return decode(type_, body, v)
        except UnknownEvent as exc:
            raise StoreError(f"event {eid}: {exc}") from None

    @sql_errors
    def event(self, event_id: int) -> Stored:
        """One stored event by id (its own hash checked)."""
        row = self._conn.execute(f"SELECT {_EVENT_COLS} FROM events WHERE id = ?", (event_id,)).fetchone()
        if row is None:
            raise StoreError(f"no event {event_id}")
        eid, parent, seq, type_, v, body, actor, action, rolls, h, ph, command, salt, rolls_salt, public = row
        typed(eid, type_, v, body)
        game_id = self._conn.execute("SELECT game_id FROM events WHERE id = ?", (event_id,)).fetchone()[0]
        try:
            ok = event_hash(ph, type_, v, body, actor, action, rolls, salt, rolls_salt, self._root(game_id)[1],
                            public) == h
        except Unlinked:
            ok = False
        if not ok:
            raise ChainBroken(eid, "its hash does not match its content")
        return Stored(eid, parent, seq, self._decode(eid, type_, body, v), actor, action,
                      None if rolls is None else _json(rolls), h, ph, command)

