"""The README: quick start, a session per game, the commands, completion, libraries (issue 10)."""

from __future__ import annotations

import re

import pytest

from dinocli.cli import cli
from dinocli.games import GAMES

from .conftest import MAN, ROOT, mangen, parse_command_line

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", README, flags=re.S)


def test_quick_start_is_the_two_commands():
    """Issue 10: install-and-play and install-and-test, exactly."""
    assert "\n    pip install . && dinocli new dingo --bots 2\n" in README
    assert "\n    pip install -e '.[test]' && pytest\n" in README


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_session_for_every_registered_game(game):
    """Issue 10: a real transcript per game, between the sessions markers."""
    sessions = README.split("<!-- sessions:start -->")[1].split("<!-- sessions:end -->")[0]
    block = re.search(rf"### .*\(`{game}`\)\n\n```console\n(.*?)```", sessions, flags=re.S)
    assert block, f"no session for {game} in README.md; run: python tools/readme_sessions.py"
    text = block.group(1)
    assert f"$ dinocli new {game} " in text and "$ dinocli move " in text
    assert f"$ dinocli new {game} --bot rules --seed 7 --no-play\n" in text   # #22: the output shown is --no-play's


def test_every_command_line_in_the_readme_parses():
    """Commands shown in the README are real: every option and argument is accepted by click."""
    lines = [line[2:] for block in _blocks() for line in block.splitlines() if line.startswith("$ dinocli ")]
    lines += [line.split("  #")[0].strip() for block in _blocks() for line in block.splitlines()
              if line.startswith("dinocli ") and "[" not in line]  # not the synopsis
    lines += ["dinocli new dingo --bots 2"]
    assert len(lines) > 10
    for line in lines:
        parse_command_line(line)


def test_commands_section_names_every_command():
    section = README.split("## Commands")[1].split("\n## ")[0]
    for path, _ in mangen.commands(cli):
        assert re.search(rf"\b{' '.join(path)} ", section), f"'{' '.join(path)}' is missing from README's Commands"


def test_completion_setup_matches_the_man_page():
    """Issue 10: bash, zsh and fish setup, the same in the README and in dinocli(1)."""
    page = (MAN / "dinocli.1").read_text(encoding="utf-8")
    for shell in ("bash", "zsh"):
        line = f'eval "$(_DINOCLI_COMPLETE={shell}_source dinocli)"'
        assert line in README and mangen.esc(line) in page
    line = "_DINOCLI_COMPLETE=fish_source dinocli > ~/.config/fish/completions/dinocli.fish"
    assert line in README and mangen.esc(line).replace("~", "\\(ti") in page


def test_readme_covers_architecture_games_dask_and_libraries():
    for heading in ("## Architecture", "## Adding a game", "## Tournaments on a dask cluster", "## Built on"):
        assert heading in README
    assert "--scheduler tcp://host:8786" in README and "dinocli[dask]" in README
    built_on = README.split("## Built on")[1]
    for lib in ("click", "msgspec", "sqlite-utils", "prompt_toolkit", "numpy", "platformdirs", "openskill", "dask",
                "hypothesis", "pytest"):
        assert f"[{lib}]" in built_on
