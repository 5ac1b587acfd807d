"""Issue #18 item 2: one rule for branch names (the store's, events/branchnames.py) at the shell and
the prompt; kept lines named ``<branch>-N``; databases holding ``main~1``-style names keep working."""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from dinocli.events.branchnames import BRANCH_NAME, check_branch_name, kept_line_name
from dinocli.events.errors import StoreError
from dinocli.repl import InputError, Repl, ReplCompleter
from dinocli.service import Service
from tests.clirunner import Dino
from tests.process.conftest import ok, refused, run

from .conftest import CTRL_D, Recorder, lines

GOOD = ("alt", "A", "9", "try-2", "a.b", "x/y", "under_score", "main-1", "x" * 40)
BAD = ("", "main~1", "-x", ".hidden", "/abs", "_x", "a b", "x" * 41, "semi;colon", "ümlaut", "a\x1bb",
       "a\u202eb", "a:b", "a^", "a@{1}")


def test_the_rule():
    """Letters, digits, . _ / -; a letter or digit first; 1-40; no trailing-newline slip past the rule."""
    for name in GOOD:
        assert check_branch_name(name) == name
    for name in (*BAD, "alt\n", "\nalt", 7, None):
        with pytest.raises(StoreError, match=r"^bad branch name .*: use 1-40 letters, digits, \. _ / or -, "
                                             r"starting with a letter or digit$"):
            check_branch_name(name)
    with pytest.raises(StoreError) as exc:
        check_branch_name("y" * 5000)
    assert len(str(exc.value)) < 200


def test_kept_line_names_obey_the_rule_and_avoid_old_ones():
    """``<branch>-N``: the first N free in either spelling; an old or long base still gives a valid name."""
    assert kept_line_name("main", {"main"}) == "main-1"
    assert kept_line_name("main", {"main", "main-1"}) == "main-2"
    assert kept_line_name("main", {"main", "main~1", "main~2"}) == "main-3"   # an old database's lines
    assert kept_line_name("main~1", {"main", "main~1"}) == "main-1-1"
    assert kept_line_name("-x~", set()) == "x--1"
    assert kept_line_name("\x1b", set()) == "line-1"
    long = kept_line_name("b" * 40, {f"{'b' * 38}-{n}" for n in range(1, 10)})
    assert long == "b" * 37 + "-10"
    for base in ("main", "main~1", "-x~", "\x1b", "b" * 40, "x/y.z", "é"):
        assert BRANCH_NAME.match(kept_line_name(base, set()))


def _repl(svc, gid, **kw):
    return Repl(svc, gid, output=Recorder(), input=None, history=InMemoryHistory(), fast=True, **kw)


def _game(svc):
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    return svc.load(g.id)


def test_the_shell_and_the_prompt_take_the_same_names(tmp_path):
    """`dinocli branch GAME NAME` and the prompt's `branch NAME` accept and refuse the same names (the
    prompt used to refuse `~`, which the store accepted)."""
    db = tmp_path / "g.sqlite"
    svc = Service.open(str(db))
    gid = _game(svc).id
    dino = Dino(db)
    for name in (*GOOD, *BAD[1:]):
        try:
            _repl(svc, gid).interpret(f"branch {name}")
            prompt_ok = True
        except InputError as exc:
            prompt_ok = False
            assert "bad branch name" in str(exc), exc
        r = dino("branch", gid, "--", name)
        assert (r.exit_code == 0) is prompt_ok, (name, r.stderr)
        if not prompt_ok:
            assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "bad branch name" in r.stderr
    names = {b.name for b in svc.branches(gid)}
    assert names == {"main", *GOOD}
    svc.close()


def _undo_and_replay_differently(svc, gid):
    """Undo the last decision and play another move: the old line is kept under an automatic name."""
    g = svc.undo(gid)
    legal = g.legal_texts()
    g, _ = svc.move(gid, legal[-1])
    list(svc.run_bots(g))


def test_a_move_after_undo_keeps_the_line_as_branch_dash_n(tmp_path):
    svc = Service.open(str(tmp_path / "g.sqlite"))
    g = _game(svc)
    for _ in range(2):
        g, _ = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
        _undo_and_replay_differently(svc, g.id)
    names = [b.name for b in svc.branches(g.id)]
    assert names == ["main", "main-1", "main-2"]
    assert all(BRANCH_NAME.match(n) for n in names)
    svc.close()


@pytest.fixture
def old_db(tmp_path):
    """A database as dinocli wrote it before #18: the kept line is called ``main~1``."""
    db = tmp_path / "old.sqlite"
    svc = Service.open(str(db))
    g = _game(svc)
    g, _ = svc.move(g.id, g.legal_texts()[0])
    list(svc.run_bots(g))
    _undo_and_replay_differently(svc, g.id)
    svc.store.connection.execute("UPDATE branches SET name = 'main~1' WHERE name = 'main-1'")
    assert [b.name for b in svc.branches(g.id)] == ["main", "main~1"]
    svc.close()
    return db, g.id


def test_an_old_database_checks_out_lists_and_undoes_its_tilde_names(old_db):
    """checkout, branches, undo and verify take the names a database already holds; a new line kept
    there is named by the new rule; `branch main~2` is refused at the shell, nothing changed."""
    db, gid = old_db
    dino = Dino(db)
    listed = dino.json("branches", gid)
    assert [b["name"] for b in (listed["branches"] if isinstance(listed, dict) else listed)] == ["main", "main~1"]
    r = dino("checkout", gid, "main~1")
    assert r.exit_code == 0 and "On branch main~1" in r.stdout, r.stderr
    assert dino("undo", gid).exit_code == 0
    svc = Service.open(str(db))
    g = svc.load(gid)
    assert g.record.branch == "main~1"
    g, _ = svc.move(gid, g.legal_texts()[-1])
    assert [b.name for b in svc.branches(gid)] == ["main", "main~1", "main-1-1"]
    svc.checkout(gid, "main")
    _undo_and_replay_differently(svc, gid)
    assert "main-2" in [b.name for b in svc.branches(gid)]   # main~1 is taken: the next is 2
    before = svc.branches(gid)
    svc.close()
    r = dino("branch", gid, "main~2")
    assert r.exit_code == 1 and "bad branch name 'main~2'" in r.stderr and r.stderr.count("\n") == 1
    svc = Service.open(str(db))
    assert svc.branches(gid) == before
    svc.close()
    assert dino("verify", gid).exit_code == 0


def test_the_prompt_checks_out_an_old_tilde_name(old_db):
    """At the prompt `checkout main~1` works (it was refused, though the shell took it), completion
    offers it, the toolbar shows it, and `branch main~2` is refused with the store's rule."""
    db, gid = old_db
    svc = Service.open(str(db))
    repl = _repl(svc, gid)
    done = ReplCompleter(repl).get_completions(Document("checkout m"), CompleteEvent())
    assert [c.text for c in done] == ["main", "main~1"]
    with pytest.raises(InputError, match=re.escape("bad branch name 'main~2': use 1-40 letters")):
        repl.interpret("branch main~2")
    with pytest.raises(InputError, match=re.escape("no branch 'main~9'; branches: main, main~1")):
        repl.interpret("checkout main~9")
    out = Recorder()
    from prompt_toolkit.input import create_pipe_input

    with create_pipe_input() as inp:
        inp.send_text(lines("checkout main~1", "branches") + CTRL_D)
        inp.close()
        repl = Repl(svc, gid, input=inp, output=out, fast=True, history=InMemoryHistory())
        repl.loop()
    assert "On branch main~1" in out.text and "* main~1" in out.text
    assert svc.load(gid).record.branch == "main~1"
    assert "branch main~1" in " ".join(repl.toolbar_lines())
    svc.close()


def test_checkout_of_an_old_tilde_name_as_a_process(old_db):
    """The same as a user runs it: separate `dinocli` processes."""
    db, gid = old_db
    ok(run("checkout", gid, "main~1", db=db), r"On branch main~1")
    ok(run("branches", gid, db=db), r"\* main~1")
    refused(run("branch", gid, "again~1", db=db), 1, r"bad branch name 'again~1'")
    refused(run("checkout", gid, "main~7", db=db), 1, r"no branch 'main~7'")


def test_names_an_old_store_let_through_are_listed_on_one_line_and_checked_out(old_db):
    """The old rule took a leading '-' or '.' and, through `$`, a trailing newline: such names still check
    out, and the prompt lists each branch on one line, escaped."""
    db, gid = old_db
    svc = Service.open(str(db))
    svc.store.connection.execute("UPDATE branches SET name = '-x' WHERE name = 'main~1'")
    svc.store.create_branch(gid, "odd", None)
    svc.store.connection.execute("UPDATE branches SET name = ? WHERE name = 'odd'", ("odd\n",))
    repl = _repl(svc, gid)
    repl.execute("branches")
    listed = [line for line in repl.screen.out.text.splitlines() if "at event" in line]
    assert len(listed) == 3 and any("odd\\x0a" in line for line in listed)
    assert repl.execute("checkout -x") and svc.load(gid).record.branch == "-x"
    svc.close()
    r = Dino(db)("checkout", gid, "--", "main")
    assert r.exit_code == 0, r.stderr
