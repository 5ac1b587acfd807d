"""Issue #18 item 1: the prompt's commands are ONE table (repl/commands.py) that drives reading a line,
completion, `help` and the man pages."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from dinocli.repl import ALIASES, COMMANDS, InputError, Repl, ReplCompleter
from dinocli.repl.commands import TABLE, lookup

from .conftest import Recorder


@pytest.fixture
def repl(svc):
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    return Repl(svc, g.id, output=Recorder(), input=None, history=InMemoryHistory(), fast=True)


def completions(repl, text):
    return [c.text for c in ReplCompleter(repl).get_completions(Document(text), CompleteEvent())]


def test_every_word_names_one_command():
    """Names and aliases are lower case, single words, and never name two commands."""
    words = [w for cmd in TABLE for w in (cmd.name, *cmd.aliases)]
    assert len(words) == len(set(words))
    assert all(w == w.lower() and " " not in w for w in words)
    for cmd in TABLE:
        for word in (cmd.name, *cmd.aliases, cmd.name.upper()):
            assert lookup(word) is cmd
    assert lookup("nope") is None


def test_the_man_page_views_are_the_table():
    assert list(COMMANDS) == [c.name for c in TABLE]
    assert all(COMMANDS[c.name] == (c.usage, c.help) for c in TABLE)
    assert ALIASES == {a: c.name for c in TABLE for a in c.aliases}
    from tests.docs.conftest import mangen

    page = "\n".join(mangen._prompt_section())
    for cmd in TABLE:
        assert cmd.name in page and all(a in page for a in cmd.aliases)


def test_a_line_is_read_by_its_commands_argument(repl):
    """Every command (by name and alias) reads its line through the table: no-argument commands refuse
    one, each argument refuses what it cannot read with the command's usage."""
    for cmd in TABLE:
        for word in (cmd.name, *cmd.aliases):
            if cmd.arg is None:
                assert repl.interpret(word).command is cmd
                with pytest.raises(InputError, match=f"{cmd.name} takes no arguments \\(usage: {cmd.name}\\)"):
                    repl.interpret(f"{word} extra")
    assert repl.interpret("undo").arg == 1 and repl.interpret("undo 3").arg == 3
    assert repl.interpret("log").arg == 20 and repl.interpret("LOG 5").arg == 5
    for bad in ("undo 0", "undo x", "log -1", "log 1234567"):
        with pytest.raises(InputError, match=r"wants a whole number from 1 \(usage: (undo|log) \[N\]\)"):
            repl.interpret(bad)
    assert repl.interpret("fast ON").arg == "on"
    with pytest.raises(InputError, match=r"usage: fast \[on\|off\]"):
        repl.interpret("fast maybe")
    assert repl.interpret("? undo").arg is lookup("undo") and repl.interpret("help q").arg is lookup("quit")
    with pytest.raises(InputError, match="no command 'dance'; help lists them"):
        repl.interpret("help dance")
    for word in ("branch", "checkout", "export"):
        with pytest.raises(InputError, match=f"usage: {word} "):
            repl.interpret(word)


def test_help_lists_the_table_in_order_and_explains_one(repl):
    """`help` shows every usage in the table's order (aliases beside them); `help WORD` one line."""
    out = repl.screen.out
    assert repl.execute("help") is False
    text = out.text
    places = [text.index(f"  {cmd.usage} ") for cmd in TABLE]
    assert places == sorted(places)
    assert "(also ?, h)" in text and "(also exit, q)" in text
    out.chunks.clear()
    repl.execute("help moves")
    assert out.text.lstrip().startswith("actions") and "your legal moves" in out.text
    assert "undo" not in out.text


def test_arguments_complete_themselves(repl, svc):
    """checkout completes branches, help the commands, fast on/off; branch (a new name) nothing."""
    svc.branch(repl.game_id, "alpha")
    assert completions(repl, "checkout ") == ["alpha", "main"]
    assert completions(repl, "help un") == ["undo"]
    assert completions(repl, "? b") == ["branch", "branches", "board"]
    assert completions(repl, "fast o") == ["on", "off"]
    assert completions(repl, "branch ") == []
    assert completions(repl, "undo ") == []


def test_show_draws_the_board_as_in_the_shell(svc, drive):
    """polish6 (a first-time player's try): `show`, the shell's word for the board, draws it at the prompt
    instead of "unknown action 'show'"; it takes no argument, as board does."""
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    out = drive(g.id, "show\rshow rex\rquit\r")
    assert "unknown action 'show'" not in out and out.count("Your hand (you):") >= 2
    assert "board takes no arguments (usage: board)" in out
