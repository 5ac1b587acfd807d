"""Snapshots, a cache of folded states: the state a game's code folds at an event, kept under (rules version,
data hash, codec) with a digest over all of them, and the events after the newest usable one. A snapshot is
never the truth: one whose digest or event hash does not check out is passed over, and the events after it are
hash-checked from its event. One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

import hashlib
import sqlite3

from .chain import json_text
from .database import Database
from .errors import StoreError, sql_errors
from .records import Stored
from .collector import paused
from .reads import Reads, stored
from .tree import Tree

__all__ = ["Snapshots"]

_SNAPSHOT_FIND = """
SELECT s.event, s.hash, e.seq, CAST(s.state AS BLOB), s.digest FROM snapshots s JOIN events e ON e.id = s.event
WHERE s.game_id = ?1 AND s.event <= ?2 AND s.rules_version = ?3 AND s.data_hash = ?4 AND s.codec = ?5
  AND e.game_id = ?1 AND e.hash = s.hash
ORDER BY s.event DESC LIMIT 3"""


def _digest(game_id: str, event: int, hash_: str, key: tuple[str, str, str], state: bytes) -> str:
    head = json_text([game_id, event, hash_, *key]).encode()
    return hashlib.sha256(len(head).to_bytes(4, "big") + head + state).hexdigest()


class Snapshots:
    """The snapshots of the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, tree: Tree, reads: Reads):
        self.database = database
        self.tree = tree
        self.reads = reads

    @sql_errors
    def after_snapshot(self, game_id: str, head: int | None,
                       key: tuple[str, str, str]) -> tuple[bytes, int, list[Stored]] | None:
        """The newest snapshot on the path to ``head`` stored under ``key`` = (rules version, data hash, codec)
        whose digest checks out, its event's depth, and the events after it up to ``head`` (decoded,
        hash-checked from the snapshot's event: ChainBroken for the first that does not check out); None if
        there is none. The caller decodes the state."""
        if head is None:
            return None
        found = self.database.cached("snapshots", _SNAPSHOT_FIND, (game_id, head, *key))
        for event, h, seq, blob, digest in found or ():   # None: the cache was dropped, load without it
            if not isinstance(blob, bytes) or digest != _digest(game_id, event, h, key, blob):
                continue
            tail = self.tree.tail(game_id, event, head)
            if tail is None:
                continue   # a snapshot on another line of play
            hashes = self.reads.checked(game_id, tail, h, event, head)   # a break after the snapshot is reported here
            with paused():
                return blob, seq, stored(tail, hashes, h, seq)
        return None

    @sql_errors
    def put_snapshot(self, game_id: str, event: int, key: tuple[str, str, str], state: bytes) -> None:
        """Keep the folded ``state`` at ``event`` under ``key`` (replacing one kept before)."""
        conn = self.database.connection
        row = conn.execute("SELECT hash FROM events WHERE id = ? AND game_id = ?", (event, game_id)).fetchone()
        if row is None:
            raise StoreError(f"event {event} is not in game {game_id}")
        with self.database.write():
            try:
                conn.execute("INSERT OR REPLACE INTO snapshots (game_id, event, hash, rules_version, data_hash, "
                             "codec, state, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (game_id, event, row[0], *key, state, _digest(game_id, event, row[0], key, state)))
            except sqlite3.OperationalError as exc:
                if "snapshots" not in str(exc):   # a dropped or altered cache is not kept; nothing else is lost
                    raise

    @sql_errors
    def snapshots(self, game_id: str) -> list[tuple[int, str, tuple[str, str, str], bytes, bool]]:
        """Every snapshot of the game: (event, hash, key, state, whether its digest and hash check out)."""
        out = []
        found = self.database.cached(
            "snapshots", "SELECT s.event, s.hash, s.rules_version, s.data_hash, s.codec, CAST(s.state AS BLOB), s.digest, "
            "e.hash FROM snapshots s LEFT JOIN events e ON e.id = s.event AND e.game_id = s.game_id "
            "WHERE s.game_id = ? ORDER BY s.event", (game_id,))
        for event, h, rv, dh, codec, blob, digest, real in found or ():
            key = (rv, dh, codec)
            ok = isinstance(blob, bytes) and real == h and digest == _digest(game_id, event, h, key, blob)
            out.append((event, h, key, blob if isinstance(blob, bytes) else b"", ok))
        return out
