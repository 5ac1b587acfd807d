"""The architecture keeps its shape: dependencies point one way, no import cycles, help stays light.

Issue #18 item 2. Every import of a dinocli module counts, absolute or relative
(``from ..x import y`` inside events/ means dinocli.x, by pyproject's package-dir), at module
level or inside a function. An import under ``if TYPE_CHECKING:`` counts for the layers but not
for cycles (it never runs: that is how an annotation names a type without a cycle). tools/ and
tests/ are outside the layers.
"""

from __future__ import annotations

import ast
import functools
import gc
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import syntax

ROOT = Path(__file__).resolve().parent.parent

# Layers, lowest first: a module may import its own layer and those below, never above (DESIGN
# "Layout": events <- games <- ai <- service <- cli/repl). A module belongs to the layer of the
# longest prefix below that names it (a prefix covers the module and everything under it).
EVENTS, GAMES, AI, SERVICE, CLI = range(5)
LAYER_NAMES = ("events", "games", "ai", "service", "cli/repl")
LAYERS = {
    "dinocli.events": EVENTS,            # events/: the store, chain, codec, rng, text...
    "dinocli.man": EVENTS,               # man/: the shipped pages (data, no code)
    "dinocli.limits": EVENTS,            # the one table of bounds (data, imports nothing)
    "dinocli.games": GAMES,              # protocol, registry/loader, grammar, runner, games/<id>/
    "dinocli.ai": AI,                    # ai/: bots, mcts, spec, hint, arena (the headless play loop)
    "dinocli.service": SERVICE,          # command -> decide -> append
    "dinocli.table": SERVICE,            # who sits where, who may see and who may act (the Table)
    "dinocli.verify": SERVICE,           # replay/verify of logs and stored games
    "dinocli.disclosure": SERVICE,       # what a command's events disclose, as writers record it (for verify too)
    "dinocli.results": SERVICE,          # a finished game's result and snapshot codec (for verify)
    "dinocli.analysis": SERVICE,         # analyze: bots judging a game's decisions
    "dinocli.climb": SERVICE,            # the next level after a win (game-over screens)
    "dinocli.config": SERVICE,           # the config file: defaults for bot, colour, database, player
    "dinocli.bench": SERVICE,            # bench measures: cli, game, search, store, strength
    "dinocli.tournament": SERVICE,       # tournaments: plan, run, stats, save
    "dinocli.tournament.command": CLI,   #   its click command
    "dinocli.pictures": SERVICE,         # SVG/HTML pictures and reports
    "dinocli.manpages": SERVICE,         # reading the shipped pages (dinocli rules)
    "dinocli.files": SERVICE,            # atomic writes, bounded reads
    "dinocli.safe": SERVICE,             # terminal-safe text
    "dinocli.output": SERVICE,           # emit_json and terminal-safe echo
    "dinocli.seen": SERVICE,             # how a decision reads to one seat (secret picks unnamed)
    "dinocli.cli": CLI,                  # the click group and commands
    "dinocli.repl": CLI,                 # the game prompt, review and replay --step screens
    "dinocli.challenge": CLI,            # prompt_toolkit dialogs
    "dinocli.completion": CLI,           # shell completion
    "dinocli.server": CLI,               # serve / join over websockets (the seat's view on the wire)
}
ROOT_PACKAGE = "dinocli"  # dinocli/__init__.py (__version__ only): importable from every layer

def package_dirs(root: Path) -> dict[str, Path]:
    """Package name -> folder, from pyproject's package-dir (ai/ is dinocli.ai, events/ dinocli.events)."""
    conf = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    return {name: root / folder for name, folder in conf["package-dir"].items()}


def modules(root: Path) -> dict[str, Path]:
    """Every dinocli module of the tree at ``root``: dotted name -> file."""
    out = {}
    for package, folder in package_dirs(root).items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join((package, *parts))] = path
    return out


def _known(name: str, mods: dict[str, Path]) -> str:
    """The module an import of ``name`` loads: itself, or the nearest package above it we know."""
    while name not in mods and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (getattr(test, "id", None) == "TYPE_CHECKING"
                                         or getattr(test, "attr", None) == "TYPE_CHECKING")


@functools.cache
def _import_statements(source: str) -> tuple[tuple[int, str, tuple[str, ...], int, bool], ...]:
    """(level, module, names, line, only for type checking) of every import statement in the
    source, nested ones too (``import a.b`` is (0, "", ("a.b",), line, False)); cached by text, so
    copies of the tree parse fast."""
    out = []
    todo = [(syntax.tree(source), False)]
    while todo:
        node, typing_only = todo.pop()
        if isinstance(node, ast.Import):
            out.append((0, "", tuple(a.name for a in node.names), node.lineno, typing_only))
        elif isinstance(node, ast.ImportFrom):
            out.append((node.level, node.module or "", tuple(a.name for a in node.names), node.lineno, typing_only))
        if _type_checking(node):
            todo += [(child, True) for child in node.body] + [(child, typing_only) for child in node.orelse]
            todo.append((node.test, typing_only))
        else:
            todo += [(child, typing_only) for child in ast.iter_child_nodes(node)]
    return tuple(sorted(out, key=lambda s: s[3]))


def imports_of(name: str, path: Path, mods: dict[str, Path]) -> Iterator[tuple[str, int, bool]]:
    """(imported dinocli module, line, only for type checking) for every import in the module,
    relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for level, module, names, line, typing_only in _import_statements(path.read_text(encoding="utf-8")):
        if not module and not level:   # import a.b, c
            yield from ((_known(n, mods), line, typing_only) for n in names if n.split(".")[0] == ROOT_PACKAGE)
            continue
        if level:
            parts = package.split(".")
            module = ".".join(parts[:len(parts) - level + 1] + ([module] if module else []))
        if module.split(".")[0] != ROOT_PACKAGE:
            continue
        for n in names:
            sub = f"{module}.{n}"
            yield (sub if sub in mods else _known(module, mods)), line, typing_only


def layer_of(name: str) -> int | None:
    """The layer of a module by the longest prefix in LAYERS (None: not placed)."""
    if name == ROOT_PACKAGE:
        return EVENTS
    best = max((p for p in LAYERS if name == p or name.startswith(p + ".")), key=len, default=None)
    return None if best is None else LAYERS[best]


def graph(root: Path, *, typing_only: bool = True) -> tuple[dict[str, Path], dict[str, dict[str, int]]]:
    """The modules of the tree and their import edges: importer -> {imported: first line}
    (``typing_only=False`` leaves out imports under ``if TYPE_CHECKING:``)."""
    mods = modules(root)
    edges: dict[str, dict[str, int]] = {m: {} for m in mods}
    for name, path in mods.items():
        for target, line, only_types in imports_of(name, path, mods):
            if target != name and target in mods and (typing_only or not only_types):
                edges[name].setdefault(target, line)
    return mods, edges


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan's DFS), shortest found."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges) + 100))
    try:
        for v in sorted(edges):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    out = []
    for group in groups:
        start, members = group[0], set(group)
        paths = {start: [start]}   # breadth first inside the group: a shortest way back to start
        queue = [start]
        found: list[str] = []
        while queue and not found:
            v = queue.pop(0)
            for w in sorted(edges[v]):
                if w == start:
                    found = paths[v] + [start]
                    break
                if w in members and w not in paths:
                    paths[w] = paths[v] + [w]
                    queue.append(w)
        out.append(found)
    return sorted(out)


def violations(root: Path) -> list[str]:
    """Every layering and cycle violation of the tree at ``root``, one line each."""
    mods, edges = graph(root)
    out = []
    for name in sorted(mods):
        mine = layer_of(name)
        if mine is None:
            out.append(f"unplaced: {name} ({mods[name].relative_to(root)}) belongs to no layer in LAYERS")
            continue
        for target, line in sorted(edges[name].items()):
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                out.append(f"upward: {name} ({LAYER_NAMES[mine]}) imports {target} ({LAYER_NAMES[theirs]}) "
                           f"at {mods[name].relative_to(root)}:{line}")
            if mine == AI and target.startswith("dinocli.games.") and mods[target].parent != mods["dinocli.games"].parent:
                out.append(f"ai imports a game: {name} imports {target} at {mods[name].relative_to(root)}:{line}")
    out += ["cycle: " + " -> ".join(c) for c in cycles(graph(root, typing_only=False)[1])]
    return out


def test_dependencies_point_one_way_and_form_no_cycle():
    """Issue 18: events <- games <- ai <- service <- cli/repl, and no import cycle."""
    found = violations(ROOT)
    assert not found, "layering violations:\n" + "\n".join(found)


def test_every_module_is_found_and_relative_imports_resolve():
    """The checker sees ai/ as dinocli.ai and resolves ``from .x``/``from ..x`` to real modules."""
    mods, edges = graph(ROOT)
    assert {"dinocli.cli", "dinocli.ai.spec", "dinocli.events.store", "dinocli.games.protocol"} <= set(mods)
    assert mods["dinocli.ai.spec"] == ROOT / "ai" / "spec.py"
    assert "dinocli.ai.ai" not in mods and "dinocli.events" in mods
    assert "dinocli.ai.spec" in edges["dinocli.ai"]          # ai/__init__.py: from .spec import ...
    assert "dinocli.events.codec" in edges["dinocli.events.chain"]  # events/chain.py: from .codec import ...


INJECTED = {
    # a relative import upward from events/: ``..`` is dinocli, so this is dinocli.games.protocol
    "events-upward": ("events/errors.py", "\n\ndef _injected():\n    from ..games.protocol import Game\n    return Game\n",
                      "upward: dinocli.events.errors (events) imports dinocli.games.protocol (games)"),
    # a game importing a bot
    "games-import-ai": ("dinocli/games/dingo/rules.py", "\nfrom dinocli.ai import spec as _injected\n",
                        "upward: dinocli.games.dingo.rules (games) imports dinocli.ai.spec (ai)"),
    # a cycle: the chain imports the codec; now the codec imports the chain (inside a function)
    "cycle": ("events/codec.py", "\n\ndef _injected():\n    from . import chain\n    return chain\n",
              "cycle: ", "dinocli.events.chain -> ", "dinocli.events.codec -> "),
}


@pytest.fixture(scope="module")
def baseline() -> set[str]:
    return set(violations(ROOT))


@pytest.mark.parametrize("case", sorted(INJECTED))
def test_the_checker_reports_an_injected_violation(case, tmp_path, baseline):
    """Issue 18: three violations injected into a copy of the tree are each reported."""
    for part in ("dinocli", "ai", "events", "man"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    assert set(violations(tmp_path)) == baseline, "the copy must start as the tree does"
    file, code, expected, *within = INJECTED[case]
    with open(tmp_path / file, "a", encoding="utf-8") as f:
        f.write(code)
    new = set(violations(tmp_path)) - baseline
    assert any(v.startswith(expected) and all(w in v for w in within) for v in new), f"{case} not reported; new: {sorted(new)}"


def test_an_import_for_type_checking_only_counts_for_layers_not_cycles(tmp_path, baseline):
    """``if TYPE_CHECKING:`` never runs: it cannot make an import cycle, but it still may not look upward."""
    for part in ("dinocli", "ai", "events", "man"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "events" / "codec.py", "a", encoding="utf-8") as f:
        f.write("\nimport typing\n\nif typing.TYPE_CHECKING:\n    from . import chain\n    from ..games import protocol\n")
    new = set(violations(tmp_path)) - baseline
    assert [v.split(" at ")[0] for v in new] == ["upward: dinocli.events.codec (events) imports dinocli.games.protocol (games)"]


@pytest.mark.parametrize("game_id", sorted(__import__("dinocli.games", fromlist=["GAMES"]).GAMES))
def test_every_game_folder_has_the_same_shape(game_id):
    folder = ROOT / "dinocli" / "games" / game_id
    from dinocli.games.assembly import ROLES

    missing = [f for f in ("__init__.py", *(f"{role}.py" for role in ROLES)) if not (folder / f).exists()]
    assert not missing
    assert list(folder.glob("*.json")), "a game's data lives in a JSON file"


def test_help_imports_no_heavy_module():
    code = ("import sys; from dinocli.cli import cli; "
            "print(sorted(m for m in ('numpy', 'prompt_toolkit', 'sqlite_utils', 'msgspec') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


HEAVY_AT_EXIT = ("import atexit, sys; atexit.register(lambda: print(sorted(m for m in ('numpy', 'prompt_toolkit', "
                 "'sqlite_utils', 'msgspec', 'sqlite3') if m in sys.modules))); sys.argv = ['dinocli', *{args!r}]; "
                 "from dinocli.cli import main; main()")


@pytest.mark.parametrize("args", [["--help"], ["show", "--help"]])
def test_help_runs_without_a_heavy_module(args, tmp_path):
    """`dinocli --help`, and a command's --help after the group has read the config file, load none."""
    env = {"PATH": "", "HOME": str(tmp_path), "DINOCLI_CONFIG": str(tmp_path / "none.toml")}
    r = subprocess.run([sys.executable, "-c", HEAVY_AT_EXIT.format(args=args)], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 0 and "Usage: dinocli" in r.stdout, r.stderr
    assert r.stdout.splitlines()[-1] == "[]"


def test_a_bad_config_file_is_an_error_of_the_root_that_loads_no_heavy_module(tmp_path):
    """Issue 38: the config file's error is under the error root like every other (the CLI maps it by its
    class's exit code), and raising it loads neither msgspec nor sqlite3: the root is light to import."""
    (tmp_path / "config.toml").write_text('colr = "never"\n')
    env = {"PATH": "", "HOME": str(tmp_path), "DINOCLI_CONFIG": str(tmp_path / "config.toml")}
    r = subprocess.run([sys.executable, "-c", HEAVY_AT_EXIT.format(args=["games"])], capture_output=True, text=True,
                       env=env, timeout=60)
    assert (r.returncode, r.stdout) == (1, "[]\n")
    assert r.stderr == (f"dinocli: config file {tmp_path / 'config.toml'}: unknown setting 'colr' (did you mean "
                        "color?); settings: bot, color, db, player\n")
    code = "import sys, dinocli.events.errors; print(sorted(m for m in ('msgspec', 'sqlite3') if m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_export_of_a_stored_game_imports_no_heavy_module(tmp_path):
    """Reading a game out (export, with its notes) needs neither sqlite-utils nor numpy: both cost
    every such process a tenth of a second (issue 18, the suite's time)."""
    db = tmp_path / "g.sqlite"
    save = sorted((ROOT / "saves").glob("dingo*.jsonl"))[0]
    code = ("import json, sys; from click.testing import CliRunner; from dinocli.cli import cli; run = CliRunner().invoke; "
            f"db = {str(db)!r}; run(cli, ['--db', db, 'import', {str(save)!r}]); "
            "gid = json.loads(run(cli, ['--db', db, 'games', '--json']).output)[0]['game']; "
            "[sys.modules.pop(m) for m in list(sys.modules) if m.split('.')[0] in ('numpy', 'sqlite_utils')]; "
            "r = run(cli, ['--db', db, 'export', gid]); "
            "print(r.exit_code, r.output.count(chr(10)) > 3, sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'sqlite_utils'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0 True []"


# Issue 38: the Table (dinocli/table.py) is the one owner of the seating and of who may see and act; the
# seating's records are in events/records.py. Elsewhere no module reads a seat's "bot" key, the seating's
# keys in a record's metadata, or who the people at the table are (to decide whose eyes or turn it is).
SEATING_OWNERS = {"dinocli.table", "dinocli.events.records"}
SEAT_KEYS = {"bot"}                                    # of a seat record: read from something that holds seats
META_KEYS = {"undo", "undo_chosen", "takeovers"}       # of a record's metadata: read from something named meta
SEATING_READS = {"humans", "is_human"}   # Loaded passes these on from the Table (for the service and the tests)
PASSES_ON = {"dinocli.service"}
# The verifier checks a log header's seats as the log format states them, and counts no take-over line for the
# result; dinocli/verify.py is the log-format change's this session (what is left of issue 38).
NOT_YET: set[tuple[str, str]] = set()


def _seat_holders(tree: ast.AST) -> set[str]:
    """Names bound to seats in a module: by ``for x in ...seats...`` (loops and comprehensions) or
    ``x = ...seats...``."""
    out = set()
    for node in ast.walk(tree):
        pairs = []
        if isinstance(node, (ast.For, ast.comprehension)):
            pairs.append((node.target, node.iter))
        elif isinstance(node, ast.Assign):
            pairs += [(t, node.value) for t in node.targets]
        for target, value in pairs:
            if "seats" in ast.unparse(value):
                out |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return out


def seating_reads(root: Path) -> list[str]:
    """Every read of the seating outside its owners: a seat's key (from seats or a name bound to them) or the
    seating's keys in a record's metadata, as a subscript or a ``.get``; or the people at the table asked
    outside the Table and the service that passes its answers on."""
    out = []
    for name, path in sorted(modules(root).items()):
        if name in SEATING_OWNERS:
            continue
        tree = syntax.tree(path.read_text(encoding="utf-8"))
        holders = _seat_holders(tree)
        for node in ast.walk(tree):
            key = base = None
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                key, base = node.slice.value, node.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                key, base = node.args[0].value, node.func.value
            if base is not None and (name, key) not in NOT_YET:
                text = ast.unparse(base)
                seat = key in SEAT_KEYS and ("seats" in text or (isinstance(base, ast.Name) and base.id in holders))
                if seat or (key in META_KEYS and "meta" in text):
                    out.append(f"{path.relative_to(root)}:{node.lineno} reads the seating's {key!r}")
            if (isinstance(node, ast.Attribute) and node.attr in SEATING_READS and isinstance(node.ctx, ast.Load)
                    and name not in PASSES_ON):
                out.append(f"{path.relative_to(root)}:{node.lineno} asks .{node.attr} outside the Table")
    return out


def test_only_the_table_reads_the_seating_and_decides_who_may_see_or_act():
    """Issue 38: outside dinocli/table.py and events/records.py no module reads a seat's "bot" key or the
    undo mode and take-overs, or asks who the people are to decide whose eyes or turn it is."""
    assert seating_reads(ROOT) == []
    still = {(n, k) for n, k in NOT_YET
             if any(f"[{k!r}]".replace("'", '"') in line or f'get("{k}"' in line
                    for line in modules(ROOT)[n].read_text(encoding="utf-8").splitlines())}
    assert still == NOT_YET, "an exception no longer needed: drop it from NOT_YET"


def test_the_seating_check_reports_an_injected_read(tmp_path):
    """The check above can fail: a module that reads a seat's bot, or asks who the people are, is reported."""
    for part in ("dinocli", "ai", "events", "man"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    mine = tmp_path / "dinocli" / "climb.py"
    mine.write_text(mine.read_text(encoding="utf-8") + "\n\ndef _peek(g):\n    return g.seats[0]['bot'], g.humans\n",
                    encoding="utf-8")
    found = seating_reads(tmp_path)
    assert any("climb.py" in f and "'bot'" in f for f in found) and any(".humans outside" in f for f in found)


# Issue 38: the store is one facade (events/store.py) over parts, each a small module holding the one Database that
# owns the connection. Outside them SQLite is reached only through ``Store.connection``: none of the names the raw
# connection went by before (``store.db``, ``store.conn``, ``store._conn``) and nothing private of a part. Inside,
# a part touches only its own private names (``self._x``) and imports none of another part's.
STORE_PARTS = {f"dinocli.events.{m}" for m in ("store", "database", "games", "tree", "appends", "reads", "segments",
                                               "snapshots", "transfer")}
OLD_CONNECTION_NAMES = {"db", "conn", "_conn"}


def _python_files(root: Path) -> dict[str, Path]:
    """Every module of the tree (dotted name -> file), and the files of tests/ and tools/ (by path)."""
    out = dict(modules(root))
    for folder in ("tests", "tools"):
        out |= {str(p.relative_to(root)): p for p in sorted((root / folder).rglob("*.py"))}
    return out


def store_reaches(root: Path) -> list[str]:
    """Every way around the store's one connection and its parts' seams: an old name for the connection or a
    private name of a store's part used outside the parts, a part touching another object's private name, or
    a part importing another's private name."""
    parts = {name.rsplit(".", 1)[1] for name in STORE_PARTS}
    out = []
    for name, path in _python_files(root).items():
        tree = syntax.tree(path.read_text(encoding="utf-8"))
        where = path.relative_to(root)
        inside = name in STORE_PARTS
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                base = ast.unparse(node.value)
                private = node.attr.startswith("_") and not node.attr.startswith("__")
                if not inside and base.split(".")[-1] == "store" and (node.attr in OLD_CONNECTION_NAMES or private):
                    out.append(f"{where}:{node.lineno} reaches {base}.{node.attr} (use {base}.connection)")
                elif inside and private and base not in ("self", "cls"):
                    out.append(f"{where}:{node.lineno} touches {base}.{node.attr}, another object's private name")
            elif inside and isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in parts:
                out += [f"{where}:{node.lineno} imports {node.module}.{a.name}, another part's private name"
                        for a in node.names if a.name.startswith("_")]
    return out


def test_the_store_parts_keep_their_seams_and_the_connection_has_one_public_name():
    """Issue 38: outside the store's parts nothing reaches the connection but ``store.connection``; the parts hold
    the one Database and call only each other's public methods."""
    assert store_reaches(ROOT) == []
    assert {name for name in modules(ROOT) if name.startswith("dinocli.events.")} >= STORE_PARTS


def test_the_store_seam_check_reports_an_injected_reach(tmp_path):
    """The check above can fail: a module that reaches ``store.db`` or a part's private attribute, a part that calls
    another part's private method, or imports another part's private name, is reported."""
    for part in ("dinocli", "ai", "events", "man"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    for target, extra in (("dinocli/climb.py", "\n\ndef _peek(svc):\n    return svc.store.db, svc.store._reads\n"),
                          ("events/appends.py", "\n\ndef _peek(store):\n    return store.tree._linear\n"),
                          ("events/transfer.py", "\nfrom .reads import _decoded_onto\n")):
        mine = tmp_path / target
        mine.write_text(mine.read_text(encoding="utf-8") + extra, encoding="utf-8")
    found = store_reaches(tmp_path)
    assert sorted(f.split(" ", 1)[1] for f in found) == [
        "imports reads._decoded_onto, another part's private name",
        "reaches svc.store._reads (use svc.store.connection)", "reaches svc.store.db (use svc.store.connection)",
        "touches store.tree._linear, another object's private name"]


def test_a_finaliser_that_parses_mid_parse_does_not_break_the_checkers():
    """gh-106905 as it struck the suite (tests/syntax.py): cyclic garbage whose finaliser parses, collected in the
    middle of a parse, made plain ``ast.parse`` of this file fail about three times in four on CPython 3.11.7."""

    class ParsesWhenCollected:
        def __del__(self):
            ast.parse("x = (1 + 2) * 3")

    source = Path(__file__).read_text(encoding="utf-8")
    try:
        for _trial in range(20):
            for _ in range(200):
                garbage = ParsesWhenCollected()
                garbage.cycle = garbage
            del garbage
            assert syntax.parse(source).body
    finally:
        gc.collect()   # no parsing garbage outlives the test, to break another test's parse


def test_a_false_ast_mismatch_is_parsed_again_and_a_bad_file_still_fails(monkeypatch):
    """CPython 3.11.7's gh-106905 (tests/syntax.py): the checkers parse again on the false mismatch only."""
    real, calls = ast.parse, []

    def flaky(source, *args, **kwargs):
        calls.append(source)
        if len(calls) == 1:
            raise SystemError("AST constructor recursion depth mismatch (before=90, after=65)")
        return real(source, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", flaky)
    assert isinstance(syntax.tree("import os  # mismatch once\n").body[0], ast.Import) and len(calls) == 2
    with pytest.raises(SyntaxError):
        syntax.tree("import (\n")
    monkeypatch.setattr(ast, "parse", lambda *a, **k: (_ for _ in ()).throw(SystemError("something else")))
    with pytest.raises(SystemError, match="something else"):
        syntax.tree("x = 1  # another error\n")
