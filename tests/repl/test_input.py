"""Reading a line: the validator, the numbered shortcut and completion, without a terminal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from dinocli.repl import COMMANDS, InputError, Repl, ReplCompleter

from .conftest import Recorder


def repl_on(svc, **kw):
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    return Repl(svc, g.id, output=Recorder(), input=None, history=InMemoryHistory(), **kw), g


def completions(repl, text):
    return [c.text for c in ReplCompleter(repl).get_completions(Document(text), CompleteEvent())]


def test_numbers_name_the_listed_moves(svc):
    """`actions` numbers the legal moves from 1; typing N means the N-th (DINGO-17: one action a turn)."""
    repl, g = repl_on(svc)
    legal = g.game.legal_actions(g.state)
    for n, action in enumerate(legal, 1):
        assert repl.interpret(str(n)).action == action
        assert repl.interpret(f"#{n}").action == action
    for bad in ("0", str(len(legal) + 1), "1" * 30):
        try:
            repl.interpret(bad)
        except InputError as exc:
            assert f"1 to {len(legal)}" in str(exc)
        else:
            raise AssertionError(bad)


def test_completion_offers_every_legal_move_and_the_commands(svc):
    """An empty line completes to every legal move in canonical notation and every command."""
    repl, g = repl_on(svc)
    got = completions(repl, "")
    assert got[: len(g.legal_texts())] == g.legal_texts()
    assert set(COMMANDS) <= set(got)
    assert all(t.startswith("play") for t in completions(repl, "pla"))
    assert completions(repl, "1") == [g.legal_texts()[0]]
    assert completions(repl, "DISC") == [t for t in g.legal_texts() if t.startswith("discard")]
    # no prefix match: every candidate holding all the words
    card = g.legal_texts()[0].split()[1]
    assert completions(repl, card) and all(card in t for t in completions(repl, card))


def test_checkout_completes_branch_names(svc):
    repl, g = repl_on(svc)
    svc.branch(g.id, "alpha")
    svc.branch(g.id, "beta")
    assert completions(repl, "checkout ") == ["alpha", "beta", "main"]
    assert completions(repl, "checkout al") == ["alpha"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_no_line_breaks_the_reader(text):
    """Any text either means something or is refused with one line; nothing else escapes."""
    try:
        intent = REPL.interpret(text)
    except InputError as exc:
        assert "\n" not in str(exc)
    else:
        assert intent.kind in ("nothing", "move", "command")
    list(ReplCompleter(REPL).get_completions(Document(text), CompleteEvent()))


REPL = None


def setup_module(module):
    import tempfile

    from dinocli.service import Service

    module._tmp = tempfile.TemporaryDirectory()
    module._svc = Service.open(module._tmp.name + "/g.db")
    module.REPL, _ = repl_on(module._svc)


def teardown_module(module):
    module._svc.close()
    module._tmp.cleanup()
