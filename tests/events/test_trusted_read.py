"""#43 the trusted local read a command folds its state from (``Store.events``): the events of the
path, as ``Store.path`` decodes them, read from the segments and only the columns a fold needs, its
hashes not checked; a segment that does not follow on is left for the rows, a line with branches is
read as the path, a corrupt row is still a one-line error."""

from __future__ import annotations

import sqlite3

import pytest

from dinocli.events.errors import DatabaseUnavailable, StoreError
from dinocli.events.store import Store

from .test_segments import SEG, _play, game, repack, rows_path, small_segments  # noqa: F401 - fixtures


def test_the_events_are_those_of_the_path(game):
    store, gid, head, _db = game
    assert store.events(gid, head) == [s.event for s in rows_path(store, gid, head)]
    assert store.events(gid, None) == []
    middle = rows_path(store, gid, head)[SEG * 5 + 2]   # ends inside a segment: the rows after the last whole one
    assert store.events(gid, middle.id) == [s.event for s in rows_path(store, gid, middle.id)]


def test_a_segment_that_does_not_follow_on_is_read_from_the_rows(game):
    store, gid, head, db = game
    truth = [s.event for s in rows_path(store, gid, head)]
    repack(db, 1 + SEG, lambda rows: rows[1:] + rows[:1])   # reordered: its parents no longer chain
    assert store.events(gid, head) == truth
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM segments WHERE first_event = ?", (1 + 2 * SEG,))   # a hole in the cache
    assert store.events(gid, head) == truth


def test_a_line_with_a_branch_off_it_is_read_as_its_path(game):
    store, gid, head, _db = game
    line = rows_path(store, gid, head)
    store.set_head(gid, "main", line[9].id, head)   # undo to event 10, then play on: the old line stays
    new = _play(store, gid, line[9].id, 2, start=50)
    assert store.events(gid, new) == [s.event for s in rows_path(store, gid, new)]
    assert len(store.events(gid, new)) == 16


def test_a_corrupt_row_is_a_one_line_error_naming_its_event(game):
    store, gid, head, db = game
    store.segments = False
    victim = rows_path(store, gid, head)[-2].id
    with sqlite3.connect(db) as conn:   # as someone with the file could (the trigger dropped)
        conn.execute("DROP TRIGGER IF EXISTS events_no_update")
        conn.execute("UPDATE events SET body = '{\"seat\": \"x\"}' WHERE id = ?", (victim,))
    with pytest.raises(StoreError, match=f"event {victim}"):
        store.events(gid, head)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE events SET v = 'abc' WHERE id = ?", (victim,))
    with pytest.raises(DatabaseUnavailable, match=f"the database is corrupt \\(event {victim}: "):
        store.events(gid, head)


def test_a_long_game_without_a_snapshot_is_folded_from_the_trusted_read(tmp_path, monkeypatch):
    """The service folds a long line with no usable snapshot from ``events``; the path it hands out
    later is still the hash-checked one, and the state is the full fold's."""
    from dinocli.events import segments as segments_module
    from dinocli.games.runner import fold_all
    from dinocli.service import Service

    monkeypatch.setattr(segments_module, "PACK_FROM", 40)
    svc = Service.open(str(tmp_path / "g.sqlite"))
    g = svc.new_game("sos", players=["ann"], seed="7")
    while g.seq < 40 and not g.over:
        g, _ = svc.move(g.id, g.legal_texts()[0])
    svc.store.connection.execute("DELETE FROM snapshots")
    read = []
    monkeypatch.setattr(svc.store, "events", lambda gid, head: read.append(head) or Store.events(svc.store, gid, head))
    loaded = svc.load(g.id)
    assert read == [g.head] and loaded._path is None and loaded.seq == g.seq
    assert loaded.state == fold_all(g.game, g.game.initial(g.config), (s.event for s in loaded.path)) == g.state
    svc.close()
