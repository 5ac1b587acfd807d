"""Pictures of games: boards as SVG, a game as a self-contained web page, tournaments as charts.

Imported only by the commands that draw (``show --svg``, ``export --format html|text``,
``tournament --report``), so ``dinocli --help`` never loads it.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from dinocli.games import GAMES

__all__ = ["board_svg", "write_text"]


def board_svg(game_id: str, view, *, title: str | None = None) -> str:
    """The board of ``view`` as an SVG document, drawn by the game's own ``svg`` module."""
    module = importlib.import_module(GAMES[game_id] + ".svg")
    return module.svg(view, title=title).to_string()


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temp file renamed over it); ``-`` is stdout."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = Path(path)
    tmp = target.with_name(target.name + ".part")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, target)
