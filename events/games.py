"""Game records: a new game (its header, genesis hash, secret seed and branch ``main``), a game by id or
unique prefix, the saved games newest first, and what a game's record keeps beside its events (result,
revealed seed, metadata). One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import msgspec

from .chain import CHAIN, genesis_hash, json_text, new_salts, normalized
from .database import Database
from .errors import AmbiguousGameId, Corrupt, StoreError, UnknownGameId, sql_errors
from .records import GameRecord, Header, now
from .rng import commit

__all__ = ["Games", "GAME_ID", "GAME_SELECT"]

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_GAME_COLS = ", ".join(("id", *Header.__struct_fields__, "branch", "tournament", "result", "seed", "meta", "genesis",
                        "chain", "seed_salt"))
GAME_SELECT = _GAME_COLS + ", EXISTS (SELECT 1 FROM seeds s WHERE s.game_id = games.id)"
_json = msgspec.json.decode


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


def _record(row: tuple) -> GameRecord:
    """A games row (``GAME_SELECT``) as a record (Corrupt unless its columns are of the kinds the store writes)."""
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


class Games:
    """The games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database):
        self.database = database
        self._genesis: dict[str, tuple[str, int]] = {}

    def new_id(self) -> str:
        """A random game id no game has."""
        import base64   # only a new game needs it: every other command is spared its import

        while True:
            gid = base64.b32encode(os.urandom(5)).decode().lower()
            if not self.exists(gid):
                return gid

    def prefix_clash(self, game_id: str) -> bool:
        """Whether the id is taken, a prefix of a game's id, or has one as its prefix (ids resolve by prefix)."""
        return self.database.connection.execute(
            "SELECT 1 FROM games WHERE substr(id, 1, length(?1)) = ?1 OR substr(?1, 1, length(id)) = id LIMIT 1",
            (game_id,)).fetchone() is not None

    def exists(self, game_id: str) -> bool:
        """Whether a game has this id."""
        return self.database.connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def require(self, game_id: str) -> None:
        """Raise UnknownGameId unless a game has this id."""
        if not self.exists(game_id):
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
        with self.database.write():
            if game_id is None:
                game_id = self.new_id()
            elif not GAME_ID.match(game_id):
                raise StoreError(f"bad game id {game_id!r}: use 1-40 lowercase letters, digits, - or _")
            elif self.exists(game_id):
                raise StoreError(f"game id {game_id!r} is taken")
            self.insert(game_id, header, genesis, tournament=tournament, meta=meta, chain=chain)
            self.database.connection.execute("INSERT INTO seeds (game_id, seed, salt) VALUES (?, ?, ?)",
                                             (game_id, seed, salt))
        return self.get(game_id)

    def insert(self, game_id: str, header: Header, genesis: str, *, tournament: str | None, meta: dict,
               result: dict | None = None, seed: str | None = None, chain: int = CHAIN,
               seed_salt: str | None = None) -> None:
        """The game's row and its empty branch ``main`` (inside the caller's transaction)."""
        conn = self.database.connection
        columns = [json_text(x) if isinstance(x, (dict, list)) else x for x in msgspec.structs.astuple(header)]
        conn.execute(
            f"INSERT INTO games ({_GAME_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'main', ?, ?, ?, ?, ?, ?, ?)",
            (game_id, *columns, tournament, None if result is None else json_text(result), seed, json_text(meta),
             genesis, chain, seed_salt))
        conn.execute("INSERT INTO branches (game_id, name, head, tip, created) VALUES (?, 'main', NULL, NULL, ?)",
                     (game_id, now()))

    def get(self, game_id: str) -> GameRecord:
        """The game with exactly this id."""
        row = self.database.connection.execute(f"SELECT {GAME_SELECT} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGameId(f"no game {game_id!r} (see 'dinocli games')")
        return _record(row)

    @sql_errors
    def game(self, id_or_prefix: str) -> GameRecord:
        """The game with this id, or the only game whose id starts with it."""
        key = (id_or_prefix or "").strip().lower()
        if not key:
            raise UnknownGameId("no game id given")
        conn = self.database.connection
        row = conn.execute(f"SELECT {GAME_SELECT} FROM games WHERE id = ?", (key,)).fetchone()
        if row is not None:
            return _record(row)
        rows = conn.execute(f"SELECT {GAME_SELECT} FROM games WHERE id >= ? AND id < ? ORDER BY id LIMIT 11",
                            (key, key + "\U0010ffff")).fetchall()
        if not rows:
            raise UnknownGameId(f"no game {id_or_prefix!r} (see 'dinocli games')")
        if len(rows) > 1:
            ids = [r[0] for r in rows]
            shown = ", ".join(ids[:10]) + (", …" if len(ids) > 10 else "")
            raise AmbiguousGameId(f"game id {id_or_prefix!r} is ambiguous: {shown}", ids)
        return _record(rows[0])

    @sql_errors
    def games(self, *, tournament: str | None = None, kind: str | None = None, limit: int | None = None,
              offset: int = 0, before: str | None = None) -> list[GameRecord]:
        """Saved games, newest first, optionally of one tournament or kind: at most ``limit`` (None: all),
        skipping ``offset``, or only those older than game ``before`` (an index walk: the cost does not
        grow with the number of games)."""
        conn = self.database.connection
        where, args = [], []
        if tournament is not None:
            where.append("tournament = ?")
            args.append(tournament)
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if before is not None:
            anchor = conn.execute("SELECT created, rowid FROM games WHERE id = ?", (self.game(before).id,)).fetchone()
            where.append("(created < ? OR (created = ? AND rowid < ?))")
            args += [anchor[0], anchor[0], anchor[1]]
        sql = f"SELECT {GAME_SELECT} FROM games"
        if kind is not None and tournament is None:
            sql += " INDEXED BY games_kind_created"   # (without statistics SQLite would scan by date)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY created DESC, rowid DESC"
        if limit is not None or offset:
            sql += " LIMIT ? OFFSET ?"
            args += [-1 if limit is None else limit, offset]
        return [_record(r) for r in conn.execute(sql, args)]

    @sql_errors
    def secret_seed(self, game_id: str) -> str:
        """The game's seed (secret while the game runs: only the service's rng may use it)."""
        row = self.database.connection.execute("SELECT seed FROM seeds WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            self.require(game_id)
            raise StoreError(f"game {game_id} was imported without its seed: it can be replayed but not continued "
                             "(to go on playing elsewhere, import a save made with 'dinocli export --with-seed')")
        return row[0]

    @sql_errors
    def secret_salt(self, game_id: str) -> str | None:
        """The salt of the game's seed commitment (format 4; None before, or imported without its seed)."""
        row = self.database.connection.execute("SELECT salt FROM seeds WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    @sql_errors
    def publics(self, game_id: str) -> dict[int, str]:
        """The public forms (format 3: canonical ``{"seen", "shown"}`` text) of the game's sealed events, by event id
        (hash-checked with the chain: ``verify_chain``)."""
        return dict(self.database.connection.execute(
            "SELECT id, public FROM events WHERE game_id = ? AND public IS NOT NULL", (game_id,)))

    @sql_errors
    def finish(self, game_id: str, result: dict) -> None:
        """Record the game's result and reveal its seed (and its salt) in the record."""
        conn = self.database.connection
        with self.database.write():
            cur = conn.execute(
                "UPDATE games SET result = ?, (seed, seed_salt) = (SELECT seed, salt FROM seeds WHERE game_id = games.id) "
                "WHERE id = ?",
                (json_text(result), game_id))
            if cur.rowcount == 0:
                raise UnknownGameId(f"no game {game_id!r}")

    @sql_errors
    def set_meta(self, game_id: str, meta: dict) -> None:
        """Replace the game's free-form metadata."""
        with self.database.write():
            cur = self.database.connection.execute("UPDATE games SET meta = ? WHERE id = ?", (json_text(meta), game_id))
            if cur.rowcount == 0:
                raise UnknownGameId(f"no game {game_id!r}")

    def root(self, game_id: str) -> tuple[str, int]:
        """The game's genesis hash and hash rule (cached: neither ever changes)."""
        conn = self.database.connection
        g = self._genesis.get(game_id)
        if g is None:
            row = conn.execute("SELECT genesis, chain FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise UnknownGameId(f"no game {game_id!r}")
            g = self._genesis[game_id] = (row[0], row[1])
        return g
