"""The event store: append/read, optimistic concurrency, pointer-only history, the hash chain."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

import msgspec
import pytest

from dinocli.events import Event, commit, register_upcaster
from dinocli.events.store import (
    AmbiguousGameId,
    Branch,
    BranchExists,
    ChainBroken,
    Command,
    Conflict,
    DatabaseLocked,
    Store,
    StoreError,
    UnknownBranch,
    UnknownGameId,
)

from .conftest import Other, Thing, auto, count, decision, new_game, things


def test_append_and_read_round_trip(store):
    gid = new_game(store)
    head = store.append(gid, "main", [auto(1, 2), decision(0, "play 3", 3, rolls=[["deck/1", 10, 4]])], None)
    path = store.path(gid, head)
    assert [s.event for s in path] == things(1, 2, 3)
    assert [s.seq for s in path] == [1, 2, 3]
    assert [s.parent for s in path] == [None, path[0].id, path[1].id]
    assert path[0].parent_hash == store.game(gid).genesis
    assert all(b.parent_hash == a.hash for a, b in zip(path, path[1:]))
    first, second, third = path
    assert (first.actor, first.action, first.rolls, first.command) == (None, None, None, first.id)
    assert second.command == first.id
    assert (third.actor, third.action, third.rolls, third.command) == (0, "play 3", [["deck/1", 10, 4]], third.id)
    assert store.event(third.id) == third
    assert store.path(gid, None) == []
    assert store.branch(gid, "main") == Branch("main", head, head)
    assert store.children(gid, None) == [first.id] and store.children(gid, first.id) == [second.id]


def test_bodies_are_readable_json(store):
    gid = new_game(store)
    store.append(gid, "main", [Command(1, "x", None, [Thing(n=7, card="7h", tags=[1, 2])])], None)
    row = store.connection.execute("SELECT json_extract(body, '$.card'), type, v, body FROM events").fetchone()
    assert row == ("7h", "test.thing", 1, '{"card":"7h","n":7,"tags":[1,2]}')


def test_game_record_lookup_by_prefix(store):
    a = store.create_game("test", {}, [], "1", "h", "s1", game_id="abc111")
    store.create_game("test", {}, [], "1", "h", "s2", game_id="abc222")
    store.create_game("other", {}, [], "1", "h", "s3", game_id="xyz999", tournament="t1")
    assert store.game("abc1") == a
    assert store.game("ABC111").id == "abc111"
    with pytest.raises(AmbiguousGameId, match="abc111, abc222") as exc:
        store.game("abc")
    assert exc.value.candidates == ["abc111", "abc222"]
    with pytest.raises(UnknownGameId):
        store.game("nope")
    assert [g.id for g in store.games()] == ["xyz999", "abc222", "abc111"]
    assert [g.id for g in store.games(tournament="t1")] == ["xyz999"]
    assert [g.id for g in store.games(kind="test")] == ["abc222", "abc111"]
    with pytest.raises(StoreError, match="taken"):
        store.create_game("test", {}, [], "1", "h", "s4", game_id="abc111")


def test_new_ids_are_short_and_the_seed_stays_secret_until_finish(store):
    rec = store.create_game("test", {"k": (1, 2)}, [{"name": "a"}], "1", "h", "s3cret")
    assert len(rec.id) == 8 and rec.id.isalnum() and rec.id.islower()
    assert rec.config == {"k": [1, 2]} and rec.branch == "main" and rec.seed is None
    assert rec.seed_commit == commit("s3cret", store.secret_salt(rec.id)) and "s3cret" not in store.connection.execute(
        "SELECT * FROM games").fetchone()
    assert store.secret_seed(rec.id) == "s3cret"
    store.finish(rec.id, {"returns": [1.0]})
    done = store.game(rec.id)
    assert done.result == {"returns": [1.0]} and done.seed == "s3cret"
    store.set_meta(rec.id, {"undo": "strict"})
    assert store.game(rec.id).meta == {"undo": "strict"}


def test_conflict_from_a_stale_head_writes_nothing(store):
    gid = new_game(store)
    head = store.append(gid, "main", [auto(1)], None)
    n = count(store)
    with pytest.raises(Conflict, match=f"expected head None, found {head}"):
        store.append(gid, "main", [auto(2)], None)
    with pytest.raises(Conflict):
        store.set_head(gid, "main", None, head + 1)
    assert count(store) == n and store.branch(gid, "main").head == head


def test_conflict_from_a_second_connection(db_path):
    with Store.open(db_path) as one, Store.open(db_path) as two:
        gid = new_game(one)
        head = one.append(gid, "main", [auto(1)], None)
        seen = two.branch(gid, "main").head
        assert seen == head
        one.append(gid, "main", [decision(0, "a", 2)], head)
        with pytest.raises(Conflict):
            two.append(gid, "main", [decision(1, "b", 3)], seen)
        assert count(two) == 2


def test_undo_redo_branch_checkout_move_pointers_only(store):
    gid = new_game(store)
    h1 = store.append(gid, "main", [auto(1)], None)
    h2 = store.append(gid, "main", [decision(0, "a", 2)], h1)
    h3 = store.append(gid, "main", [decision(1, "b", 3)], h2)
    n = count(store)
    store.set_head(gid, "main", h1, h3)  # undo twice
    assert store.branch(gid, "main") == Branch("main", h1, h3)
    store.set_head(gid, "main", h2, h1)  # redo once
    assert store.branch(gid, "main") == Branch("main", h2, h3)
    assert count(store) == n
    h4 = store.append(gid, "main", [decision(0, "c", 4)], h2)  # a move after undo abandons h3's line
    assert count(store) == n + 1
    assert store.branch(gid, "main") == Branch("main", h4, h4)
    assert store.branch(gid, "main-1") == Branch("main-1", h3, h3)
    store.set_head(gid, "main", None, h4)
    store.append(gid, "main", [auto(9)], None)
    assert store.branch(gid, "main-2") == Branch("main-2", h4, h4)
    alt = store.create_branch(gid, "alt/1", h2)
    assert alt == Branch("alt/1", h2, h2)
    store.checkout(gid, "alt/1")
    assert store.game(gid).branch == "alt/1"
    h5 = store.append(gid, "alt/1", [decision(1, "d", 5)], h2)
    assert [s.event.n for s in store.path(gid, h5)] == [1, 2, 5]
    assert {b.name for b in store.branches(gid)} == {"main", "main-1", "main-2", "alt/1"}
    assert sorted(store.children(gid, h2)) == [h3, h4, h5]


def test_set_head_off_the_line_keeps_the_old_tip_reachable(store):
    gid = new_game(store)
    h1 = store.append(gid, "main", [auto(1)], None)
    h2 = store.append(gid, "main", [auto(2)], h1)
    store.create_branch(gid, "side", h1)
    s2 = store.append(gid, "side", [auto(3)], h1)
    store.set_head(gid, "main", s2, h2)  # jump to another line
    assert store.branch(gid, "main") == Branch("main", s2, s2)
    assert store.branch(gid, "main-1") == Branch("main-1", h2, h2)


def test_branch_errors(store):
    gid = new_game(store)
    h1 = store.append(gid, "main", [auto(1)], None)
    with pytest.raises(BranchExists):
        store.create_branch(gid, "main", h1)
    for bad in ("", "a b", "x" * 41, "semi;colon", "ümlaut"):
        with pytest.raises(StoreError, match="bad branch name"):
            store.create_branch(gid, bad, h1)
    with pytest.raises(UnknownBranch, match="it has: main"):
        store.checkout(gid, "nope")
    with pytest.raises(UnknownBranch):
        store.append(gid, "nope", [auto(2)], h1)
    with pytest.raises(UnknownGameId):
        store.branch("nogame", "main")
    other = new_game(store)
    with pytest.raises(StoreError, match="not in game"):
        store.create_branch(other, "x", h1)
    with pytest.raises(StoreError, match="not in game"):
        store.path(other, h1)
    with pytest.raises(StoreError, match="nothing to append"):
        store.append(gid, "main", [], h1)
    with pytest.raises(StoreError, match="triples"):
        store.append(gid, "main", [Command(0, "a", [["k", "x"]], things(1))], h1)


def test_nested_write_is_one_transaction(store):
    gid = new_game(store)
    with pytest.raises(RuntimeError):
        with store.write():
            store.append(gid, "main", [auto(1)], None)
            store.finish(gid, {"r": 1})
            raise RuntimeError("boom")
    assert count(store) == 0 and store.game(gid).result is None


def test_events_are_immutable_and_verify_chain_catches_edits(store):
    gid = new_game(store)
    head = store.append(gid, "main", [auto(1, 2), decision(0, "a", 3)], None)
    assert store.verify_chain(gid) == 3
    target = store.path(gid, head)[1].id
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        store.connection.execute("UPDATE events SET body = '{\"card\":\"x\",\"n\":99,\"tags\":[]}' WHERE id = ?", [target])
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        store.connection.execute("DELETE FROM events")
    store.connection.execute("DROP TRIGGER events_no_update")  # a determined editor
    store.connection.execute("UPDATE events SET body = '{\"card\":\"x\",\"n\":99,\"tags\":[]}' WHERE id = ?", [target])
    with pytest.raises(ChainBroken) as exc:
        store.verify_chain(gid)
    assert exc.value.event_id == target and str(exc.value).count("\n") == 0
    with pytest.raises(ChainBroken) as exc:
        store.path(gid, head)
    assert exc.value.event_id == target


def test_verify_chain_catches_an_edited_header(store):
    gid = new_game(store)
    store.append(gid, "main", [auto(1)], None)
    store.connection.execute("UPDATE games SET config = '{\"n\":3}' WHERE id = ?", [gid])
    with pytest.raises(ChainBroken, match="game header"):
        store.verify_chain(gid)


class Card(Event, tag="test.card"):
    """Version 2 split version 1's ``value`` ("7h") into rank and suit."""

    version = 2
    rank: int
    suit: str


@register_upcaster("test.card", 1)
def _card_v1(body: dict) -> dict:
    return {"rank": int(body["value"][:-1]), "suit": body["value"][-1]}


def test_old_event_versions_are_upcast_on_read(store):
    gid = new_game(store, chain=1)  # rows written by hand, format 1 hashes
    from dinocli.events.chain import event_hash

    genesis = store.game(gid).genesis
    body = '{"value":"7h"}'
    h = event_hash(genesis, "test.card", 1, body, None, None, None)
    with store.write():
        store.connection.execute("INSERT INTO events (id, game_id, parent, seq, type, v, body, hash, parent_hash, command, "
                         "created) VALUES (1, ?, NULL, 1, 'test.card', 1, ?, ?, ?, 1, 'now')", [gid, body, h, genesis])
        store.connection.execute("UPDATE branches SET head = 1, tip = 1 WHERE game_id = ?", [gid])
    assert store.path(gid, 1)[0].event == Card(rank=7, suit="h")
    assert store.verify_chain(gid) == 1
    head = store.append(gid, "main", [Command(0, "x", None, [Card(rank=9, suit="s")])], 1)
    assert store.connection.execute("SELECT v, body FROM events WHERE id = ?", [head]).fetchone() == (2, '{"rank":9,"suit":"s"}')


def test_unknown_stored_type_is_a_clear_error(store):
    gid = new_game(store, chain=1)  # rows written by hand, format 1 hashes
    head = store.append(gid, "main", [Command(None, None, None, [Other(seat=1)])], None)
    store.connection.execute("DROP TRIGGER events_no_update")
    # pretend the game that defined the type is not installed: rewrite type and hash consistently
    from dinocli.events.chain import event_hash

    g = store.game(gid).genesis
    store.connection.execute("UPDATE events SET type = 'gone.thing', hash = ? WHERE id = ?",
                     [event_hash(g, "gone.thing", 1, '{"seat":1}', None, None, None), head])
    with pytest.raises(StoreError, match="unknown event type 'gone.thing'"):
        store.path(gid, head)


def test_locked_database_fails_fast(db_path):
    with Store.open(db_path) as s:
        gid = new_game(s)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with Store.open(db_path, timeout=0.1) as s:
            assert s.game(gid).id == gid  # WAL: reads still work
            t = time.perf_counter()
            with pytest.raises(DatabaseLocked) as exc:
                s.append(gid, "main", [auto(1)], None)
            assert time.perf_counter() - t < 2
            assert "locked" in str(exc.value) and "\n" not in str(exc.value)
            assert not isinstance(exc.value, Conflict)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_not_a_database_is_a_one_line_error(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("this is not an SQLite database, just some text " * 40)
    with pytest.raises(StoreError, match="not a dinocli database") as exc:
        Store.open(junk)
    assert "\n" not in str(exc.value)
    foreign = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not a dinocli one"):
        Store.open(foreign)
    with pytest.raises(StoreError, match="directory"):
        Store.open(tmp_path)


def test_read_only_database_reads_but_refuses_writes(db_path):
    with Store.open(db_path) as s:
        gid = new_game(s)
        head = s.append(gid, "main", [auto(1)], None)
    with Store.open(db_path, readonly=True) as ro:
        assert [x.event for x in ro.path(gid, head)] == things(1)
        with pytest.raises(StoreError, match="read-only"):
            ro.append(gid, "main", [auto(2)], head)


def test_open_pragmas_and_default_location(db_path, monkeypatch):
    with Store.open(db_path) as s:
        pragmas = {p: s.connection.execute(f"PRAGMA {p}").fetchone()[0]
                   for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")}
        assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1, "busy_timeout": 5000}
        assert s.path_str == str(db_path)
        assert [m.name for m in __import__("dinocli.events.schema", fromlist=["x"]).migrations.applied(
            __import__("sqlite_utils").Database(s.connection))]
    with Store.open(db_path, bulk=True) as s:
        assert s.connection.execute("PRAGMA synchronous").fetchone()[0] == 1
    monkeypatch.setenv("DINOCLI_DB", str(db_path.parent / "env.sqlite"))
    with Store.open() as s:
        assert s.path_str == str(db_path.parent / "env.sqlite")
    with Store.open(":memory:") as s:
        assert s.path_str == ":memory:"


def test_importing_the_events_package_stays_light():
    code = ("import sys, dinocli.events; "
            "print(sorted(m for m in ('sqlite_utils', 'platformdirs', 'sqlite3') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_stored_and_records_are_plain_msgspec_values(store):
    gid = new_game(store)
    head = store.append(gid, "main", [auto(1)], None)
    s = store.path(gid, head)[0]
    assert msgspec.to_builtins(s)["event"] == {"type": "test.thing", "n": 1, "card": "x", "tags": []}
    assert msgspec.to_builtins(store.game(gid))["id"] == gid


def test_an_append_stores_the_rows_an_import_of_its_log_stores(store, tmp_path):
    """#43 (the append path made lean): what an append writes is a log's content, column by column and of the
    same SQLite types as the rows ``import`` writes from the exported log (text, not bytes, for bodies and public
    forms); a salt only on a sealed event and a rolls salt only with rolls."""
    from dinocli.events.log import read_log

    gid = new_game(store)
    head = store.append(gid, "main", [Command(0, "play ü", [["deck/1", 10, 4]], things(1, 2, 3), [True, False, True],
                                              [[0], [], [1]], [Thing(n=-1), None, None]), auto(4)], None)
    with Store.open(tmp_path / "other.sqlite") as other:
        other.import_log(read_log("".join(store.export(gid, seed=store.secret_seed(gid))).encode()))
        columns = ("seq, type, v, body, actor, action, rolls, hash, parent_hash, salt, rolls_salt, public, "
                   "typeof(body), typeof(public), typeof(salt), typeof(rolls_salt), command - id")
        rows = [s.connection.execute(f"SELECT {columns} FROM events ORDER BY id").fetchall() for s in (store, other)]
    assert rows[0] == rows[1] and len(rows[0]) == 4 and head == 4
    assert [r[-5:-1] for r in rows[0]] == [("text", "text", "text", "text"), ("text", "null", "null", "null"),
                                          ("text", "text", "text", "null"), ("text", "text", "text", "null")]


def test_a_command_of_few_events_and_one_of_many_store_the_same_columns(store):
    """A command's few rows go in as one statement with its absent values NULL in its text, a long command's row by
    row (appends.insert_rows): both store text as text and absent values as NULL, and both verify."""
    def stored(n: int) -> list[tuple]:
        gid = new_game(store)
        events = things(*range(n))
        sealed = [i % 3 == 0 for i in range(n)]
        seen = [[i % 2] for i in range(n)]
        store.append(gid, "main", [Command(0, "play", [["deck/1", 10, 4]], events, sealed, seen, [None] * n)], None)
        assert store.verify_chain(gid) == n
        return store.connection.execute(
            "SELECT typeof(body), typeof(public), typeof(salt), typeof(rolls), typeof(rolls_salt), typeof(actor), "
            "typeof(action), typeof(parent), body FROM events WHERE game_id = ? ORDER BY id", (gid,)).fetchall()

    few, many = stored(5), stored(40)
    assert few == many[:5]
    assert few[0] == ("text", "text", "text", "text", "text", "integer", "text", "null", '{"card":"x","n":0,"tags":[]}')
    assert few[1][:8] == ("text", "null", "null", "null", "null", "null", "null", "integer")
    assert many[39][:8] == many[9][:8] == few[3][:8] == ("text", "text", "text", "null", "null", "null", "null", "integer")
