"""The man page and the tests cover every checklist clause of Dingo (CHECKLIST section 2)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dinocli.games.dingo import GAME

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "man" / "dinocli-dingo.6"
CLAUSES = (
    {f"DINGO-{i:02d}" for i in range(1, 41)} | {f"G{i:02d}" for i in range(1, 12)} | {f"A{i:02d}" for i in range(1, 9)}
)


def _ids(text: str) -> set[str]:
    text = text.replace("\\-", "-").replace("DINGO-G", "G")
    return set(re.findall(r"DINGO-\d\d|\bG\d\d\b|\bA\d\d\b", text))


def test_man_page_cites_every_clause_variant_and_option():
    """Every DINGO, G and A id, every variant and the goal option appear in dinocli-dingo(6)."""
    text = PAGE.read_text()
    assert CLAUSES <= _ids(text)
    for name in GAME.info.variants:
        assert name.replace("-", "\\-") in text
    assert "no\\-two\\-player\\-six" in text and "goal=" in text


def test_tests_cite_every_clause():
    """Each clause id is cited by at least one rule test."""
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py") if p.name != "test_docs.py")
    assert CLAUSES <= _ids(text)


@pytest.mark.skipif(not shutil.which("groff"), reason="groff not installed")
def test_man_page_renders_without_warnings():
    """groff -man -ww -z reports nothing."""
    out = subprocess.run(["groff", "-man", "-ww", "-z", str(PAGE)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and out.stderr == ""
