"""Golden playthroughs (issue #18): each game and variant, seeded and played by the rule bots, must
draw, offer, choose and log exactly what tests/golden/*.txt recorded. A difference is printed as a
unified diff; if it is meant, regenerate with ``python tools/golden.py`` and review the diff."""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from dinocli.games import GAMES, get

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golden_tool", ROOT / "tools" / "golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("game_id,variants", golden.cases(), ids=lambda c: c if isinstance(c, str) else "+".join(c))
def test_playthrough_unchanged(game_id, variants):
    """#18: the refactor changed no behaviour: views, legal actions, choices and events as stored."""
    path = golden.ROOT / golden.filename(game_id, variants)
    assert path.exists(), f"{path.name} is missing; run: python tools/golden.py"
    old = path.read_text()
    new = golden.text(game_id, variants)
    if old != new:
        import difflib
        diff = "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                            f"{path.name} (stored)", f"{path.name} (now)", n=2))
        pytest.fail(f"{path.name} differs from a fresh playthrough:\n{diff[:20000]}", pytrace=False)


def test_every_game_and_variant_has_a_golden():
    """#18: each registered game, and each variant it lists (on, or off if on by default), is played."""
    covered = {(g, v.removeprefix("no-")) for g, vs in golden.cases() for v in vs}
    for game_id in GAMES:
        assert (game_id, ()) in golden.cases()
        for v in get(game_id).info.variants:
            assert (game_id, v) in covered, f"no golden playthrough of {game_id} --variant {v}"


def test_check_mode_reports_a_difference(tmp_path):
    """#18: ``tools/golden.py --check`` finds a changed file and shows the change as a diff."""
    game_id, variants = golden.cases()[0]
    name = golden.filename(game_id, variants)
    stored = (golden.ROOT / name).read_text()
    (tmp_path / name).write_text(stored.replace("legal (", "legal [", 1))
    diffs = [d for d in golden.check(tmp_path) if name in d]
    assert diffs and "-  legal [" in diffs[0] and "+  legal (" in diffs[0]
