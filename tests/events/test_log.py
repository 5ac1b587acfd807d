"""Export, the strict reader and import: round trips keep every hash; bad logs change nothing."""

from __future__ import annotations

import io

import msgspec
import pytest

from dinocli.events.chain import json_text
from dinocli.events.log import LIMITS, LogRejected, read_log
from dinocli.events.store import Command, Store, StoreError

from .conftest import Other, Thing, auto, count, decision, new_game, relink


@pytest.fixture
def played(store):
    """A finished game with a branch, an undo and rolls, recorded under hash rule 1 (log format 1,
    which must keep working: issue #16); (store, game id)."""
    gid = new_game(store, chain=1)
    h = store.append(gid, "main", [auto(1, 2)], None)
    h = store.append(gid, "main", [decision(0, "draw", 3, 4, rolls=[["deck/1", 52, 7], ["deck/2", 51, 0]])], h)
    store.set_head(gid, "main", store.path(gid, h)[1].id, h)  # undo...
    h = store.append(gid, "main", [decision(0, "pass", 5)], store.path(gid, h)[1].id)  # ...and play on
    h = store.append(gid, "main", [Command(1, "ünïcode \"quoted\"", None, [Other(seat=1), Thing(n=6, tags=[1])])], h)
    store.finish(gid, {"returns": [1, 0]})
    return store, gid


def lines_of(store: Store, gid: str, **kw) -> list[str]:
    return list(store.export(gid, **kw))


def test_export_format(played):
    store, gid = played
    lines = lines_of(store, gid)
    assert all(line.endswith("\n") and line.count("\n") == 1 for line in lines)
    header, *events, footer = [msgspec.json.decode(x) for x in lines]
    assert header["format"] == "dinocli-log" and header["version"] == 1 and header["game"] == gid
    assert header["view"] is None and header["genesis"] == store.game(gid).genesis
    assert [e["n"] for e in events] == [1, 2, 3, 4, 5]
    assert set(events[0]) == {"n", "type", "v", "body", "actor", "action", "rolls", "command", "parent_hash", "hash"}
    assert [e["command"] for e in events] == [1, 1, 3, 4, 4]
    assert events[3]["action"] == 'ünïcode "quoted"' and events[3]["body"] == {"seat": 1}
    assert footer == {"footer": True, "count": 5, "final_hash": events[-1]["hash"], "result": {"returns": [1, 0]},
                      "seed": "the-seed"}
    assert [e["hash"] for e in events] == [s.hash for s in store.path(gid, store.branch(gid, "main").head)]


def test_export_read_import_keeps_every_hash(played, tmp_path):
    store, gid = played
    data = "".join(lines_of(store, gid)).encode()
    parsed = read_log(data)
    assert parsed.header["game"] == gid and parsed.footer["seed"] == "the-seed"
    assert [e.starts_command for e in parsed.entries] == [True, False, True, True, False]
    assert parsed.entries[2].rolls is None and parsed.entries[2].action == "pass"
    with Store.open(tmp_path / "other.sqlite") as other:
        rec = other.import_log(parsed)
        assert rec.id == gid and rec.seed == "the-seed" and rec.result == {"returns": [1, 0]}
        assert other.secret_seed(gid) == "the-seed"
        assert rec.genesis == store.game(gid).genesis and rec.config == store.game(gid).config
        mine = store.path(gid, store.branch(gid, "main").head)
        theirs = other.path(gid, other.branch(gid, "main").head)
        assert [(s.hash, s.event, s.actor, s.action, s.rolls, s.seq) for s in theirs] == \
               [(s.hash, s.event, s.actor, s.action, s.rolls, s.seq) for s in mine]
        assert [s.command == s.id for s in theirs] == [s.command == s.id for s in mine]
        assert other.verify_chain(gid) == 5
        assert "".join(lines_of(other, gid)) == data.decode()
        n = count(other)
        with pytest.raises(LogRejected, match=f"already imported as {gid}"):
            other.import_log(parsed)
        assert count(other) == n and len(other.games()) == 1


def test_import_under_a_taken_id_gets_a_new_id_and_same_hashes(store):
    gid = new_game(store)
    store.append(gid, "main", [auto(1)], None)
    parsed = read_log(lines_of(store, gid))
    with Store.open(":memory:") as other:
        other.create_game("test", {}, [], "1", "h", "unrelated", game_id=gid)
        rec = other.import_log(parsed)
        assert rec.id != gid and rec.seed is None and rec.result is None
        assert other.path(rec.id, other.branch(rec.id, "main").head)[0].hash == parsed.entries[0].hash


def test_reader_accepts_iterables_of_lines_and_crlf(played):
    store, gid = played
    text = "".join(lines_of(store, gid))
    assert read_log(io.StringIO(text)).entries == read_log(text).entries
    assert read_log(text.replace("\n", "\r\n").encode()).final_hash == read_log(text).final_hash


def rejected(data, line: int, match: str, store: Store | None = None, **kw) -> LogRejected:
    """read_log (and import) must refuse the data at ``line`` and leave the database alone."""
    before = (count(store), count(store, "games")) if store else None
    with pytest.raises(LogRejected, match=match) as exc:
        parsed = read_log(data, **kw)
        if store is not None:
            store.import_log(parsed)
    assert exc.value.line == line
    assert str(exc.value).startswith(f"line {line}: ") if line else True
    if store is not None:
        assert (count(store), count(store, "games")) == before
    return exc.value


def edit(lines: list[str], no: int, fn) -> list[str]:
    """Apply ``fn`` to the decoded line ``no`` (1-based)."""
    out = list(lines)
    d = msgspec.json.decode(out[no - 1])
    fn(d)
    out[no - 1] = json_text(d) + "\n"
    return out


def test_tampered_body_is_rejected_at_its_line(played):
    store, gid = played
    lines = lines_of(store, gid)
    bad = edit(lines, 4, lambda d: d["body"].update(n=99))
    rejected("".join(bad), 4, "hash does not match", store)


def test_tampered_header_is_rejected(played):
    store, gid = played
    bad = edit(lines_of(store, gid), 1, lambda d: d["config"].update(n=5))
    rejected("".join(bad), 1, "genesis", store)


def test_truncated_log_is_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    rejected("".join(lines[:-1]), len(lines), "truncated", store)
    rejected("".join(lines[:-2]), len(lines) - 1, "truncated", store)
    rejected("", 1, "empty", store)
    # a line cut in the middle of a hash (head -c): the cut, not the digits left bare by it
    rejected("".join(lines[:-2]) + lines[-2][:lines[-2].index('"hash"') + 20], len(lines) - 1,
             r"a string is not closed \(is the line cut short\?\)", store)
    rejected("".join(lines) + lines[2], len(lines) + 1, "after the footer", store)


def test_reordered_and_duplicated_lines_are_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    swapped = lines[:2] + [lines[3], lines[2]] + lines[4:]
    rejected("".join(swapped), 3, "expected event 2, found event 3", store)
    duplicated = lines[:3] + [lines[2]] + lines[3:]
    rejected("".join(duplicated), 4, "expected event 3, found event 2", store)
    # even with a recomputed chain, a line moved out of its command is refused
    regrouped = relink(edit(lines, 4, lambda d: d.update(command=2)))
    rejected("".join(regrouped), 4, "command 2 is not the command of the previous event", store)


def test_size_limits_are_checked_before_decoding(played):
    store, gid = played
    lines = lines_of(store, gid)
    text = "".join(lines)
    rejected(text.encode(), 0, "over the limit", store, limits=LIMITS._replace(max_bytes=len(text) - 1))
    long = "".join(relink(edit(lines, 4, lambda d: d.update(action="x" * 2000))))
    rejected(long, 4, "line longer than 1,500 bytes", store, limits=LIMITS._replace(max_line=1500))
    rejected(text, 4, "more than 2 events", store, limits=LIMITS._replace(max_events=2))
    # the limits apply even to lines that are not valid JSON at all
    rejected("x" * (LIMITS.max_line + 1), 1, "line longer")


def test_deep_nesting_is_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    deep: list = []
    for _ in range(40):
        deep = [deep]
    bad = relink(edit(lines, 3, lambda d: d["body"].update(tags=deep)))
    rejected("".join(bad), 3, "nested deeper than 32", store)
    # brackets inside strings do not count
    ok = relink(edit(lines, 5, lambda d: d.update(action="[" * 100)))
    assert read_log("".join(ok)).entries[3].action == "[" * 100


def test_huge_numbers_are_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    bad = relink(edit(lines, 2, lambda d: d["body"].update(n=10**30)))
    rejected("".join(bad), 2, "number too large", store)
    bad = lines[:3] + [lines[3].replace('"v":1', '"v":1e999')] + lines[4:]
    rejected("".join(bad), 4, "number too large", store)
    # digits inside strings are fine
    ok = relink(edit(lines, 2, lambda d: d["body"].update(card="1" * 50)))
    assert read_log("".join(ok)).entries[0].event.card == "1" * 50


def test_unknown_tags_and_bad_schema_are_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    rejected("".join(relink(edit(lines, 2, lambda d: d.update(type="test.nope")))), 2, "unknown event type", store)
    rejected("".join(relink(edit(lines, 2, lambda d: d["body"].update(extra=1)))), 2, "unknown field", store)
    rejected("".join(relink(edit(lines, 2, lambda d: d["body"].update(n="1")))), 2, "Expected `int`", store)
    rejected("".join(relink(edit(lines, 3, lambda d: d.update(surprise=True)))), 3, "bad event line", store)
    rejected("".join(relink(edit(lines, 2, lambda d: d.update(v=2)))), 2, "newer than this dinocli", store)
    rejected("".join(relink(edit(lines, 3, lambda d: d.update(actor=0)))), 3, "only the first event", store)
    rejected("".join(lines[:2]) + "{not json\n" + "".join(lines[2:]), 3, "not valid JSON", store)
    rejected("".join(edit(lines, 7, lambda d: d.update(extra=1))), 7, "bad footer", store)
    rejected(b"\xff\xfe" + "".join(lines).encode(), 1, "UTF-8", store)


def test_wrong_version_and_format_are_rejected(played):
    store, gid = played
    lines = lines_of(store, gid)
    rejected("".join(edit(lines, 1, lambda d: d.update(version=5))), 1, "written by a newer dinocli", store)
    rejected("".join(edit(lines, 1, lambda d: d.update(version=0))), 1, "unsupported log version", store)
    rejected("".join(edit(lines, 1, lambda d: d.update(format="other"))), 1, "not a dinocli-log", store)
    rejected("".join(lines[1:]), 1, "not a dinocli-log", store)


def test_footer_is_checked(played):
    store, gid = played
    lines = lines_of(store, gid)
    rejected("".join(edit(lines, 7, lambda d: d.update(count=4))), 7, "counts 4 events", store)
    rejected("".join(edit(lines, 7, lambda d: d.update(final_hash="0" * 64))), 7, "final hash", store)
    # the seed against its commitment is the one verifier's check: tests/trust/test_seed_commitment.py


def test_a_format_1_view_is_for_reading_only(played):
    """A format 1 game cannot be exported as a seat's view any more (its unsalted hashes would give
    away what the view hides: #16); a format 1 view written before still reads, for display only."""
    store, gid = played
    with pytest.raises(StoreError, match="format 1"):
        lines_of(store, gid, redact=lambda ev: ev, view_seat=1)
    header, *events, footer = [msgspec.json.decode(x) for x in lines_of(store, gid)]
    header["view"] = 1
    events = [dict(e, rolls=None) for e in events if e["type"] != "test.other"]
    events[2]["body"] = {"card": "?", "n": 0, "tags": []}
    lines = [json_text(x) + "\n" for x in (header, *events, footer)]
    rejected("".join(lines), 1, "a seat's view cannot be imported", store)
    view = read_log("".join(lines), allow_view=True)
    assert view.is_view and [e.seq for e in view.entries] == [1, 2, 3, 5]
    with pytest.raises(LogRejected, match="view"):
        store.import_log(view)


def test_log_rejected_message_is_one_line():
    exc = LogRejected(12, "two\nlines")
    assert str(exc) == "line 12: two lines" and exc.line == 12 and exc.reason == "two lines"
    assert str(LogRejected(0, "already imported as abc")) == "already imported as abc"
