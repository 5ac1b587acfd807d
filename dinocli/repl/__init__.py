"""The interactive prompt: play at the keyboard against bots and friends.

One :class:`Repl` per session. Each turn it lets the bots move (one line each, with a short
pause), redraws the board as the person at the keyboard sees it, and reads one line through a
prompt_toolkit ``PromptSession``: completion of every legal action and command, persistent
history and a bottom toolbar (the game id first). A line that is not legal is refused before
anything is sent: the input is cleared and the game's reason printed whole under it. Every decision goes through the :class:`~dinocli.service.Service`,
so it is saved the moment it is made; Ctrl-D leaves and ``dinocli play`` resumes.

With two or more people at one keyboard (hot seat) the screen is cleared and says
"pass to NAME" before anyone's private view is shown.

This is the only module (with :mod:`dinocli.challenge`) that imports prompt_toolkit; the CLI
imports it only when a prompt opens.
"""

from __future__ import annotations

import os
import random
import re
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import ANSI, FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from dinocli.challenge import Cancelled, TerminalUI, complete
from dinocli.events.store import Conflict, DatabaseGone, StoreError
from dinocli.games.protocol import GameError, MalformedAction
from dinocli.games.runner import fold_all
from dinocli.safe import safe, safe_block

__all__ = ["run", "Repl", "COMMANDS", "history_path", "DEFAULT_DELAY", "HINT_SPEC"]

DEFAULT_DELAY = 0.7        # seconds after each bot move (0 with --fast or `fast on`)
HINT_SPEC = "mcts:hard"    # the strongest bot: what `hint` asks
AUTO_LIST = 16             # list the moves under the board when there are at most this many
RECAP_LINES = 12           # lines of "since your last move" under the board
RECAP_MIN = 3              # ... at least (its heading and two), else the moves are counted, not listed
MAX_INPUT = 500            # longer lines are refused unread

# name -> (usage, one-line help); the order is the order of `help`
COMMANDS: dict[str, tuple[str, str]] = {
    "help": ("help", "this list"),
    "actions": ("actions", "your legal moves, numbered: type a number to play it"),
    "hint": ("hint", "ask the strongest bot what to do, and why"),
    "undo": ("undo [N]", "take back your last N decisions (and the bots' replies)"),
    "redo": ("redo", "play forward again what undo took back"),
    "branch": ("branch NAME", "name a branch here, to try another line later"),
    "branches": ("branches", "list the branches (the current one starred)"),
    "checkout": ("checkout NAME", "switch to another branch"),
    "log": ("log [N]", "the last N events (default 20) as you may see them"),
    "export": ("export FILE", "write the game as JSON Lines (what you may see, until the end)"),
    "rules": ("rules", "the rules of this game"),
    "board": ("board", "draw the board again"),
    "fast": ("fast [on|off]", "bot moves without (or with) a pause ($DINOCLI_BOT_DELAY seconds)"),
    "save": ("save", "nothing to do: every move is saved the moment it is made"),
    "quit": ("quit", "leave (Ctrl-D too); resume later with dinocli play GAME_ID"),
}
ALIASES = {"?": "help", "exit": "quit", "q": "quit", "h": "help", "moves": "actions", "a": "actions"}
NO_ARGS = {"help", "actions", "hint", "redo", "branches", "rules", "board", "save", "quit"}
DIGITS = re.compile(r"[0-9]+\Z")
BRANCH_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$")

STYLE = Style.from_dict({
    "prompt": "bold ansigreen",
    "error": "ansired",
    "bot": "ansicyan",
    "human": "ansigreen",
    "dim": "ansibrightblack",
    "title": "bold",
    "pass": "bold reverse",
    "bottom-toolbar": "reverse",
})


class Leave(Exception):
    """The person leaves the prompt (the game is already saved)."""


class InputError(Exception):
    """A line that cannot be carried out; the message is one line saying why."""


def history_path() -> Path:
    """Where the prompt history lives: the platformdirs user state directory."""
    import platformdirs

    return Path(platformdirs.user_state_dir("dinocli")) / "history"


def _default_history() -> History:
    """A file history, or one in memory when the state directory cannot be written."""
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def _env_delay() -> float:
    """The pause after a bot move: $DINOCLI_BOT_DELAY seconds, else the default."""
    try:
        return min(10.0, max(0.0, float(os.environ.get("DINOCLI_BOT_DELAY", DEFAULT_DELAY))))
    except ValueError:
        return DEFAULT_DELAY


def run(service, game_id: str, *, color: bool = False, fast: bool = False, input=None, output=None,
        history: History | None = None, delay: float | None = None, hint_spec: str = HINT_SPEC,
        command=None) -> None:
    """Open the interactive prompt on ``game_id`` until the person leaves (the CLI's `new`/`play`)."""
    Repl(service, game_id, color=color, fast=fast, input=input, output=output, history=history,
         delay=delay, hint_spec=hint_spec, command=command).loop()


def _dinocli(*words: str) -> str:
    """A dinocli command line to suggest (the CLI passes one that repeats its --db)."""
    return " ".join(("dinocli", *words))


def wrap(text: str, width: int) -> list[str]:
    """``text`` cut at word boundaries into lines of at most ``width``; continuation lines are indented
    two more than the first."""
    if len(text) <= width:
        return [text]
    indent = " " * (len(text) - len(text.lstrip()) + 2)
    return textwrap.wrap(text, width=max(20, width), subsequent_indent=indent, break_on_hyphens=False) or [text]


def one_line(text: str, width: int = 200) -> str:
    """``text`` on one line, at most ``width`` characters."""
    line = safe(" ".join(str(text).split()))
    return line if len(line) <= width else line[: width - 1] + "…"


class Intent(NamedTuple):
    """What a line of input means: a move, a command with arguments, or nothing."""

    kind: str               # "move", "command" or "nothing"
    name: str = ""          # the command
    arg: Any = None         # its argument
    action: Any = None      # the move


class ReplCompleter(Completer):
    """Completes every legal action in canonical notation, the commands, and branch names."""

    def __init__(self, repl: "Repl"):
        self.repl = repl

    def get_completions(self, document, complete_event) -> Iterator[Completion]:
        """Prefix matches first; if none, every candidate holding all the typed words."""
        try:
            yield from self._completions(document.text_before_cursor)
        except Exception:  # never let a completion problem reach the person
            return

    def _completions(self, typed: str) -> Iterator[Completion]:
        repl = self.repl
        text = typed.lstrip()
        low = text.lower()
        word, space, _ = low.partition(" ")
        command = ALIASES.get(word, word)
        if space and command == "checkout":
            partial = text[len(word):].lstrip()
            for name in repl.branch_names():
                if name.lower().startswith(partial.lower()):
                    yield Completion(name, start_position=-len(partial), display_meta="branch")
            return
        if space and command in COMMANDS:
            return
        legal = repl.legal_texts()
        if DIGITS.match(text):
            n = int(text) if len(text) < 7 else 0
            if 1 <= n <= len(legal):
                yield Completion(legal[n - 1], start_position=-len(typed), display=f"{n}. {legal[n - 1]}",
                                 display_meta="move")
            return
        candidates = [(t, f"move {i}") for i, t in enumerate(legal, 1)]
        candidates += [(name, COMMANDS[name][1]) for name in COMMANDS]
        hits = [c for c in candidates if c[0].lower().startswith(low)]
        if not hits and low.strip():
            words = low.split()
            hits = [c for c in candidates if all(w in c[0].lower() for w in words)]
        for cand, meta in hits:
            yield Completion(cand, start_position=-len(typed), display_meta=meta)


class Repl:
    """An interactive session on one game."""

    def __init__(self, service, game_id: str, *, color: bool = False, fast: bool = False, input=None,
                 output=None, history: History | None = None, delay: float | None = None,
                 hint_spec: str = HINT_SPEC, command=None):
        self.service = service
        self.command = command or _dinocli
        self.color = color
        if delay is None:
            delay = _env_delay()
        self.delay = 0.0 if fast else max(0.0, delay)
        self.normal_delay = delay if delay > 0 else DEFAULT_DELAY
        self.input = input
        self.output = output
        self.terminal = output is None and sys.stdout.isatty()  # clear screens, page the rules
        self.hint_spec = hint_spec
        self.g = service.load(game_id)
        self.game_id = self.g.id
        self.shown: int | None = None   # the seat whose view is on the screen (hot seat)
        self.notices: list[tuple[str, str]] = []
        # explicit, so that `--color always` wins over NO_COLOR and `never` over a colour terminal
        self.depth = ColorDepth.DEPTH_8_BIT if color else ColorDepth.MONOCHROME
        self.session: PromptSession = PromptSession(
            history=history if history is not None else _default_history(),
            completer=ReplCompleter(self), complete_while_typing=True,
            bottom_toolbar=self.toolbar, style=STYLE, color_depth=self.depth,
            input=input, output=output, reserve_space_for_menu=0)
        self.out = self.session.output
        self.ui = TerminalUI(self.say, input=input, output=self.out, color=color)

    # -- output ---------------------------------------------------------------------------

    def width(self) -> int:
        """The terminal's columns (80 when it cannot tell)."""
        try:
            return self.out.get_size().columns or 80
        except Exception:
            return 80

    def say(self, text: str = "", style: str = "") -> None:
        """Print a line (styled when colour is on), terminal-safe and wrapped at word boundaries to
        the terminal's width."""
        for line in wrap(safe_block(text), self.width() - 1):
            if self.color and style:
                print_formatted_text(FormattedText([(f"class:{style}", line)]), style=STYLE, output=self.out,
                                     color_depth=self.depth)
            else:
                print_formatted_text(line, output=self.out)

    def notice(self, text: str, style: str = "dim") -> None:
        """A line to show under the board once it is redrawn (at once if it is not)."""
        self.notices.append((text, style))

    def flush_notices(self) -> None:
        """Print the pending notices."""
        for text, style in self.notices:
            self.say(text, style)
        self.notices.clear()

    def error(self, text: Any) -> None:
        """Print an error (one line of text, wrapped to the terminal, never cut)."""
        self.say("! " + one_line(text, 1000), "error")

    def clear(self, scrollback: bool = False) -> None:
        """Clear the terminal (and its scrollback, so a hot-seat player cannot scroll up)."""
        self.out.erase_screen()
        if scrollback and self.terminal:
            self.out.write_raw("\x1b[3J")
        self.out.cursor_goto(0, 0)
        self.out.flush()

    # -- what the person at the keyboard sees ----------------------------------------------

    @property
    def hotseat(self) -> bool:
        """Two or more people share the keyboard."""
        return len(self.g.humans) >= 2

    def viewer(self) -> int | None:
        """Whose eyes the screen uses: None (everything) once over, else the human at the keyboard."""
        g = self.g
        if g.over:
            return None
        humans = g.humans
        if len(humans) == 1:
            return humans[0]
        if g.to_move is not None and g.is_human(g.to_move):
            return g.to_move
        return self.shown

    def view(self):
        """The current view as the viewer sees it."""
        return self.g.view(self.viewer())

    def my_turn(self) -> bool:
        """Whether a person is to decide now."""
        g = self.g
        return not g.over and g.to_move is not None and g.is_human(g.to_move)

    def legal_texts(self) -> list[str]:
        """The legal moves, numbered from 1 in this order (empty unless a person is to move)."""
        return self.g.legal_texts() if self.my_turn() else []

    def branch_names(self) -> list[str]:
        """Every branch of this game."""
        return sorted(b.name for b in self.service.store.branches(self.game_id))

    def toolbar_lines(self) -> list[str]:
        """The toolbar's lines: game id, status (turn, scores, target or round), branch and keys, wrapped at
        word boundaries into at most two lines that fit the terminal (the keys go first when it is narrow)."""
        g = self.g
        try:
            status = one_line(g.game.status(self.view()), 400)
        except Exception as exc:  # a status problem must not break the prompt
            status = f"(status unavailable: {one_line(exc)})"
        room = self.width() - 2
        parts = [f"{g.record.kind} {g.id}" + (" PRACTICE (counts for nothing)" if g.practice else ""), status,
                 f"branch {g.record.branch}"]
        for keys in (["Tab: moves  help  Ctrl-D: leave"], []):
            out = textwrap.wrap(" | ".join(parts + keys), room, break_on_hyphens=False)
            if len(out) <= 2:
                break
        else:
            out = out[:1] + [one_line(" ".join(out[1:]), room)]
        return [" " + line for line in out]

    def toolbar(self) -> FormattedText:
        """The bottom toolbar (one or two lines that fit the terminal, nothing cut)."""
        return FormattedText([("class:bottom-toolbar", "\n".join(self.toolbar_lines()))])

    def prompt_message(self) -> FormattedText:
        """``name> `` for the person to move, ``game over> `` at the end."""
        g = self.g
        who = "game over" if g.over else (g.seats[g.to_move]["name"] if self.my_turn() else "watching")
        return FormattedText([("class:prompt", f"{safe(who)}> ")])

    def name(self, seat: int) -> str:
        """A seat's name, terminal-safe."""
        return safe(self.g.seats[seat]["name"])

    def decision_lines(self, state, seat: int, action: str, events: list, viewer: int | None,
                       ending: bool = True) -> list[tuple[str, str]]:
        """A decision folded from ``state`` as ``viewer`` may see it: one line, and under it each
        automatic event that changed the scores or (with ``ending``) ended the game."""
        g = self.g
        style = "bot" if g.seats[seat].get("bot") else "human"
        first = g.game.redact(events[0], viewer) if events else None
        if first is None:  # a secret decision: its notation would give it away
            lines = [(f"{self.name(seat)} made a hidden decision.", style)]
        else:
            lines = [(g.game.describe(first, g.config) or f"{self.name(seat)}: {action}", style)]
        state = g.game.fold(state, events[0]) if events else state
        for ev in events[1:]:
            before = g.game.scores(state)
            state = g.game.fold(state, ev)
            over = g.game.to_move(state) is None
            if (g.game.scores(state) == before and not over) or (over and not ending):
                continue
            red = g.game.redact(ev, viewer)
            text = g.game.describe(red, g.config) if red is not None else ""
            if text:
                lines.append(("  " + text, "title"))
        return lines

    def recap(self, viewer: int | None) -> tuple[str, list[tuple[str, str]]]:
        """A heading and the decisions since the viewer's last turn (that turn included), as the
        viewer sees them; the last few decisions if the viewer has not decided yet."""
        g = self.g
        path = g.path
        starts = [i for i, s in enumerate(path) if s.actor is not None and s.command == s.id]
        if not starts:
            return "", []
        mine = [k for k, i in enumerate(starts) if path[i].actor == viewer]
        if mine and viewer is not None:
            first = mine[-1]
            while first > 0 and path[starts[first - 1]].actor == viewer:  # the whole turn
                first -= 1
        else:
            first = max(0, len(starts) - 6)
        state = fold_all(g.game, g.game.initial(g.config), (s.event for s in path[:starts[first]]))
        lines: list[tuple[str, str]] = []
        for k in range(first, len(starts)):
            i = starts[k]
            end = starts[k + 1] if k + 1 < len(starts) else len(path)
            s = path[i]
            events = [p.event for p in path[i:end] if p.command == s.id]
            lines += self.decision_lines(state, s.actor, s.action or "", events, viewer, ending=False)
            state = fold_all(g.game, state, events)
        heading = "Since your last move:" if mine and viewer is not None else ("So far:" if first == 0 else "Last moves:")
        return heading, lines[-RECAP_LINES:]

    def rows(self) -> int:
        """The terminal's lines (40 when it cannot tell)."""
        try:
            return self.out.get_size().rows or 40
        except Exception:
            return 40

    def draw(self) -> None:
        """Redraw so that it fits the terminal: the board as the viewer sees it (denser when the terminal is
        short), what happened since their last move (as much as fits), the moves (listed when they fit,
        else counted)."""
        g = self.g
        if self.terminal:
            self.clear()
        viewer = self.viewer()
        legal = g.legal_texts() if self.my_turn() else []
        short = [(f"{self.name(g.to_move)} to move: {len(legal)} moves (Tab, actions, help).", "dim")] if legal else []
        least = self.result_lines()[:1] if g.over else short  # what must stay under the board
        fits = self.rows() - 1 - len(self.toolbar_lines()) - self.height(least)  # prompt and toolbar stay
        board = safe_block(g.game.render(self.view(), color=self.color, height=fits), colour=self.color)
        print_formatted_text(ANSI(board) if self.color else board, output=self.out, color_depth=self.depth)
        room = self.rows() - 1 - len(self.toolbar_lines()) - board.count("\n") - 1
        tail: list[tuple[str, str]] = []
        if g.over:
            tail = self.result_lines(said="Game over" in board)
            while len(tail) > 1 and self.height(tail) > room:
                tail.pop()
        elif self.my_turn():
            who = self.name(g.to_move)
            rows = [(t, "") for t in self.move_rows(legal)] if len(legal) <= AUTO_LIST else []
            hint = ("Type a number or a move (Tab completes), or help.", "dim")
            tail = [(f"{who} to move: {len(legal)} moves; Tab completes them, actions lists them, or help.", "dim")]
            if self.height(tail) > room:
                tail = short
            for listed in ([(f"{who} to move:", "title"), *rows, hint], [(f"{who} to move:", "title"), *rows]):
                if rows and self.height(listed) + RECAP_MIN <= room:
                    tail = listed
                    break
        humans = g.humans
        heading, recap = self.recap(humans[0] if viewer is None and len(humans) == 1 else viewer)
        recap = [("  " + text, style) for text, style in recap]
        while recap and self.height(recap) + 1 + self.height(tail) > room:
            recap.pop(0)
        for text, style in ([(heading, "title")] + recap if recap else []) + tail:
            self.say(text, style)

    def height(self, lines: list[tuple[str, str]]) -> int:
        """How many terminal lines ``lines`` take once wrapped."""
        return sum(len(wrap(text, self.width() - 1)) for text, _ in lines)

    def list_moves(self, legal: list[str]) -> None:
        """The moves numbered, in as many columns as fit."""
        if not legal:
            self.say("No moves: the game is over." if self.g.over else "No moves for you now.")
            return
        for row in self.move_rows(legal):
            self.say(row)

    def move_rows(self, legal: list[str]) -> list[str]:
        """The moves numbered, in as many columns (up to 4) as fit the terminal."""
        cells = [f"{i:>3}. {t}" for i, t in enumerate(legal, 1)]
        width = max(len(c) for c in cells) + 2
        cols = max(1, min(4, (self.width() - 1) // width))
        rows = -(-len(cells) // cols)
        return ["".join(cell.ljust(width) for cell in
                        [cells[c * rows + r] for c in range(cols) if c * rows + r < len(cells)]).rstrip()
                for r in range(rows)]

    def result_lines(self, said: bool = False) -> list[tuple[str, str]]:
        """Who won (``said``: the board already says the game is over), how to look back, what still works."""
        g = self.g
        res = g.result()
        scores = ", ".join(f"{s['name']} {_num(v)}" for s, v in zip(g.seats, res["scores"]))
        return [(f"{'' if said else 'Game over. '}Winner: {', '.join(res['winners']) or 'nobody'}. "
                 f"Scores: {scores}.", "title"),
                (f"Review it: {self.command('review', self.game_id)}  "
                 f"(or {self.command('replay', self.game_id, '--step')}, {self.command('analyze', self.game_id)}).",
                 "dim"),
                ("undo, branches, log and export still work here; quit (or Ctrl-D) leaves.", "dim")]

    # -- the loop -------------------------------------------------------------------------

    def loop(self) -> None:
        """Bots move, the board is drawn, one line is read and carried out; until the person leaves."""
        dirty = True
        try:
            while True:
                try:
                    dirty = self.settle() or dirty
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: stop the bots, stay here
                    if self.terminal:
                        self.out.write_raw("\r")
                        self.out.erase_end_of_line()
                    self.reload()
                    self.say("Stopped the bots. Enter lets them go on; undo, log or quit work too.", "dim")
                    dirty = False
                if dirty:
                    try:
                        self.draw()
                    except Exception as exc:  # a drawing bug must not end the session
                        self.failed(exc)
                    dirty = False
                self.flush_notices()
                try:
                    text = self.session.prompt(self.prompt_message)
                except KeyboardInterrupt:
                    continue
                try:
                    dirty = self.execute(text)
                except (Leave, EOFError):
                    raise
                except KeyboardInterrupt:
                    self.error("cancelled")
                except Exception as exc:  # every failure is one line; the prompt goes on
                    dirty = self.failed(exc)
        except (Leave, EOFError, KeyboardInterrupt):
            pass
        if self.g.over:
            self.say(f"Saved. Look back at it with: {self.command('replay', self.game_id, '--step')}", "dim")
        else:
            self.say(f"Saved (every move is). Resume with: {self.command('play', self.game_id)}", "dim")

    def settle(self) -> bool:
        """Let the bots move and, in hot seat, pass the keyboard. Anything to redraw?

        Another process moving meanwhile (a Conflict) just reloads; a bot that fails ends the session."""
        changed = False
        self.service.store.check_files()  # the database file deleted or replaced: stop before anything more
        for _ in range(3):
            try:
                changed = self.bots_move() or changed
                break
            except Conflict:
                self.reload()
                changed = True
            except (KeyboardInterrupt, EOFError, DatabaseGone):
                raise
            except Exception as exc:
                self.error(f"a bot could not move ({type(exc).__name__}: {exc})")
                raise Leave from exc
        if self.hotseat and self.my_turn() and self.g.to_move != self.shown:
            self.pass_to(self.g.to_move)
            changed = True
        return changed

    def failed(self, exc: Exception) -> bool:
        """Show an error as one line; reload when the game changed elsewhere. Redraw?"""
        if isinstance(exc, DatabaseGone):
            raise exc  # nothing can be saved any more: the session ends with this one line
        if isinstance(exc, Conflict):
            self.reload()
            self.notice(f"! conflict: {one_line(exc)} — the game changed in another window; here it is now", "error")
            return True
        from dinocli.files import FileRefused

        if isinstance(exc, (InputError, GameError, StoreError, FileRefused)):
            self.error(exc)
        elif isinstance(exc, OSError):
            self.error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else exc)
        else:
            self.error(f"{type(exc).__name__}: {exc}")
        return False

    def reload(self) -> None:
        """Fold the game again at its current head."""
        self.g = self.service.load(self.game_id)

    def bots_move(self) -> bool:
        """Let the bots play until a person must decide, a line each with a pause. Any moved?"""
        g = self.g
        if g.over or (g.to_move is not None and g.is_human(g.to_move)):
            return False
        viewer = self.shown if self.hotseat else self.viewer()
        moved = False
        while True:
            state, seat = g.state, g.to_move
            if self.terminal and seat is not None:
                self.out.write(f"{self.name(seat)} is thinking…")
                self.out.flush()
            played = self.service.bot_step(g)
            if self.terminal:
                self.out.write_raw("\r")
                self.out.erase_end_of_line()
            if played is None:
                return moved
            moved = True
            for text, style in self.decision_lines(state, played.seat, played.action, played.events, viewer):
                self.say(text, style)
            if self.delay:
                time.sleep(self.delay)

    def pass_to(self, seat: int) -> None:
        """Hot seat: hide the last player's view and wait for the next one to press Enter."""
        name = self.name(seat)
        self.clear(scrollback=True)
        self.say(f"  Pass the keyboard to {name}.  ", "pass")
        self.say("Nobody else should look at the screen now.", "dim")
        pause: PromptSession = PromptSession(input=self.input, output=self.output, history=InMemoryHistory(),
                                             style=STYLE, color_depth=self.depth)
        while True:
            try:
                pause.prompt(FormattedText([("class:prompt", f"{name}, press Enter when ready (Ctrl-D leaves) ")]))
                break
            except KeyboardInterrupt:
                continue
        self.shown = seat
        self.clear(scrollback=True)

    # -- reading a line -------------------------------------------------------------------

    def interpret(self, text: str) -> Intent:
        """What ``text`` means now (raise InputError with the reason). Changes nothing."""
        line = text.strip()
        if not line:
            return Intent("nothing")
        if len(line) > MAX_INPUT:
            raise InputError(f"that line is {len(line)} characters long; moves and commands are short")
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        command = ALIASES.get(word.lower(), word.lower())
        if command in COMMANDS:
            return self._command(command, rest)
        number = line[1:] if line.startswith("#") else line
        if DIGITS.match(number):
            return self._numbered(number)
        return self._move(line)

    def _command(self, command: str, rest: str) -> Intent:
        usage = COMMANDS[command][0]
        if command in NO_ARGS and rest and command != "help":
            raise InputError(f"{command} takes no arguments (usage: {usage})")
        if command in ("undo", "log"):
            if not rest:
                return Intent("command", command, 1 if command == "undo" else 20)
            if not DIGITS.match(rest) or len(rest) > 6 or int(rest) < 1:
                raise InputError(f"{command} wants a whole number from 1 (usage: {usage})")
            return Intent("command", command, int(rest))
        if command in ("branch", "checkout"):
            if not rest:
                raise InputError(f"{command} wants a branch name (usage: {usage})")
            if not BRANCH_RE.match(rest):
                raise InputError("a branch name is 1-40 letters, digits, . _ / or -, starting with a letter or digit")
            names = self.branch_names()
            if command == "checkout" and rest not in names:
                raise InputError(f"no branch {rest!r}; branches: {', '.join(names)}")
            if command == "branch" and rest in names:
                raise InputError(f"branch {rest!r} exists; checkout {rest} switches to it")
            return Intent("command", command, rest)
        if command == "export":
            if not rest:
                raise InputError(f"export wants a file name (usage: {usage})")
            return Intent("command", command, rest)
        if command == "fast":
            if rest.lower() not in ("", "on", "off"):
                raise InputError("usage: fast [on|off]")
            return Intent("command", command, rest.lower())
        return Intent("command", command, rest)

    def _numbered(self, digits: str) -> Intent:
        self._check_can_move()
        legal = self.g.game.legal_actions(self.g.state)
        n = int(digits) if len(digits) <= 6 else 0
        if not 1 <= n <= len(legal):
            raise InputError(f"no move {digits if len(digits) <= 12 else digits[:12] + '…'}: "
                             f"choose 1 to {len(legal)} (actions lists them)")
        return Intent("move", action=legal[n - 1])

    def _move(self, line: str) -> Intent:
        g = self.g
        try:
            action = g.game.parse_action(g.state, line)
        except MalformedAction as exc:
            if self.g.over:
                raise InputError(f"not a command: {line!r} (the game is over; type help)") from None
            raise InputError(f"{exc} (try actions or help)") from None
        except GameError as exc:
            raise InputError(str(exc)) from None
        except Exception:  # a parser that fails on odd text still gets a one-line answer
            raise InputError(f"cannot read {line!r} as a move (actions lists them)") from None
        self._check_can_move()
        if action not in g.game.legal_actions(g.state):
            raise InputError(f"{g.game.format_action(g.state, action)} is not legal now (actions lists the moves)")
        return Intent("move", action=action)

    def _check_can_move(self) -> None:
        g = self.g
        if g.over:
            raise InputError("the game is over: undo, branches, log, export or quit")
        if not self.my_turn():
            raise InputError(f"it is {self.name(g.to_move)}'s turn (a bot)")

    # -- carrying it out ------------------------------------------------------------------

    def execute(self, text: str) -> bool:
        """Carry out a line; whether the board must be redrawn."""
        intent = self.interpret(text)
        if intent.kind == "nothing":
            return False
        if intent.kind == "move":
            return self.play(intent.action)
        return getattr(self, "cmd_" + intent.name)(intent.arg)

    def play(self, action) -> bool:
        """Complete the action (a game's challenge, if any), check nobody moved meanwhile, send it."""
        g = self.g
        seat = g.to_move
        try:
            action = complete(g.game, g.view(seat), seat, action, self.ui)
        except Cancelled:
            self.say("Cancelled: nothing was sent.", "dim")
            return False
        text = g.game.format_action(g.state, action)
        try:
            self.g, played = self.service.move(self.game_id, text, expected_head=g.head,
                                               expected_branch=g.record.branch)
        except Conflict:
            self.g = self.service.load(self.game_id)
            self.notice("! the game changed in another window; nothing was sent — here it is now", "error")
            return True
        for line, style in self.decision_lines(g.state, played.seat, played.action, played.events, seat):
            self.say(line, style)
        return True

    def cmd_help(self, arg: str) -> bool:
        """List the commands, or explain one."""
        if arg:
            name = ALIASES.get(arg.lower(), arg.lower())
            if name not in COMMANDS:
                raise InputError(f"no command {arg!r}; help lists them")
            usage, text = COMMANDS[name]
            self.say(f"{usage:<16} {text.replace('dinocli play GAME_ID', self.command('play', self.game_id))}")
            return False
        self.say(f"{self.g.game.info.name} {self.game_id}: type a move (Tab completes it) or its number "
                 "from actions.", "title")
        for usage, text in COMMANDS.values():
            self.say(f"  {usage:<16} {text.replace('dinocli play GAME_ID', self.command('play', self.game_id))}")
        self.say("Ctrl-C clears the line (or stops a thinking bot), Ctrl-D leaves. Up and Down recall earlier "
                 "lines.", "dim")
        return False

    def cmd_actions(self, _arg) -> bool:
        """List the legal moves, numbered."""
        if not self.my_turn():
            self.say("The game is over: no moves." if self.g.over else "It is not your turn.")
            return False
        self.say(f"{self.name(self.g.to_move)} to move:", "title")
        self.list_moves(self.g.legal_texts())
        return False

    def cmd_board(self, _arg) -> bool:
        """Draw the board again."""
        return True

    def cmd_undo(self, steps: int) -> bool:
        """Take back the last N decisions (the service enforces strict undo)."""
        self.g = self.service.undo(self.game_id, steps)
        self.notice(f"Undone ({steps} decision{'s' if steps > 1 else ''}): back at event {self._seq()}.", "dim")
        return True

    def cmd_redo(self, _arg) -> bool:
        """Play forward again what undo took back."""
        self.g = self.service.redo(self.game_id)
        self.notice(f"Redone: at event {self._seq()}.", "dim")
        return True

    def cmd_branch(self, name: str) -> bool:
        """Name a branch at the head; the current branch stays checked out."""
        self.service.branch(self.game_id, name)
        self.say(f"Branch {name} made at event {self._seq()}; you stay on {self.g.record.branch}. "
                 f"checkout {name} switches.")
        return False

    def cmd_branches(self, _arg) -> bool:
        """List the branches, the current one starred."""
        store = self.service.store
        current = store.game(self.game_id).branch
        for b in store.branches(self.game_id):
            seq = store.event(b.head).seq if b.head is not None else 0
            self.say(f"{'*' if b.name == current else ' '} {b.name:<20} at event {seq}")
        return False

    def cmd_checkout(self, name: str) -> bool:
        """Switch to another branch."""
        self.g = self.service.checkout(self.game_id, name)
        self.notice(f"On branch {name}, event {self._seq()}.", "dim")
        return True

    def cmd_log(self, n: int) -> bool:
        """Show the last N events as the viewer may see them (hidden decisions stay hidden)."""
        g = self.g
        viewer = self.viewer()
        rows = []
        for s in g.path:
            ev = g.game.redact(s.event, viewer)
            if ev is None:
                continue
            if s.command == s.id and s.actor is not None and ev == s.event:
                rows.append((f"{s.seq:>5}  {self.name(s.actor)}: {s.action}", ""))
            else:
                rows.append((f"{s.seq:>5}      {g.game.describe(ev, g.config)}", "dim"))
        for text, style in rows[-n:]:
            self.say(text, style)
        if not rows:
            self.say("No events yet.")
        return False

    def cmd_export(self, name: str) -> bool:
        """Write the log as JSON Lines: what the viewer may see until the game ends."""
        path = Path(os.path.expanduser(name))
        seat = None if self.g.over else self.viewer()
        lines = self.service.export_lines(self.game_id, as_seat=seat)
        from dinocli.files import write_atomic

        count = 0

        def counted():
            nonlocal count
            for line in lines:
                count += 1
                yield line

        write_atomic(path, counted())
        whose = "everything" if seat is None else f"what {self.name(seat)} may see (all of it once the game is over)"
        self.say(f"Exported {count} lines to {path}: {whose}.")
        return False

    def cmd_hint(self, _arg) -> bool:
        """Ask the strongest bot for its top choices and its reasons."""
        g = self.g
        if not self.my_turn():
            raise InputError("no hint: it is not your turn")
        from dinocli.ai.hint import advice_lines, hint as advise

        seat = g.to_move
        legal = g.game.legal_actions(g.state)
        self.say(f"Thinking ({self.hint_spec})…", "dim")
        rnd = random.Random(f"{g.id}/{g.head}")
        advice = advise(g.game, g.game.observe(g.state, seat), seat, legal, rnd, spec=self.hint_spec)
        for k, line in enumerate(advice_lines(advice, legal, cooperative=g.game.info.cooperative)):
            self.say(line, "title" if k == 0 else "dim" if k == 1 else "")
        return False

    def cmd_rules(self, _arg) -> bool:
        """Show the game's rules page (through a pager on a terminal)."""
        try:
            from dinocli.manpages import rules_text
        except ImportError:
            raise InputError(f"the rules pages are not installed; see: dinocli rules {self.g.record.kind}") from None
        text = rules_text(self.g.record.kind)
        if self.terminal:
            import click

            click.echo_via_pager(text)
        else:
            for line in text.splitlines():
                self.say(line)
        return False

    def cmd_fast(self, arg: str) -> bool:
        """Turn the pause after bot moves off or on."""
        on = {"on": True, "off": False}.get(arg, self.delay > 0)
        self.delay = 0.0 if on else self.normal_delay
        self.say("Bot moves now show without a pause." if on else f"Bot moves now pause {self.delay:g} s.")
        return False

    def cmd_save(self, _arg) -> bool:
        """Explain that there is nothing to save."""
        self.say(f"Nothing to do: every move is saved the moment it is made. Resume any time with: "
                 f"{self.command('play', self.game_id)}")
        return False

    def cmd_quit(self, _arg) -> bool:
        """Leave the prompt."""
        raise Leave

    def _seq(self) -> int:
        return self.g.path[-1].seq if self.g.path else 0


def _num(v: float) -> str:
    """A score without a needless .0."""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
