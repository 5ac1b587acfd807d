"""The example logs in saves/ replay and verify (DESIGN "Layout": saves/): the current format and,
in saves/v1/, the format 1 files as they were before salted commitments (issue #16: old logs
keep working under their own hash rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dinocli import games
from dinocli.service import Service, read_log_for_game as read_log
from dinocli.verify import verify_log

ROOT = Path(__file__).resolve().parent.parent / "saves"
SAVES = sorted(ROOT.glob("*.jsonl"))
OLD = sorted((ROOT / "v1").glob("*.jsonl"))


@pytest.mark.parametrize("paths", [SAVES, OLD], ids=["v2", "v1"])
def test_every_game_has_a_finished_example(paths):
    kinds = {read_log(p.read_bytes()).header["kind"] for p in paths}
    assert set(games.GAMES) <= kinds


@pytest.mark.parametrize("path", SAVES + OLD, ids=[f"{p.parent.name}/{p.stem}" for p in SAVES + OLD])
def test_example_log_verifies_imports_and_is_finished(path):
    parsed = read_log(path.read_bytes())
    assert parsed.header["version"] == (1 if path.parent.name == "v1" else 2)
    verdict = verify_log(parsed)
    assert verdict.over and verdict.unchecked == []
    assert parsed.footer.get("seed"), "a finished game reveals its seed"
    svc = Service.open(":memory:")
    rec = svc.import_log(path.read_bytes())
    assert rec.chain == parsed.header["version"] and svc.verify(rec.id).over
    assert "".join(svc.export_lines(rec.id)).splitlines()[1:] == path.read_text().splitlines()[1:]
    svc.close()
