"""The seating is typed and decoded strictly, by the Table, never by the store (issue 38); old logs and old
databases still read: every header of saves/ and tests/trust/data/seating-main.sqlite, made by dinocli at
commit 65db3e1 (main before the Table: a strict Dingo game of two people and a bot, a casual SOS game taken
over by "zed" in the bot's seat after decision 2, whose "you" seat a bot now plays, and a saved tournament
game)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest

from dinocli.events import canonical
from dinocli.events.errors import DatabaseUnavailable
from dinocli.events.records import SeatRecord, seating_of, seats_of
from dinocli.service import Service
from dinocli.table import Table
from tests.clirunner import Dino

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).with_name("data") / "seating-main.sqlite"
STRICT, TAKEN, TOURNAMENT = "yxrvgirc", "5azg6c3d", "2pq72hfz"
LOGS = sorted(ROOT.glob("saves/**/*.jsonl"))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_saved_log_header_seats_decode_and_encode_as_they_were_hashed(path):
    seats = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["seats"]
    typed = seats_of(seats)
    assert all(isinstance(s, SeatRecord) for s in typed)
    assert canonical(msgspec.to_builtins(typed)) == canonical(seats)   # the genesis hash covers these bytes


@pytest.mark.parametrize("seats", [
    [{"name": "ann"}], [{"name": 5, "bot": None}], [{"name": "ann", "bot": 7}], [{"name": "ann", "bot": None, "x": 1}],
    "ann", [["ann", None]],
])
def test_seats_of_the_wrong_shape_are_refused(seats):
    with pytest.raises(msgspec.ValidationError):
        seats_of(seats)


@pytest.mark.parametrize("meta", [
    {"undo": "sometimes"}, {"undo_chosen": "yes"}, {"takeovers": ["x"]}, {"takeovers": {"t": {"seats": [], "at": 1}}},
    {"takeovers": {"t": {"seats": [], "at": "1", "from": "main", "seat": 0}}},
])
def test_a_seating_of_the_wrong_shape_is_refused(meta):
    with pytest.raises(msgspec.ValidationError):
        seating_of(meta)


def test_the_store_keeps_a_seating_it_does_not_judge_and_the_table_refuses_it(tmp_path):
    """The store hands out what it was given; the Table, built from it, says the record is corrupt."""
    svc = Service.open(str(tmp_path / "s.db"))
    gid = svc.new_game("dingo", players=["ann"], bots=["random"], seed="1").id
    bad = {"undo": "casual", "takeovers": {"t": {"seats": [{"name": "ann", "bot": None}], "seat": 3, "at": 1,
                                                 "from": "main"}}}
    svc.store.set_meta(gid, bad)
    record = svc.store.game(gid)
    assert record.meta == bad
    with pytest.raises(DatabaseUnavailable, match=rf"database is corrupt \(game {gid}: its take-over seatings"):
        Table(record)
    with pytest.raises(DatabaseUnavailable, match="its take-over seatings"):
        svc.load(gid)
    svc.close()


def test_a_database_made_before_the_table_reads_shows_and_plays_on(tmp_path):
    db = tmp_path / "old.sqlite"
    shutil.copy(DATA, db)
    dino = Dino(db)
    rows = {r["game"]: r for r in dino.json("games")}
    assert set(rows) == {STRICT, TAKEN, TOURNAMENT}
    assert rows[TAKEN]["practice_players"] == {"takeover-2": {"seat": 1, "name": "rex", "player": "zed",
                                                             "label": "zed as rex"}}
    assert rows[STRICT]["seats"] == ["ann", "bob", "rex (rules)"] and rows[TOURNAMENT]["tournament"]
    taken = dino.json("show", TAKEN)
    assert taken["branch"] == "takeover-2" and taken["seats"][1] == {"name": "rex", "bot": None, "player": "zed"}
    assert taken["names"] == ["trike", "rex"] == taken["view"]["names"]   # one list: the bot's "you" seat as trike
    assert dino("show", STRICT, "--as", "bob").exit_code == 1   # two people, strict: another seat stays shut
    r = dino("verify", "--all")
    assert r.exit_code == 0 and "3 of 3 games verified" in r.stdout, r.stderr
    again = dino("takeover", TAKEN, "--at", "1", "--seat", "0", "--bot", "random")
    assert again.exit_code == 0, again.stderr
    svc = Service.open(str(db))
    meta = svc.store.game(TAKEN).meta
    assert set(meta["takeovers"]) == {"takeover-2", "takeover-1"} and meta["undo_chosen"] is True
    assert svc.load(TAKEN, branch="takeover-2").label(1) == "zed as rex"
    svc.close()
