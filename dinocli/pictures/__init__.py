"""Pictures of games: boards as SVG, a game as a self-contained web page, tournaments as charts.

Imported only by the commands that draw (``show --svg``, ``export --format html|text``,
``tournament --report``), so ``dinocli --help`` never loads it.
"""

from __future__ import annotations

import importlib
import sys

import click

from dinocli.games import GAMES
from dinocli.safe import safe

__all__ = ["board_svg", "board_tree", "show_svg", "seat_label", "write_text"]


def board_tree(game_id: str, view, *, title: str | None = None):
    """The board of ``view`` as an SVG element tree (``xml.etree``), drawn by the game's own ``svg`` module."""
    module = importlib.import_module(GAMES[game_id] + ".svg")
    return module.svg(view, title=title).root


def board_svg(game_id: str, view, *, title: str | None = None) -> str:
    """The board of ``view`` as an SVG document, drawn by the game's own ``svg`` module."""
    module = importlib.import_module(GAMES[game_id] + ".svg")
    return module.svg(view, title=title).to_string()


def seat_label(g, seat) -> str:
    """Whose eyes a picture shows: a seat's name, or everyone's public view."""
    return "public view" if seat is None else f"as {g.names[seat]} sees it"


def show_svg(g, seat, path: str) -> None:
    """``dinocli show --svg``: the board of a loaded game as ``seat`` sees it, written to ``path``."""
    title = f"{g.game.info.name}, game {g.id}, {seat_label(g, seat)}"
    write_text(path, board_svg(g.record.kind, g.shown(g.view(seat)), title=title) + "\n")
    if path != "-":
        click.echo(f"Board drawn to {safe(path)}", err=True)


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (``dinocli.files.write_atomic``); ``-`` is stdout."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from dinocli.files import write_atomic

    write_atomic(path, [text])
