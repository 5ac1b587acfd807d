"""Shared helpers of the documentation tests (issue 10)."""

from __future__ import annotations

import importlib.util
import shlex
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[2]
MAN = ROOT / "man"
REGENERATE = "python tools/mangen.py"
GLOBAL_WITH_VALUE = {"--db", "--color"}


def _load_mangen():
    """tools/mangen.py, the man-page generator (a development tool outside the package)."""
    spec = importlib.util.spec_from_file_location("mangen", ROOT / "tools" / "mangen.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["mangen"] = module
    spec.loader.exec_module(module)
    return module


mangen = sys.modules.get("mangen") or _load_mangen()


def man_pages() -> list[Path]:
    """Every page in man/ (sections 1, 5 and 6)."""
    return sorted(p for ext in ("1", "5", "6") for p in MAN.glob(f"*.{ext}"))


def parse_command_line(line: str) -> click.Context:
    """Parse a documented ``dinocli ...`` line with the real click tree, without running it
    (raise click.UsageError for an unknown command or option, or a missing argument)."""
    from dinocli.cli import cli

    words = shlex.split(line)
    assert words[0] == "dinocli", line
    root = cli.make_context("dinocli", [], resilient_parsing=True)
    i = 1
    while i < len(words) and words[i].startswith("-"):
        if words[i].split("=")[0] not in {*GLOBAL_WITH_VALUE, "--version", "-h", "--help"}:
            raise click.UsageError(f"unknown global option {words[i]}")
        i += 2 if words[i] in GLOBAL_WITH_VALUE else 1
    if i == len(words):
        return root
    cmd = cli.get_command(root, words[i])
    if cmd is None:
        raise click.UsageError(f"no command {words[i]!r}")
    return cmd.make_context(words[i], words[i + 1:], parent=root)
