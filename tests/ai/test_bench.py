"""The ISMCTS speed bench: figures per game, and a clear note when the `mcts` package is missing."""

from __future__ import annotations

import sys

from dinocli.ai.bench import mcts_figures, positions

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


def test_figures_without_the_mcts_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "mcts", None)  # makes `import mcts` raise ImportError
    figures = mcts_figures([HIGHCARD], seconds_per_game=0.1)
    assert figures["mcts package"].startswith("not installed")
    assert "toyhc ratio ours/mcts" not in figures and figures["toyhc ours it/s (full playouts)"] > 0
