"""Issue #19: `show`, `games` and `move` (against the rules bot) import only what they use."""

from __future__ import annotations

import json
import os
import subprocess
import sys

HEAVY = ("numpy", "prompt_toolkit", "sqlite_utils", "pluggy")
RUN = ("import atexit, sys\n"
       "atexit.register(lambda: print('HEAVY=' + ','.join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr))\n"
       "from dinocli.cli import main\n"
       "sys.argv = ['dinocli'] + {args!r}\n"
       "main()\n")


def run(db, *args: str, watch: tuple[str, ...] = HEAVY) -> subprocess.CompletedProcess:
    """One dinocli process (as a user runs it) that reports which of the ``watch`` modules it imported."""
    env = {**os.environ, "DINOCLI_DB": str(db), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-c", RUN.format(heavy=watch, args=list(args))], env=env,
                          capture_output=True, text=True, timeout=120)


def heavy(proc: subprocess.CompletedProcess) -> str:
    """The heavy modules the process had imported when it exited."""
    return [line for line in proc.stderr.splitlines() if line.startswith("HEAVY=")][-1][len("HEAVY="):]


def test_show_games_and_move_against_the_rules_bot_stay_lean(tmp_path):
    db = tmp_path / "g.db"
    made = run(db, "new", "dingo", "--bot", "rules", "--seed", "3", "--no-play", "--json")
    assert made.returncode == 0, made.stderr
    gid = json.loads(made.stdout)["game"]
    for args in (("show", gid), ("games",), ("move", gid, "1"), ("show", gid, "--json")):
        proc = run(db, *args)
        assert proc.returncode == 0, (args, proc.stderr)
        assert heavy(proc) == "", (args, heavy(proc))
    assert heavy(run(db, "show", gid)) == ""


def test_a_board_in_plain_ascii_is_laid_out_without_wcwidth(tmp_path):
    """#43: `show` and `move` of a game whose names are ASCII measure their text without importing wcwidth."""
    db = tmp_path / "g.db"
    made = run(db, "new", "dodos", "--bot", "rules", "--seed", "3", "--no-play", "--json")
    assert made.returncode == 0, made.stderr
    gid = json.loads(made.stdout)["game"]
    for args in (("show", gid), ("move", gid, "1")):
        proc = run(db, *args, watch=("wcwidth",))
        assert proc.returncode == 0 and "To move" in proc.stdout, (args, proc.stdout, proc.stderr)
        assert heavy(proc) == "", (args, heavy(proc))


def test_a_new_database_is_migrated_and_an_old_one_upgraded(tmp_path):
    """sqlite-utils is loaded to apply migrations, and only then."""
    db = tmp_path / "g.db"
    first = run(db, "games")
    assert first.returncode == 0 and "sqlite_utils" in heavy(first)
    again = run(db, "games")
    assert again.returncode == 0 and heavy(again) == ""
