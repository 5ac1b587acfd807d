"""The example logs in saves/ replay and verify (DESIGN "Layout": saves/): the current format (4) and,
in saves/v3/, saves/v2/ and saves/v1/, the files as they were before salted seed commitments (issue 37),
before bound views and before salted commitments (issue #16: old logs keep working under their own hash
rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dinocli import games
from dinocli.service import Service, read_log_for_game as read_log
from dinocli.verify import verify_log

ROOT = Path(__file__).resolve().parent.parent / "saves"
SAVES = sorted(ROOT.glob("*.jsonl"))
V3 = sorted((ROOT / "v3").glob("*.jsonl"))
V2 = sorted((ROOT / "v2").glob("*.jsonl"))
OLD = sorted((ROOT / "v1").glob("*.jsonl"))
ALL = SAVES + V3 + V2 + OLD


@pytest.mark.parametrize("paths", [SAVES, V3, V2, OLD], ids=["v4", "v3", "v2", "v1"])
def test_every_game_has_a_finished_example(paths):
    kinds = {read_log(p.read_bytes()).header["kind"] for p in paths}
    assert set(games.GAMES) <= kinds


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_example_log_verifies_imports_and_is_finished(path):
    parsed = read_log(path.read_bytes())
    assert parsed.header["version"] == {"v1": 1, "v2": 2, "v3": 3}.get(path.parent.name, 4)
    verdict = verify_log(parsed)
    assert verdict.over and verdict.unchecked == []
    assert parsed.footer.get("seed"), "a finished game reveals its seed"
    svc = Service.open(":memory:")
    rec = svc.import_log(path.read_bytes())
    assert rec.chain == parsed.header["version"] and svc.verify(rec.id).over
    assert "".join(svc.export_lines(rec.id)).splitlines()[1:] == path.read_text().splitlines()[1:]
    svc.close()
