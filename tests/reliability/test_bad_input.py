"""Bad input at the REPL and the CLI (issue 11): random strings and random legal-looking actions
never crash the program and never change the game unless they are legal.

The REPL is driven through prompt_toolkit pipe input (as tests/repl does); every exception it
catches is recorded, so a crash it turns into a message still fails the test. The CLI runs in
process (CliRunner, exceptions not caught) against one database whose dump hash must not move.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dinocli import games
from dinocli.cli import cli
from dinocli.events.store import StoreError
from dinocli.games.protocol import GameError
from dinocli.service import Service

from .conftest import add_figure, fingerprint, size

EXAMPLES = size(12, 300)
CTRL_C, CTRL_D, ENTER = "\x03", "\x04", "\r"

# printable text only: control characters are keys to the prompt (Tab completes, Ctrl-D leaves)
JUNK = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=80)


def vocabulary(g) -> list[str]:
    """Words of the legal actions now, seat names, numbers around the move count, odd tokens."""
    words = {w for t in g.legal_texts() for w in t.split()}
    words |= {s.name for s in g.seats} | {"0", "-1", str(len(g.legal_texts()) + 1), "99999999999999999999"}
    return sorted(words | {"play", "discard", "ALL", "#", "--", "rex", "nobody"})


def legal_looking(g) -> st.SearchStrategy[str]:
    """Actions made of the words of this position's legal actions, in any order and number."""
    return st.lists(st.sampled_from(vocabulary(g)), min_size=1, max_size=5).map(" ".join)


def is_legal(g, text: str) -> bool:
    """Whether the game reads ``text`` as a legal action now (the oracle; it must never crash)."""
    try:
        action = g.game.parse_action(g.state, text)
    except GameError:
        return False
    return action in g.game.legal_actions(g.state)


# -- the REPL -------------------------------------------------------------------------------

class Quiet(DummyOutput):
    """A DummyOutput that keeps what the REPL printed."""

    def __init__(self) -> None:
        self.chunks: list[str] = []

    def write(self, data: str) -> None:
        self.chunks.append(data)

    write_raw = write


@pytest.fixture(scope="module")
def repl_game(tmp_path_factory):
    """A Dingo game against two random bots, a person to move; (service, loaded game)."""
    svc = Service.open(str(tmp_path_factory.mktemp("repl") / "repl.sqlite"))
    g = svc.new_game("dingo", players=["ann"], bots=["random", "random"], seed="bad-input")
    list(svc.run_bots(g))
    yield svc, g
    svc.close()


# commands given arguments their usage forbids (export writes a file, hint runs the strongest bot,
# quit leaves: left out)
COMMAND_WORDS = ("undo", "log", "branch", "checkout", "fast", "help", "actions", "redo", "branches", "board",
                 "save", "rules", "moves", "a", "?")
BAD_COMMANDS = st.tuples(st.sampled_from(COMMAND_WORDS), JUNK).map(" ".join)


def refused_command(line: str, branches: tuple[str, ...] = ("main",)) -> bool:
    """Whether a command line breaks its usage (so the REPL must refuse it and change nothing)."""
    from dinocli.events.branchnames import BRANCH_NAME
    from dinocli.repl.commands import lookup

    word, _, rest = line.strip().partition(" ")
    cmd, rest = lookup(word), rest.strip()
    if cmd is None or cmd.name in ("export", "hint", "quit"):
        return False
    if cmd.name in ("undo", "log"):
        return not rest.isdigit()
    if cmd.name == "branch":
        return not BRANCH_NAME.match(rest)
    if cmd.name == "checkout":
        return rest not in branches
    if cmd.name == "fast":
        return rest.lower() not in ("", "on", "off")
    return cmd.name == "help" or (cmd.arg is None and bool(rest))


def neutral(g, line: str) -> bool:
    """A line the REPL must refuse: a command against its usage, not a move number in range, not a
    legal move."""
    from dinocli.repl.commands import lookup

    words = line.strip().split()
    if not words:
        return False
    if lookup(words[0]) is not None:
        return refused_command(line)
    number = line.strip().lstrip("#")
    if number.isdigit() and len(number) <= 6 and 1 <= int(number) <= len(g.legal_texts()):
        return False
    return not is_legal(g, line.strip())


def test_the_repl_refuses_random_and_legal_looking_lines_and_changes_nothing(repl_game, monkeypatch):
    """Issue 11, REPL: random strings and actions built from the legal actions' words (plays into
    ranches DINGO-19 forbids, cards not in hand) are refused one line at a time; the game stays as
    it was; a legal move typed after them is played."""
    from dinocli.repl import session as repl_module

    svc, g = repl_game
    unexpected: list[BaseException] = []
    interpret, failed = repl_module.Repl.interpret, repl_module.Repl.failed

    def watched_interpret(self, text):
        try:
            return interpret(self, text)
        except repl_module.InputError:
            raise
        except Exception as exc:
            unexpected.append(exc)
            raise

    def watched_failed(self, exc):
        if not isinstance(exc, (repl_module.InputError, GameError, StoreError)):
            unexpected.append(exc)
        return failed(self, exc)

    monkeypatch.setattr(repl_module.Repl, "interpret", watched_interpret)
    monkeypatch.setattr(repl_module.Repl, "failed", watched_failed)
    runs = {"n": 0, "lines": 0}

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(lines=st.lists(st.one_of(JUNK, legal_looking(g), BAD_COMMANDS), min_size=1, max_size=8))
    def check(lines: list[str]) -> None:
        lines = [x for x in lines if neutral(g, x)]
        before = svc.load(g.id)
        out = Quiet()
        with create_pipe_input() as inp:
            inp.send_text("".join(x + ENTER + CTRL_C for x in lines) + CTRL_D)
            inp.close()
            repl_module.run(svc, g.id, color=False, fast=True, input=inp, output=out, history=InMemoryHistory())
        after = svc.load(g.id)
        assert (after.head, after.record.branch) == (before.head, before.record.branch), lines
        assert not unexpected, unexpected
        text = "".join(out.chunks)
        assert "Traceback" not in text and "Saved (every move is)" in text
        runs["n"] += 1
        runs["lines"] += len(lines)

    check()
    add_figure("REPL sessions of bad input", runs["n"])
    add_figure("REPL bad lines", runs["lines"])
    # and a legal move after junk is played, once
    legal = g.legal_texts()[0]
    with create_pipe_input() as inp:
        inp.send_text("".join(x + ENTER + CTRL_C for x in ("🦖", "play", "0")) + legal + ENTER + CTRL_D)
        inp.close()
        repl_module.run(svc, g.id, color=False, fast=True, input=inp, output=Quiet(), history=InMemoryHistory())
    after = svc.load(g.id)
    mine = [s for s in after.path[len(g.path):] if s.actor == 0 and s.command == s.id]
    assert [s.action for s in mine] == [legal]
    assert not unexpected, unexpected


# -- the CLI --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cli_games(tmp_path_factory):
    """One database with a game of every registered kind, a person to move in each."""
    path = tmp_path_factory.mktemp("cli") / "cli.sqlite"
    svc = Service.open(str(path))
    ids = {}
    for kind in sorted(games.GAMES):
        info = games.get(kind).info
        g = svc.new_game(kind, players=["ann"], bots=["random"] * max(1, info.min_seats - 1), seed="bad-cli")
        list(svc.run_bots(g))
        ids[kind] = g.id
    svc.close()
    return path, ids


def dinocli(path, *args):
    """Run one command in process; exceptions propagate (a crash fails the test)."""
    return CliRunner().invoke(cli, ["--db", str(path), "--color", "never", *args], catch_exceptions=False)


@pytest.mark.parametrize("kind", sorted(games.GAMES))
def test_cli_move_refuses_random_and_legal_looking_actions(cli_games, kind):
    """Issue 11, CLI: `dinocli move GAME TEXT` with random or legal-looking TEXT exits 1 with one line
    and changes nothing, unless TEXT is legal (then exactly that move is played), for every game."""
    path, ids = cli_games
    gid = ids[kind]
    svc = Service.open(str(path))
    g = svc.load(gid)
    svc.close()
    counts = {"refused": 0, "played": 0}

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(text=st.one_of(JUNK, legal_looking(g)))
    def check(text: str) -> None:
        legal = is_legal(g, text)   # the game's parser meets the text first here: it must not crash
        if legal:
            return   # a legal move would change the game under the other examples
        before = fingerprint(path)
        r = dinocli(path, "move", gid, "--", text)
        assert r.exit_code == 1, (text, r.output)
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("dinocli: ") and r.stdout == "", (text, r.stderr)
        assert fingerprint(path) == before, text
        counts["refused"] += 1

    check()
    text = g.legal_texts()[0]
    r = dinocli(path, "move", gid, "--", text)
    assert r.exit_code == 0, r.output
    svc = Service.open(str(path))
    after = svc.load(gid)
    assert [s.action for s in after.path[len(g.path):] if s.actor == 0 and s.command == s.id] == [text]
    svc.close()
    add_figure("CLI bad moves", counts["refused"])


ARGUMENTS = st.sampled_from([
    ("undo", "{gid}", "--steps", "{x}"), ("branch", "{gid}", "{x}"), ("branch", "{gid}", "b", "--at", "{x}"),
    ("checkout", "{gid}", "{x}"), ("show", "{x}"), ("show", "{gid}", "--as", "{x}"), ("log", "{gid}", "--as", "{x}"),
    ("actions", "{x}"), ("export", "{gid}", "--as", "{x}"), ("replay", "{x}"), ("import", "{x}"), ("redo", "{x}"),
    ("{x}",), ("new", "{x}", "--no-play"), ("new", "dingo", "--bot", "{x}", "--no-play"), ("rules", "{x}"),
    ("games", "--tournament", "{x}"), ("move", "{x}", "{x}"), ("undo", "{x}"), ("branches", "{x}"),
])
MUTATING = {"undo", "redo", "branch", "checkout", "new", "import", "move"}


def test_cli_arguments_of_every_command_never_crash(cli_games):
    """Issue 11, CLI: random text in every argument of every command: exit 0, or a one-line error
    (exit 1, 4) or click's usage error (exit 2); nothing changes unless the command succeeded."""
    path, ids = cli_games
    gid = ids["dingo"]
    tally = {"runs": 0}

    @settings(max_examples=size(60, 1500), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(form=ARGUMENTS, x=st.one_of(JUNK, st.sampled_from(["", "-", "--", "-1", "0", "main", "ann", gid[:2]])))
    def check(form: tuple[str, ...], x: str) -> None:
        before = fingerprint(path)
        args = [a.format(gid=gid, x=x) for a in form]
        r = dinocli(path, *args)
        assert r.exit_code in (0, 1, 2, 4), (args, r.exit_code, r.output)
        if r.exit_code in (1, 4):
            assert r.stderr.count("\n") == 1 and r.stderr.startswith("dinocli: "), (args, r.stderr)
        if r.exit_code == 2:
            assert "Error:" in r.stderr, (args, r.stderr)
        if r.exit_code != 0 or form[0] not in MUTATING:
            assert fingerprint(path) == before, args
        tally["runs"] += 1

    check()
    add_figure("CLI random arguments", tally["runs"])
