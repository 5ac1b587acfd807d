"""Appending a command's events: checked, hashed onto the chain and inserted in one transaction against the
head they were decided on (optimistic concurrency: a head that moved is a Conflict, nothing is written), the
branch head and tip moved to the last of them, and the line of play a head leaves kept under an automatic
name. One part of :class:`dinocli.events.store.Store`.
"""

from __future__ import annotations

import msgspec

from .chain import body_text, json_text, new_salts, public_text, walk
from .codec import Event
from .database import Database
from .errors import Conflict, StoreError, sql_errors
from .records import Command, Stored, now
from .segments import Segments
from .tree import Tree

__all__ = ["Appends", "INSERT_EVENT"]

_APPEND_STATE = """
SELECT b.head, b.tip, e.hash, e.seq, g.genesis, (SELECT coalesce(max(id), 0) + 1 FROM events), g.chain
FROM branches b JOIN games g ON g.id = b.game_id LEFT JOIN events e ON e.id = b.head
WHERE b.game_id = ? AND b.name = ?"""
INSERT_EVENT = ("INSERT INTO events (id, parent, seq, type, v, body, actor, action, rolls, hash, parent_hash, "
                 "command, salt, rolls_salt, public, game_id, created) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_ROLLS = list[tuple[str, int, int]]
_json = msgspec.json.decode


class Appends:
    """The appends to the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, tree: Tree, segments: Segments):
        self.database = database
        self.tree = tree
        self.segments = segments

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
        conn = self.database.connection
        with self.database.write():
            state = conn.execute(_APPEND_STATE, (game_id, branch)).fetchone()
            if state is None:
                self.tree.branch_row(game_id, branch)  # raises UnknownGameId / UnknownBranch
            head, tip, parent_hash, seq, genesis, next_id, chain = state
            if head != expected_head:
                raise Conflict(f"game {game_id} branch {branch!r} moved: expected head {expected_head}, "
                               f"found {head} (another process played first); reload and retry")
            if head is None:
                parent_hash, seq = genesis, 0
            if tip is not None and tip != head:
                self.tree.keep_line(game_id, branch, tip)
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
            conn.executemany(INSERT_EVENT, rows)
            conn.execute("UPDATE branches SET head = ?, tip = ? WHERE game_id = ? AND name = ?",
                         (rows[-1][0], rows[-1][0], game_id, branch))
            self.segments.appended(game_id, rows[-1][0], seq, len(rows))
        return out
