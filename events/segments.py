"""Packed segments, a read cache of a straight line of play: once a line is ``PACK_FROM`` events long, its
rows are packed ``SEGMENT`` at a time (msgpack, as :func:`dinocli.events.chain.walk` takes them) inside the
append's or the import's transaction, so that a long replay reads a few blobs instead of a row per event.
A segment is never the truth: the reads hash-check what they take from one and read the rows instead of any
that is in trouble; ``verify`` compares every segment with the rows it packs. One part of
:class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from .database import Database
from .errors import sql_errors
from .tree import TAIL_SQL, WALK_COLS, Tree

__all__ = ["Segments", "SEGMENT", "PACK_FROM"]

SEGMENT = 256   # rows packed in one segment ...
PACK_FROM = 4096   # ... once the line is this long (a shorter one reads its rows in a few milliseconds)
_WALK_ROW = tuple[int, int | None, str, int, bytes, int | None, str | None, str | None, int, str | None, str | None,
                  bytes | None]
_PACK = msgspec.msgpack.Encoder()
_UNPACK = msgspec.msgpack.Decoder(list[_WALK_ROW])


class Segments:
    """The packed segments of the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, tree: Tree):
        self.database = database
        self.tree = tree

    def packed(self, game_id: str, head: int) -> Iterator[list[tuple]]:
        """The rows of the game's segments up to ``head``, a segment at a time, oldest first (none if the
        cache was dropped)."""
        found = self.database.cached("segments", "SELECT CAST(packed AS BLOB) FROM segments WHERE game_id = ? "
                                                 "AND last_event <= ? ORDER BY first_event", (game_id, head))
        for (blob,) in found or ():
            yield _UNPACK.decode(blob)

    def appended(self, game_id: str, head: int, seq: int, count: int) -> None:
        """After ``count`` events were appended up to ``head`` at depth ``seq``: pack the segments they completed."""
        if seq // SEGMENT != (seq - count) // SEGMENT and seq >= PACK_FROM:
            self.pack(game_id, head)

    def pack(self, game_id: str, head: int) -> None:
        """Pack the rows after the game's last segment up to ``head``, ``SEGMENT`` at a time, if the game
        is a straight line of play up to ``head`` at least ``PACK_FROM`` events long (inside the append's or
        the import's transaction)."""
        conn = self.database.connection
        if not self.tree.is_straight(game_id, head, at_least=PACK_FROM):
            return
        found = self.database.cached("segments", "SELECT max(last_event) FROM segments WHERE game_id = ?", (game_id,))
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
        found = self.database.cached("segments", "SELECT first_event, last_event, CAST(packed AS BLOB) FROM segments "
                                                 "WHERE game_id = ? ORDER BY first_event", (game_id,))
        out = []
        for first, last, blob in found or ():
            try:
                rows = _UNPACK.decode(blob) if isinstance(blob, bytes) else None
            except msgspec.MsgspecError:
                rows = None
            ok = bool(rows) and rows[0][0] == first and rows[-1][0] == last and rows == [
                tuple(r) for r in self.database.connection.execute(
                    f"SELECT {WALK_COLS} FROM events WHERE game_id = ? AND id >= ? AND id <= ? ORDER BY id",
                    (game_id, first, last))]
            out.append((first, last, ok))
        return out
