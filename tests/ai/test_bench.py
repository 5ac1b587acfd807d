"""The ISMCTS speed bench: figures per game, and a clear note when the `mcts` package is missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dinocli.bench.search import SPECS, _Counted, _ours, mcts_figures, positions
from dinocli.events import SeededRng

from .toygame import HIGHCARD


def test_positions_are_fixed_and_undecided():
    a, b = positions(HIGHCARD), positions(HIGHCARD)
    assert a == b and a and all(HIGHCARD.to_move(s) is not None for s in a)


def test_figures_report_ours_and_the_ratio(monkeypatch):
    figures = mcts_figures([HIGHCARD], seconds_per_game=0.3)
    assert figures["toyhc ours it/s (full playouts)"] > 0
    assert figures["toyhc ours it/s (mcts:medium)"] > 0
    if figures["mcts package"] == "installed":
        assert figures["toyhc mcts package it/s"] > 0 and figures["toyhc ratio ours/mcts"] > 0
        assert figures["toyhc ratio ours/mcts decisions/s"] > 0
        ours, theirs = map(float, figures["toyhc decisions per iteration ours/mcts"].split("/"))
        # ours steps at least the root action every iteration; the package may start below its stored tree
        assert 1 <= ours <= HIGHCARD.info.max_decisions and 0 <= theirs <= HIGHCARD.info.max_decisions


def test_decisions_are_counted_for_both_engines():
    """Both engines see the same counting wrapper; its count is the game's decide calls."""
    counted = _Counted(HIGHCARD)
    state = positions(HIGHCARD)[0]
    legal = counted.legal_actions(state)
    counted.decide(state, legal[0], SeededRng("c"))
    assert counted.decisions == 1 and counted.info is HIGHCARD.info
    n, cpu, decisions = _ours(HIGHCARD, state, 0.05, SPECS["ours"])
    assert n >= 1 and cpu > 0 and decisions >= n


def test_figures_without_the_mcts_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "mcts", None)  # makes `import mcts` raise ImportError
    figures = mcts_figures([HIGHCARD], seconds_per_game=0.1)
    assert figures["mcts package"].startswith("not installed")
    assert "toyhc ratio ours/mcts" not in figures and figures["toyhc ours it/s (full playouts)"] > 0


def test_baseline_times_a_revision_beside_this_checkout():
    """#43 `bench mcts --baseline REV`: the revision's search runs from its own tree, on the same
    positions, and each game gets decisions and iterations per second for both, and the ratio."""
    from dinocli.bench.baseline import SPECS, baseline_figures

    figures = baseline_figures(["sos"], "HEAD", seconds=0.02, rounds=1)
    assert figures["baseline"].startswith("HEAD (")
    for key in SPECS:
        assert figures[f"sos decisions/s ({key})"] > 0 and figures[f"sos baseline decisions/s ({key})"] > 0
        assert figures[f"sos ratio decisions/s ({key})"] > 0
        # the N of #43's tournament: mcts:iterations=N searches as long as the baseline did in a second
        assert figures[f"sos iterations/s ({key})"] > 0 and figures[f"sos baseline iterations/s ({key})"] > 0


def test_the_sampler_imports_the_tree_it_is_given(tmp_path):
    """A tree given to the sampler is imported ahead of the installed dinocli, as the wheel maps it."""
    import subprocess
    from pathlib import Path

    import dinocli.bench.sampler as sampler

    for folder, init in (("dinocli", "WHERE = 'tree'"), ("ai", "WHERE = 'tree ai'"), ("events", "")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text(init)
    code = Path(sampler.__file__).read_text().replace('if __name__ == "__main__":\n    main(sys.argv)', "") + (
        "\n_import_tree(sys.argv[1])\nimport dinocli, dinocli.ai\nprint(dinocli.WHERE, '|', dinocli.ai.WHERE)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "tree | tree ai"


def test_a_bad_baseline_is_refused_before_any_bench_runs(tmp_path):
    from tests.clirunner import Dino

    dino = Dino(tmp_path / "g.sqlite")
    r = dino("bench", "mcts", "--baseline", "no-such-revision")
    assert r.exit_code == 1 and r.stderr.strip() == "dinocli: unknown revision 'no-such-revision'"
    r = dino("bench", "store", "--baseline", "HEAD")
    assert r.exit_code == 1 and "--baseline" in r.stderr


def test_an_installed_dinocli_finds_the_checkout_it_is_run_in(tmp_path, monkeypatch):
    """#43: a dinocli installed outside its checkout (the compiled wheel) benches a revision of the
    checkout the command is run in; run anywhere else, it says so in one line."""
    from dinocli.bench import baseline
    from dinocli.games.protocol import BadConfig

    root = Path(baseline.__file__).resolve().parents[2]
    installed = tmp_path / "site" / "dinocli" / "bench" / "baseline.py"
    monkeypatch.setattr(baseline, "__file__", str(installed))
    monkeypatch.chdir(root / "ai")
    assert baseline._checkout_root() == root
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadConfig, match="--baseline needs dinocli run from its git checkout"):
        baseline._checkout_root()
