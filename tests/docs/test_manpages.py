"""Man pages: generated from the click tree and kept in sync; every page lints clean (issue 10).

When a test here fails because a command or an option changed, regenerate the pages with
``python tools/mangen.py`` and review the diff of man/.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib

import click
import pytest

from dinocli.cli import cli
from dinocli.games import GAMES

from .conftest import MAN, REGENERATE, ROOT, man_pages, mangen, parse_command_line

COMMANDS = list(mangen.commands(cli))


def test_generated_pages_are_current():
    """Issues 10, 18: man/dinocli.1 and one page per command are as ``python tools/mangen.py`` writes
    them now (checked by running that script, as a developer would, with --check)."""
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "mangen.py"), "--check"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, f"man pages out of date:\n{proc.stdout}{proc.stderr}run: {REGENERATE}"
    assert proc.stdout == ""


@pytest.mark.parametrize("path,cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_command_and_option_is_documented_in_its_page(path, cmd):
    """Issue 10: a command or option missing from its page, or without help text, fails."""
    page = MAN / mangen.page_name(path)
    assert page.is_file(), f"no page {page.name} for 'dinocli {' '.join(path)}'; run: {REGENERATE}"
    assert (cmd.help or "").strip(), f"'dinocli {' '.join(path)}' has no docstring to document it"
    source = page.read_text(encoding="utf-8")
    options = source.split(".SH OPTIONS", 1)[-1].split("\n.SH ", 1)[0]
    for param in cmd.params:
        if not isinstance(param, click.Option) or param.hidden:
            continue
        assert (param.help or "").strip(), f"option {param.opts[0]} of 'dinocli {' '.join(path)}' has no help text"
        for name in param.opts + param.secondary_opts:
            assert f"\\fB{mangen.esc(name)}\\fR" in options, \
                f"{name} of 'dinocli {' '.join(path)}' is not in {page.name}; run: {REGENERATE}"


def test_main_page_lists_commands_games_completion_and_exit_codes():
    """Issue 10: dinocli.1 names every command's page, every game's page, and completion setup."""
    source = (MAN / "dinocli.1").read_text(encoding="utf-8")
    for path, _ in COMMANDS:
        assert f".BR {mangen.esc(mangen.page_name(path)[:-2])} (1)" in source, f"{path} missing; run: {REGENERATE}"
    for game in GAMES:
        assert f"dinocli\\-{game} (6)" in source, f"game {game} missing from dinocli.1; run: {REGENERATE}"
    for shell in ("bash", "zsh", "fish"):
        assert f"_DINOCLI_COMPLETE={shell}_source dinocli" in source
    for code in range(6):
        assert f".B {code}\n" in source.split(".SH EXIT STATUS")[1]


def test_no_page_of_a_command_that_is_gone():
    names = {mangen.page_name(p) for p, _ in COMMANDS} | {"dinocli.1"}
    extra = [p.name for p in MAN.glob("*.1") if p.name not in names]
    assert not extra, f"pages of unknown commands: {extra}; run: {REGENERATE}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_a_rules_page(game):
    """Issue 10: man/dinocli-GAME.6 for each game in dinocli.games.GAMES."""
    assert (MAN / f"dinocli-{game}.6").is_file(), f"game {game} is registered but man/dinocli-{game}.6 is missing"


def test_every_page_ships_as_package_data():
    """Issue 10: the wheel carries every page (pyproject package-data of dinocli.man)."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert conf["package-dir"]["dinocli.man"] == "man"
    patterns = conf["package-data"]["dinocli.man"]
    missing = [p.name for p in man_pages() if not any(p.match(pat) for pat in patterns)]
    assert not missing


def test_examples_in_the_pages_are_real_command_lines():
    """Every EXAMPLES line of the generated pages parses with the real click tree."""
    lines = [c for items in mangen.EXAMPLES.values() for c, _ in items] + [c for c, _ in mangen.MAIN_EXAMPLES]
    for line in lines:
        parse_command_line(line)
    with pytest.raises(click.UsageError):
        parse_command_line("dinocli new dingo --no-such-option")


def test_generator_writes_a_fresh_folder_and_check_reports_it(tmp_path):
    """The generator is re-runnable: --check fails on an empty folder, passes after writing."""
    from click.testing import CliRunner

    runner = CliRunner()
    assert runner.invoke(mangen.main, ["--check", str(tmp_path)]).exit_code == 1
    assert runner.invoke(mangen.main, [str(tmp_path)]).exit_code == 0
    (tmp_path / "dinocli-gone.1").write_text(".TH X 1\n")
    assert "dinocli-gone.1" in mangen.stale_pages(tmp_path)
    mangen.write_pages(tmp_path)
    assert runner.invoke(mangen.main, ["--check", str(tmp_path)]).exit_code == 0
    assert not (tmp_path / "dinocli-gone.1").exists()


def test_escaping_keeps_roff_requests_out_of_text():
    assert mangen.esc(".hidden request") == "\\&.hidden request"
    assert mangen.esc("--db C:\\x 'q' —") == "\\-\\-db C:\\ex \\(aqq\\(aq \\[u2014]"
    assert mangen.fill("w " * 39 + ".x").splitlines() == [" ".join("w" * 39), "\\&.x"]


# -- lint ----------------------------------------------------------------------------------------

PAGES = man_pages()
OWN = [p for p in PAGES if p.suffix in (".1", ".5")]  # generated pages and dinocli-log-format.5


def _run(cmd: list[str]) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    return (proc.stdout + proc.stderr).strip()


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed: cannot lint the man pages with it")
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_groff_finds_no_warning(page):
    """Issue 10: `groff -man -ww -z` prints nothing for every page."""
    assert _run(["groff", "-man", "-ww", "-z", str(page)]) == ""


@pytest.mark.skipif(shutil.which("mandoc") is None, reason="mandoc is not installed: cannot lint the man pages with it")
@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_mandoc_finds_no_warning(page):
    """Issue 10: `mandoc -T lint -W warning` prints nothing for every page."""
    assert _run(["mandoc", "-T", "lint", "-W", "warning", str(page)]) == ""


@pytest.mark.skipif(shutil.which("mandoc") is None, reason="mandoc is not installed: cannot lint the man pages with it")
@pytest.mark.parametrize("page", OWN, ids=[p.name for p in OWN])
def test_generated_and_log_pages_are_style_clean(page):
    """dinocli(1), the command pages and dinocli-log-format(5) pass mandoc's style checks too."""
    assert _run(["mandoc", "-T", "lint", "-W", "style", str(page)]) == ""


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_renders_the_main_page():
    """Issue 10: `man -l man/dinocli.1` renders."""
    env = {"MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    proc = subprocess.run(["man", "-l", str(MAN / "dinocli.1")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    text = re.sub(r".\x08", "", proc.stdout)
    for heading in ("NAME", "SYNOPSIS", "COMMANDS", "SHELL COMPLETION", "EXIT STATUS"):
        assert heading in text


def _check_program() -> str:
    """The Python program printed in dinocli-log-format(5), with roff escapes undone."""
    source = (MAN / "dinocli-log-format.5").read_text(encoding="utf-8")
    code = source.split('.\\" check.py begins\n')[1].split('.\\" check.py ends')[0]
    return code.replace("\\-", "-").replace("\\e", "\\").replace("\\(aq", "'").replace("\\&", "")


def test_log_page_describes_the_real_hashes(tmp_path):
    """dinocli-log-format(5): its check program accepts a real export and rejects an altered one."""
    saves = sorted((ROOT / "saves").glob("*.jsonl"))
    assert saves, "saves/ holds example logs"
    program = tmp_path / "check.py"
    program.write_text(_check_program())
    for log in saves:
        proc = subprocess.run([sys.executable, str(program), str(log)], capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0 and proc.stdout.startswith("ok:"), proc.stderr
    lines = saves[0].read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = lines[2].replace('"v":1', '"v":2', 1)
    altered = tmp_path / "altered.jsonl"
    altered.write_text("".join(lines), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(program), str(altered)], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_pages_are_ascii(page):
    """groff 1.22 reads bytes, not UTF-8: non-ASCII goes in as escapes such as \\[u2014] or \\(em."""
    bad = [n for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1) if not line.isascii()]
    assert not bad, f"{page.name}: non-ASCII text on lines {bad[:10]}"
