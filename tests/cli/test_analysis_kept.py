"""Issue 41: the analysis kept with the game, outside the hash chain: shown by log, review and every export,
carried by an exported log (checked as notes are, never part of the proof), two bots' judgements side by side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dinocli.events import analyses
from dinocli.events.log import LogRejected
from dinocli.service import Service
from tests.clirunner import Dino

SAVES = Path(__file__).resolve().parents[2] / "saves"
CHEAP, OTHER = "mcts:iterations=12", "mcts:iterations=16"


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    """The 'Dillos save (three seats), seat 0 judged by two bots and seat 1 by one; its exported log."""
    dino = Dino(tmp_path_factory.mktemp("kept") / "games.sqlite")
    gid = dino.json("import", SAVES / "dillos-3p-rules-vs-random.jsonl")["game"]
    for seat, spec in ((0, CHEAP), (0, OTHER), (1, CHEAP)):
        r = dino("analyze", gid, "--seat", seat, "--bot", spec, "--workers", "1")
        assert r.exit_code == 0, r.stderr
    lines = dino("export", gid).stdout.splitlines()
    return dino, gid, lines


def _rows(lines: list[str]) -> list[dict]:
    return [json.loads(line)["analysis"] for line in lines if line.startswith('{"analysis"')]


def test_both_bots_are_kept_and_shown_by_log(judged):
    dino, gid, lines = judged
    rows = _rows(lines)
    assert {(r["seat"], r["bot"]) for r in rows} == {(0, CHEAP), (0, OTHER), (1, CHEAP)}
    logged = {r["event"]: r for r in dino.json("log", gid)}
    for r in rows:
        got = [a for a in logged[r["event"]]["analysis"] if a["bot"] == r["bot"]]
        assert len(got) == 1 and got[0]["before"] == r["before"] and got[0]["after"] == r["after"]
        assert logged[r["event"]]["seat"] == r["seat"]   # a judgement is of the seat's own decision
        assert r["before"] == pytest.approx(r["after"] + r["drop"], abs=2e-4)
        assert (r["best"] is None) == (r["drop"] == 0) and r["budget"] in (12, 16)
    text = dino("log", gid).stdout
    assert f"[{CHEAP}: " in text and f"[{OTHER}: " in text


def test_export_import_export_keeps_the_analysis_byte_identical_and_verify_passes(judged, tmp_path):
    _dino, gid, lines = judged
    other = Dino(tmp_path / "other.sqlite")
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert other.json("import", path)["game"] == gid
    assert other("export", gid).stdout.splitlines() == lines
    assert other("verify", gid).exit_code == 0
    # never part of the proof: the log without its analysis imports and verifies too
    bare = tmp_path / "bare.jsonl"
    bare.write_text("\n".join(line for line in lines if not line.startswith('{"analysis"')) + "\n")
    third = Dino(tmp_path / "third.sqlite")
    assert third.json("import", bare)["game"] == gid and third("verify", gid).exit_code == 0
    assert not _rows(third("export", gid).stdout.splitlines())


def _edited(lines: list[str], change) -> bytes:
    first = next(i for i, line in enumerate(lines) if line.startswith('{"analysis"'))
    row = json.loads(lines[first])
    change(row["analysis"])
    return "\n".join(lines[:first] + [json.dumps(row, separators=(",", ":"))] + lines[first + 1:]).encode()


@pytest.mark.parametrize("change, message", [
    (lambda a: a.update(event=1), "is not a decision of seat"),
    (lambda a: a.update(event=99999), "which the log does not have"),
    (lambda a: a.update(seat=2), "is not a decision of seat 2"),
    (lambda a: a.update(before=1.5), "before must be between 0 and 1"),
    (lambda a: a.update(after=a["after"] / 2), "drop must be before minus after"),
    (lambda a: a.update(mark="??"), "is not the mark of a drop"),
    (lambda a: a.update(bot="rules"), "must be an mcts bot spec"),
    (lambda a: a.update(reason="a\u001b[2Jb"), "reason is one line"),
    (lambda a: a.update(extra=1), "bad analysis line"),
])
def test_an_edited_analysis_is_noticed_on_import(judged, tmp_path, change, message):
    """Checked as notes are: well formed, on a decision of that seat, its numbers and mark consistent."""
    _dino, _gid, lines = judged
    with pytest.raises(LogRejected, match=message):
        Service.open(tmp_path / "x.sqlite").import_log(_edited(lines, change))


def test_analysis_lines_come_after_the_notes_and_in_order(judged, tmp_path):
    _dino, _gid, lines = judged
    at = [i for i, line in enumerate(lines) if line.startswith('{"analysis"')]
    swapped = lines[:at[0]] + [lines[at[1]], lines[at[0]]] + lines[at[1] + 1:]
    with pytest.raises(LogRejected, match="out of order"):
        Service.open(tmp_path / "a.sqlite").import_log("\n".join(swapped).encode())
    late_note = lines[:-1] + ['{"note":{"event":1,"text":"late"}}'] + lines[-1:]
    with pytest.raises(LogRejected, match="after the analysis lines"):
        Service.open(tmp_path / "b.sqlite").import_log("\n".join(late_note).encode())


def test_the_footer_ends_the_analysis_lines_as_it_ends_the_notes(judged):
    """One reader for a log's trailing sections (notes, analyses): after either, the footer is known as a JSON
    object with a footer key, whatever the order of its fields; any other line is refused."""
    from dinocli.events.log import read_log

    _dino, _gid, lines = judged
    footer = json.loads(lines[-1])
    reordered = json.dumps(dict(reversed(list(footer.items()))), separators=(",", ":"))
    assert not reordered.startswith('{"footer"')
    assert len(read_log("\n".join(lines[:-1] + [reordered])).analyses) == len(_rows(lines))
    with pytest.raises(LogRejected, match="after the analysis lines"):
        read_log("\n".join(lines[:-1] + ['{"count":1}', lines[-1]]))


def test_a_seat_s_view_carries_only_its_own_analysis(judged):
    """A judgement is made from its seat's information (the better move may name a card in its hand): a view
    for another seat must not carry it."""
    dino, gid, _lines = judged
    mine = _rows(dino("export", gid, "--as", "1").stdout.splitlines())
    assert mine and {r["seat"] for r in mine} == {1}
    assert {r["seat"] for r in _rows(dino("export", gid, "--as", "2").stdout.splitlines())} == set()


def test_the_mark_is_shown_in_every_move_list(tmp_path):
    """A kept blunder is marked ?? in log, the text and html exports and review's move list."""
    from dinocli.repl.review import Board

    dino = Dino(tmp_path / "g.sqlite")
    gid = dino.json("import", SAVES / "sos-2p-rules.jsonl")["game"]
    svc = Service.open(dino.db)
    g = svc.load(gid)
    decision = next(s for s in g.path if s.command == s.id and s.actor == 0 and s.seq > 3)
    data = {"chosen_value": 0.1, "best_value": 0.6, "best": "pass", "drop": 0.5, "noise": 0.01,
            "label": "blunder", "only": False, "reason": "", "budget": 200}
    with svc.store.write():
        analyses.keep(svc.store.connection, decision.hash, "mcts:medium", 0, data)
    board = Board(svc, gid)
    svc.close()
    line = next(r for r in dino("log", gid).stdout.splitlines() if r.startswith(f"{decision.seq:>5}  "))
    assert line.endswith(" ??")
    assert f"{decision.action}??" in dino("export", gid, "--format", "text").stdout.replace("\n    ", " ")
    page = dino("export", gid, "--format", "html").stdout
    assert '<span class="mark mark-blunder" title="blunder">??</span>' in page and 'id="evaluation"' in page
    assert sum(" ??" in m for m in board.move_lines()) == 1


def test_the_estimate_of_the_time_left():
    """Issue 42 item 8: the progress line gives the time left from the decisions judged so far (a decision
    found judged before costs nothing, so the clock starts at the first one judged now)."""
    from dinocli.analysis import Estimate

    now = [100.0]
    e = Estimate(clock=lambda: now[0])
    assert e.line(10, 90) == "10/90"           # ten found judged before
    now[0] += 4.0
    assert e.line(12, 90) == "12/90, about 2m 36s left"   # 2 s a decision, 78 to go
    now[0] += 150
    assert e.line(90, 90) == "90/90 in 2m 34s"


def test_analyze_on_a_terminal_says_how_long_is_left(tmp_path):
    """The same in a real process whose stderr is a terminal (a pty)."""
    import os
    import pty
    import subprocess

    from tests.clirunner import DINOCLI

    exe = DINOCLI or pytest.skip("dinocli is not installed")
    db = str(tmp_path / "g.sqlite")
    gid = json.loads(subprocess.run([exe, "--db", db, "import", str(SAVES / "sos-2p-rules.jsonl"), "--json"],
                                    check=True, capture_output=True).stdout)["game"]
    master, slave = pty.openpty()
    proc = subprocess.run([exe, "--db", db, "analyze", gid, "--seat", "0", "--bot", CHEAP, "--workers", "1"],
                          stderr=slave, stdout=subprocess.PIPE, timeout=300)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    assert proc.returncode == 0 and b"left" in err and b"Analysis of rex" in proc.stdout


def test_a_repeated_analysis_line_is_refused(judged, tmp_path):
    _dino, _gid, lines = judged
    at = next(i for i, line in enumerate(lines) if line.startswith('{"analysis"'))
    twice = lines[:at + 1] + lines[at:]
    with pytest.raises(LogRejected, match="a second analysis of event"):
        Service.open(tmp_path / "a.sqlite").import_log("\n".join(twice).encode())
