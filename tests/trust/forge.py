"""A forger's tools for the trust tests (#16): dinocli as a process, a log as rows, and a view's
chain recomputed after an edit exactly as dinocli-log-format(5) defines it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dinocli.events.chain import commitment, json_text, line_public, link_hash

DINOCLI = [str(Path(sys.executable).with_name("dinocli"))]
DATA = Path(__file__).parent / "data"


def run(db: Path, *args: str) -> subprocess.CompletedProcess:
    """dinocli as a separate process."""
    return subprocess.run([*DINOCLI, "--db", str(db), *args], capture_output=True, text=True, timeout=120)


def rows(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def dump(lines: list[dict]) -> str:
    return "".join(json_text(r) + "\n" for r in lines)


def relink(lines: list[dict]) -> list[dict]:
    """Recompute a view's chain after an edit, as dinocli-log-format(5) defines it (what a forger would do)."""
    prev = lines[0]["genesis"]
    for e in lines[1:-1]:
        e["parent_hash"] = prev
        content = (e["type"], e["v"], None if e["body"] is None else json_text(e["body"]), e["actor"], e["action"])
        public = line_public(e)   # format 3: the public form of a sealed event (None in format 2)
        if e["commit"] is not None:
            e["hash"] = link_hash(prev, e["rolls_commit"], commit=e["commit"], public=public)
        elif e["salt"] is not None:
            e["hash"] = link_hash(prev, e["rolls_commit"], commit=commitment(e["salt"], *content), public=public)
        else:
            e["hash"] = link_hash(prev, e["rolls_commit"], content=content)
        prev = e["hash"]
    lines[-1]["final_hash"] = prev
    return lines
