"""A game's event tree: branches and their heads, the moves of a head (undo, redo, checkout, a new
branch), the walk from the root to a head, and the check of the whole tree's hash chain.

Nothing is updated or deleted: undo, redo, branch and checkout only move pointers, and a line of
play a head leaves is kept under an automatic name (``main-1``), so that no event is ever
unreachable. :class:`Tree` is one part of :class:`dinocli.events.store.Store`: the reads, the appends
and the transfer find the rows of a path and the branch heads through it.
"""

from __future__ import annotations

from typing import Any

from .branchnames import check_branch_name, kept_line_name
from .chain import walk
from .database import Database
from .errors import BranchExists, ChainBroken, Conflict, Corrupt, StoreError, UnknownBranch, Unlinked, sql_errors
from .games import Games
from .records import Branch, now

__all__ = ["Tree", "WALK_COLS", "PATH_SQL", "TAIL_SQL"]


# a stored event as chain.walk takes it (the body as stored: bytes, hashed as they are)
WALK_COLS = "id, parent, type, v, CAST(body AS BLOB), actor, action, rolls, command, salt, rolls_salt, CAST(public AS BLOB)"
PATH_SQL = f"SELECT {WALK_COLS} FROM events WHERE game_id = ? AND id <= ? ORDER BY id"
TAIL_SQL = f"SELECT {WALK_COLS} FROM events WHERE game_id = ? AND id > ? AND id <= ? ORDER BY id"
_TREE_SQL = f"SELECT {WALK_COLS}, seq, hash, parent_hash FROM events WHERE game_id = ? ORDER BY id"


def typed(eid: Any, type_: Any, v: Any, body: Any) -> None:
    """Raise Corrupt unless an event row's tag, version and body have the types the store writes."""
    if type(v) is not int or not isinstance(type_, str) or not isinstance(body, (str, bytes)):
        raise Corrupt(f"event {eid}: its type, version or body is not what the store writes (version {v!r})")


class Tree:
    """Branches, heads and paths of the games of a :class:`~dinocli.events.database.Database`."""

    def __init__(self, database: Database, games: Games):
        self.database = database
        self.games = games

    # -- reading the tree -----------------------------------------------------------------

    @sql_errors
    def event_depth(self, game_id: str, event_id: int) -> int | None:
        """The depth (event number on its line of play) of a stored event, None if it is not the game's."""
        conn = self.database.connection
        row = conn.execute("SELECT seq FROM events WHERE id = ? AND game_id = ?", (event_id, game_id)).fetchone()
        return None if row is None else row[0]

    @sql_errors
    def children(self, game_id: str, event_id: int | None) -> list[int]:
        """Ids of the events that follow ``event_id`` (None: the game's first events), oldest first."""
        conn = self.database.connection
        if event_id is None:
            cur = conn.execute("SELECT id FROM events WHERE game_id = ? AND parent IS NULL ORDER BY id",
                               (game_id,))
        else:
            cur = conn.execute("SELECT id FROM events WHERE game_id = ? AND parent = ? ORDER BY id",
                               (game_id, event_id))
        return [r[0] for r in cur]

    def rows_to(self, game_id: str, head: int | None) -> list[tuple]:
        """The rows root..head (one indexed scan of the game, then a walk up the parent links if the
        game has other lines of play)."""
        if head is None:
            self.games.require(game_id)
            return []
        rows = self.database.connection.execute(PATH_SQL, (game_id, head)).fetchall()
        if not rows or rows[-1][0] != head:
            self.games.require(game_id)
            raise StoreError(f"event {head} is not in game {game_id}")
        if self._linear(rows, head, 0):
            return rows
        path, reached = self._up(rows, head, None)
        if reached is not None:
            raise ChainBroken(path[0][0], f"its parent {reached} is not an earlier event of this game")
        return path

    def tail(self, game_id: str, after: int, head: int) -> list[tuple] | None:
        """The rows just after event ``after`` up to ``head``, None if ``after`` is not on the line to ``head``."""
        conn = self.database.connection
        rows = conn.execute(TAIL_SQL, (game_id, after, head)).fetchall()
        depth = conn.execute("SELECT seq FROM events WHERE id = ?", (after,)).fetchone()[0]
        if self._linear(rows, head, depth):
            return rows
        tail, reached = self._up(rows, head, after)
        return tail if reached == after else None

    def is_straight(self, game_id: str, head: int, *, at_least: int = 0) -> bool:
        """Whether every event of the game up to ``head`` is on its line of play (as many as ``head`` is deep:
        nothing was undone or branched off before it), so that a read in id order is its path (and the line
        is ``at_least`` events long)."""
        conn = self.database.connection
        row = conn.execute("SELECT seq, (SELECT count(*) FROM events WHERE game_id = ?1 AND id <= ?2) "
                           "FROM events WHERE id = ?2 AND game_id = ?1", (game_id, head)).fetchone()
        return row is not None and row[0] == row[1] and row[0] >= at_least

    def _linear(self, rows: list[tuple], head: int, depth: int) -> bool:
        """Whether ``rows`` (the game's events after one at ``depth`` up to ``head``) are all on the line to
        ``head``: as many as ``head`` is deep beyond ``depth`` (ancestors have smaller ids). The parent
        links are then not followed here: the hash chain walk follows them."""
        conn = self.database.connection
        return len(rows) == conn.execute("SELECT seq FROM events WHERE id = ?", (head,)).fetchone()[0] - depth

    @staticmethod
    def _up(rows: list[tuple], head: int, stop: int | None) -> tuple[list[tuple], int | None]:
        """The rows from just after ``stop`` (None: the root) up to ``head``, following parent links back
        from ``head`` through ``rows`` (in id order), and the parent the links ended at (``stop`` if whole)."""
        path, want = [], head
        for row in reversed(rows):
            if row[0] == want:
                typed(row[0], row[2], row[3], row[4])
                path.append(row)
                want = row[1]
                if want == stop:
                    break
        path.reverse()
        return path, want

    # -- branches -------------------------------------------------------------------------

    @sql_errors
    def branch(self, game_id: str, name: str) -> Branch:
        """One branch of a game."""
        head, tip = self.branch_row(game_id, name)
        return Branch(name, head, tip)

    @sql_errors
    def branches(self, game_id: str) -> list[Branch]:
        """All branches of a game, oldest first."""
        self.games.require(game_id)
        return [Branch(*r) for r in self.database.connection.execute(
            "SELECT name, head, tip FROM branches WHERE game_id = ? ORDER BY created, name", (game_id,))]

    def branch_row(self, game_id: str, name: str) -> tuple[int | None, int | None]:
        """The branch's (head, tip); UnknownGameId or UnknownBranch (naming the game's branches) if there is none."""
        conn = self.database.connection
        row = conn.execute("SELECT head, tip FROM branches WHERE game_id = ? AND name = ?",
                           (game_id, name)).fetchone()
        if row is None:
            self.games.require(game_id)
            names = [r[0] for r in conn.execute(
                "SELECT name FROM branches WHERE game_id = ? ORDER BY created, name", (game_id,))]
            raise UnknownBranch(f"game {game_id} has no branch {name!r} (it has: {', '.join(names)})")
        return row

    def keep_line(self, game_id: str, branch: str, tip: int) -> str:
        """Name an abandoned line ``<branch>-N`` (see events/branchnames.py) so that no event ever becomes unreachable."""
        conn = self.database.connection
        taken = {r[0] for r in conn.execute("SELECT name FROM branches WHERE game_id = ?", (game_id,))}
        name = kept_line_name(branch, taken)
        conn.execute("INSERT INTO branches (game_id, name, head, tip, automatic, created) VALUES (?, ?, ?, ?, 1, ?)",
                     (game_id, name, tip, tip, now()))
        return name

    def _event_in(self, game_id: str, event_id: int) -> int:
        """The depth of an event of this game (StoreError if it is not one)."""
        conn = self.database.connection
        row = conn.execute("SELECT seq FROM events WHERE id = ? AND game_id = ?", (event_id, game_id)).fetchone()
        if row is None:
            raise StoreError(f"event {event_id} is not in game {game_id}")
        return row[0]

    def _is_ancestor(self, game_id: str, a: int | None, b: int | None) -> bool:
        """Whether ``a`` is ``b`` or lies on the path from the root to ``b`` (None is the root's parent)."""
        if a is None or a == b:
            return True
        if b is None:
            return False
        depth = self._event_in(game_id, a)
        row = self.database.connection.execute(
            "WITH RECURSIVE up(id, parent, seq) AS (SELECT id, parent, seq FROM events WHERE id = ? "
            "UNION ALL SELECT e.id, e.parent, e.seq FROM events e JOIN up ON e.id = up.parent WHERE up.seq > ?) "
            "SELECT 1 FROM up WHERE id = ?", (b, depth, a)).fetchone()
        return row is not None

    @sql_errors
    def set_head(self, game_id: str, branch: str, head: int | None, expected_head: int | None) -> None:
        """Move a branch head (undo/redo); the tip stays unless ``head`` leaves its line."""
        with self.database.write():
            old_head, tip = self.branch_row(game_id, branch)
            if old_head != expected_head:
                raise Conflict(f"game {game_id} branch {branch!r} moved: expected head {expected_head}, "
                               f"found {old_head} (another process played first); reload and retry")
            if head is not None:
                self._event_in(game_id, head)
            if not self._is_ancestor(game_id, head, tip):
                if tip is not None and not self._is_ancestor(game_id, tip, head):
                    self.keep_line(game_id, branch, tip)
                tip = head
            self.database.connection.execute("UPDATE branches SET head = ?, tip = ? WHERE game_id = ? AND name = ?",
                                             (head, tip, game_id, branch))

    @sql_errors
    def create_branch(self, game_id: str, name: str, at: int | None) -> Branch:
        """Name a new branch at event ``at`` (None: before the first event)."""
        conn = self.database.connection
        check_branch_name(name)
        with self.database.write():
            self.games.require(game_id)
            if at is not None:
                self._event_in(game_id, at)
            if conn.execute("SELECT 1 FROM branches WHERE game_id = ? AND name = ?",
                            (game_id, name)).fetchone():
                raise BranchExists(f"game {game_id} already has a branch {name!r}")
            conn.execute("INSERT INTO branches (game_id, name, head, tip, created) VALUES (?, ?, ?, ?, ?)",
                         (game_id, name, at, at, now()))
        return Branch(name, at, at)

    @sql_errors
    def checkout(self, game_id: str, name: str) -> None:
        """Make ``name`` the game's current branch."""
        with self.database.write():
            self.branch_row(game_id, name)
            self.database.connection.execute("UPDATE games SET branch = ? WHERE id = ?", (name, game_id))

    # -- the whole tree's chain -----------------------------------------------------------

    @sql_errors
    def verify_chain(self, game_id: str) -> int:
        """Recompute the genesis and every event hash of the game's tree; the number of events."""
        conn = self.database.connection
        from .chain import genesis_hash

        rec = self.games.get(game_id)
        if genesis_hash(rec) != rec.genesis:
            raise ChainBroken(None, "the game's header (kind, config, seats, versions, seed commitment, "
                                    "creation time) does not match its genesis hash")
        rows = conn.execute(_TREE_SQL, (game_id,)).fetchall()
        links = [r[:12] for r in rows]
        broken = None
        try:
            hashes = walk(rec.genesis, links, rec.chain)
        except (Unlinked, Corrupt) as exc:   # report what comes before it first, in id order
            broken = exc
            bad = exc.args[0] if isinstance(exc, Unlinked) else exc.event_id
            cut = next((i for i, r in enumerate(rows) if r[0] == bad), len(rows))
            rows = rows[:cut]
            hashes = walk(rec.genesis, links[:cut], rec.chain)
        known: dict[int, tuple[str, int]] = {}
        for row, h in zip(rows, hashes):
            eid, parent, type_, v, body, _actor, _action, _rolls, command, _salt, _rolls_salt, _public, seq, stored, ph = row
            typed(eid, type_, v, body)
            expected_hash, expected_seq = (rec.genesis, 1) if parent is None else (known[parent][0], known[parent][1] + 1)
            if ph != expected_hash:
                raise ChainBroken(eid, "its parent hash does not match its parent's hash")
            if seq != expected_seq:
                raise ChainBroken(eid, f"its depth is {seq}, expected {expected_seq}")
            if command != eid and command not in known:
                raise ChainBroken(eid, f"its command {command} is not an earlier event of this game")
            if h != stored:
                raise ChainBroken(eid, "its hash does not match its content")
            known[eid] = (h, seq)
        if broken is not None:
            raise broken
        for name, head, tip in conn.execute("SELECT name, head, tip FROM branches WHERE game_id = ?",
                                            (game_id,)):
            for pointer in (head, tip):
                if pointer is not None and pointer not in known:
                    raise ChainBroken(pointer, f"branch {name!r} points at an event outside this game")
        return len(known)
