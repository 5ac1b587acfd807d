"""Reading a game's events: the path from the root to a head, decoded and hash-checked; the trusted local read
a command folds its state from (decoded, not hash-checked); the hash check of a run of rows up to a head (export
and the snapshots use it); one event by id. A straight line of play is read in id order, its packed segments
first (:mod:`dinocli.events.segments`); a line with branches off it follows the parent links
(:mod:`dinocli.events.tree`). One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import msgspec

from .chain import event_hash, walk
from .codec import Event, UnknownEvent, decode, decoder_for
from .collector import paused
from .database import Database
from .errors import ChainBroken, Corrupt, StoreError, Unlinked, sql_errors
from .games import Games
from .records import Stored
from .segments import Segments
from .tree import TAIL_SQL, Tree, typed

__all__ = ["Reads", "BATCH", "decoded", "stored"]

BATCH = 512   # rows of a path read, hashed and decoded at a time
_EVENT_COLS = ("id, parent, seq, type, v, body, actor, action, rolls, hash, parent_hash, command, salt, rolls_salt, "
               "public")
_EVENTS_SQL = "SELECT type, v, body FROM events WHERE game_id = ? AND id > ? AND id <= ? ORDER BY id"
_json = msgspec.json.decode


def decoded(eid: int, type_: str, body: str | bytes, v: int) -> Event:
    """A stored event's body decoded (StoreError naming the event for a type no game registers)."""
    try:
        return decode(type_, body, v)
    except UnknownEvent as exc:
        raise StoreError(f"event {eid}: {exc}") from None


def _decoded_onto(rows: Iterable[tuple], out: list[Event], decoders: dict[tuple[str, int], Callable]) -> list[Event]:
    """``out`` with the events of ``rows`` (type, version, body) decoded onto its end."""
    append, get = out.append, decoders.get
    for type_, v, body in rows:
        decode_ = get((type_, v))
        if decode_ is None:
            typed(None, type_, v, body)
            decode_ = decoders[type_, v] = decoder_for(type_, v)
        append(decode_(body))
    return out


def stored(rows: list[tuple], hashes: list[str], prev: str, seq: int) -> list[Stored]:
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
        decoded(row[0], row[2], row[4], row[3])   # the one-line error
        raise
    return out


class Reads:
    """The paths and events of the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, games: Games, tree: Tree, segments: Segments):
        self.database = database
        self.games = games
        self.tree = tree
        self.segments = segments
        self.use_segments = True   # read packed segments where a path has them (the bench turns this off)

    @sql_errors
    def path(self, game_id: str, head: int | None) -> list[Stored]:
        """The events from the root to ``head`` (empty for None), decoded and hash-checked."""
        with paused():
            genesis, chain = self.games.root(game_id)
            if head is not None and self.tree.is_straight(game_id, head):
                try:
                    return self._stream(game_id, head, genesis, chain)
                except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.DecodeError):
                    pass   # read it again in one piece: that says what is wrong, as precisely as it can
            rows = self.tree.rows_to(game_id, head)
            out = stored(rows, self.checked(game_id, rows, genesis, None, head), genesis, 0)
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
        if not self.tree.is_straight(game_id, head):
            return [s.event for s in self.path(game_id, head)]
        with paused():
            out: list[Event] = []
            decoders: dict[tuple[str, int], Callable] = {}
            last = None
            if self.use_segments:
                try:
                    for rows in self.segments.packed(game_id, head):
                        if [r[1] for r in rows] != [last, *(r[0] for r in rows[:-1])]:
                            raise Unlinked(rows[0][0], "a segment does not follow on from the one before")
                        _decoded_onto(((r[2], r[3], r[4]) for r in rows), out, decoders)
                        last = rows[-1][0]
                except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.MsgspecError):
                    out, last = [], None   # a cache in trouble: read the rows instead
            tail = self.database.connection.execute(_EVENTS_SQL, (game_id, -1 if last is None else last, head))
            try:
                return _decoded_onto(tail, out, decoders)
            except (Corrupt, UnknownEvent, msgspec.DecodeError):
                pass
        # a row that does not decode: the path says what is wrong with it (its hash first)
        return [s.event for s in self.path(game_id, head)]

    def _stream(self, game_id: str, head: int, genesis: str, chain: int) -> list[Stored]:
        """A straight line of play read, hashed and decoded a few thousand rows at a time (each batch is
        freed while it is still in the processor's cache); StoreError if the last hash is not the head's.

        Its packed segments are read first, if it has any that run event by event from the root; a
        segment is a cache: hashed like the rows (the chain must reach the head's stored hash), and any
        trouble with one reads the rows instead."""
        if self.use_segments:
            try:
                return self._read_line(game_id, head, genesis, chain, self.segments.packed(game_id, head))
            except (StoreError, Unlinked, Corrupt, UnknownEvent, msgspec.MsgspecError):
                pass
        return self._read_line(game_id, head, genesis, chain, ())

    def _read_line(self, game_id: str, head: int, genesis: str, chain: int, packed: Iterable[list[tuple]]) -> list[Stored]:
        """The line of play to ``head``: the ``packed`` rows (a straight run from the root), then the rows after."""
        conn = self.database.connection
        out: list[Stored] = []
        prev, root = genesis, None
        for rows in packed:
            hashes = walk(prev, rows, chain, root=root, line=True)
            out += stored(rows, hashes, prev, len(out))
            prev, root = hashes[-1], rows[-1][0]
        cursor = conn.execute(TAIL_SQL, (game_id, -1 if root is None else root, head))
        while rows := cursor.fetchmany(BATCH):
            hashes = walk(prev, rows, chain, root=root)
            out += stored(rows, hashes, prev, len(out))
            prev, root = hashes[-1], rows[-1][0]
        if root != head or conn.execute("SELECT hash FROM events WHERE id = ?", (head,)).fetchone()[0] != prev:
            raise StoreError("the path does not end at its head's hash")
        return out

    def checked(self, game_id: str, rows: list[tuple], prev: str, root: int | None, head: int | None) -> list[str]:
        """The hashes along a path of ``rows`` that hangs from event ``root`` (None: the root) of hash ``prev``:
        the last must equal the head's stored hash, which proves every event on the path unaltered
        (else ChainBroken at the first one whose stored hashes do not check out)."""
        conn = self.database.connection
        hashes = walk(prev, rows, self.games.root(game_id)[1], root=root)
        if rows and conn.execute("SELECT hash FROM events WHERE id = ?", (head,)).fetchone()[0] != hashes[-1]:
            found = {eid: (ph, h) for eid, ph, h in conn.execute(
                "SELECT id, parent_hash, hash FROM events WHERE game_id = ? AND id >= ? AND id <= ?",
                (game_id, rows[0][0], head))}
            for row, h in zip(rows, hashes):
                ph, sh = found[row[0]]
                if ph != prev:
                    raise ChainBroken(row[0], "its parent hash does not match its parent's hash")
                if sh != h:
                    raise ChainBroken(row[0], "its hash does not match its content")
                prev = h
            raise ChainBroken(head, "its hash does not match its content")   # pragma: no cover - defensive
        return hashes

    @sql_errors
    def event(self, event_id: int) -> Stored:
        """One stored event by id (its own hash checked)."""
        conn = self.database.connection
        row = conn.execute(f"SELECT {_EVENT_COLS} FROM events WHERE id = ?", (event_id,)).fetchone()
        if row is None:
            raise StoreError(f"no event {event_id}")
        eid, parent, seq, type_, v, body, actor, action, rolls, h, ph, command, salt, rolls_salt, public = row
        typed(eid, type_, v, body)
        game_id = conn.execute("SELECT game_id FROM events WHERE id = ?", (event_id,)).fetchone()[0]
        try:
            ok = event_hash(ph, type_, v, body, actor, action, rolls, salt, rolls_salt, self.games.root(game_id)[1],
                            public) == h
        except Unlinked:
            ok = False
        if not ok:
            raise ChainBroken(eid, "its hash does not match its content")
        return Stored(eid, parent, seq, decoded(eid, type_, body, v), actor, action,
                      None if rolls is None else _json(rolls), h, ph, command)
