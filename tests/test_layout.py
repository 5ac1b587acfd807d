"""The architecture keeps its shape: dependencies point one way, help stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = ("__init__.py", "data.py", "state.py", "actions.py", "events.py", "fold.py", "rules.py",
              "view.py", "notation.py", "render.py", "strategy.py")


def imports(folder: Path) -> set[tuple[str, str]]:
    """(file, imported module) for every import in the folder's Python files."""
    out = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                out |= {(path.name, a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                out.add((path.name, node.module))
    return out


def test_events_import_no_game_and_nothing_above():
    """DESIGN "Layout": events <- games <- ai <- cli/repl/service."""
    bad = {(f, m) for f, m in imports(ROOT / "events") if m.startswith("dinocli") and not m.startswith("dinocli.events")}
    assert not bad


def test_ai_imports_no_game():
    allowed = ("dinocli.ai", "dinocli.events", "dinocli.games.protocol", "dinocli.games.runner")
    bad = {(f, m) for f, m in imports(ROOT / "ai") if m.startswith("dinocli") and not m.startswith(allowed)}
    assert not bad


def test_games_import_nothing_above_them():
    bad = {(f, m) for f, m in imports(ROOT / "dinocli" / "games")
           if m.startswith("dinocli") and m.split(".")[1] in {"ai", "service", "cli", "repl", "arena", "bench"}}
    assert not bad


@pytest.mark.parametrize("game_id", sorted(__import__("dinocli.games", fromlist=["GAMES"]).GAMES))
def test_every_game_folder_has_the_same_shape(game_id):
    folder = ROOT / "dinocli" / "games" / game_id
    missing = [f for f in GAME_FILES if not (folder / f).exists()]
    assert not missing
    assert list(folder.glob("*.json")), "a game's data lives in a JSON file"


def test_help_imports_no_heavy_module():
    code = ("import sys; from dinocli.cli import cli; "
            "print(sorted(m for m in ('numpy', 'prompt_toolkit', 'sqlite_utils', 'msgspec') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
