"""Issue #18 item 3: one seat lookup (service.find_seat) for --as, --seat, takeover and replay, with one
error shape: name (any case), then 0-based number, then the start of exactly one name."""

from __future__ import annotations

import json

import pytest

from dinocli.service import Service, ServiceError, find_seat
from tests.clirunner import Dino
from tests.process.conftest import refused, run

NAMES = ["ann", "anna", "Rex", "trike"]


@pytest.mark.parametrize("who,seat", [
    ("ann", 0), ("ANN", 0), ("Ann", 0), ("anna", 1), ("rex", 2), ("REX", 2), ("r", 2), ("tri", 3), ("T", 3),
    ("0", 0), ("3", 3), ("007", None), (2, 2), (None, None),
])
def test_names_numbers_and_prefixes(who, seat):
    if who == "007":   # digits, out of range: a number, not a name's start
        with pytest.raises(ServiceError, match=r"^no seat 007: seats are 0 ann, 1 anna, 2 Rex, 3 trike$"):
            find_seat(NAMES, who)
        return
    assert find_seat(NAMES, who) == seat


@pytest.mark.parametrize("who,message", [
    ("an", "seat 'an' is ambiguous: 0 ann or 1 anna"),
    ("a", "seat 'a' is ambiguous: 0 ann or 1 anna"),
    ("4", "no seat 4: seats are 0 ann, 1 anna, 2 Rex, 3 trike"),
    (4, "no seat 4: seats are 0 ann, 1 anna, 2 Rex, 3 trike"),
    (-1, "no seat -1: seats are 0 ann, 1 anna, 2 Rex, 3 trike"),
    ("-1", "no seat '-1': seats are 0 ann, 1 anna, 2 Rex, 3 trike"),
    ("", "no seat '': seats are 0 ann, 1 anna, 2 Rex, 3 trike"),
    (" 1", "no seat ' 1': seats are"),
    ("١", "no seat '١': seats are"),        # an Arabic-Indic digit is not a seat number
    ("1_0", "no seat '1_0': seats are"),    # nor is what int() would read
    ("annie", "no seat 'annie': seats are"),
    (True, "no seat 'True': seats are"),
    ("\x1b[2J", "no seat '\\x1b[2J': seats are"),
    ("z" * 500, "no seat '" + "z" * 40 + "…': seats are"),
])
def test_one_error_shape(who, message):
    with pytest.raises(ServiceError) as exc:
        find_seat(NAMES, who)
    assert str(exc.value).startswith(message) and "\n" not in str(exc.value)


def test_hostile_names_a_name_wins_over_a_number_and_case_twins_are_ambiguous():
    """Names a database could hold though `new` refuses them: a name that reads as a number is that seat
    (names first); two names equal but for case are ambiguous, never silently the first."""
    assert find_seat(["ann", "rex", "0"], "0") == 2
    assert find_seat(["ann", "rex", "0"], "1") == 1
    with pytest.raises(ServiceError, match="seat 'bob' is ambiguous: 0 bob or 1 BOB"):
        find_seat(["bob", "BOB"], "bob")
    assert find_seat(["a\x1bb", "c"], "a\x1bb") == 0


@pytest.fixture
def games(tmp_path):
    """A finished game with seats ann, anna, rex (exported to a file too) in a fresh database."""
    db = tmp_path / "s.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("sos", players=["ann", "anna"], bots=["random"], seed="seats")
    while not g.over:
        if g.is_human(g.to_move):
            g, _ = svc.move(g.id, g.legal_texts()[0])
        else:
            svc.bot_step(g)
    path = tmp_path / "s.jsonl"
    path.write_text("".join(svc.export_lines(g.id)))
    svc.close()
    return db, g.id, path


def test_every_command_finds_seats_alike(games):
    """show, log, export, replay (a game and a file) and takeover: the same seat for the same text, the
    same one-line error for an ambiguous prefix or an unknown seat."""
    db, gid, path = games
    dino = Dino(db)
    for who in ("an", "nobody", "7"):
        errors = {dino(*args).stderr for args in (
            ("show", gid, "--as", who), ("log", gid, "--as", who), ("export", gid, "--as", who),
            ("replay", gid, "--as", who), ("replay", str(path), "--as", who), ("takeover", gid, "--at", "1", "--seat", who))}
        assert len(errors) == 1, errors
        (err,) = errors
        assert err.count("\n") == 1 and ("ambiguous: 0 ann or 1 anna" in err or "seats are 0 ann, 1 anna, 2 " in err)
    shown = {json.dumps(dino.json("show", gid, "--as", who)) for who in ("REX", "r", "2")}
    assert len(shown) == 1


def test_an_ambiguous_seat_as_a_process(games):
    db, gid, path = games
    refused(run("log", gid, "--as", "an", db=db), 1, r"^dinocli: seat 'an' is ambiguous: 0 ann or 1 anna$")
    refused(run("replay", str(path), "--as", "AN", db=db), 1, r"^dinocli: seat 'AN' is ambiguous: 0 ann or 1 anna$")
