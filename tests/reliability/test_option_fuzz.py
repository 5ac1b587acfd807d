"""Every option and argument of every command fuzzed (issue 37): the command tree that --help shows is walked
automatically, and each option gets hostile values (huge and negative numbers, NaN, infinity, empty text,
10,000 characters, control characters, a FIFO, a folder, random text) on a command line that otherwise works.
Every run ends within a bound with exit 0, or exit 1-5 and one line on stderr, never a traceback."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dinocli.cli import cli, main
from dinocli.service import Service

from .conftest import add_figure, size

ROOT = Path(__file__).resolve().parents[2]
SAVES = {p.name.split("-")[0]: p for p in sorted((ROOT / "saves").glob("*.jsonl"))}
BOUND = 30   # seconds any one run may take
HOSTILE = ["9" * 30, "-" + "9" * 30, "-1", "0", "nan", "inf", "-inf", "1e309", "", "x" * 10_000,
           "\x1b[2J\x07\x08\r\x7f", "a\u202eb", "{fifo}", "{folder}"]
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=24)


class Hang(BaseException):
    """A run that passed the time bound (a BaseException, so that click's runner does not swallow it)."""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A database with a finished 'Dillos game and an SOS game you are to move in, a FIFO, a folder and the
    working folder of every run."""
    tmp = tmp_path_factory.mktemp("fuzz")
    db = tmp / "games.sqlite"
    svc = Service.open(str(db))
    done = svc.import_log(SAVES["dillos"].read_bytes()).id
    running = svc.new_game("sos", players=["you"], bots=["random"], seed="fuzz").id
    svc.close()
    os.mkfifo(tmp / "fifo")
    (tmp / "folder").mkdir()
    (tmp / "cwd").mkdir()
    return {"db": str(db), "done": done, "running": running, "fifo": str(tmp / "fifo"), "folder": str(tmp / "folder"),
            "save": str(SAVES["sos"]), "cwd": str(tmp / "cwd")}


# A command line that works, per command: its arguments and options (a fuzzed option replaces its own). A
# command not listed here (a new one) runs bare. Slow bodies get cheap bots or a game that stops them early.
BASE: dict[str, tuple[list[str], dict[str, str | None]]] = {
    "actions": (["{running}"], {}), "analyze": (["{done}"], {"--bot": "mcts:iterations=1"}),
    "annotate": (["{done}", "a note"], {}), "bench": (["no-such-game"], {}), "branch": (["{done}", "b1"], {}),
    "branches": (["{done}"], {}), "checkout": (["{done}", "main"], {}), "export": (["{done}"], {}),
    "hint": (["{running}"], {"--bot": "random"}), "import": (["{save}"], {}), "log": (["{done}"], {}),
    "move": (["{running}", "1"], {}), "new": (["sos"], {"--no-play": None}), "play": (["{running}"], {}),
    "redo": (["{running}"], {}), "replay": (["{done}"], {}), "review": (["{done}"], {}), "rules": (["sos"], {}),
    "show": (["{done}"], {}), "takeover": (["{done}"], {"--at": "1"}), "undo": (["{running}"], {}),
    "tournament": (["sos"], {"--bot": "random", "--games": "1"}), "verify": (["{done}"], {}),
    # never a server that runs: serve on a TEST-NET address that no interface has (bind fails, nothing
    # is sent), join or watch a closed loopback port, invite a seat of a finished game
    "serve": ([], {"--host": "192.0.2.1"}), "join": (["ws://127.0.0.1:9/g1#t"], {"--bot": "random"}),
    "invite": (["{done}", "you"], {"--renew": None}), "watch": (["http://127.0.0.1:9/g1/watch#" + "A" * 43], {}),
    "": (["games"], {}),   # the group's own options (--db, --color) before a command
}
# no terminal for a prompt; no such game; nothing undone; cannot listen, reach, or invite to a finished game
REFUSING = {"play": 1, "review": 1, "bench": 1, "redo": 1, "serve": 1, "join": 1, "invite": 1, "watch": 1}


def commands(group: click.Group = cli, path: tuple[str, ...] = ()):
    """(path, command) of every command in the tree --help shows (hidden ones left out)."""
    for name in group.list_commands(click.Context(group)):
        cmd = group.get_command(click.Context(group), name)
        if cmd is None or cmd.hidden:
            continue
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*path, name))
        yield (*path, name), cmd


def targets(cmd: click.Command) -> list[tuple[str, click.Parameter]]:
    """What may be fuzzed: each option (by its longest flag) and each argument (by its index)."""
    out = []
    for p in cmd.params:
        if isinstance(p, click.Option) and not p.hidden and p.name not in ("help", "version"):
            out.append((max(p.opts, key=len), p))
        elif isinstance(p, click.Argument):
            out.append((f"#{len([q for q in out if q[0].startswith('#')])}", p))
    return out


def argv(path: tuple[str, ...], table: dict, target: str | None = None, param: click.Parameter | None = None,
         value: str = "") -> list[str]:
    """The working command line of BASE, with ``target`` given ``value`` (a flag is just given)."""
    args, opts = BASE.get(path[-1] if path else "", ([], {}))
    args = [a.format(**table) for a in args]
    opts = {k: None if v is None else v.format(**table) for k, v in opts.items()}
    if target is not None and target.startswith("#"):
        i = int(target[1:])
        args += [""] * (i + 1 - len(args))
        args[i] = value
    elif target is not None:
        opts[target] = None if isinstance(param, click.Option) and param.is_flag else value
    given = [x for k, v in opts.items() for x in ([k] if v is None else [k, v])]
    return [*given, *args] if not path else [*path, *args, *given]


def run(line: list[str], table: dict) -> tuple[int, str, str]:
    """Run one command line in-process as the console entry point does (``main``: its usage errors are one line
    too) under the time bound: (exit code, stdout, stderr)."""
    def expire(*_):
        raise Hang(line)

    old, here = signal.signal(signal.SIGALRM, expire), os.getcwd()
    signal.alarm(BOUND)
    code: object = 0
    os.chdir(table["cwd"])   # a fuzzed output path is written there, not in the source tree
    try:
        with CliRunner().isolation(input=b"") as (out, err, _):
            sys.argv = ["dinocli", "--db", table["db"], "--color", "never", *line]
            try:
                main()
            except SystemExit as exc:
                code = exc.code
            except Exception as exc:   # what the console would show as a traceback
                raise AssertionError(f"{line!r}: {type(exc).__name__}: {exc}") from exc
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        os.chdir(here)
    return (code if isinstance(code, int) else 1), out.getvalue().decode("utf-8", "replace"), \
        err.getvalue().decode("utf-8", "replace")


ALL = [((), cli), *commands()]


def test_the_working_lines_work(table):
    """The fuzz meets commands that run: each base line succeeds (or refuses as REFUSING says)."""
    for path, _cmd in ALL:
        line = argv(path, table)
        code, _out, err = run(line, table)
        assert code == REFUSING.get(path[-1] if path else "", 0), (line, code, err)


@pytest.mark.parametrize("path,cmd", ALL, ids=[" ".join(p) or "dinocli" for p, _ in ALL])
def test_every_option_of_the_command_survives_hostile_values(path, cmd, table):
    """Each option and argument: every hostile value, and random text, on an otherwise working command line."""
    found = targets(cmd)
    if not found:
        return
    tried = {"n": 0}

    def check(target: str, param: click.Parameter, raw: str) -> None:
        value = table[raw[1:-1]] if raw in ("{fifo}", "{folder}") else raw
        line = argv(path, table, target, param, value)
        code, out, err = run(line, table)
        assert "Traceback" not in out + err, (line, err[-500:])
        assert code in (0, 1, 2, 3, 4, 5), (line, code, err[-300:])
        if code:
            assert err.strip() and len(err.strip().splitlines()) == 1, (line, code, err[-500:])
        tried["n"] += 1

    for target, param in found:
        for raw in (HOSTILE if not (isinstance(param, click.Option) and param.is_flag) else [""]):
            check(target, param, raw)

    @settings(max_examples=size(2 * len(found), 20 * len(found)), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(pick=st.sampled_from(found), text=TEXT)
    def random_text(pick, text):
        check(pick[0], pick[1], text)

    random_text()
    add_figure(f"option values tried, {' '.join(path) or 'dinocli'}", tried["n"])


def test_the_walk_reaches_every_command_help_lists():
    """The tree walked is the one --help shows: every command it lists, and every option in each one's --help."""
    r = CliRunner().invoke(cli, ["--help"])
    listed = {line.split()[0] for line in r.stdout.split("Commands:", 1)[1].splitlines() if line.startswith("  ")
              and not line.startswith("   ")}
    walked = {p[0] for p, _ in ALL if p}
    assert listed <= walked, listed - walked
    for path, cmd in ALL:
        help_text = CliRunner().invoke(cli, [*path, "--help"]).stdout
        for target, param in targets(cmd):
            if not target.startswith("#"):
                assert target in help_text, (path, target)
