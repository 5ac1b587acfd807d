"""The shared terminal colour (#18): one small module, no click; the boards' colour bytes are the
ones click.style wrote before, and colour is off on a non-terminal or under NO_COLOR."""

from __future__ import annotations

import ast
import io
import itertools
from pathlib import Path

import click
import pytest

import dinocli.games
from dinocli.games.colour import COLOURS, style, unstyle, wanted
from tests import syntax

GAMES_DIR = Path(dinocli.games.__file__).parent


@pytest.mark.parametrize("fg", [None, *COLOURS])
def test_style_writes_what_click_style_wrote(fg):
    for bold, dim, reverse in itertools.product((False, True), repeat=3):
        kw = {k: True for k, on in (("bold", bold), ("dim", dim), ("reverse", reverse)) if on}
        assert style("Dingo 5r", fg, **kw) == click.style("Dingo 5r", fg=fg, **kw)


def test_unstyle_leaves_the_text_as_it_shows():
    text = style("a", "red", bold=True) + " b " + style("c", dim=True)
    assert unstyle(text) == "a b c" == click.unstyle(text)


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wanted("auto", Tty()) and not wanted("auto", io.StringIO())
    assert wanted("always", io.StringIO()) and not wanted("never", Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wanted("auto", Tty()) and wanted("always", Tty())


def test_no_game_module_imports_click():
    """#18: renderers colour through dinocli.games.colour; the games know nothing of click."""
    users = []
    for path in GAMES_DIR.rglob("*.py"):
        for node in ast.walk(syntax.tree(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "click" or n.startswith("click.") for n in names):
                users.append(str(path.relative_to(GAMES_DIR)))
    assert users == []
