"""Issue #16: the attacks on what a log proves and hides, each run through the CLI as a separate
process (and in-process where many variants are tried): hidden cards read back from a seat's
view, forged luck, two verifiers that disagree, tampered stored games. Also the #17 importer items."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinocli.cli import cli
from dinocli.events import canonical
from dinocli.events.chain import line_public, event_hash, json_text
from dinocli.service import Service

DINOCLI = [str(Path(sys.executable).with_name("dinocli"))]


def run(db: Path, *args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    """dinocli as a separate process."""
    return subprocess.run([*DINOCLI, "--db", str(db), *args], input=input, capture_output=True, timeout=120)


def rows(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def line_hash(prev: str, e: dict) -> str:
    """An event line's hash under its log's rule (format 2 lines have a ``salt`` field, format 3 also ``seen``)."""
    rolls = None if e["rolls"] is None else json_text(e["rolls"])
    if "salt" in e:
        return event_hash(prev, e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"], rolls, e["salt"],
                          e["rolls_salt"], chain=3 if "seen" in e else 2, public=line_public(e))
    return event_hash(prev, e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"], rolls)


def dump(rows_: list[dict]) -> bytes:
    return "".join(json_text(r) + "\n" for r in rows_).encode()


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A database with a finished Dingo game, a finished Dodos game and an unfinished Dingo game."""
    db = tmp_path_factory.mktemp("attacks") / "games.sqlite"
    svc = Service.open(str(db))
    ids = {}
    g = svc.new_game("dingo", bots=["random"] * 3, seed="attack-a", options={"goal": 2})
    list(svc.run_bots(g))
    ids["dingo"] = g.id
    g = svc.new_game("dodos", bots=["random"] * 3, seed="attack-d")
    list(svc.run_bots(g))
    ids["dodos"] = g.id
    g = svc.new_game("dingo", bots=["random"] * 3, seed="attack-b", options={"goal": 2})
    list(svc.run_bots(g))
    ids["loser_wins"] = g.id
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="attack-u", options={"goal": 3},
                     undo="casual")   # casual: its whole log may be exported while it runs
    list(svc.run_bots(g))
    ids["unfinished"] = g.id
    svc.close()
    return db, ids


def _hidden_guesses(line: dict, parent: str, candidates: list[dict]) -> int:
    """How many candidate bodies of a hidden line match what the line carries, under every unsalted rule."""
    hits = 0
    targets = {line.get("hash"), line.get("commit")} - {None}
    for cand in candidates:
        body = json_text(cand["body"])
        guesses = {
            event_hash(parent, cand["type"], cand["v"], body, cand["actor"], cand["action"], cand["rolls"]),
            hashlib.sha256(canonical({k: cand[k] for k in ("type", "v", "body", "actor", "action")})).hexdigest(),
            hashlib.sha256(canonical({k: cand[k] for k in ("type", "v", "body", "actor", "action", "rolls")})).hexdigest(),
        }
        hits += bool(guesses & targets)
    return hits


def test_hidden_cards_cannot_be_read_back_from_a_seat_view(played):
    """Attack 1: for every card another seat drew, try every card value (and the true event itself, with its
    true action and rolls) against what `export --as` carries; nothing matches, and the view carries no
    body, action, rolls or salt of a hidden event and no seed."""
    db, ids = played
    full = run(db, "export", ids["dingo"])
    view = run(db, "export", ids["dingo"], "--as", "0")
    assert full.returncode == 0 and view.returncode == 0, view.stderr
    truth, seen = rows(full.stdout.decode()), rows(view.stdout.decode())
    by_hash = {r["hash"]: r for r in truth[1:-1]}
    tried = recovered = hidden = 0
    leaks: list[bool] = []
    for line in seen[1:-1]:
        true = by_hash[line["hash"]]
        assert line.get("rolls") is None and line.get("rolls_salt") is None
        if true["type"] != "dingo.card_drawn" or true["body"]["seat"] == 0:
            continue
        hidden += 1
        leaks.append(line.get("body") not in (None, {**true["body"], "card": -1}) or line.get("salt") is not None
                     or line.get("action") is not None or line.get("type") is not None)
        shown = line.get("shown") or {"type": line["type"], "v": line["v"], "body": line["body"], "actor": None}
        candidates = [{"type": "dingo.card_drawn", "v": shown["v"], "body": {**shown["body"], "card": card},
                       "actor": true["actor"], "action": true["action"], "rolls": None} for card in range(200)]
        candidates.append({**true, "rolls": None if true["rolls"] is None else json_text(true["rolls"])})
        tried += len(candidates)
        recovered += bool(_hidden_guesses(line, line["parent_hash"], candidates))
    assert hidden > 20 and tried > 4000
    assert recovered == 0, f"{recovered} of {hidden} hidden draws recovered"
    assert not any(leaks), "a hidden line carries a body, salt, type or action"
    assert seen[-1]["seed"] is None and truth[-1]["seed"] == "attack-a"   # the seed would open every draw


def test_rolls_and_secret_picks_stay_hidden(played):
    """Attack 1 (action text, rolls): another seat's secret pick leaves no action text in the view, and no
    roll can be confirmed even by an attacker who guesses the exact draws."""
    db, ids = played
    truth = rows(run(db, "export", ids["dodos"]).stdout.decode())
    seen = rows(run(db, "export", ids["dodos"], "--as", "0").stdout.decode())
    picks = 0
    for line, true in zip(seen[1:-1], truth[1:-1]):
        if true["type"] == "dodos.card_picked" and true["actor"] not in (None, 0):
            picks += 1
            assert line["action"] is None and true["action"] in (None, "") or line["action"] is None
        if true["rolls"]:
            assert line["rolls"] is None
            exact = canonical(true["rolls"])
            assert line.get("rolls_commit") not in {hashlib.sha256(exact).hexdigest(),
                                                hashlib.sha256(b"" + exact).hexdigest()}
    assert picks > 0


def test_a_seat_view_verifies_and_says_what_it_could_not_check(played, tmp_path):
    """Binding: a seat's view still verifies (chain through the commitments, every event it may see) and
    says what it could not check; one altered opened body or commitment is caught at its event."""
    db, ids = played
    text = run(db, "export", ids["dingo"], "--as", "1").stdout.decode()
    path = tmp_path / "view.jsonl"
    path.write_text(text)
    r = run(db, "replay", str(path), "--verify")
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert "hash chain of all" in out and "Not checked:" in out and "may not see" in out
    lines = rows(text)
    opened = next(i for i, x in enumerate(lines[1:-1], 1) if x["type"] == "dingo.card_drawn")
    hidden = next(i for i, x in enumerate(lines[1:-1], 1) if x["commit"])
    for i, edit in ((opened, lambda x: x["body"].update(card=(x["body"]["card"] + 1) % 50)),
                    (hidden, lambda x: x.update(commit="0" * 64))):
        forged = json.loads(json.dumps(lines))
        edit(forged[i])
        path.write_bytes(dump(forged))
        r = run(db, "replay", str(path), "--verify")
        assert r.returncode == 4 and f"line {i + 1}:" in r.stderr.decode(), r.stderr


def _import_and_replay(tmp_path: Path, data: bytes, *, subprocess_too: bool = False) -> str:
    """Import and `replay FILE --verify` must give the same verdict: exit 4 and the same reason."""
    path = tmp_path / "forged.jsonl"
    path.write_bytes(data)
    db = tmp_path / "fresh.sqlite"
    a = CliRunner().invoke(cli, ["--db", str(db), "import", str(path)])
    b = CliRunner().invoke(cli, ["--db", str(db), "replay", str(path), "--verify"])
    assert a.exit_code == 4 and b.exit_code == 4, (a.output, b.output)
    assert a.stderr.replace("log rejected: ", "") == b.stderr.replace("log rejected: ", ""), (a.stderr, b.stderr)
    if subprocess_too:
        c = run(db, "import", str(path))
        assert c.returncode == 4 and c.stderr.decode() == a.stderr
    assert "Imported" not in a.output
    return a.stderr


def test_a_finished_game_that_withholds_its_seed_is_refused(played, tmp_path):
    """Attack 2a: a finished log with `"seed": null` (draws then checked only for key and range)."""
    db, ids = played
    log = rows(run(db, "export", ids["dingo"]).stdout.decode())
    log[-1]["seed"] = None
    err = _import_and_replay(tmp_path, dump(log), subprocess_too=True)
    assert "finished game withholds its seed" in err
    log[-1]["result"] = None        # ...and claiming not to be finished does not help
    assert "finished game withholds its seed" in _import_and_replay(tmp_path, dump(log))


def test_luck_from_another_seed_is_refused(played, tmp_path):
    """Attack 2b: game A's header (and seed) with game B's events, relinked: every decision is legal, but the
    draws are not the committed seed's (the loser of A now wins); with the seed withheld, it is refused too."""
    db, ids = played
    a = rows(run(db, "export", ids["dingo"]).stdout.decode())
    b = rows(run(db, "export", ids["loser_wins"]).stdout.decode())
    assert a[0]["config"]["names"] == b[0]["config"]["names"]
    forged = [a[0], *b[1:-1], dict(b[-1], seed=a[-1]["seed"], seed_salt=a[-1]["seed_salt"])]
    prev = a[0]["genesis"]
    for e in forged[1:]:
        if "footer" in e:
            e["final_hash"] = prev
            continue
        e["parent_hash"] = prev
        e["hash"] = prev = line_hash(prev, e)
    err = _import_and_replay(tmp_path, dump(forged), subprocess_too=True)
    assert "the revealed seed gives" in err and "line 2: event 1" in err
    forged[-1]["seed"] = None
    assert "finished game withholds its seed" in _import_and_replay(tmp_path, dump(forged))


def _forge(log: list[dict], edit) -> bytes:
    from dinocli.events.chain import genesis_hash

    log = json.loads(json.dumps(log))
    edit(log)
    h = log[0]
    h["genesis"] = genesis_hash(h)
    prev = h["genesis"]
    for e in log[1:-1]:
        e["parent_hash"] = prev
        e["hash"] = prev = line_hash(prev, e)
    log[-1]["final_hash"], log[-1]["count"] = prev, len(log) - 2
    return dump(log)


def test_import_and_replay_verify_agree_on_every_header_forgery(played, tmp_path):
    """Attack 3: logs that `replay FILE --verify` called "Verified" although `import` refused them, and
    header fields nobody checked. Each one: same verdict from both, exit 4."""
    db, ids = played
    log = rows(run(db, "export", ids["dingo"]).stdout.decode())
    winners = log[-1]["result"]["winners"]
    loser = next(n for n in log[0]["config"]["names"] if n not in winners)
    forgeries = {
        "footer names the loser": (lambda g: g[-1]["result"].update(winners=[loser]), "footer's result"),
        "other data file": (lambda g: g[0].update(data_hash="ab" * 32), "other"),
        "seats reversed": (lambda g: g[0].update(seats=g[0]["seats"][::-1]), "seats"),
        "unknown bot spec": (lambda g: g[0]["seats"][0].update(bot="nonsense"), "bot spec"),
        "bot spec over bounds": (lambda g: g[0]["seats"][0].update(bot="mcts:seconds=3601"), "at most 3600"),
        "iterations over bounds": (lambda g: g[0]["seats"][0].update(bot="mcts:iterations=10000001"),
                                   "from 1 to 10,000,000"),
        "extra config key": (lambda g: g[0]["config"].update(extra=1), "config"),
        "no events": (lambda g: g.__delitem__(slice(1, -1)), "setup"),
        "unknown rules version": (lambda g: g[0].update(rules_version="9"), "rules version"),
        "created in the future": (lambda g: g[0].update(created="2999-01-01T00:00:00.000000Z"), "future"),
        "created not UTC": (lambda g: g[0].update(created="yesterday"), "UTC timestamp"),
        "seed_commit not sha256": (lambda g: g[0].update(seed_commit="x"), "sha256"),
    }
    for what, (edit, reason) in forgeries.items():
        err = _import_and_replay(tmp_path, _forge(log, edit), subprocess_too=what == "footer names the loser")
        assert reason in err, (what, err)
    # seven players in 'Dillos
    svc = Service.open(":memory:")
    g = svc.new_game("dillos", bots=["random"] * 2, seed="seven")
    d = rows("".join(svc.export_lines(g.id)))
    svc.close()
    names = [f"p{i}" for i in range(7)]
    err = _import_and_replay(tmp_path, _forge(d, lambda g: (g[0]["config"].update(names=names),
                                                           g[0].update(seats=[{"name": n, "bot": None} for n in names]))))
    assert "config" in err


def copy_db(src: Path, dst: Path) -> Path:
    """A consistent copy of a WAL database (sqlite's backup)."""
    with sqlite3.connect(src) as a, sqlite3.connect(dst) as b:
        a.backup(b)
    return dst


def _tamper(db: Path, sql: str, args=()) -> None:
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def test_verify_all_catches_a_tampered_database(played, tmp_path):
    """Attack 4: an edited games.result row, and a draw rewritten with every later hash recomputed:
    `dinocli verify --all` names the game (and the event), exit 4."""
    src, ids = played
    db = copy_db(src, tmp_path / "copy.sqlite")
    ok = run(db, "verify", "--all")
    assert ok.returncode == 0, ok.stderr
    gid = ids["dingo"]
    result = json.loads(sqlite3.connect(db).execute("SELECT result FROM games WHERE id = ?", (gid,)).fetchone()[0])
    result["winners"] = ["nobody-real"]
    _tamper(db, "UPDATE games SET result = ? WHERE id = ?", (json.dumps(result), gid))
    r = run(db, "verify", "--all")
    assert r.returncode == 4 and f"verification failed: game {gid} result" in r.stderr.decode(), r.stderr
    db = copy_db(src, tmp_path / "copy2.sqlite")
    # rewrite the first recorded draw of the game's first decision with rolls, recompute every later hash
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER events_no_update")
    rows_ = conn.execute("SELECT id, type, v, body, actor, action, rolls, parent_hash, salt, rolls_salt, seq, public "
                         "FROM events WHERE game_id = ? ORDER BY id", (gid,)).fetchall()
    target = next(r for r in rows_ if r[6] and json.loads(r[6]))
    prev = None
    for eid, type_, v, body, actor, action, rolls, ph, salt, rolls_salt, seq, public in rows_:
        if eid == target[0]:
            draws = json.loads(rolls)
            draws[0][2] = (draws[0][2] + 1) % draws[0][1]
            rolls = json_text(draws)
        ph = ph if prev is None else prev
        prev = event_hash(ph, type_, v, body, actor, action, rolls, salt, rolls_salt, chain=3, public=public)
        conn.execute("UPDATE events SET rolls = ?, parent_hash = ?, hash = ? WHERE id = ?", (rolls, ph, prev, eid))
    conn.commit()
    conn.close()
    r = run(db, "verify", "--all")
    err = r.stderr.decode()
    assert r.returncode == 4 and f"verification failed: game {gid} event {target[10]}:" in err, err
    assert "1 games verified" not in r.stdout.decode()
    r = run(db, "replay", gid, "--verify")
    assert r.returncode == 4 and f"game {gid} event {target[10]}:" in r.stderr.decode()


def test_an_unfinished_game_without_its_seed_is_marked_and_cannot_be_continued(played, tmp_path):
    """An unfinished log may withhold its seed: `games` and `show` say its luck is unverified, and a move
    says it can be replayed but not continued; `export --with-seed` makes a save that can be continued."""
    db, ids = played
    gid = ids["unfinished"]
    plain = run(db, "export", gid)
    assert rows(plain.stdout.decode())[-1]["seed"] is None
    other = tmp_path / "other.sqlite"
    path = tmp_path / "u.jsonl"
    path.write_bytes(plain.stdout)
    assert run(other, "import", str(path)).returncode == 0
    listing = run(other, "games").stdout.decode()
    assert "luck unverified until the seed is revealed" in listing
    imported = json.loads(run(other, "games", "--json").stdout)[0]["game"]
    assert "luck unverified until the seed is revealed" in run(other, "show", imported).stdout.decode()
    moved = run(other, "move", imported, "1")
    assert moved.returncode == 1 and "replayed but not continued" in moved.stderr.decode(), moved.stderr
    assert "see the future" in " ".join(run(db, "export", "--help").stdout.decode().split())
    saved = run(db, "export", gid, "--with-seed")
    assert rows(saved.stdout.decode())[-1]["seed"] == "attack-u"
    path.write_bytes(saved.stdout)
    third = tmp_path / "third.sqlite"
    assert run(third, "import", str(path)).returncode == 0
    again = json.loads(run(third, "games", "--json").stdout)[0]
    assert again["seed_withheld"] is False and "luck unverified" not in run(third, "games").stdout.decode()


def test_importer_items_of_issue_17(played, tmp_path):
    """#17: an unknown kind is reported at line 1; a file that is not a log says so at line 1; an
    imported id never is a prefix of another game's id (or has one as prefix)."""
    db, ids = played
    log = rows(run(db, "export", ids["dingo"]).stdout.decode())
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(dump([dict(log[0], kind="DINGO"), *log[1:]]))
    r = run(tmp_path / "x.sqlite", "import", str(bad))
    assert r.returncode == 4 and "line 1:" in r.stderr.decode(), r.stderr
    readme = Path(__file__).resolve().parents[2] / "README.md"
    r = run(tmp_path / "x.sqlite", "import", str(readme))
    assert r.returncode == 4 and "line 1:" in r.stderr.decode() and "blank" not in r.stderr.decode(), r.stderr
    svc = Service.open(str(tmp_path / "prefix.sqlite"))
    svc.import_log(dump(log))
    for i, claimed in enumerate((ids["dingo"][:3], ids["dingo"] + "zz")):
        svc.import_log(_forge(log, lambda g, c=claimed, i=i: g[0].update(game=c, created="2020-01-01T00:00:0%dZ" % i)))
    ids_now = [g.id for g in svc.store.games()]
    assert not any(a != b and b.startswith(a) for a in ids_now for b in ids_now), ids_now
    svc.close()


def test_verify_names_other_database_tampering(played, tmp_path):
    """More edits a determined editor could make: the result row cleared, the hash rule flipped to format 1,
    the revealed seed replaced. Each is named with the game; the seed row gone still checks draws."""
    src, ids = played
    gid = ids["dingo"]
    edits = {
        "UPDATE games SET result = NULL WHERE id = ?": "no result is recorded",
        "UPDATE games SET chain = 1 WHERE id = ?": "hash rule",
        "UPDATE games SET seed = 'guess' WHERE id = ?": "does not match the seed commitment",
    }
    for n, (sql, reason) in enumerate(edits.items()):
        db = copy_db(src, tmp_path / f"t{n}.sqlite")
        _tamper(db, sql, (gid,))
        r = CliRunner().invoke(cli, ["--db", str(db), "verify", gid])
        assert r.exit_code == 4 and f"verification failed: game {gid}" in r.stderr and reason in r.stderr, r.output
    db = copy_db(src, tmp_path / "noseed.sqlite")
    _tamper(db, "DELETE FROM seeds WHERE game_id = ?", (gid,))
    r = CliRunner().invoke(cli, ["--db", str(db), "verify", gid])
    assert r.exit_code == 0 and "every draw against the seed" in r.stdout, r.output


def test_a_view_that_hides_nothing_checks_every_decision(tmp_path):
    """Binding as far as the view allows: where the seat's view hides no event (SOS Dino), `replay --verify`
    also checks that every decision was the mover's and legal; a decision moved to another seat is caught."""
    svc = Service.open(":memory:")
    g = svc.new_game("sos", bots=["random", "random"], seed="view-sos")
    list(svc.run_bots(g))
    text = "".join(svc.export_lines(g.id, as_seat=0))
    svc.close()
    path = tmp_path / "sos-view.jsonl"
    path.write_text(text)
    r = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.sqlite"), "replay", str(path), "--verify"])
    assert r.exit_code == 0 and "every decision was the mover's and legal" in r.stdout, r.output
    lines = rows(text)
    i = next(k for k, e in enumerate(lines[1:-1], 1) if e["actor"] is not None)
    lines[i]["actor"] = 1 - lines[i]["actor"]
    prev = lines[i]["parent_hash"]
    for e in lines[i:-1]:                      # relink the view: open events chain through their content
        from dinocli.events.chain import link_hash

        e["parent_hash"] = prev
        content = (e["type"], e["v"], json_text(e["body"]), e["actor"], e["action"])
        e["hash"] = prev = link_hash(prev, e["rolls_commit"], content=content)
    lines[-1]["final_hash"] = prev
    path.write_bytes(dump(lines))
    r = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.sqlite"), "replay", str(path), "--verify"])
    assert r.exit_code == 4 and f"line {i + 1}: event {i}:" in r.stderr and "was to move" in r.stderr, r.output
