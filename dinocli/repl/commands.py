"""The prompt's commands: ONE table.

Each command is declared once, in :data:`TABLE`: its name, aliases, argument, one-line help and
handler. The table drives reading a line (:meth:`~dinocli.repl.session.Repl.interpret` finds the
command and its :class:`Arg` reads the rest), completion (an argument completes itself), ``help``
and the man pages' THE PROMPT section (:data:`COMMANDS` and :data:`ALIASES` are views of it).
A handler gets the session and the value its argument read, and says whether the board must be
redrawn; it changes the game only through the service.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from dinocli.events.branchnames import check_branch_name
from dinocli.events.errors import DinocliError, StoreError
from dinocli.safe import safe

if TYPE_CHECKING:
    from .session import Repl

__all__ = ["TABLE", "Command", "Arg", "COMMANDS", "ALIASES", "lookup", "InputError", "Leave", "DIGITS"]

DIGITS = re.compile(r"[0-9]+\Z")


class InputError(DinocliError):
    """A line that cannot be carried out; the message is one line saying why."""


class Leave(Exception):
    """The person leaves the prompt (the game is already saved)."""


class Arg(NamedTuple):
    """How a command reads the rest of its line (and completes it)."""

    usage: str                                                    # as `help` shows it: "[N]", "NAME"
    read: Callable[["Repl", "Command", str], Any]                 # the value; InputError if it cannot
    complete: Callable[["Repl"], list[tuple[str, str]]] | None = None   # (candidate, what it is)


class Command(NamedTuple):
    """One prompt command."""

    name: str
    aliases: tuple[str, ...]
    arg: Arg | None          # None: the command takes no argument
    help: str
    run: Callable[["Repl", Any], bool]   # carries it out; whether the board must be redrawn

    @property
    def usage(self) -> str:
        """``name ARG`` as `help` and the man pages show it."""
        return f"{self.name} {self.arg.usage}" if self.arg else self.name

    def read(self, repl: "Repl", rest: str) -> Any:
        """The argument in ``rest`` (InputError, naming the usage, if it is not one)."""
        if self.arg is None:
            if rest:
                raise InputError(f"{self.name} takes no arguments (usage: {self.usage})")
            return None
        return self.arg.read(repl, self, rest)


# -- the arguments -------------------------------------------------------------------------------

def count(default: int) -> Arg:
    """``[N]``: a whole number from 1 (``default`` when left out)."""
    def read(_repl, cmd: Command, text: str) -> int:
        if not text:
            return default
        if not DIGITS.match(text) or len(text) > 6 or int(text) < 1:
            raise InputError(f"{cmd.name} wants a whole number from 1 (usage: {cmd.usage})")
        return int(text)

    return Arg("[N]", read)


def _new_branch(repl: "Repl", cmd: Command, text: str) -> str:
    if not text:
        raise InputError(f"{cmd.name} wants a branch name (usage: {cmd.usage})")
    try:
        check_branch_name(text)   # the store's rule, the shell's too (events/branchnames.py)
    except StoreError as exc:
        raise InputError(str(exc)) from None
    if text in repl.branch_names():
        raise InputError(f"branch {text!r} exists; checkout {text} switches to it")
    return text


def _branch(repl: "Repl", cmd: Command, text: str) -> str:
    """Any branch the game has, whatever rule its name was made under (``main~1`` of older databases)."""
    if not text:
        raise InputError(f"{cmd.name} wants a branch name (usage: {cmd.usage})")
    names = repl.branch_names()
    if text not in names:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise InputError(f"no branch {shown!r}; branches: {', '.join(names)}")
    return text


def _branches(repl: "Repl") -> list[tuple[str, str]]:
    return [(name, "branch") for name in repl.branch_names()]


def _file(_repl, cmd: Command, text: str) -> str:
    if not text:
        raise InputError(f"{cmd.name} wants a file name (usage: {cmd.usage})")
    return text


def _switch(_repl, cmd: Command, text: str) -> str:
    if text.lower() not in ("", "on", "off"):
        raise InputError(f"usage: {cmd.usage}")
    return text.lower()


def _topic(_repl, _cmd: Command, text: str) -> Command | None:
    if not text:
        return None
    found = lookup(text)
    if found is None:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise InputError(f"no command {shown!r}; help lists them")
    return found


NEW_BRANCH = Arg("NAME", _new_branch)
BRANCH = Arg("NAME", _branch, _branches)
FILE = Arg("FILE", _file)
SWITCH = Arg("[on|off]", _switch, lambda _repl: [("on", "no pause"), ("off", "pause")])
TOPIC = Arg("[COMMAND]", _topic, lambda _repl: [(c.name, c.help) for c in TABLE])


# -- the handlers --------------------------------------------------------------------------------

def _help_line(repl: "Repl", cmd: Command) -> str:
    text = cmd.help.replace("dinocli play GAME_ID", repl.command("play", repl.game_id))
    aliases = f" (also {', '.join(cmd.aliases)})" if cmd.aliases else ""
    return f"{cmd.usage:<16} {text}{aliases}"


def do_help(repl: "Repl", topic: Command | None) -> bool:
    """List the commands, or explain one."""
    say = repl.screen.say
    if topic is not None:
        say(_help_line(repl, topic))
        return False
    say(f"{repl.g.game.info.name} {repl.game_id}: type a move (Tab completes it) or its number from actions.",
        "title")
    for cmd in TABLE:
        say("  " + _help_line(repl, cmd))
    say("Ctrl-C clears the line (or stops a thinking bot), Ctrl-D leaves. Up and Down recall earlier lines.", "dim")
    return False


def do_actions(repl: "Repl", _arg) -> bool:
    """List the legal moves, numbered."""
    say = repl.screen.say
    if not repl.my_turn():
        say("The game is over: no moves." if repl.g.over else "It is not your turn.")
        return False
    say(f"{repl.name(repl.g.to_move)} to move:", "title")
    for row in repl.screen.move_rows(repl.g.legal_texts()):
        say(row)
    return False


def do_hint(repl: "Repl", _arg) -> bool:
    """Ask the strongest bot for its top choices and its reasons."""
    g = repl.g
    if not repl.my_turn():
        raise InputError("no hint: it is not your turn")
    from dinocli.ai.hint import advice_lines, hint as advise

    seat = g.to_move
    legal = g.game.legal_actions(g.state)
    repl.screen.say(f"Thinking ({repl.hint_spec})…", "dim")
    rnd = random.Random(f"{g.id}/{g.head}")
    advice = advise(g.game, g.shown(g.game.observe(g.state, seat)), seat, legal, rnd, spec=repl.hint_spec,
                    trail=repl.service.trail(g, seat, repl.hint_spec))
    for k, line in enumerate(advice_lines(advice, legal, cooperative=g.game.info.cooperative)):
        repl.screen.say(line, "title" if k == 0 else "dim" if k == 1 else "")
    return False


def do_undo(repl: "Repl", steps: int) -> bool:
    """Take back the last N decisions (the service enforces strict undo)."""
    repl.g = repl.service.undo(repl.game_id, steps, retry="undo {}")
    repl.screen.notice(f"Undone ({steps} decision{'s' if steps > 1 else ''}): back at event {repl.seq()}.")
    return True


def do_redo(repl: "Repl", _arg) -> bool:
    """Play forward again what undo took back."""
    repl.g = repl.service.redo(repl.game_id)
    repl.screen.notice(f"Redone: at event {repl.seq()}.")
    return True


def do_branch(repl: "Repl", name: str) -> bool:
    """Name a branch at the head; the current branch stays checked out."""
    repl.service.branch(repl.game_id, name)
    repl.screen.say(f"Branch {name} made at event {repl.seq()}; you stay on {repl.g.record.branch}. "
                    f"checkout {name} switches.")
    return False


def do_branches(repl: "Repl", _arg) -> bool:
    """List the branches, the current one starred."""
    for b in repl.service.branches(repl.game_id):
        repl.screen.say(f"{'*' if b.current else ' '} {safe(b.name):<20} at event {b.event}")   # one line each
    return False


def do_checkout(repl: "Repl", name: str) -> bool:
    """Switch to another branch."""
    repl.g = repl.service.checkout(repl.game_id, name)
    repl.screen.notice(f"On branch {name}, event {repl.seq()}.")
    return True


def do_log(repl: "Repl", n: int) -> bool:
    """Show the last N events as the viewer may see them (hidden decisions stay hidden)."""
    g = repl.g
    viewer = repl.viewer()
    rows = []
    for s in g.path:
        ev = g.game.redact(s.event, viewer)
        if ev is None:
            continue
        if s.command == s.id and s.actor is not None and ev == s.event and s.action is not None:
            rows.append((f"{s.seq:>5}  {repl.name(s.actor)}: {g.say_action(s.action)}", ""))
        else:
            rows.append((f"{s.seq:>5}      {g.describe(ev)}", "dim"))
    for text, style in rows[-n:]:
        repl.screen.say(text, style)
    if not rows:
        repl.screen.say("No events yet.")
    return False


def do_export(repl: "Repl", name: str) -> bool:
    """Write the log as JSON Lines: what the viewer may see until the game ends."""
    from dinocli.files import write_atomic

    path = Path(os.path.expanduser(name))
    seat = None if repl.g.over else repl.viewer()
    if repl.g.table.everything_hidden_from(seat):   # people at the table, none shown yet
        raise InputError("no seat's view is on the screen yet, and the whole log would show every hand: "
                         "export once a person is to move, or after the game")
    lines = repl.service.export_lines(repl.game_id, as_seat=seat)
    count = 0

    def counted():
        nonlocal count
        for line in lines:
            count += 1
            yield line

    write_atomic(path, counted())
    whose = "everything" if seat is None else f"what {repl.name(seat)} may see (all of it once the game is over)"
    repl.screen.say(f"Exported {count} lines to {path}: {whose}.")
    return False


def do_rules(repl: "Repl", _arg) -> bool:
    """Show the game's rules page (through a pager on a terminal)."""
    try:
        from dinocli.manpages import rules_text
    except ImportError:
        raise InputError(f"the rules pages are not installed; see: dinocli rules {repl.g.record.kind}") from None
    text = rules_text(repl.g.record.kind)
    if repl.screen.terminal:
        import click

        click.echo_via_pager(text)
    else:
        for line in text.splitlines():
            repl.screen.say(line)
    return False


def do_board(_repl: "Repl", _arg) -> bool:
    """Draw the board again."""
    return True


def do_fast(repl: "Repl", arg: str) -> bool:
    """Turn the pause after bot moves off or on."""
    on = {"on": True, "off": False}.get(arg, repl.delay > 0)
    repl.delay = 0.0 if on else repl.normal_delay
    repl.screen.say("Bot moves now show without a pause." if on else f"Bot moves now pause {repl.delay:g} s.")
    return False


def do_save(repl: "Repl", _arg) -> bool:
    """Explain that there is nothing to save."""
    repl.screen.say(f"Nothing to do: every move is saved the moment it is made. Resume any time with: "
                    f"{repl.command('play', repl.game_id)}")
    return False


def do_quit(_repl: "Repl", _arg) -> bool:
    """Leave the prompt."""
    raise Leave


# -- THE table: the order is the order of `help` -------------------------------------------------

TABLE: tuple[Command, ...] = (
    Command("help", ("?", "h"), TOPIC, "this list, or what one command does", do_help),
    Command("actions", ("moves", "a"), None, "your legal moves, numbered: type a number to play it", do_actions),
    Command("hint", (), None, "ask the strongest bot what to do, and why", do_hint),
    Command("undo", (), count(1), "take back your last N decisions (and the bots' replies)", do_undo),
    Command("redo", (), None, "play forward again what undo took back", do_redo),
    Command("branch", (), NEW_BRANCH, "name a branch here, to try another line later", do_branch),
    Command("branches", (), None, "list the branches (the current one starred)", do_branches),
    Command("checkout", (), BRANCH, "switch to another branch", do_checkout),
    Command("log", (), count(20), "the last N events (default 20) as you may see them", do_log),
    Command("export", (), FILE, "write the game as JSON Lines (what you may see, until the end)", do_export),
    Command("rules", (), None, "the rules of this game", do_rules),
    Command("board", ("show",), None, "draw the board again", do_board),
    Command("fast", (), SWITCH, "bot moves without (or with) a pause ($DINOCLI_BOT_DELAY seconds)", do_fast),
    Command("save", (), None, "nothing to do: every move is saved the moment it is made", do_save),
    Command("quit", ("exit", "q"), None, "leave (Ctrl-D too); resume later with dinocli play GAME_ID", do_quit),
)

_BY_WORD = {word: cmd for cmd in TABLE for word in (cmd.name, *cmd.aliases)}

# views of the table for the man pages (mangen): name -> (usage, help), alias -> name
COMMANDS: dict[str, tuple[str, str]] = {cmd.name: (cmd.usage, cmd.help) for cmd in TABLE}
ALIASES: dict[str, str] = {alias: cmd.name for cmd in TABLE for alias in cmd.aliases}


def lookup(word: str) -> Command | None:
    """The command a word names (its name or an alias, any case), or None."""
    return _BY_WORD.get(word.lower())
