"""Issue 42: tools/mutate.py measures again. Its pytest runs in the process holding the mutant
(-n 0), so a planted rule change is reported killed; its equivalents list names mutants by content,
and every entry still names a mutant the file has."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "mutate.py"


def test_a_planted_mutant_is_reported_killed(tmp_path):
    """DINGO-34 ("above the target scores 0 for the day") turned round (`if v > target` -> `if not v > target`)
    is caught by the day-scoring tests: one mutant, killed, 100%."""
    proc = subprocess.run([sys.executable, str(TOOL), "dinocli/games/dingo/scoring.py", "--only",
                           "_points: if v > target -> if not v > target @ if v > target:",
                           "--tests", "tests/games/dingo/test_days.py", "--cache", str(tmp_path), "--no-progress"],
                          capture_output=True, text=True, cwd=ROOT, timeout=240)
    assert proc.returncode == 0, proc.stderr
    row = next(line.split() for line in proc.stdout.splitlines() if line.startswith("dinocli/games/dingo/scoring.py"))
    assert row[1:7] == ["1", "0", "1", "0", "0", "0"] and row[7] == "100.0%", proc.stdout


def test_mutants_are_named_by_content_and_the_equivalents_list_is_current():
    """An id is `function: before -> after @ source line`, the same when code elsewhere moves; every
    listed equivalent still names a mutant its file has (none stale)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import mutate
    finally:
        sys.path.pop(0)
    source = "def f(x):\n    return x > 1\n"
    (point,) = [p for p in mutate.enumerate_points(source) if p.after == "x >= 1"]
    assert point.id == "f: x > 1 -> x >= 1 @ return x > 1"
    moved = [p.id for p in mutate.enumerate_points("Y = 2\n\n\n" + source.replace("f(x)", "f(x, y=0)"))]
    assert point.id in moved
    listed = mutate.load_equivalents()
    assert len(listed) > 50
    files = {key.split(": ", 1)[0] for key in listed}
    have = {f"{f}: {p.id}" for f in files for p in mutate.enumerate_points((ROOT / f).read_text())}
    assert sorted(set(listed) - have) == []
