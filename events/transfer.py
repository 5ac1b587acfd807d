"""Export and import: a branch's path as ``dinocli-log`` JSON Lines (:mod:`dinocli.events.log`),
in full or as one seat's view, and a checked log stored as a new game keeping its hashes.

One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import msgspec

from .appends import insert_rows
from .chain import body_text, commitment, json_text, normalized, rolls_commitment
from .codec import Event
from .database import Database
from .errors import ChainBroken, LogRejected, StoreError, sql_errors
from .games import GAME_ID, Games
from .reads import Reads, decoded
from .records import GameRecord, header_of, now
from .segments import Segments
from .tree import Tree

if TYPE_CHECKING:   # the log format is loaded by export and import only
    from .log import ParsedLog

__all__ = ["Transfer"]

_RECORDED: Any = object()  # export's default footer result: the one recorded when the game ended


def _viewable(rec: GameRecord) -> GameRecord:
    """``rec``, unless its game was recorded before salted commitments, whose hashes give a view away (StoreError)."""
    if rec.chain == 1:
        raise StoreError(f"game {rec.id} was recorded before salted commitments (log format 1): its hashes "
                         "would give away what a seat's view hides; export it in full instead")
    return rec


class Transfer:
    """Export and import of the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, games: Games, tree: Tree, reads: Reads, segments: Segments):
        self.database = database
        self.games = games
        self.tree = tree
        self.reads = reads
        self.segments = segments

    @sql_errors
    def export(self, game_id: str, *, branch: str | None = None, redact: Callable[[Event], Event | None] | None = None,
               view_seat: int | None = None, result: Any = _RECORDED, seed: Any = _RECORDED) -> Iterator[str]:
        """The branch path (default: the current branch) as dinocli-log JSON Lines.

        With ``redact``/``view_seat`` it writes what one seat may know: an event that ``redact``
        changes or drops (format 3: a sealed event whose public form does not list the seat) is written
        as its salted commitment only (with the redacted form as ``shown``), rolls only as their
        commitment, and the file cannot be imported.
        The footer's ``result`` is the game's recorded one unless given: a game that ended and
        was then undone, or another branch, needs the result of the path exported (None).
        ``seed`` (default: the revealed one; never in a view unless given) goes in the footer."""
        rec = self.games.get(game_id)
        head, _tip = self.tree.branch_row(rec.id, branch or rec.branch)
        rows = self.tree.rows_to(rec.id, head)
        hashes = self.reads.checked(rec.id, rows, rec.genesis, None, head)
        is_view = redact is not None or view_seat is not None
        if is_view and view_seat is None:
            raise StoreError("a redacted export needs the seat it is for (view_seat)")
        if is_view:
            _viewable(rec)
        if seed is _RECORDED:
            seed = None if is_view else rec.seed
        return self._lines(rec, rows, hashes, redact if is_view else None, view_seat,
                           rec.result if result is _RECORDED else result, seed)

    @sql_errors
    def export_tail(self, game_id: str, after: int, prev: str, *, view_seat: int,
                    redact: Callable[[Event], Event | None] | None = None) -> tuple[list[str], int] | None:
        """The event lines of one seat's view (as :meth:`export` writes them) after event ``after``, whose hash the
        reader holds as ``prev``, up to the current branch's head, and that head: what a reader holding the view up
        to ``after`` lacks, checked to hang from ``prev``. None when ``after`` of that hash is not on the line to
        the head (an undo took it back) or is not a command's last event: the reader needs the whole view again."""
        rec = _viewable(self.games.get(game_id))
        head, _tip = self.tree.branch_row(rec.id, rec.branch)
        held = self.database.connection.execute("SELECT seq, hash FROM events WHERE id = ? AND game_id = ?",
                                                (after, rec.id)).fetchone()
        if head is None or held is None or held[1] != prev:
            return None
        if head == after:
            return [], head
        rows = self.tree.tail(rec.id, after, head)
        if rows is None or any(row[8] < rows[0][0] for row in rows):   # a command begun before the tail
            return None
        hashes = self.reads.checked(rec.id, rows, prev, after, head)
        return list(self._events(rec, rows, hashes, redact, view_seat, held[0] + 1, prev)), head

    def _lines(self, rec: GameRecord, rows: list[tuple], hashes: list[str], redact: Callable | None, view: int | None,
               result: dict | None, seed: str | None) -> Iterator[str]:
        from .log import footer_line, header_line

        version = rec.chain
        yield header_line(rec, view, version)
        yield from self._events(rec, rows, hashes, redact, view, 1, rec.genesis)
        salt = self.games.secret_salt(rec.id) if seed is not None and version >= 4 else None
        yield footer_line(len(rows), hashes[-1] if hashes else rec.genesis, result, seed, version, salt)

    @staticmethod
    def _events(rec: GameRecord, rows: list[tuple], hashes: list[str], redact: Callable | None, view: int | None,
                first: int, prev: str) -> Iterator[str]:
        """The event lines of ``rows`` (numbered from ``first``, the first hanging from hash ``prev``): in full, or
        as seat ``view`` may know them."""
        from .log import event_line, view_line

        version = rec.chain
        seq_of = {row[0]: seq for seq, row in enumerate(rows, first)}
        for seq, (row, h) in enumerate(zip(rows, hashes), first):
            eid, _parent, type_, v, body, actor, action, rolls, command, salt, rolls_salt, public = row
            ph, prev = prev, h
            if command not in seq_of:
                raise ChainBroken(eid, f"its command {command} is not an earlier event of this line of play")
            if view is None:
                yield event_line(seq, type_, v, body, actor, action, rolls, seq_of[command], ph, h, salt, rolls_salt,
                                 version, public)
                continue
            rolls_commit = rolls_commitment(rolls_salt, rolls)
            if version >= 3:   # the public form says who sees a sealed event (and what the others are shown)
                sees = salt is None or view in msgspec.json.decode(public)["seen"]
                what = None
            else:
                event = decoded(eid, type_, body, v)
                shown = event if redact is None else redact(event)
                sees = salt is None or (shown is not None and shown == event)   # an open event hides nothing
                what = None if sees or shown is None else (shown.tag, shown.version, body_text(shown), actor)
            if sees:
                yield view_line(seq, (type_, v, body, actor, action, salt), None, rolls_commit, None, seq_of[command],
                                ph, h, version, public)
            else:
                yield view_line(seq, None, commitment(salt, type_, v, body, actor, action), rolls_commit, what,
                                seq_of[command], ph, h, version, public)

    @sql_errors
    def holders(self, genesis: str, event_hash: str) -> dict[str, int | None]:
        """The games of this genesis, oldest id first, each with the depth of its event of hash ``event_hash``
        (None: it has none): where a log or a view of one of them is already held."""
        conn = self.database.connection
        out: dict[str, int | None] = {}
        for (gid,) in conn.execute("SELECT id FROM games WHERE genesis = ? ORDER BY id", (genesis,)).fetchall():
            row = conn.execute("SELECT seq FROM events WHERE game_id = ? AND hash = ?", (gid, event_hash)).fetchone()
            out[gid] = None if row is None else row[0]
        return out

    def import_log(self, parsed: ParsedLog) -> GameRecord:
        """Store a log as a new game (one linear branch ``main``), keeping its hashes and hash rule.

        ``parsed`` is what :func:`dinocli.events.log.read_log` checked (numbering, commands, the hash chain from
        the header's genesis, the footer's count and final hash) and, before it is stored, the one verifier
        (:func:`dinocli.verify.verify_log`: the header, the rules, the seed against its commitment): none of
        that is checked again here. A finished game's seed is stored as revealed; an unfinished game's (a save
        made with ``export --with-seed``) stays secret, so the game can be continued; without it, it cannot."""
        h = parsed.header
        if h.get("view") is not None:
            raise LogRejected(1, "a seat's view cannot be imported (it was exported with --as)")
        header, genesis, chain = header_of(h), h["genesis"], h["version"]
        seed, result, salt = parsed.footer.get("seed"), parsed.footer.get("result"), parsed.footer.get("seed_salt")
        final = parsed.final_hash
        conn = self.database.connection
        with self.database.write():
            for other, seq in self.holders(genesis, final).items():
                if not parsed.entries or seq is not None:
                    raise LogRejected(0, f"already imported as {other}")
            gid = h["game"]
            if not (isinstance(gid, str) and GAME_ID.match(gid)) or self.games.prefix_clash(gid):
                gid = self.games.new_id()
            over = result is not None
            self.games.insert(gid, header, genesis, tournament=None, meta={}, result=normalized(result) if over else None,
                              seed=seed if over else None, chain=chain, seed_salt=salt if over else None)
            if seed is not None:
                conn.execute("INSERT INTO seeds (game_id, seed, salt) VALUES (?, ?, ?)", (gid, seed, salt))
            next_id = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM events").fetchone()[0]
            ids: dict[int, int] = {}
            rows, parent, prev, created = [], None, genesis, now()
            for e in parsed.entries:
                ids[e.seq] = next_id
                rows.append((next_id, parent, e.type, e.v, e.body, e.actor, e.action,
                             None if e.rolls is None else json_text(e.rolls), ids[e.command], e.salt, e.rolls_salt,
                             e.public, e.seq, e.hash, prev, gid, created))
                parent, prev = next_id, e.hash
                next_id += 1
            insert_rows(conn, rows)
            conn.execute("UPDATE branches SET head = ?, tip = ? WHERE game_id = ? AND name = 'main'",
                         (parent, parent, gid))
            if parent is not None:
                self.segments.pack(gid, parent)
        return self.games.get(gid)
