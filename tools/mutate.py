"""Mutation testing for the games' rule modules: do the tests notice a one-point change to a rule?

    python tools/mutate.py dinocli/games/dillos/board.py      # one file, every mutant
    python tools/mutate.py --game sos                         # all of one game's rule modules
    python tools/mutate.py FILE --sample 40 --seed 1          # a random sample of 40 mutants
    python tools/mutate.py FILE --list                        # list the mutants, run nothing
    python tools/mutate.py FILE --only 'west'                 # only mutants whose id contains 'west'
    python tools/mutate.py FILE --survivors                   # after adding tests: re-run what lived

Each mutant is one change to the file's syntax tree: a comparison's boundary or sense
(`<` -> `<=`, `==` -> `!=`, `in` -> `not in`), an integer constant +1 / -1, `True` <-> `False`,
`and` <-> `or`, a negated condition (`if c` -> `if not c`, `not c` -> `c`), `+` <-> `-`.
The game's tests (tests/games/<game>/, the contract tests and golden playthroughs of that game;
``--tests PATH...`` names others) run once, in one process (``-n 0``), under a line tracer to learn which tests execute which lines; each mutant then runs only the tests
that execute its line, fastest first, stopping at the first failure, in a forked pytest
(``-n 0`` again: xdist's workers would import the file on disk, not the mutant) with a timeout (-j workers at a time, 2 by default). A mutant is *killed* when a test fails (or it
times out), *survived* when they all pass, *uncovered* when no test runs its line.

Why not mutmut: it mutates message strings too and runs mutants through a copy of the tree;
this runner keeps to the rule operators above, maps each line to the tests that run it, and
runs one file at a time on a fixed number of cores.

Mutants are named by content, `function: before -> after @ the source line`, so an edit elsewhere
renames none; a listed equivalent whose line changed is reported as one the file no longer has.
Score = killed / (mutants - listed equivalents). `--survivors` re-runs only the mutants the
last full run of an unchanged file left alive (a test added cannot revive a killed mutant). A surviving mutant is a rule change no test
notices: write the test that tells them apart (cite the clause), or, if no behaviour can ever
differ, list it in tools/mutants-equivalent.txt with a one-line reason. Not part of the CI suite.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import importlib.abc
import importlib.util
import json
import os
import random
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".mutate"
EQUIVALENT = ROOT / "tools" / "mutants-equivalent.txt"

TARGETS = {
    "dingo": ["rules.py", "fold.py", "effects.py", "scoring.py"],
    "sos": ["rules.py", "fold.py", "board.py", "lava.py"],
    "dodos": ["rules.py", "fold.py", "engine.py"],
    "dillos": ["rules.py", "fold.py", "board.py"],
}

COMPARE_SWAP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
ARITH_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add}


# ---------------------------------------------------------------- mutants


class Point:
    """One mutation: where it is and how to apply it to a fresh tree."""

    def __init__(self, index: int, line: int, end: int, qualname: str, before: str, after: str, in_function: bool,
                 text: str = ""):
        self.index, self.line, self.end, self.qualname = index, line, end, qualname
        self.before, self.after, self.in_function = before, after, in_function
        self.text = text  # the source line it changes, its spaces collapsed: what the id names it by
        self.id = ""

    def describe(self) -> str:
        """`before -> after`, shortened for the report."""
        def short(s: str) -> str:
            s = " ".join(s.split())
            return s if len(s) <= 70 else s[:67] + "..."
        return f"{short(self.before)} -> {short(self.after)}"


class Finder(ast.NodeVisitor):
    """Walk a module in a fixed order, calling `hit` at each mutation point; skip what can't matter."""

    def __init__(self, hit):
        self.hit = hit
        self.scope: list[str] = []
        self.depth = 0  # functions around the current node

    def qualname(self) -> str:
        """Dotted name of the function or class being walked."""
        return ".".join(self.scope) or "<module>"

    def _scoped(self, node):
        # decorators, annotations, base classes and docstrings are not rules; default values
        # are evaluated at import, like module-level code
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
                self.visit(d)
        self.scope.append(node.name)
        function = not isinstance(node, ast.ClassDef)
        self.depth += function
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        for stmt in body:
            self.visit(stmt)
        self.depth -= function
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def visit_Module(self, node):
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        for stmt in body:
            self.visit(stmt)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)

    def visit_JoinedStr(self, node):
        return  # message text

    def visit_Assert(self, node):
        return  # internal checks, not rules

    def visit_Raise(self, node):
        return  # the message of an error; the raise itself is reached through its condition

    def visit_ImportFrom(self, node):
        return

    def visit_Compare(self, node):
        for i, op in enumerate(node.ops):
            if type(op) in COMPARE_SWAP:
                self.hit(node, "compare", i)
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, bool):
            self.hit(node, "bool", None)
        elif isinstance(node.value, int):
            self.hit(node, "int", +1)
            self.hit(node, "int", -1)

    def visit_BoolOp(self, node):
        self.hit(node, "boolop", None)
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, ast.Not):
            self.hit(node, "unnot", None)
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if type(node.op) in ARITH_SWAP:
            self.hit(node, "arith", None)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        if type(node.op) in ARITH_SWAP:
            self.hit(node, "augarith", None)
        self.generic_visit(node)

    def _test(self, node):
        if not (isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not)):
            self.hit(node, "negate", None)
        self.generic_visit(node)

    visit_If = visit_While = visit_IfExp = _test

    def visit_comprehension(self, node):
        self.visit(node.target)
        self.visit(node.iter)
        for i, cond in enumerate(node.ifs):
            self.hit(node, "negate_if", i)
            self.visit(cond)


def apply(node, kind, arg):
    """Mutate `node` in place; return (shown node before, shown node after) as text."""
    if kind == "compare":
        before = ast.unparse(node)
        node.ops[arg] = COMPARE_SWAP[type(node.ops[arg])]()
        return before, ast.unparse(node)
    if kind == "bool":
        node.value = not node.value
        return repr(not node.value), repr(node.value)
    if kind == "int":
        node.value += arg
        return repr(node.value - arg), repr(node.value)
    if kind == "boolop":
        before = ast.unparse(node)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return before, ast.unparse(node)
    if kind == "unnot":
        before = ast.unparse(node)
        inner = node.operand
        node.operand = ast.UnaryOp(ast.Not(), inner)  # `not not c`: the condition without its `not`
        return before, ast.unparse(inner)
    if kind == "arith":
        before = ast.unparse(node)
        node.op = ARITH_SWAP[type(node.op)]()
        return before, ast.unparse(node)
    if kind == "augarith":
        before = ast.unparse(node)
        node.op = ARITH_SWAP[type(node.op)]()
        return before, ast.unparse(node)
    if kind == "negate":
        before = ast.unparse(node.test)
        node.test = ast.UnaryOp(ast.Not(), node.test)
        return f"if {before}", f"if {ast.unparse(node.test)}"
    if kind == "negate_if":
        before = ast.unparse(node.ifs[arg])
        node.ifs[arg] = ast.UnaryOp(ast.Not(), node.ifs[arg])
        return f"if {before}", f"if {ast.unparse(node.ifs[arg])}"
    raise ValueError(kind)


def enumerate_points(source: str) -> list[Point]:
    """Every mutation point of a module, with ids by content, `qualname: before -> after @ source line`
    (`#2`, `#3` only for the same change twice on one line): an edit elsewhere renames no mutant, and
    an edit of the line itself shows as a listed equivalent the file no longer has."""
    tree = ast.parse(source)
    text = source.splitlines()
    points: list[Point] = []
    finder: Finder

    def hit(node, kind, arg):
        scratch = copy.deepcopy(node)
        before, after = apply(scratch, kind, arg)
        line = getattr(node, "lineno", None)
        if line is None:  # a comprehension: its condition's line
            line = node.ifs[arg].lineno
        end = getattr(node, "end_lineno", None) or line
        if kind in ("negate",):
            end = node.test.end_lineno
        points.append(Point(len(points), line, end, finder.qualname(), before, after, finder.depth > 0,
                            " ".join(text[line - 1].split())))

    finder = Finder(hit)
    finder.visit(tree)
    seen: dict[str, int] = defaultdict(int)
    for p in points:
        base = f"{p.qualname}: {p.describe()} @ {p.text}"
        seen[base] += 1
        p.id = base if seen[base] == 1 else f"{base} #{seen[base]}"
    return points


def mutant_code(source: str, path: str, index: int):
    """Compile the module with mutation `index` applied (line numbers kept)."""
    tree = ast.parse(source)
    count = 0
    done = False

    def hit(node, kind, arg):
        nonlocal count, done
        if count == index:
            apply(node, kind, arg)
            done = True
        count += 1

    Finder(hit).visit(tree)
    assert done, index
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec")


# ---------------------------------------------------------------- running tests

TESTS: list[str] | None = None   # --tests: these paths instead of the game's


def game_of(path: Path) -> str:
    """The game a rule module belongs to (dinocli/games/<game>/...)."""
    parts = path.resolve().relative_to(ROOT).parts
    if len(parts) < 4 or parts[:2] != ("dinocli", "games") or parts[2] not in TARGETS:
        raise SystemExit(f"mutate: {path} is not a module of one game (dinocli/games/<game>/...)")
    return parts[2]


def module_name(path: Path) -> str:
    """Dotted module name of a file under dinocli/."""
    rel = path.resolve().relative_to(ROOT).with_suffix("")
    return ".".join(rel.parts)


def quiet_hypothesis():
    """Same examples on every run and no example database: a kill must not depend on luck."""
    from hypothesis import settings

    settings.register_profile("mutate", derandomize=True, database=None, deadline=None)
    settings.load_profile("mutate")


class Selector:
    """pytest plugin: keep the game's own tests and the contract tests run for that game."""

    def __init__(self, game: str):
        self.game = game

    def pytest_collection_modifyitems(self, session, config, items):
        keep = [i for i in items if TESTS or i.nodeid.startswith(f"tests/games/{self.game}/") or f"[{self.game}" in i.nodeid]
        config.hook.pytest_deselected(items=[i for i in items if i not in keep])
        items[:] = keep


def test_args(game: str) -> list[str]:
    """The test paths of one game: its own, the contract tests and the golden playthroughs (--tests: others)."""
    return list(TESTS) if TESTS else [f"tests/games/{game}", "tests/games/test_contract.py", "tests/golden"]


def trace(game: str, files: list[Path]) -> dict:
    """Run the game's tests once under a line tracer (in a child process): lines each test runs."""
    key = hashlib.sha256()
    suite = [p for t in test_args(game) for p in (sorted((ROOT / t).rglob("*")) if (ROOT / t).is_dir() else [ROOT / t])]
    for f in sorted(files) + [p for p in suite if p.is_file()]:
        key.update(str(f).encode() + f.read_bytes())
    digest = key.hexdigest()[:16]
    cache = CACHE / f"trace-{game}-{digest}.json"
    if cache.exists():
        return json.loads(cache.read_text())
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"tracing {game}'s tests (once per change of its tests or rules)...", file=sys.stderr, flush=True)
    pid = os.fork()
    if pid == 0:
        try:
            _trace_child(game, [str(f.resolve()) for f in files], cache)
        except BaseException:
            import traceback

            traceback.print_exc()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    if not cache.exists():
        raise SystemExit(f"mutate: {game}'s tests fail without any mutant; fix them first")
    return json.loads(cache.read_text())


def _trace_child(game: str, files: list[str], cache: Path):
    import threading

    import pytest

    quiet_hypothesis()
    wanted = set(files)
    lines: dict[str, dict[int, set]] = {f: defaultdict(set) for f in files}
    durations: dict[str, float] = {}
    current = ["<collect>"]

    def local(frame, event, arg):
        if event == "line":
            lines[frame.f_code.co_filename][frame.f_lineno].add(current[0])
        return local

    def glob(frame, event, arg):
        if frame.f_code.co_filename in wanted:
            return local
        return None

    class Tracer(Selector):
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            current[0] = item.nodeid
            start = time.perf_counter()
            yield
            durations[item.nodeid] = time.perf_counter() - start
            current[0] = "<between>"

    sys.settrace(glob)
    threading.settrace(glob)
    out = os.open(os.devnull, os.O_WRONLY)
    os.dup2(out, 1)
    rc = pytest.main([*test_args(game), "-x", "-q", "-n", "0", "-p", "no:cacheprovider"], plugins=[Tracer(game)])
    sys.settrace(None)
    if rc != 0:
        return
    tests = sorted(durations, key=durations.get)
    number = {t: i for i, t in enumerate(tests)}
    data = {
        "tests": tests,
        "durations": [durations[t] for t in tests],
        "lines": {f: {str(n): sorted(number.get(t, -1) for t in who) for n, who in per.items()} for f, per in lines.items()},
    }
    cache.write_text(json.dumps(data))


class MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Import hook that hands pytest the mutated module instead of the file on disk."""

    def __init__(self, name: str, path: str, code):
        self.name, self.path, self.code = name, path, code

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path, loader=self)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(self.code, module.__dict__)


def run_one(game: str, name: str, path: str, code, tests: list[str]) -> int:
    """In a forked child: import the mutant, run the tests, exit with pytest's code."""
    os.setsid()
    out = os.open(os.devnull, os.O_WRONLY)
    os.dup2(out, 1)
    os.dup2(out, 2)
    import pytest

    quiet_hypothesis()
    sys.meta_path.insert(0, MutantFinder(name, path, code))
    args = tests if tests else test_args(game)
    # -n 0: in this process, which holds the mutant (pyproject's -n 2 would run the tests in workers that never see it)
    rc = pytest.main([*args, "-x", "-q", "-n", "0", "-p", "no:cacheprovider"], plugins=[Selector(game)])
    os._exit(int(rc))


def load_equivalents() -> dict[str, str]:
    """Listed equivalent mutants: `path: qualname: before -> after  ## reason`."""
    out = {}
    if EQUIVALENT.exists():
        for raw in EQUIVALENT.read_text().splitlines():
            if not raw.strip() or raw.startswith("#"):
                continue
            key, _, reason = raw.partition("  ## ")
            out[key.strip()] = reason.strip()
    return out


def run_file(path: Path, args) -> dict:
    """Generate, select and run the mutants of one file; return its tally."""
    game = game_of(path)
    rel = str(path.resolve().relative_to(ROOT))
    source = path.read_text()
    points = enumerate_points(source)
    if args.only:
        points = [p for p in points if args.only in p.id]
    if args.sample and args.sample < len(points):
        points = sorted(random.Random(args.seed).sample(points, args.sample), key=lambda p: p.index)
    equivalents = load_equivalents()
    ids = {f"{rel}: {p.id}" for p in enumerate_points(source)}
    for stale in sorted(k for k in equivalents if k.startswith(f"{rel}: ") and k not in ids):
        print(f"mutate: {EQUIVALENT.name} lists a mutant {rel} no longer has: {stale}", file=sys.stderr)
    if args.list:
        for p in points:
            mark = "  (equivalent)" if f"{rel}: {p.id}" in equivalents else ""
            print(f"{rel}:{p.line}: {p.id}{mark}")
        return {}
    results: dict[str, list] = defaultdict(list)
    report = CACHE / f"report-{rel.replace('/', '_')}.json"
    digest = hashlib.sha256(source.encode()).hexdigest()
    before, alive = 0.0, None
    if args.survivors:
        last = json.loads(report.read_text()) if report.exists() else {}
        if last.get("source") not in (None, digest) or not last or args.only or args.sample:
            raise SystemExit(f"mutate: --survivors needs a full run of {rel} as it is now; run it in full first")
        before = last["seconds"]
        alive = {left["id"] for left in last["left"]} | set(last.get("equivalents", equivalents))
    files = [ROOT / "dinocli" / "games" / game / f for f in TARGETS[game]]
    if path.resolve() not in [f.resolve() for f in files]:
        files.append(path.resolve())
    data = trace(game, files)
    tests, durations = data["tests"], data["durations"]
    covered = data["lines"].get(str(path.resolve()), {})
    name = module_name(path)
    queue = []
    for p in points:
        key = f"{rel}: {p.id}"
        if key in equivalents:
            results["equivalent"].append(p)
            continue
        if alive is not None and key not in alive:
            results["killed"].append(p)  # killed by the full run; added tests cannot revive it
            continue
        ran = {t for n in range(p.line, p.end + 1) for t in covered.get(str(n), [])}
        who = sorted(t for t in ran if t >= 0)
        if p.in_function and who:
            chosen = [tests[t] for t in who]
            budget = sum(durations[t] for t in who)
        elif p.in_function and not ran:
            results["uncovered"].append(p)
            continue
        else:  # module level, or a function run only at import: every test may depend on it
            chosen, budget = [], sum(durations)
        queue.append((p, chosen, args.timeout + 3 * budget))
    running: dict[int, tuple] = {}
    started = time.monotonic()
    total = len(queue)
    done = 0
    while queue or running:
        while queue and len(running) < args.jobs:
            p, chosen, limit = queue.pop(0)
            code = mutant_code(source, str(path.resolve()), p.index)
            pid = os.fork()
            if pid == 0:
                run_one(game, name, str(path.resolve()), code, chosen)
            running[pid] = (p, time.monotonic() + limit)
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for child, (p, deadline) in list(running.items()):
                if now > deadline:
                    try:
                        os.killpg(child, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    os.waitpid(child, 0)
                    del running[child]
                    results["timeout"].append(p)
                    done += 1
            time.sleep(0.05)
            continue
        p, _ = running.pop(pid)
        done += 1
        code = os.waitstatus_to_exitcode(status)
        if code == 0:
            results["survived"].append(p)
        elif code in (4, 5):
            results["error"].append(p)
        else:
            results["killed"].append(p)
        if args.progress:
            print(f"\r{rel}: {done}/{total}", end="", file=sys.stderr, flush=True)
    if args.progress and total:
        print(file=sys.stderr)
    seconds = time.monotonic() - started
    live = sum(len(results[k]) for k in ("killed", "timeout", "survived", "uncovered", "error"))
    dead = len(results["killed"]) + len(results["timeout"])
    tally = {
        "file": rel,
        "mutants": len(points),
        "equivalent": len(results["equivalent"]),
        "killed": len(results["killed"]),
        "timeout": len(results["timeout"]),
        "survived": len(results["survived"]),
        "uncovered": len(results["uncovered"]),
        "error": len(results["error"]),
        "score": dead / live if live else 1.0,
        "seconds": round(before + seconds, 1),
        "source": digest,
        "equivalents": sorted(f"{rel}: {p.id}" for p in results["equivalent"]),
        "left": [
            {"line": p.line, "id": f"{rel}: {p.id}", "why": k}
            for k in ("survived", "uncovered", "error")
            for p in sorted(results[k], key=lambda p: p.index)
        ],
    }
    CACHE.mkdir(parents=True, exist_ok=True)
    if not args.only and not args.sample:
        report.write_text(json.dumps(tally, indent=1))
    return tally


def main(argv=None) -> int:
    """Command line: files or --game, then a table of scores and the mutants left alive."""
    global CACHE, TESTS
    ap = argparse.ArgumentParser(prog="tools/mutate.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--game", choices=sorted(TARGETS), help="every rule module of this game")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="mutants at a time (default 2)")
    ap.add_argument("--sample", type=int, help="run a random sample of N mutants per file")
    ap.add_argument("--seed", type=int, default=0, help="seed of the sample")
    ap.add_argument("--only", help="only mutants whose id contains this text")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds added to 3x the selected tests' time")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--survivors", action="store_true",
                    help="re-run only what the last full run of the file left alive (after adding tests)")
    ap.add_argument("--fail-under", type=float, help="exit 1 when a file scores below this (0-100)")
    ap.add_argument("--tests", nargs="+", metavar="PATH", help="run these test paths instead of the game's")
    ap.add_argument("--cache", type=Path, help=f"where traces and reports are kept (default {CACHE.name}/)")
    ap.add_argument("--no-progress", dest="progress", action="store_false")
    args = ap.parse_args(argv)
    CACHE = args.cache.resolve() if args.cache else CACHE
    TESTS = args.tests
    os.chdir(ROOT)
    import click, hypothesis, msgspec, numpy, pytest  # noqa: F401,E401 -- loaded once, shared by the forks
    files = list(args.files)
    if args.game:
        files += [ROOT / "dinocli" / "games" / args.game / f for f in TARGETS[args.game]]
    if not files:
        ap.error("name a file or --game")
    for f in files:
        if not f.is_file():
            ap.error(f"no such file: {f}")
    started = time.monotonic()
    tallies = [t for t in (run_file(f, args) for f in files) if t]
    if not tallies:
        return 0
    print(f"{'file':40} {'mutants':>7} {'equiv':>5} {'killed':>6} {'t/o':>4} {'alive':>5} {'uncov':>5} {'score':>6} {'secs':>6}")
    for t in tallies:
        print(
            f"{t['file']:40} {t['mutants']:7} {t['equivalent']:5} {t['killed']:6} {t['timeout']:4} "
            f"{t['survived'] + t['error']:5} {t['uncovered']:5} {100 * t['score']:5.1f}% {t['seconds']:6}"
        )
    print(f"wall time {time.monotonic() - started:.0f} s")
    for t in tallies:
        for left in t["left"]:
            print(f"{left['why']:9} line {left['line']:4}  {left['id']}")
    if args.fail_under is not None and any(100 * t["score"] < args.fail_under for t in tallies):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
