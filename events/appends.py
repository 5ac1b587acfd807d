"""Appending a command's events: checked, hashed onto the chain and inserted in one transaction against the
head they were decided on (optimistic concurrency: a head that moved is a Conflict, nothing is written), the
branch head and tip moved to the last of them, and the line of play a head leaves kept under an automatic
name. One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

import itertools
from operator import is_not

import msgspec

from .chain import body_bytes, json_text, new_salts, public_bytes, walk
from .codec import Event
from .database import Database
from .errors import Conflict, StoreError, sql_errors
from .games import Games
from .records import Command, Stored, now
from .segments import Segments
from .tree import Tree

__all__ = ["Appends", "insert_rows", "COLUMNS"]

_APPEND_STATE = """
SELECT b.head, b.tip, e.hash, e.seq, (SELECT coalesce(max(id), 0) + 1 FROM events)
FROM branches b LEFT JOIN events e ON e.id = b.head WHERE b.game_id = ? AND b.name = ?"""
# an event's row as walk hashes it (but body and public form as text), then the rest
COLUMNS = ("id", "parent", "type", "v", "body", "actor", "action", "rolls", "command", "salt", "rolls_salt", "public",
           "seq", "hash", "parent_hash", "game_id", "created")
_INSERT_INTO = f"INSERT INTO events ({', '.join(COLUMNS)}) VALUES "
_INSERT_LINK = f"{_INSERT_INTO}({', '.join('?' * len(COLUMNS))})"
_NULLS = (None,) * len(COLUMNS)
_flat = itertools.chain.from_iterable
_FEW = 16                     # a command's rows up to this many go in as one statement (see insert_rows)
_statements: dict[tuple[tuple[bool, ...], ...], tuple[str, tuple[bool, ...]]] = {}
_ROLLS = list[tuple[str, int, int]]
_INT = frozenset((int,))   # a seat number's only type (not bool)
_json = msgspec.json.decode


class Appends:
    """The appends to the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, games: Games, tree: Tree, segments: Segments):
        self.database = database
        self.games = games
        self.tree = tree
        self.segments = segments

    @sql_errors
    def append(self, game_id: str, branch: str, commands: list[Command], expected_head: int | None) -> int:
        """Append commands to a branch whose head must still be ``expected_head``; the new head."""
        return self._append(game_id, branch, self._prepared(commands), expected_head)[-1][0]

    @sql_errors
    def append_path(self, game_id: str, branch: str, commands: list[Command], expected_head: int | None) -> list[Stored]:
        """:meth:`append`, returning the appended events as stored (to extend a path already held)."""
        prepared = self._prepared(commands)
        rows = self._append(game_id, branch, prepared, expected_head)
        return [Stored(eid, parent, seq, p[0], actor, action, None if rolls is None else _json(rolls), h, ph, command)
                for (eid, parent, _t, _v, _b, actor, action, rolls, command, _s, _rs, _p, seq, h, ph, *_), p
                in zip(rows, prepared)]

    @staticmethod
    def _prepared(commands: list[Command]) -> list[tuple]:
        """The commands' events checked, each as (event, tag, version, body, actor, action, rolls text, sealed,
        public form, whether it is its command's first; body and public form as UTF-8 bytes): the actor, action
        and rolls on a command's first event only."""
        if not commands:
            raise StoreError("nothing to append: every command needs at least one event")
        prepared: list[tuple] = []
        append = prepared.append
        for c in commands:
            actor, action, events, sealed, seen, shown = c.actor, c.action, c.events, c.sealed, c.seen, c.shown
            n = len(events)
            if not n:
                raise StoreError("nothing to append: every command needs at least one event")
            if actor is not None and type(actor) is not int:
                raise StoreError(f"actor must be a seat number or None, not {actor!r}")
            if action is not None and not isinstance(action, str):
                raise StoreError(f"action must be text or None, not {action!r}")
            rolls = None
            if c.rolls is not None:
                try:
                    rolls = json_text(msgspec.convert(c.rolls, _ROLLS))
                except msgspec.ValidationError as exc:
                    raise StoreError(f"rolls must be [key, n, value] triples: {exc}") from None
            if sealed is None:
                sealed = [True] * n
            if seen is None:
                seen = [[]] * n
            if shown is None:
                shown = [None] * n
            if not len(sealed) == len(seen) == len(shown) == n:
                raise StoreError("a command needs one 'sealed' flag, 'seen' list and 'shown' form per event")
            first = True
            for i, (ev, seal, sees, sh) in enumerate(zip(events, sealed, seen, shown)):
                if not isinstance(ev, Event):
                    raise StoreError(f"not an event: {ev!r}")
                if type(sees) is not list or not _INT.issuperset(map(type, sees)) \
                        or not (sh is None or isinstance(sh, Event)):
                    raise StoreError(f"'seen' must list seat numbers and 'shown' be an event or None (event {i})")
                config = ev.__struct_config__
                if seal:
                    public = public_bytes(sees, None if sh is None else
                                          (sh.__struct_config__.tag, sh.version, body_bytes(sh), actor))
                    append((ev, config.tag, ev.version, body_bytes(ev), actor, action, rolls, True, public, first))
                else:
                    append((ev, config.tag, ev.version, body_bytes(ev), actor, action, rolls, False, None, first))
                if first:
                    actor = action = rolls = None
                    first = False
        return prepared

    def _append(self, game_id: str, branch: str, prepared: list[tuple], expected_head: int | None) -> list[tuple]:
        """Hash the prepared events onto the branch head, which must still be ``expected_head``, and insert them in
        one transaction; their rows as inserted (:data:`COLUMNS`)."""
        cursor = self.database.cursor
        with self.database.write():
            state = cursor.execute(_APPEND_STATE, (game_id, branch)).fetchone()
            if state is None:
                self.tree.branch_row(game_id, branch)  # raises UnknownGameId / UnknownBranch
            head, tip, parent_hash, seq, next_id = state
            genesis, chain = self.games.root(game_id)
            if head != expected_head:
                raise Conflict(f"game {game_id} branch {branch!r} moved: expected head {expected_head}, "
                               f"found {head} (another process played first); reload and retry")
            if head is None:
                parent_hash, seq = genesis, 0
            if tip is not None and tip != head:
                self.tree.keep_line(game_id, branch, tip)
            # a salt for each sealed event and each command's rolls (none under hash rule 1); the public form
            # is kept from hash rule 3 on
            salted, publics = chain != 1, chain >= 3
            salts = iter(new_salts(sum(p[7] + (p[6] is not None) for p in prepared)) if salted else ())
            links, parent, eid, command = [], head, next_id, next_id
            for _ev, tag, v, body, actor, action, rolls, sealed, public, first in prepared:
                if first:
                    command = eid
                links.append((eid, parent, tag, v, body, actor, action, rolls, command,
                              next(salts) if sealed and salted else None,
                              None if rolls is None or not salted else next(salts),
                              public if sealed and publics else None))
                parent = eid
                eid += 1
            created = now()
            rows = []
            for (i, up, tag, v, body, actor, action, rolls, first, salt, rolls_salt, public), h \
                    in zip(links, walk(parent_hash, links, chain, root=head)):
                seq += 1
                rows.append((i, up, tag, v, body.decode(), actor, action, rolls, first, salt, rolls_salt,
                             public if public is None else public.decode(), seq, h, parent_hash, game_id, created))
                parent_hash = h
            insert_rows(cursor, rows)
            cursor.execute("UPDATE branches SET head = ?, tip = ? WHERE game_id = ? AND name = ?",
                           (parent, parent, game_id, branch))
            self.segments.appended(game_id, parent, seq, len(rows))
        return rows


def insert_rows(cursor, rows: list[tuple]) -> None:
    """Insert event rows of :data:`COLUMNS` (text, not bytes). A command's few rows go in as one statement whose
    absent values are NULL in its text: sqlite3 looks an adapter up for every value bound as None or bytes (a
    failed attribute look-up each, about 30 an append); more (a bulk append, an import) go row by row."""
    if len(rows) > _FEW:
        cursor.executemany(_INSERT_LINK, rows)
        return
    shape = tuple(tuple(map(is_not, row, _NULLS)) for row in rows)
    known = _statements.get(shape)
    if known is None:
        if len(_statements) >= 512:
            _statements.clear()
        values = ",".join("(" + ",".join("?" if bound else "NULL" for bound in row) + ")" for row in shape)
        known = _statements[shape] = (_INSERT_INTO + values, tuple(_flat(shape)))
    cursor.execute(known[0], list(itertools.compress(_flat(rows), known[1])))
