"""Issue #19: snapshots are a cache, never the truth. A load from a snapshot folds to the same state
as the whole log; a stale, tampered or foreign snapshot is ignored; verify re-folds from the genesis
and checks every snapshot it finds."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import msgspec
import pytest

from dinocli import service as service_module
from dinocli.games.runner import fold_all
from dinocli.service import Service
from dinocli.verify import VerificationFailed


@pytest.fixture
def played(tmp_path, monkeypatch):
    """A Dingo game against the rules bot, 40 decisions in, snapshots every 8 events."""
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 8)
    db = tmp_path / "g.db"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", players=["you"], bots=["rules"], seed="snap", options={"goal": 60})
    for _ in range(40):
        if g.over or (_ >= 30 and g.seq % 8 > 2):   # stop some events after a snapshot
            break
        svc.move(g.id, g.legal_texts()[0])
        g = svc.load(g.id)
        list(svc.run_bots(g))
        g = svc.load(g.id)
    yield svc, g.id, db
    svc.close()


def full_fold(svc: Service, gid: str):
    """The state folded from the genesis along the whole path (the truth)."""
    g = svc.load(gid)
    path = svc.store.path(g.id, g.head)
    return fold_all(g.game, g.game.initial(g.config), (s.event for s in path))


def rows(db) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT event, rules_version, data_hash, codec, length(state) FROM snapshots "
                            "ORDER BY event").fetchall()


def edit(db, sql: str, *args) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql, args)


def test_moves_keep_snapshots_and_a_load_uses_one_to_the_same_state(played):
    svc, gid, db = played
    kept = rows(db)
    assert len(kept) >= 3 and all(r[3].startswith("msgpack:dinocli.games.dingo.state.State") for r in kept)
    g = svc.load(gid)
    assert g._path is None and g.snapshot_seq > 0, "the load should have started from a snapshot"
    assert g.state == full_fold(svc, gid)
    assert g.seq == len(g.path) and g.head == g.path[-1].id   # the path is still there when asked for


@pytest.mark.parametrize("tamper", [
    "UPDATE snapshots SET state = substr(state, 1, length(state) - 1) || x'00'",   # a byte changed
    "UPDATE snapshots SET rules_version = 'older'",                              # stale rules
    "UPDATE snapshots SET data_hash = '" + "0" * 64 + "'",                        # other card data
    "UPDATE snapshots SET codec = 'msgpack:other.State'",                         # another state type
    "UPDATE snapshots SET codec = 'msgpack:dinocli.games.dingo.state.State'",     # kept before the fields changed
    "UPDATE snapshots SET hash = '" + "1" * 64 + "'",                             # keyed by another event hash
])
def test_a_stale_or_tampered_snapshot_is_ignored(played, tamper):
    svc, gid, db = played
    truth = full_fold(svc, gid)
    edit(db, tamper)
    g = svc.load(gid)
    assert g.snapshot_seq == 0, "no snapshot may be used"
    assert g.state == truth


def test_a_snapshot_that_does_not_decode_is_ignored_even_with_a_good_digest(played):
    svc, gid, db = played
    truth = full_fold(svc, gid)
    g = svc.load(gid)
    last = rows(db)[-1]
    svc.store.put_snapshot(gid, last[0], last[1:4], b"\xc1not msgpack")
    assert svc.load(gid).state == truth
    svc.store.put_snapshot(gid, last[0], last[1:4], msgspec.msgpack.encode({"not": "a state"}))
    assert svc.load(gid).state == truth
    assert g.state == truth


def test_a_forged_snapshot_is_caught_by_verify(played):
    """A snapshot rewritten with its digest recomputed (anyone who can do that can rewrite the log's
    hash chain too) is what verify is for: it re-folds from the genesis and names the event."""
    svc, gid, db = played
    assert svc.verify(gid).events > 0
    first, last = rows(db)[0], rows(db)[-1]
    earlier = svc.store.after_snapshot(gid, first[0], first[1:4])[0]
    svc.store.put_snapshot(gid, last[0], last[1:4], earlier)   # the state of another event
    with pytest.raises(VerificationFailed, match="snapshot kept at this event is not the fold"):
        svc.verify(gid)


def test_a_snapshot_on_an_undone_line_is_not_used_on_the_new_one(played):
    svc, gid, db = played
    before = {r[0] for r in rows(db)}
    g = svc.undo(gid, steps=3)
    assert g.state == full_fold(svc, gid)
    texts = g.legal_texts()
    svc.move(gid, texts[-1])
    g = svc.load(gid)
    assert g.state == full_fold(svc, gid)
    assert svc.verify(gid).events > 0
    assert before <= {r[0] for r in rows(db)}


def test_show_as_a_process_ignores_a_tampered_snapshot(played):
    svc, gid, db = played
    env = {**os.environ, "DINOCLI_DB": str(db), "NO_COLOR": "1"}
    cmd = [sys.executable, "-c", "from dinocli.cli import main; main()", "show", gid, "--json"]
    cmd = [sys.executable, "-c", f"import sys; sys.argv = ['dinocli', 'show', {gid!r}, '--json']; "
                                 "from dinocli.cli import main; main()"]
    good = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    edit(db, "UPDATE snapshots SET state = x'00' || substr(state, 2)")
    bad = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 0 and json.loads(bad.stdout) == json.loads(good.stdout)


def test_a_row_edited_before_the_snapshot_is_caught_by_verify_and_after_it_by_load(played):
    """Load re-hashes only the events after the snapshot it starts from; verify re-hashes every row."""
    svc, gid, db = played
    g = svc.load(gid)
    first_snapshot = rows(db)[0][0]
    early = svc.store.path(gid, first_snapshot)[1].id
    last_snapshot = rows(db)[-1][0]
    after = [s.id for s in svc.store.path(gid, g.head) if s.id > last_snapshot]
    assert after, "the game should have moved on after its last snapshot"
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER events_no_update")   # a determined editor
        conn.execute("UPDATE events SET actor = 7 WHERE id = ?", (early,))
    assert svc.load(gid).state == g.state                # started from the snapshot
    with pytest.raises(VerificationFailed, match=r"event 2: .*hash does not match"):
        svc.verify(gid)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE events SET actor = NULL WHERE id = ?", (early,))
        conn.execute("UPDATE events SET actor = 7 WHERE id = ?", (after[0],))
    from dinocli.events.errors import ChainBroken

    with pytest.raises(ChainBroken):
        svc.load(gid)


def test_a_dropped_snapshots_table_only_makes_loading_slower(played):
    svc, gid, db = played
    truth = full_fold(svc, gid)
    edit(db, "DROP TABLE snapshots")
    g = svc.load(gid)
    assert g.snapshot_seq == 0 and g.state == truth
    if not g.over:
        svc.move(gid, g.legal_texts()[0])   # and moves go on without keeping one
    assert svc.verify(gid).events > 0


def test_the_codec_names_the_state_s_fields():
    """A snapshot kept before a field was added to a state (Dodos' ``known``) is keyed by another codec,
    so it is never read back as a state without that field."""
    from dinocli.results import snapshot_codec

    class State(msgspec.Struct):
        a: int = 0

    before = snapshot_codec(State())

    class State(msgspec.Struct):  # noqa: F811 - the same type, one field more
        a: int = 0
        known: tuple = ()

    assert snapshot_codec(State()) != before and snapshot_codec(State()).startswith(before.rsplit(":", 1)[0] + ":")
