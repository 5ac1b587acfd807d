"""The hash definitions: event_hash is sha256(parent hash + canonical JSON of the hashed fields)."""

from __future__ import annotations

import hashlib

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.events import canonical
from dinocli.events.chain import GENESIS_FIELDS, body_text, event_hash, genesis_hash, json_text, new_salts

from .conftest import Thing, auto, new_game

text = st.text(max_size=12)
json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | text,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                           max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(text, json_values, max_size=4), st.none() | st.integers(0, 9), st.none() | text,
       st.none() | st.lists(st.tuples(text, st.integers(1, 99), st.integers(0, 98)), max_size=3),
       st.sampled_from(["test.thing", "dingo.card_played", 'odd."tag\\']), st.integers(1, 5))
def test_event_hash_is_sha256_of_canonical_fields(body, actor, action, rolls, type_, v):
    body_json = json_text(body)
    rolls_json = None if rolls is None else json_text(rolls)
    reference = hashlib.sha256(b"p" * 64 + canonical({
        "type": type_, "v": v, "body": body, "actor": actor, "action": action, "rolls": rolls})).hexdigest()
    assert event_hash("p" * 64, type_, v, body_json, actor, action, rolls_json) == reference


def test_salts_are_never_handed_out_twice_not_even_across_a_fork():
    """Salts are drawn ahead in bulk: a forked child (a tournament worker) must not reuse what its parent holds."""
    import os

    new_salts(1)   # the pool holds salts now
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(write, "".join(new_salts(5)).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    child = os.read(read, 1000).decode()
    os.close(read)
    child_salts = {child[i:i + 32] for i in range(0, len(child), 32)}
    ours = new_salts(5) + new_salts(200)
    assert len(child_salts) == 5 and not child_salts & set(ours)
    assert len(set(ours)) == 205 and all(len(s) == 32 and int(s, 16) >= 0 for s in ours)
    assert new_salts(0) == []


def test_body_text_leaves_out_the_tag_and_sorts_keys():
    assert body_text(Thing(n=3, card="é", tags=[2])) == '{"card":"é","n":3,"tags":[2]}'


def test_genesis_covers_the_header_fields():
    header = {"kind": "k", "config": {"a": 1}, "seats": [{"name": "x"}], "rules_version": "1", "data_hash": "d",
              "seed_commit": "c", "created": "t", "id": "ignored"}
    g = genesis_hash(header)
    assert g == hashlib.sha256(canonical({k: header[k] for k in GENESIS_FIELDS})).hexdigest()
    for field in GENESIS_FIELDS:
        changed = dict(header, **{field: "other"})
        assert genesis_hash(changed) != g, field
    assert genesis_hash(dict(header, id="other")) == g
    assert msgspec.json.decode(canonical(header))["config"] == {"a": 1}


def test_one_header_type_roots_the_record_the_log_and_the_genesis(store):
    """#18: the header fields are one msgspec Struct; the record, the exported header line and the
    genesis all go through it."""
    from dinocli.events.records import GameRecord, Header

    assert GENESIS_FIELDS == Header.__struct_fields__ and issubclass(GameRecord, Header)
    gid = new_game(store)
    store.append(gid, "main", [auto(1)], None)
    rec = store.game(gid)
    line = msgspec.json.decode(next(iter(store.export(gid))))
    assert genesis_hash(rec) == genesis_hash(line) == line["genesis"] == rec.genesis
    assert list(line)[:3] == ["format", "version", "game"] and list(line)[-3:] == ["genesis", "created", "view"]


def test_the_one_walk_follows_parents_through_a_tree_and_refuses_a_stranger():
    """#18: chain.walk hashes a path, a whole tree (verify) and single rows (event_hash) alike."""
    from dinocli.events.chain import walk
    from dinocli.events.errors import Unlinked

    def row(eid, parent, n):
        return (eid, parent, "test.thing", 1, json_text({"n": n}).encode(), None, None, None, eid, None, None, None)

    g = "0" * 64
    line = walk(g, [row(1, None, 1), row(2, 1, 2), row(3, 2, 3)], 1)
    tree = walk(g, [row(1, None, 1), row(2, 1, 2), row(4, 1, 9), row(3, 2, 3)], 1)
    assert [tree[0], tree[1], tree[3]] == line
    assert tree[2] == event_hash(line[0], "test.thing", 1, json_text({"n": 9}), None, None, None)
    with pytest.raises(Unlinked) as exc:
        walk(g, [row(1, None, 1), row(3, 2, 3)], 1)
    assert exc.value.args[0] == 3


def test_a_rewired_parent_on_a_straight_line_is_caught(store):
    """#19: the fast read of a straight line of play still follows every parent link through the hashes."""
    from dinocli.events.errors import ChainBroken

    gid = new_game(store)
    head = store.append(gid, "main", [auto(1, 2, 3, 4)], None)
    ids = [s.id for s in store.path(gid, head)]
    store.connection.execute("DROP TRIGGER events_no_update")
    store.connection.execute("UPDATE events SET parent = ? WHERE id = ?", [ids[0], ids[2]])
    with pytest.raises(ChainBroken) as exc:
        store.path(gid, head)
    assert exc.value.event_id == ids[2]


def test_a_long_path_is_read_in_batches_and_still_checked_to_the_last_event(store):
    """#19: a straight line longer than one read batch comes back whole and in order, and an edit in a
    later batch is still caught at its event."""
    from dinocli.events.errors import ChainBroken
    from dinocli.events.reads import BATCH as _BATCH

    gid = new_game(store)
    head = store.append(gid, "main", [auto(*range(2 * _BATCH + 7))], None)
    path = store.path(gid, head)
    assert [s.event.n for s in path] == list(range(2 * _BATCH + 7)) and path[-1].id == head
    assert all(a.hash == b.parent_hash for a, b in zip(path, path[1:]))
    target = path[_BATCH + 3].id
    store.connection.execute("DROP TRIGGER events_no_update")
    store.connection.execute("UPDATE events SET body = '{\"card\":\"x\",\"n\":-1,\"tags\":[]}' WHERE id = ?", [target])
    store.segments = False   # the rows themselves (a packed segment still holds what the chain proves: test_segments)
    with pytest.raises(ChainBroken) as exc:
        store.path(gid, head)
    assert exc.value.event_id == target


def test_export_names_an_event_whose_command_is_off_its_line(store):
    """#18 (transfer): a rewired command pointer is a one-line ChainBroken, not a crash halfway through the file."""
    from dinocli.events.errors import ChainBroken

    gid = new_game(store)
    head = store.append(gid, "main", [auto(1, 2, 3)], None)
    target = store.path(gid, head)[1].id
    store.connection.execute("DROP TRIGGER events_no_update")
    store.connection.execute("PRAGMA foreign_keys = OFF")
    store.connection.execute("UPDATE events SET command = 999 WHERE id = ?", [target])
    with pytest.raises(ChainBroken) as exc:
        list(store.export(gid, seed=None))
    assert exc.value.event_id == target and "\n" not in str(exc.value)
