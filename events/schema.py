"""The store's SQLite schema, created and evolved by sqlite-utils migrations.

JSON columns (config, seats, meta, result, body, rolls) hold readable canonical JSON text, so
``sqlite-utils query db "select json_extract(body, '$.card') from events"`` works. The events
table is append-only: triggers refuse UPDATE and DELETE. ``events.salt``/``rolls_salt`` and
``games.chain`` (the hash rule, see :mod:`dinocli.events.chain`) came with log format 2,
``events.public`` with format 3; ``snapshots`` and ``segments`` are caches (see their migrations).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["migrations", "SET"]

SET = "dinocli.events"


class _Registry:
    """The migrations in order, registered like sqlite-utils' ``Migrations`` but without importing it
    (the store checks what is applied with plain sqlite3 and loads sqlite-utils only to apply some)."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, Callable[[Any], None]]] = []

    def __call__(self, *, name: str) -> Callable:
        def register(fn: Callable[[Any], None]) -> Callable[[Any], None]:
            self.steps.append((name, fn))
            return fn
        return register

    @property
    def names(self) -> list[str]:
        """The migration names, oldest first."""
        return [name for name, _ in self.steps]

    def sqlite_utils(self) -> Any:
        """The same steps as a sqlite-utils ``Migrations`` set (imports sqlite-utils)."""
        from sqlite_utils.migrations import Migrations

        out = Migrations(SET)
        for name, fn in self.steps:
            out(name=name)(fn)
        return out

    def applied(self, db: Any) -> list:
        """The applied migrations of a sqlite-utils ``Database`` (as ``Migrations.applied``)."""
        return self.sqlite_utils().applied(db)

    def pending(self, db: Any) -> list:
        """The migrations not yet applied (as ``Migrations.pending``)."""
        return self.sqlite_utils().pending(db)

    def apply(self, db: Any) -> None:
        """Apply the pending migrations (as ``Migrations.apply``)."""
        self.sqlite_utils().apply(db)


migrations = _Registry()


@migrations(name="0001_initial")
def initial(db) -> None:
    """Games, their secret seeds, the event tree and named branches."""
    for statement in _INITIAL:
        db.execute(statement)


_INITIAL = (
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        config TEXT NOT NULL,
        seats TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        data_hash TEXT NOT NULL,
        seed_commit TEXT NOT NULL,
        created TEXT NOT NULL,
        branch TEXT NOT NULL DEFAULT 'main',
        tournament TEXT,
        result TEXT,
        seed TEXT,
        meta TEXT NOT NULL DEFAULT '{}',
        genesis TEXT NOT NULL
    )""",
    "CREATE INDEX games_created ON games(created)",
    "CREATE INDEX games_tournament ON games(tournament)",
    "CREATE INDEX games_genesis ON games(genesis)",
    """CREATE TABLE seeds (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        seed TEXT NOT NULL
    )""",
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        parent INTEGER REFERENCES events(id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        v INTEGER NOT NULL,
        body TEXT NOT NULL,
        actor INTEGER,
        action TEXT,
        rolls TEXT,
        hash TEXT NOT NULL,
        parent_hash TEXT NOT NULL,
        command INTEGER NOT NULL,
        created TEXT NOT NULL
    )""",
    "CREATE INDEX events_game ON events(game_id)",  # a game's events in id order (path, children)
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: nothing is ever updated'); END""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: nothing is ever deleted'); END""",
    """CREATE TABLE branches (
        game_id TEXT NOT NULL REFERENCES games(id),
        name TEXT NOT NULL,
        head INTEGER REFERENCES events(id),
        tip INTEGER REFERENCES events(id),
        automatic INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, name)
    ) WITHOUT ROWID""",
)


@migrations(name="0002_salted_commitments")
def salted_commitments(db) -> None:
    """Format 2: each event's salts (its hash covers salted commitments) and each game's hash rule.

    Games recorded before keep ``chain`` 1 and NULL salts, and verify under their own rule."""
    db.execute("ALTER TABLE games ADD COLUMN chain INTEGER NOT NULL DEFAULT 1")
    db.execute("ALTER TABLE events ADD COLUMN salt TEXT")
    db.execute("ALTER TABLE events ADD COLUMN rolls_salt TEXT")


@migrations(name="0003_annotations")
def annotations(db) -> None:
    """Comments on events (issue 20) and cached analyses, both beside the event tree, outside the chain."""
    db.execute("""CREATE TABLE notes (
        id INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        event INTEGER NOT NULL REFERENCES events(id),
        text TEXT NOT NULL,
        created TEXT NOT NULL
    )""")
    db.execute("CREATE INDEX notes_game ON notes(game_id)")
    db.execute("""CREATE TABLE analyses (
        event_hash TEXT NOT NULL,
        spec TEXT NOT NULL,
        seat INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (event_hash, spec, seat)
    ) WITHOUT ROWID""")


@migrations(name="0004_snapshots")
def snapshots(db) -> None:
    """A cache of folded states, never the truth: the state a game's code folds at an event.

    Keyed by the event (and its hash), the rules version, the data hash and the codec (state type
    and encoding); ``digest`` is sha256 over all of them and the state. A row that differs from
    what the running code would fold, or does not decode, is ignored; ``verify`` re-folds from
    the genesis and checks every row it finds. Rows may be replaced or deleted at will.
    Also indexes to list the latest games of a kind or tournament."""
    db.execute("""CREATE TABLE snapshots (
        game_id TEXT NOT NULL REFERENCES games(id),
        event INTEGER NOT NULL REFERENCES events(id),
        hash TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        data_hash TEXT NOT NULL,
        codec TEXT NOT NULL,
        state BLOB NOT NULL,
        digest TEXT NOT NULL,
        PRIMARY KEY (game_id, event, rules_version, data_hash, codec)
    ) WITHOUT ROWID""")
    # the latest games of a kind or a tournament, newest first, without a sort (issue #19)
    db.execute("CREATE INDEX games_kind_created ON games(kind, created)")
    db.execute("CREATE INDEX games_tournament_created ON games(tournament, created)")
    db.execute("DROP INDEX games_tournament")   # the index above serves its lookups too


@migrations(name="0005_bound_views")
def bound_views(db) -> None:
    """Format 3: each sealed event's public form (canonical ``{"seen", "shown"}``: who may see it, what the
    others are shown), which its hash covers. Games recorded before keep NULL and their own hash rule."""
    db.execute("ALTER TABLE events ADD COLUMN public TEXT")


@migrations(name="0006_segments")
def segments(db) -> None:
    """A cache of event rows, never the truth: a straight line of play's rows packed ``SEGMENT`` at a time
    (msgpack, as :func:`dinocli.events.chain.walk` takes them), so that a long replay reads a few blobs
    instead of one row per event. A path read from segments is hash-checked like one read from rows,
    and must run event by event from the root to its head; any segment that does not is ignored (the
    rows are read instead), and ``verify`` compares every segment with the rows it packs. Rows may be
    deleted at will."""
    db.execute("""CREATE TABLE segments (
        game_id TEXT NOT NULL REFERENCES games(id),
        first_event INTEGER NOT NULL,
        last_event INTEGER NOT NULL,
        packed BLOB NOT NULL,
        PRIMARY KEY (game_id, first_event)
    )""")


@migrations(name="0007_salted_seeds")
def salted_seeds(db) -> None:
    """Format 4: the seed commitment is sha256(salt || seed), the salt secret with the seed (``seeds.salt``) and
    revealed with it (``games.seed_salt``). Games recorded before keep NULL: their commitment has no salt."""
    db.execute("ALTER TABLE seeds ADD COLUMN salt TEXT")
    db.execute("ALTER TABLE games ADD COLUMN seed_salt TEXT")


@migrations(name="0008_invitations")
def invitations(db) -> None:
    """Seats played over the network (dinocli-protocol(5)): one row per invited seat, keyed by sha256 of its
    token (the token itself is never stored). The store never reads a row: the server looks a hash up."""
    db.execute("""CREATE TABLE invitations (
        token_hash TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        UNIQUE (game_id, seat)
    ) WITHOUT ROWID""")


@migrations(name="0009_presence")
def presence(db) -> None:
    """Who is connected to a served game now (dinocli-protocol(5)): one row per seat with a connection, written
    by the server (``pid``: its process; a row of a process no longer running is stale) and read by `games`."""
    db.execute("""CREATE TABLE presence (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        pid INTEGER NOT NULL,
        since TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID""")


@migrations(name="0010_watch_links")
def watch_links(db) -> None:
    """Spectators of a served game (dinocli-protocol(5)): the sha256 of its one watch link's token (the token itself
    is never stored). The store never reads a row: the server looks a hash up."""
    db.execute("""CREATE TABLE watch_links (
        token_hash TEXT PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id)
    ) WITHOUT ROWID""")
