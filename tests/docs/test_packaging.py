"""The wheel works on a fresh machine: built from the checkout, installed with its dependencies
into a new virtual environment outside the checkout, then used there (issue 10, DESIGN "Layout").

Slow (a wheel build and a dependency install; about half a minute with a warm pip cache), so it
is marked: `pytest -m "not slow"` leaves it out. It runs by default and in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from dinocli.games import GAMES

from .conftest import ROOT, man_pages

# one worker builds the wheel (the module's fixture) and runs the four tests; they start first, the build being the
# suite's longest step
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel"), pytest.mark.long(60)]

# #43: a wheel build compiles the hot modules unless asked not to (setup.py); DINOCLI_COMPILE=0 in the
# suite's environment checks the pure build instead
COMPILED = os.environ.get("DINOCLI_COMPILE", "").strip() != "0"

# source folder -> where its files land in the wheel
PACKAGE_DIRS = {"dinocli": "dinocli", "ai": "dinocli/ai", "events": "dinocli/events", "man": "dinocli/man"}
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
                                    ".pytest_cache", "*.sqlite*", "*.whl")


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


def _expected_files() -> set[str]:
    """Every file the wheel must carry: all Python modules, the games' data, the man pages."""
    want = set()
    for folder, target in PACKAGE_DIRS.items():
        for path in (ROOT / folder).rglob("*.py"):
            if "__pycache__" not in path.parts:
                want.add(f"{target}/{path.relative_to(ROOT / folder).as_posix()}")
    for game in GAMES:
        want |= {f"dinocli/games/{game}/{p.name}" for p in (ROOT / "dinocli" / "games" / game).glob("*.json")}
    want |= {f"dinocli/man/{p.name}" for p in man_pages()}
    return want


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv bin folder, work folder, environment): the wheel installed in a new venv."""
    base = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "DINOCLI_DB")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if COMPILED:
        env.pop("DINOCLI_COMPILE", None)  # #43: the default build, compiled, what the pure one is checked against
    # a copy, so the build's own build/ and *.egg-info never land in the checkout
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    # verbose, to keep the build's own warnings (a build that fell back to pure Python says why)
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(base / "dist"), str(src)], base, env)
    (base / "build.log").write_text(built.stdout + built.stderr)
    wheels = list((base / "dist").glob("dinocli-*.whl"))
    assert len(wheels) == 1, wheels
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], base, env)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheels[0])], base, env)
    work = base / "elsewhere"
    work.mkdir()
    return wheels[0], python.parent, work, env


def test_wheel_holds_only_dinocli_with_its_data_and_pages(installed):
    """Issue 10: one top-level package, dinocli; ai and events inside it; data files and man pages as package data."""
    wheel, *_ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith((".dist-info", ".data"))} == {"dinocli"}, tops
    assert len(tops) == 3
    # #22: the pages also go to PREFIX/share/man, where `man` looks for a venv's or the user's prefix
    for page in man_pages():
        assert f"dinocli-0.1.0.data/data/share/man/man{page.suffix[1:]}/{page.name}" in names, page.name
    assert not [n for n in names if n.endswith("mangen.py")], "the man-page generator is a tool (tools/), not runtime"
    missing = sorted(_expected_files() - names)
    assert not missing, f"not in the wheel (pyproject packages/package-data?): {missing}"
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "dinocli = dinocli.cli:main" in meta


def test_installed_dinocli_runs_outside_the_checkout(installed):
    """Issue 10: `dinocli --help`, a full bot game and `dinocli rules dingo` in the fresh venv."""
    _, bin_dir, work, env = installed
    exe = str(bin_dir / "dinocli")
    where = _run([str(bin_dir / "python"), "-c",
                  "import dinocli, dinocli.ai, dinocli.events, dinocli.man, importlib.util as u; "
                  "print(dinocli.__file__); print(u.find_spec('ai'), u.find_spec('events'))"], work, env).stdout
    assert str(bin_dir.parent) in where.splitlines()[0] and str(ROOT) not in where
    assert where.splitlines()[1] == "None None"

    assert "Usage: dinocli" in _run([exe, "--help"], work, env).stdout

    db = work / "games.sqlite"
    out = _run([exe, "--db", str(db), "new", "dingo", "--watch", "--bot", "rules", "--bot", "random", "--seed", "1"],
               work, env).stdout
    assert "Game over" in out
    games = _run([exe, "--db", str(db), "games", "--json"], work, env).stdout
    assert '"over": true' in games

    rules = _run([exe, "rules", "dingo"], work, env).stdout
    assert "dinocli-dingo" in rules.replace("\u2010", "-") and "The Dingo Ate The Baby" in rules

    if shutil.which("man"):  # #22: `man dinocli` finds the installed page through PATH
        man_env = {k: v for k, v in env.items() if k != "MANPATH"} | {"PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"}
        found = _run(["man", "-w", "dinocli"], work, man_env).stdout.strip()
        assert found.startswith(str(bin_dir.parent)), found

    completion_env = {**env, "_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": "dinocli new ", "COMP_POINT": "12"}
    offered = _run([exe], work, completion_env).stdout.split()
    assert offered == [f"plain,{g}" for g in sorted(GAMES)]


# The same searches and games, digested, run by one interpreter of the fresh venv; with argv[1] ==
# "pure" every dinocli module that has a .py is imported from it even where a compiled .so lies
# beside it, so the two runs compare the wheel's compiled modules with its own sources.
AGREE = r'''
import hashlib, importlib.util, json, os, random, sys

if sys.argv[1] == "pure":
    class PyFirst:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if not name.startswith("dinocli.") or path is None:
                return None
            for folder in path:
                source = os.path.join(folder, name.rpartition(".")[2] + ".py")
                if os.path.isfile(source):
                    return importlib.util.spec_from_file_location(name, source)
            return None
    sys.meta_path.insert(0, PyFirst)

from dinocli.ai.arena import play_game
from dinocli.ai.mcts import Node, Search
from dinocli.bench.sampler import positions_of
from dinocli.games import GAMES, get

def digest(x):
    return hashlib.sha256(repr(x).encode()).hexdigest()[:16]

out = {}
for gid in sorted(GAMES):
    game = get(gid)
    for spec in ("mcts:cutoff=none,rollout=random,stop=never", "mcts:medium"):
        roots = []
        for state in positions_of(game):
            seat, legal = game.to_move(state), game.legal_actions(state)
            root = Search(game, seat, spec).run(Node(), game.observe(state, seat), legal, random.Random(7), 40)
            roots.append([(root.visits[r], [round(v[r], 9) for v in root.values or ()]) for r in root.rows(legal)])
        out[f"{gid} search {spec}"] = digest(roots)
    rec = play_game(game, ["mcts:iterations=12", "rules"], f"agree/{gid}", record=True)
    out[f"{gid} game"] = digest((rec.commands, rec.returns, rec.scores, rec.decisions))
modules = {n: m for n, m in sys.modules.items() if n.startswith("dinocli")}
structs = {}
for n, m in modules.items():
    for cls in vars(m).values():
        c = getattr(cls, "__struct_config__", None)
        if isinstance(cls, type) and type(c).__name__ == "StructConfig" and cls.__module__ == n:
            structs[f"{n}.{cls.__qualname__}"] = repr((c.frozen, c.tag, c.tag_field, c.array_like, c.eq, c.order,
                                                      c.omit_defaults, c.forbid_unknown_fields))
compiled = sorted(n for n, m in modules.items() if str(getattr(m, "__file__", "")).endswith(".so"))
print(json.dumps({"digests": out, "structs": structs, "compiled": compiled}))
'''


def _agree(installed, how: str) -> dict:
    import json

    _, bin_dir, work, env = installed
    return json.loads(_run([str(bin_dir / "python"), "-c", AGREE, how], work, env).stdout)


@pytest.mark.skipif(not COMPILED, reason="DINOCLI_COMPILE=0: a pure-Python build")
def test_the_wheel_carries_the_hot_modules_compiled(installed):
    """#43: a wheel build (the default, no DINOCLI_COMPILE) type-checks the search and each game's rule modules
    clean under mypy and compiles them with mypyc (setup.py), never a module defining a msgspec Struct (mypyc
    would drop its frozen=True, tag=...); a build that fell back to pure Python fails here, saying why."""
    wheel, *_ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    compiled = {n.split(".")[0].replace("/", ".") for n in names if n.endswith(".so")}
    want = {"dinocli.ai.mcts"} | {f"dinocli.games.{g}.{m}" for g in GAMES for m in ("rules", "fold", "strategy", "estimate")}
    why = [line.strip() for line in (wheel.parent.parent / "build.log").read_text().splitlines() if "not compiled" in line]
    assert want <= compiled, f"not compiled: {sorted(want - compiled)}; the build said: {why}"
    for game in GAMES:
        for role in ("state", "events", "actions", "data", "view"):
            assert f"dinocli.games.{game}.{role}" not in compiled
    assert not [n for n in names if n.startswith(".mypy_cache") or n.endswith(".c")]


def test_compiled_and_pure_modules_play_alike(installed):
    """#43: the wheel's compiled modules and its own .py files give the same searches (root visits and
    values of both specs on the bench positions), the same games (every command, draw and event of an
    MCTS bot against the rule bot) and the same Struct types (frozen, tags) in every game."""
    compiled, pure = _agree(installed, "compiled"), _agree(installed, "pure")
    assert pure["compiled"] == []
    if COMPILED:
        assert "dinocli.ai.mcts" in compiled["compiled"] and len(compiled["compiled"]) > len(GAMES)
    assert compiled["structs"] == pure["structs"]
    assert compiled["digests"] == pure["digests"]
