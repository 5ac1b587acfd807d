"""Old logs and databases keep working (issue #16): a database written before salted commitments
(tests/trust/data/format1.sqlite, made by dinocli at commit 8ccc29a: a finished and an unfinished
Dingo game) is migrated, verifies under its own hash rule, exports format 1 logs that import, and its
unfinished game goes on; a new game in it is recorded under the current format (4)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).with_name("data") / "format1.sqlite"
DINOCLI = [str(Path(sys.executable).with_name("dinocli"))]


def run(db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*DINOCLI, "--db", str(db), *args], capture_output=True, text=True, timeout=120)


def test_a_format_1_database_migrates_verifies_exports_and_plays_on(tmp_path):
    db = tmp_path / "old.sqlite"
    shutil.copy(DATA, db)
    r = run(db, "verify", "--all")
    assert r.returncode == 0 and "2 of 2 games verified" in r.stdout and "format 1" in r.stdout, r.stderr
    games = {g["over"]: g["game"] for g in json.loads(run(db, "games", "--json").stdout)}
    log = run(db, "export", games[True])
    assert json.loads(log.stdout.splitlines()[0])["version"] == 1
    path = tmp_path / "old.jsonl"
    path.write_text(log.stdout)
    other = tmp_path / "other.sqlite"
    assert run(other, "import", str(path)).returncode == 0
    assert run(other, "replay", str(path), "--verify").returncode == 0
    view = run(db, "export", games[True], "--as", "0")
    assert view.returncode == 1 and "format 1" in view.stderr
    moved = run(db, "move", games[False], "1")
    assert moved.returncode in (0, 1) and "replayed but not continued" not in moved.stderr
    actions = json.loads(run(db, "actions", games[False], "--json").stdout)
    assert run(db, "verify", games[False]).returncode == 0, actions
    new = run(db, "new", "dingo", "--bots", "2", "--seed", "x", "--json")
    assert new.returncode == 0, new.stderr
    gid = json.loads(new.stdout)["game"]
    assert json.loads(run(db, "export", gid, "--as", "you").stdout.splitlines()[0])["version"] == 4
    assert run(db, "verify", "--all").returncode == 0
