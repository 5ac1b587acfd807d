"""Issue #19: packed segments are a read cache of a straight line of play, never the truth. A path read
through them is the path read from the rows; a tampered, garbled, reordered or dropped segment is
ignored (the rows are read instead) or, where it only changes what the hash does not cover, caught by
``verify``; undo and branches never read a segment off their line."""

from __future__ import annotations

import sqlite3
import subprocess

import msgspec
import pytest

from dinocli.events import reads as reads_module
from dinocli.events import segments as segments_module
from dinocli.events.bench import BenchCardPlayed
from dinocli.events.records import Command
from dinocli.events.store import Store
from tests.clirunner import DINOCLI

SEG = 8   # a small segment, so that a short game has several


@pytest.fixture
def small_segments(monkeypatch):
    monkeypatch.setattr(segments_module, "SEGMENT", SEG)
    monkeypatch.setattr(segments_module, "PACK_FROM", 4 * SEG)


def _play(store: Store, gid: str, head: int | None, commands: int, start: int = 0) -> int:
    """Append ``commands`` commands of three events (the first and every third sealed) one at a time."""
    for i in range(start, start + commands):
        evs = [BenchCardPlayed(seat=i % 2, card=i * 3 + j, targets=[j], note=f"n{i}") for j in range(3)]
        head = store.append(gid, "main", [Command(i % 2, f"play {i}", [["d6", 1, i % 6 + 1]] if i % 5 == 0 else None,
                                                  evs, [j == 0 for j in range(3)], [[i % 2], [], []],
                                                  [None, None, None])], head)
    return head


@pytest.fixture
def game(tmp_path, small_segments):
    store = Store.open(tmp_path / "s.sqlite")
    gid = store.create_game("bench", {"variant": []}, [{"name": "a"}, {"name": "b"}], "1", "0" * 64, "seed").id
    head = _play(store, gid, None, 20)   # 60 events: 7 segments (packed from 32 events on) and a tail of 4
    yield store, gid, head, tmp_path / "s.sqlite"
    store.close()


def rows_path(store: Store, gid: str, head: int) -> list:
    """The path read from the rows alone (the truth)."""
    store.segments = False
    try:
        return store.path(gid, head)
    finally:
        store.segments = True


def segments(db) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT first_event, last_event, packed FROM segments ORDER BY first_event").fetchall()


def repack(db, first: int, change) -> None:
    """Rewrite one segment's rows through ``change(rows) -> rows`` (valid msgpack: a careful forger)."""
    with sqlite3.connect(db) as conn:
        blob = conn.execute("SELECT packed FROM segments WHERE first_event = ?", (first,)).fetchone()[0]
        rows = [list(r) for r in msgspec.msgpack.decode(blob)]
        conn.execute("UPDATE segments SET packed = ? WHERE first_event = ?", (msgspec.msgpack.encode(change(rows)), first))


def test_appends_pack_every_full_segment_and_a_path_through_them_is_the_rows_path(game):
    store, gid, head, db = game
    found = segments(db)
    assert [(f, l) for f, l, _ in found] == [(1 + SEG * k, SEG * (k + 1)) for k in range(7)]
    assert store.path(gid, head) == rows_path(store, gid, head)
    assert all(ok for _f, _l, ok in store.segments_checked(gid))
    # a path to an earlier head uses the segments before it and the rows after
    assert store.path(gid, 30) == rows_path(store, gid, 30)


def test_a_path_does_not_read_the_rows_a_segment_holds(game, monkeypatch):
    store, gid, head, _db = game
    read = []
    real = reads_module.Reads._read_line

    def spy(self, game_id, head_, genesis, chain, packed):
        packed = list(packed)
        read.append(sum(len(p) for p in packed))
        return real(self, game_id, head_, genesis, chain, packed)

    monkeypatch.setattr(reads_module.Reads, "_read_line", spy)
    store.path(gid, head)
    assert read == [7 * SEG]


@pytest.mark.parametrize("change", [
    pytest.param(lambda rows: [r if i != 3 else r[:4] + [r[4].replace(b'"card":', b'"card":1')] + r[5:]
                               for i, r in enumerate(rows)], id="a body changed"),
    pytest.param(lambda rows: rows[:2] + rows[3:], id="an event left out"),
    pytest.param(lambda rows: rows[:2] + [rows[3], rows[2]] + rows[4:], id="two events swapped"),
    pytest.param(lambda rows: rows[:4] + [rows[3]] + rows[4:], id="an event twice"),
    pytest.param(lambda rows: [r if i != 1 else r[:9] + [None] + r[10:] for i, r in enumerate(rows)],
                 id="a seal dropped"),
])
def test_a_segment_whose_events_do_not_chain_is_ignored_and_verify_names_it(game, change):
    store, gid, head, db = game
    truth = rows_path(store, gid, head)
    repack(db, 1 + SEG, change)
    assert store.path(gid, head) == truth
    assert [ok for _f, _l, ok in store.segments_checked(gid)] == [True, False] + [True] * 5


def test_a_segment_that_changes_only_what_the_hash_does_not_cover_is_caught_by_verify(game):
    store, gid, head, db = game
    repack(db, 1 + SEG, lambda rows: [r[:8] + [r[8] + 1] + r[9:] for r in rows])   # command marks moved
    assert [ok for _f, _l, ok in store.segments_checked(gid)][1] is False


@pytest.mark.parametrize("sql", [
    "UPDATE segments SET packed = x'00ff'",                     # garbage
    "UPDATE segments SET packed = 'text'",                      # not a blob
    "DELETE FROM segments WHERE first_event = 9",               # a gap
    "UPDATE segments SET last_event = 1000",                    # claims to reach past the head
    "DROP TABLE segments",                                      # the cache dropped
])
def test_a_garbled_or_missing_segment_only_makes_reading_slower(game, sql):
    store, gid, head, db = game
    truth = rows_path(store, gid, head)
    with sqlite3.connect(db) as conn:
        conn.execute(sql)
    assert store.path(gid, head) == truth
    head = _play(store, gid, head, 5, start=20)   # appends go on, whatever the cache holds
    assert store.path(gid, head) == rows_path(store, gid, head)


def test_undo_and_a_new_line_never_read_a_segment_off_their_line(game):
    store, gid, head, db = game
    store.set_head(gid, "main", 30, head)   # undo half the game: segments past event 30 are off the line
    assert store.path(gid, 30) == rows_path(store, gid, 30)
    new = _play(store, gid, 30, 10, start=100)   # a new line from event 30: the game is no longer straight
    path = store.path(gid, new)
    assert path == rows_path(store, gid, new)
    assert [s.id for s in path[:30]] == list(range(1, 31)) and path[30].parent == 30
    assert len(segments(db)) == 7   # nothing packed off a straight line


def test_a_short_line_is_not_packed(tmp_path, small_segments):
    store = Store.open(tmp_path / "short.sqlite")
    try:
        gid = store.create_game("bench", {"variant": []}, [{"name": "a"}, {"name": "b"}], "1", "0" * 64, "seed").id
        _play(store, gid, None, 10)   # 30 events: under 4 segments
        assert segments(tmp_path / "short.sqlite") == []
    finally:
        store.close()


def test_an_imported_long_log_is_packed_and_reads_back_the_same(game, tmp_path):
    from dinocli.events.log import read_log

    store, gid, head, _db = game
    text = store.export(gid)
    other = Store.open(tmp_path / "other.sqlite")
    try:
        rec = other.import_log(read_log(text))
        assert len(segments(tmp_path / "other.sqlite")) == 7
        mine, theirs = store.path(gid, head), other.path(rec.id, other.branch(rec.id, "main").head)
        assert [(s.event, s.hash, s.seq, s.rolls) for s in mine] == [(s.event, s.hash, s.seq, s.rolls) for s in theirs]
        assert all(ok for _f, _l, ok in other.segments_checked(rec.id))
    finally:
        other.close()


def test_verify_as_a_process_fails_on_a_forged_segment_and_show_still_works(tmp_path):
    """A real game long enough for real segments (4,096 events and more), checked by separate processes."""
    from dinocli.service import Service

    db = tmp_path / "g.db"
    svc = Service.open(str(db))
    try:
        from dinocli.bench.cli import long_game
        gid, _head = long_game(svc, events=4200, path_events=4200)
    finally:
        svc.close()
    assert len(segments(db)) >= 1
    exe = DINOCLI
    env = {"DINOCLI_DB": str(db), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}
    ok = subprocess.run([exe, "verify", gid], capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "cached segment" in ok.stdout
    repack(db, segments(db)[0][0], lambda rows: [r[:8] + [r[8] + 1] + r[9:] for r in rows])
    bad = subprocess.run([exe, "verify", gid], capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode != 0 and "segments table" in (bad.stdout + bad.stderr)
    shown = subprocess.run([exe, "show", gid], capture_output=True, text=True, env=env, timeout=120)
    assert shown.returncode == 0, shown.stderr


def test_a_row_edited_under_a_segment_reads_as_recorded_and_verify_finds_it(game):
    """The chain to the head's stored hash proves what a segment holds; the edited row is found by the
    check of every row (verify, export)."""
    from dinocli.events.errors import ChainBroken

    store, gid, head, db = game
    truth = rows_path(store, gid, head)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("UPDATE events SET body = replace(body, '\"card\":', '\"card\":1') WHERE id = 12")
    assert store.path(gid, head) == truth
    with pytest.raises(ChainBroken) as exc:
        store.verify_chain(gid)
    assert exc.value.event_id == 12
    assert [ok for _f, _l, ok in store.segments_checked(gid)][1] is False
    with pytest.raises(ChainBroken):
        rows_path(store, gid, head)
