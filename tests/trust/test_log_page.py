"""dinocli-log-format(5) describes the commitment scheme precisely enough that its example checker verifies
a seat's export on its own, and a full log, and refuses altered ones (issue #16)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dinocli.service import Service

MAN = Path(__file__).resolve().parents[2] / "man" / "dinocli-log-format.5"


def check_program() -> str:
    """The Python program printed in dinocli-log-format(5), with roff escapes undone."""
    source = MAN.read_text(encoding="utf-8")
    code = source.split('.\\" check.py begins\n')[1].split('.\\" check.py ends')[0]
    return code.replace("\\-", "-").replace("\\e", "\\").replace("\\(aq", "'").replace("\\&", "")


def test_the_pages_checker_verifies_a_seats_view_and_a_full_log(tmp_path):
    program = tmp_path / "check.py"
    program.write_text(check_program())
    svc = Service.open(":memory:")
    g = svc.new_game("dingo", bots=["random"] * 3, seed="page", options={"goal": 1})
    list(svc.run_bots(g))
    files = {"full": "".join(svc.export_lines(g.id)), "view": "".join(svc.export_lines(g.id, as_seat=1))}
    svc.close()

    def check(text: str) -> subprocess.CompletedProcess:
        path = tmp_path / "log.jsonl"
        path.write_text(text, encoding="utf-8")
        return subprocess.run([sys.executable, str(program), str(path)], capture_output=True, text=True, timeout=60)

    for name, text in files.items():
        proc = check(text)
        assert proc.returncode == 0 and proc.stdout.startswith("ok:"), (name, proc.stderr)
        hidden = int(proc.stdout.split(",")[1].split()[0])
        assert (hidden > 0) == (name == "view"), proc.stdout
    lines = files["view"].splitlines(keepends=True)
    rows = [json.loads(x) for x in lines]
    for i, row in enumerate(rows[1:-1], 1):           # alter an opened event, then a commitment
        if row["commit"] is None and row["type"] == "dingo.card_drawn":
            row["body"]["card"] += 1
            break
    altered = [json.dumps(r) + "\n" for r in rows]
    assert check("".join(altered)).returncode != 0
    rows = [json.loads(x) for x in lines]
    hidden_row = next(r for r in rows[1:-1] if r["commit"])
    hidden_row["commit"] = "0" * 64
    assert check("".join(json.dumps(r) + "\n" for r in rows)).returncode != 0
