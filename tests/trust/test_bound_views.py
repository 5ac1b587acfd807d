"""Issue #16, the last binding gap: in log format 2 what a seat's view shows of an event hidden from it
(``shown``) and whom it is hidden from are the exporter's word, since a sealed event's hash covers only
its commitment. Format 3 binds both: a sealed event's hash also covers its public form, canonical
``{"seen", "shown"}``. Each attack below is made by the exporting seat, the strongest way the
format allows (it knows its own salts and every commitment, so it can recompute every hash), and run
through ``dinocli replay FILE --verify`` and ``dinocli import`` as separate processes: accepted on
format 2 (the fixtures in data/ were exported before format 3), refused on format 3.

A format 3 view binds to its final hash: an edit either breaks the chain at the edited event, or, with
every hash after it recomputed, ends at another final hash, which ``import`` and ``replay --verify``
refuse with a database that holds the game, and which differs from the one the game's other views and
full log carry."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinocli import games
from dinocli.cli import cli
from dinocli.events.chain import commitment, event_hash, json_text, line_public, link_hash, public_text
from dinocli.events.errors import LogRejected
from dinocli.games.dingo.data import ALL
from dinocli.service import Service, read_log_for_game
from dinocli.verify import public_form, verify_log

from .forge import DATA, dump, relink, rows, run
SEAT, OTHERS = 1, (0, 2)


def same_in_process(db: Path, r: subprocess.CompletedProcess, *args: str) -> None:
    """The same command in-process (click's runner) gives the same exit status and words."""
    inproc = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert (inproc.exit_code, inproc.stdout, inproc.stderr) == (r.returncode, r.stdout, r.stderr), inproc.output


def accepted(lines: list[dict]) -> bool:
    """Whether the one verifier (in-process) accepts a view."""
    try:
        verify_log(read_log_for_game(dump(lines).encode(), allow_view=True))
    except LogRejected:
        return False
    return True


def hide_own_draw(lines: list[dict], i: int, shown: dict | None, seen: list[int] | None = None) -> None:
    """Write the seat's own opened draw at line ``i`` as hidden: its commitment (the seat has the salt), the
    given shown form and (format 3) seeing set, no body."""
    e = lines[i]
    e["commit"] = commitment(e["salt"], e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"])
    e["shown"] = shown
    if seen is not None:
        e["seen"] = seen
    e.update(type=None, v=None, body=None, actor=None, action=None, salt=None)


def as_another_seats(e: dict) -> dict:
    return {"type": e["type"], "v": e["v"], "body": {"seat": OTHERS[1], "card": -1}, "actor": e["actor"]}


def own_draws(lines: list[dict]) -> list[int]:
    return [k for k, e in enumerate(lines[1:-1], 1)
            if e["type"] == "dingo.card_drawn" and e["body"]["seat"] == SEAT and e["salt"]]


def others_draws(lines: list[dict]) -> list[int]:
    return [k for k, e in enumerate(lines[1:-1], 1) if e["commit"] and e["shown"]
            and e["shown"]["type"] == "dingo.card_drawn" and e["shown"]["body"]["seat"] != SEAT]


# -- the forgeries, each a function of a view's lines and a line number: the forged lines ----------------

def re_shown(lines: list[dict], i: int, fmt: int) -> list[dict]:
    """(1) The seat's own sealed draw written as hidden and shown as another seat's draw (and, format 3,
    seen by that seat only): the card leaves the seat's hand as the check sees it."""
    hide_own_draw(lines, i, as_another_seats(lines[i]), [OTHERS[1]] if fmt == 3 else None)
    return lines


def other_shown(lines: list[dict], i: int, fmt: int) -> list[dict]:
    """(2) A hidden draw of another seat shown as the third seat's (its seeing set, format 3, to match)."""
    other = {OTHERS[0]: OTHERS[1], OTHERS[1]: OTHERS[0]}[lines[i]["shown"]["body"]["seat"]]
    lines[i]["shown"]["body"]["seat"] = other
    if fmt == 3:
        lines[i]["seen"] = [other]
    return lines


def unseen(lines: list[dict], i: int, fmt: int) -> list[dict]:
    """(3) The seeing set: the seat's own draw declared one it may not see, and nothing shown of it (format 2
    has no seeing set: hiding the line is the claim). The verifier then cannot fold the view, and
    checks no decision for legality."""
    hide_own_draw(lines, i, None, [] if fmt == 3 else None)
    return lines


ATTACKS = {"re-shown own draw": (re_shown, own_draws), "other seat's shown form": (other_shown, others_draws),
           "seeing set": (unseen, own_draws)}


@pytest.fixture(scope="module")
def format3(tmp_path_factory):
    """A finished Dingo game recorded as new games are (format 4: format 3's bound views, salted seed commitment;
    its database, seat 1's view, the full log's final hash)."""
    db = tmp_path_factory.mktemp("bound") / "games.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", bots=["random"] * 3, seed="bound-views", options={"goal": 2})
    list(svc.run_bots(g))
    view = "".join(svc.export_lines(g.id, as_seat=SEAT))
    final = rows("".join(svc.export_lines(g.id)))[-1]["final_hash"]
    svc.close()
    return db, view, final


@pytest.fixture(scope="module")
def format2(tmp_path_factory):
    """The format 2 game of data/ imported (so its holder's import checks views against it), and seat 1's view."""
    db = tmp_path_factory.mktemp("unbound") / "games.sqlite"
    r = run(db, "import", str(DATA / "format2-dingo.jsonl"))
    assert r.returncode == 0, r.stderr
    return db, (DATA / "format2-dingo-seat1.jsonl").read_text()


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_the_attack_is_accepted_on_format_2(format2, tmp_path, attack):
    """#16: on format 2 each forgery keeps every hash (a hidden event's hash covers its commitment only), so
    `replay --verify` says Verified and `import` finds nothing wrong but that it is a view; the forged view
    ends at the game's own final hash. (This is the gap format 3 closes.)"""
    db, text = format2
    forge, where = ATTACKS[attack]
    lines = rows(text)
    forged = next(f for i in where(lines) if accepted(f := forge(rows(text), i, 2)))
    assert forged[-1]["final_hash"] == lines[-1]["final_hash"] and forged != lines
    path = tmp_path / "forged.jsonl"
    path.write_text(dump(forged), encoding="utf-8")
    replayed = run(db, "replay", str(path), "--verify")
    assert replayed.returncode == 0 and replayed.stdout.startswith("Verified"), replayed.stderr
    same_in_process(db, replayed, "replay", str(path), "--verify")
    imported = run(db, "import", str(path))
    assert imported.returncode == 4 and "a seat's view cannot be imported" in imported.stderr, imported.stderr
    same_in_process(db, imported, "import", str(path))


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_the_attack_is_refused_on_format_3(format3, tmp_path, attack):
    """#16: on format 3 the same forgery, made the strongest way (the event's public form rewritten to
    match and every later hash recomputed, so the view verifies on its own terms), no longer ends at the
    game's final hash: `import` and `replay --verify` with a database that holds the game refuse it, naming
    the footer, and elsewhere its verdict names another final hash than the true view's. Left with the
    true hashes, `replay --verify` and `import` refuse it at the edited line; with the bound seeing set left as it was, they
    refuse it at the event (the seat may see it)."""
    db, text, final = format3
    forge, where = ATTACKS[attack]
    lines = rows(text)
    i, forged = next((i, f) for i in where(lines) if accepted(f := relink(forge(rows(text), i, 3))))
    assert forged[-1]["final_hash"] != final == lines[-1]["final_hash"]
    path = tmp_path / "forged.jsonl"
    path.write_text(dump(forged), encoding="utf-8")
    imported = run(db, "import", str(path))
    assert imported.returncode == 4 and f"line {len(lines)}: this view of game" in imported.stderr \
        and "ends at no event of it here" in imported.stderr, imported.stderr
    same_in_process(db, imported, "import", str(path))
    replayed = run(db, "replay", str(path), "--verify")   # polish6 item 2: the same check as import, same words
    assert replayed.returncode == 4 and replayed.stdout == "" and replayed.stderr == imported.stderr, replayed.stderr
    same_in_process(db, replayed, "replay", str(path), "--verify")
    elsewhere = run(tmp_path / "fresh.sqlite", "replay", str(path), "--verify")   # nothing to compare with
    assert elsewhere.returncode == 0 and f"final hash {forged[-1]['final_hash'][:16]}" in elsewhere.stdout
    assert f"final hash {final[:16]}" not in elsewhere.stdout   # the true view's verdict names `final`
    assert elsewhere.stdout.splitlines()[-1] == \
        f"Not compared with the local database: there is no database at {tmp_path / 'fresh.sqlite'}."
    assert not (tmp_path / "fresh.sqlite").exists()   # replay creates no database
    kept = forge(rows(text), i, 3)            # the true hashes kept
    path.write_text(dump(kept), encoding="utf-8")
    for r in (run(db, "replay", str(path), "--verify"), run(tmp_path / "fresh.sqlite", "import", str(path))):
        assert r.returncode == 4 and f"line {i + 1}: the hash does not match the event" in r.stderr, r.stderr
    same_in_process(tmp_path / "fresh.sqlite", r, "import", str(path))
    if attack != "other seat's shown form":   # the seat's own draw: the bound seeing set lists the seat
        bound = rows(text)
        seen = bound[i]["seen"]
        assert SEAT in seen
        forged = relink(forge(bound, i, 3))
        forged[i]["seen"] = seen
        path.write_text(dump(relink(forged)), encoding="utf-8")
        for r in (run(db, "replay", str(path), "--verify"), run(tmp_path / "fresh.sqlite", "import", str(path))):
            assert r.returncode == 4 and f"line {i + 1}: event {i}: seat {SEAT} may see this event" in r.stderr, \
                r.stderr


def test_a_full_log_whose_public_form_is_not_the_games_is_refused(format3, tmp_path):
    """#16: the full log binds every sealed event's public form too, and import checks it against the game's
    own redaction: a shown form or seeing set rewritten (hashes recomputed) is refused at its event, so a
    published game proves the forms its views were checked against."""
    db, _text, _final = format3
    gid = json.loads(run(db, "games", "--json").stdout)[0]["game"]
    full = rows(run(db, "export", gid).stdout)
    i = next(k for k, e in enumerate(full[1:-1], 1) if e["seen"])
    for edit in (lambda e: e["seen"].append(SEAT if SEAT not in e["seen"] else OTHERS[0]),
                 lambda e: e["shown"]["body"].update(seat=(e["shown"]["body"]["seat"] + 1) % 3)):
        lines = rows(run(db, "export", gid).stdout)
        edit(lines[i])
        lines[i]["seen"].sort()
        prev = lines[0]["genesis"]
        for e in lines[1:-1]:
            e["parent_hash"] = prev
            rolls = None if e["rolls"] is None else json_text(e["rolls"])
            e["hash"] = prev = event_hash(prev, e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"],
                                          rolls, e["salt"], e["rolls_salt"], chain=3, public=line_public(e))
        lines[-1]["final_hash"] = prev
        path = tmp_path / "full.jsonl"
        path.write_text(dump(lines), encoding="utf-8")
        r = run(tmp_path / "other.sqlite", "import", str(path))
        assert r.returncode == 4 and f"line {i + 1}: event {i}: its public form" in r.stderr, r.stderr


def test_format_2_logs_still_import_and_verify(tmp_path):
    """#16 old logs keep working: the format 2 game of data/ imports, verifies stored and exports as it was
    (format 2); its seat's views (Dingo, Dodos) verify, saying that no hash covers what they show."""
    db = tmp_path / "games.sqlite"
    text = (DATA / "format2-dingo.jsonl").read_text()
    assert run(db, "import", str(DATA / "format2-dingo.jsonl")).returncode == 0
    gid = json.loads(run(db, "games", "--json").stdout)[0]["game"]
    verified = run(db, "verify", gid)
    assert verified.returncode == 0 and "format 2" in verified.stdout, verified.stderr
    assert run(db, "export", gid).stdout.splitlines()[1:] == text.splitlines()[1:]
    view = run(db, "export", gid, "--as", str(SEAT)).stdout
    assert view.splitlines()[1:] == (DATA / "format2-dingo-seat1.jsonl").read_text().splitlines()[1:]
    for name in ("format2-dingo-seat1.jsonl", "format2-dodos-seat1.jsonl"):
        r = run(db, "replay", str(DATA / name), "--verify")
        assert r.returncode == 0 and "(format 2)" in r.stdout and "no hash covers" in r.stdout, r.stderr
        assert "against their hashes" not in r.stdout


def test_a_format_3_view_says_its_shown_forms_are_bound(format3, tmp_path):
    """#16: a format 3 view's verdict states that the seat's own decisions were checked against bound shown
    forms, and the format 2 caveat (no hash covers what it shows) is gone."""
    db, text, final = format3
    path = tmp_path / "view.jsonl"
    path.write_text(text, encoding="utf-8")
    r = run(db, "replay", str(path), "--verify")
    assert r.returncode == 0, r.stderr
    assert "(format 4)" in r.stdout and "(by the shown forms the hashes bind)" in r.stdout
    assert "against their hashes" in r.stdout and "no hash covers" not in r.stdout
    assert f"final hash {final[:16]}" in r.stdout
    imported = run(db, "import", str(path))   # the true view ends at the game's final hash: only a view
    assert imported.returncode == 4 and "a seat's view cannot be imported" in imported.stderr


CASES = [("dingo", 3, ()), ("dingo", 2, ("two-player-six",)), ("dodos", 4, ("abilities",)), ("dodos", 3, ("space",)),
         ("dillos", 3, ("houston",)), ("sos", 2, ())]


@pytest.mark.parametrize("kind,seats,variants", CASES)
def test_every_games_redaction_is_one_form_for_all_who_may_not_see(kind, seats, variants):
    """#16, format 3 binds one shown form per sealed event: in random games of every game, each event is
    shown alike to every seat (and an onlooker) that may not see it, so public_form never refuses, and
    whoever sees it sees the event itself."""
    from tests.trust.test_seat_view import _random_game

    assert {k for k, *_ in CASES} == set(games.GAMES)
    game, config, commands = _random_game(kind, seats, 11, variants)
    sealed = 0
    for _action, events in commands:
        for ev in events:
            form = public_form(game, seats, ev)
            others = {repr(game.redact(ev, s)) for s in (None, *range(seats)) if game.redact(ev, s) != ev}
            assert len(others) <= 1
            if form is not None:
                sealed += 1
                seen, shown = form
                assert repr(shown) in others and all(game.redact(ev, s) == ev for s in seen)
    assert sealed or kind == "sos"


def test_the_public_form_hides_nothing_more_than_the_view_shows(format3):
    """#16 hiding, extended to format 3's new hash input: a hidden line's hash is a function of its parent,
    its rolls commitment, its commitment and its public form, all of which the view carries; trying
    every card value against everything the line carries (its commitment, its hash, the digest of its
    public form) matches nothing, and the public form is the seat's own information."""
    _db, text, _final = format3
    lines = rows(text)

    hidden = [e for e in lines[1:-1] if e["commit"]]
    assert hidden
    for e in hidden:
        public = line_public(e)
        assert public == public_text(e["seen"], (e["shown"]["type"], e["shown"]["v"], json_text(e["shown"]["body"]),
                                                 e["shown"]["actor"]))
        assert link_hash(e["parent_hash"], e["rolls_commit"], commit=e["commit"], public=public) == e["hash"]
        targets = {e["commit"], e["hash"], hashlib.sha256(public.encode()).hexdigest()}
        for card in ALL:
            body = json_text({**e["shown"]["body"], "card": card})
            content = json.dumps({"action": None, "actor": e["shown"]["actor"], "body": json.loads(body),
                                  "type": e["shown"]["type"], "v": e["shown"]["v"]}, sort_keys=True,
                                 separators=(",", ":")).encode()
            guesses = {hashlib.sha256(content).hexdigest(),
                       hashlib.sha256(content + public.encode()).hexdigest(),
                       hashlib.sha256(public.replace('"card":-1', f'"card":{card}').encode()).hexdigest(),
                       link_hash(e["parent_hash"], e["rolls_commit"],
                                 content=(e["shown"]["type"], e["shown"]["v"], body, e["shown"]["actor"], None))}
            assert not guesses & targets, card
        assert "card" not in public or '"card":-1' in public


def test_a_format_2_database_migrates_verifies_and_records_new_games_in_format_3(tmp_path):
    """#16 old databases keep working: data/format2.sqlite (written before format 3: the Dingo game of
    data/ and a Dodos game) gains the public-form column, verifies its games under format 2, exports them
    (and their views) as format 2; a new game in it is recorded, exported and verified in the current format (4)."""
    db = tmp_path / "old.sqlite"
    db.write_bytes((DATA / "format2.sqlite").read_bytes())
    r = run(db, "verify", "--all")
    assert r.returncode == 0 and "2 of 2 games verified" in r.stdout and r.stdout.count("(format 2)") == 2, r.stderr
    assert "public form" not in r.stdout
    gid = next(g["game"] for g in json.loads(run(db, "games", "--json").stdout) if g["kind"] == "dingo")
    assert run(db, "export", gid).stdout.splitlines()[1:] == \
        (DATA / "format2-dingo.jsonl").read_text().splitlines()[1:]
    assert json.loads(run(db, "export", gid, "--as", "0").stdout.splitlines()[0])["version"] == 2
    new = run(db, "new", "sos", "--bot", "random", "--bot", "random", "--watch", "--fast", "--seed", "f3", "--json")
    assert new.returncode == 0, new.stderr
    fresh = next(g["game"] for g in json.loads(run(db, "games", "--json").stdout) if g["kind"] == "sos")
    assert json.loads(run(db, "export", fresh).stdout.splitlines()[0])["version"] == 4
    r = run(db, "verify", "--all")
    assert r.returncode == 0 and "3 of 3 games verified" in r.stdout and "(format 4)" in r.stdout, r.stderr
