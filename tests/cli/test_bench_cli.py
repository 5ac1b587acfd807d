"""`dinocli bench cli` times whole processes (issue 43): it must time the installed dinocli doing what it is
asked, never a failure, whatever directory it is run from."""

from __future__ import annotations

import pytest

from dinocli.bench import cli as bench_cli


def test_a_timed_command_that_fails_stops_the_bench_with_its_last_error_line():
    with pytest.raises(bench_cli.CommandFailed, match=r"'move' failed \(exit 3\).*: no such game$"):
        bench_cli._cpu(bench_cli._python("import sys; print('no such game', file=sys.stderr); sys.exit(3)"),
                       None, "move")
    assert bench_cli._cpu(bench_cli._python("pass")) >= 0


def test_the_timed_dinocli_is_the_installed_one_even_beside_a_dinocli_folder(tmp_path, monkeypatch):
    """Run from a source checkout, ``python -c`` would import the folder in the working directory (the
    wheel's layout is not the checkout's): the commands then failed at once and were timed as if they ran."""
    (tmp_path / "dinocli").mkdir()
    (tmp_path / "dinocli" / "__init__.py").write_text("raise ImportError('the checkout, not the install')\n")
    monkeypatch.chdir(tmp_path)
    assert bench_cli._cpu(bench_cli._dinocli("--help"), None, "help") > 0
