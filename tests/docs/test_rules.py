"""`dinocli rules GAME` shows the game's page: through a pager on a terminal, plain otherwise (issue 10)."""

from __future__ import annotations

import re
import shutil
import sys

import pytest
from click.testing import CliRunner

from dinocli import manpages
from dinocli.cli import cli
from dinocli.games import GAMES

from .conftest import MAN, man_pages


def _name_line(source: str) -> str:
    """The NAME line of a page, as plain words."""
    line = source.split(".SH NAME\n", 1)[1].split("\n.", 1)[0]
    return " ".join(manpages._unescape(line).split())


def _headings(source: str) -> list[str]:
    return [manpages._unescape(" ".join(manpages._args(line[4:]))) for line in source.splitlines()
            if line.startswith(".SH ")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_shows_the_games_page(game):
    """Issue 10: `dinocli rules GAME` prints man/dinocli-GAME.6 (plain off a terminal)."""
    page = MAN / f"dinocli-{game}.6"
    assert page.is_file(), f"game {game} is registered but man/dinocli-{game}.6 is missing"
    source = page.read_text(encoding="utf-8")
    r = CliRunner().invoke(cli, ["rules", game])
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.replace("\u2010", "-").split())
    assert _name_line(source) in text
    for heading in _headings(source):
        assert heading in r.output
    assert "\x08" not in r.output and "\x1b[" not in r.output


def test_rules_of_an_unknown_game_is_a_one_line_error():
    r = CliRunner().invoke(cli, ["rules", "chess"])
    assert r.exit_code == 2   # a usage mistake (#22)
    assert r.stderr.strip().splitlines()[-1] == f"Error: unknown game 'chess'; choose one of: {', '.join(sorted(GAMES))}"


PAGES = man_pages()


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_plain_reading_without_groff_or_nroff(page, monkeypatch):
    """Issue 10: with no formatter installed every page still reads as text: no requests, no escapes."""
    monkeypatch.setattr(manpages.shutil, "which", lambda name: None)
    source = page.read_text(encoding="utf-8")
    text = manpages.roff_to_text(source)
    assert _name_line(source) in " ".join(text.split())
    for heading in _headings(source):
        assert f"\n{heading}\n" in text
    leftovers = [line for line in text.splitlines() if line.startswith(".") or re.search(r"\\[fe(\[&*-]", line)]
    assert not leftovers


def test_plain_reading_fills_lists_and_keeps_no_fill_blocks():
    source = "\n".join([
        ".TH X 6", ".SH NAME", "x \\- y", ".SH A", "one", "two \\fBthree\\fR.", ".TP", ".B tag",
        "body \\(em text", ".TP", ".BI verylongtag \" ARG\"", "more", ".RS 4", ".nf", "  a  b", ".fi", ".RE",
        ".IP \\(bu 2", "item", ".PP", "after"])
    assert manpages._plain(source) == "\n".join([
        "X(6)", "", "NAME", "       x - y", "", "A", "       one two three.", "",
        "       tag    body \u2014 text", "", "       verylongtag ARG", "              more",
        "                    a  b", "", "       \u2022 item", "", "       after", ""])


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("sed") is None, reason="needs a POSIX pty and sed")
def test_rules_goes_through_the_pager_on_a_terminal(tmp_path):
    """Issue 10: on a terminal the page goes to $PAGER."""
    from ..cli.test_first_hour import EXE, on_a_terminal

    if not EXE.exists():
        pytest.skip("the dinocli script is not installed next to this Python")
    lines = on_a_terminal(None, "rules", "dingo")
    assert lines and all(line.startswith("PAGED:") for line in lines if line.strip())
    assert any("dinocli-dingo" in line.replace("\u2010", "-") for line in lines)
