"""One prompt session on one game: the bots move, the board is drawn, a line is read and carried out.

Each turn the bots move (one line each, with a short pause), the board is redrawn as the person at
the keyboard sees it, and one line is read through a prompt_toolkit ``PromptSession``: completion
of every legal action and command, persistent history and a bottom toolbar (the game id first). A
line is a move (in notation or by its number) or a command of the one table
(:mod:`dinocli.repl.commands`); one that cannot be carried out is refused before anything is sent,
its reason printed whole under it. Every decision goes through the :class:`~dinocli.service.Service`,
so it is saved the moment it is made; Ctrl-D leaves and ``dinocli play`` resumes.

With two or more people at one keyboard (hot seat) the screen is cleared and says
"pass to NAME" before anyone's private view is shown.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from dinocli.challenge import Cancelled, TerminalUI, complete
from dinocli.events.errors import Conflict, DatabaseGone, DinocliError
from dinocli.games.protocol import GameError, MalformedAction
from dinocli.safe import safe

from . import screen
from .commands import DIGITS, TABLE, Command, InputError, Leave, lookup
from .screen import STYLE, Screen, one_line

__all__ = ["run", "Repl", "ReplCompleter", "Intent", "history_path", "DEFAULT_DELAY", "HINT_SPEC"]

DEFAULT_DELAY = 0.7        # seconds after each bot move (0 with --fast or `fast on`)
HINT_SPEC = "mcts:hard"    # the strongest bot: what `hint` asks
MAX_INPUT = 500            # longer lines are refused unread


def history_path() -> Path:
    """Where the prompt history lives: the platformdirs user state directory."""
    import platformdirs

    return Path(platformdirs.user_state_dir("dinocli")) / "history"


def default_history() -> History:
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


class Intent(NamedTuple):
    """What a line of input means: a move, a command with its argument, or nothing."""

    kind: str                       # "move", "command" or "nothing"
    command: Command | None = None  # the command
    arg: Any = None                 # its argument, as the command's Arg read it
    action: Any = None              # the move


class ReplCompleter(Completer):
    """Completes every legal action in canonical notation, the commands, and their arguments."""

    def __init__(self, repl: "Repl"):
        self.repl = repl

    def get_completions(self, document, complete_event) -> Iterator[Completion]:
        """Prefix matches first; if none, every candidate holding all the typed words."""
        try:
            yield from self._completions(document.text_before_cursor)
        except Exception:  # never let a completion problem reach the person
            return

    def _completions(self, typed: str) -> Iterator[Completion]:
        text = typed.lstrip()
        low = text.lower()
        word, space, _ = low.partition(" ")
        cmd = lookup(word) if space else None
        if cmd is not None:   # the command's argument, as the table says
            partial = text[len(word):].lstrip()
            for value, meta in (cmd.arg.complete(self.repl) if cmd.arg and cmd.arg.complete else []):
                if value.lower().startswith(partial.lower()):
                    yield Completion(value, start_position=-len(partial), display_meta=meta)
            return
        legal = self.repl.legal_texts()
        if DIGITS.match(text):
            n = int(text) if len(text) < 7 else 0
            if 1 <= n <= len(legal):
                yield Completion(legal[n - 1], start_position=-len(typed), display=f"{n}. {legal[n - 1]}",
                                 display_meta="move")
            return
        candidates = [(t, f"move {i}") for i, t in enumerate(legal, 1)]
        candidates += [(c.name, c.help) for c in TABLE]
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
        if delay is None:
            delay = _env_delay()
        self.delay = 0.0 if fast else max(0.0, delay)
        self.normal_delay = delay if delay > 0 else DEFAULT_DELAY
        self.input = input
        self.output = output
        self.hint_spec = hint_spec
        self.g = service.load(game_id)
        self.game_id = self.g.id
        self.shown: int | None = None   # the seat whose view is on the screen (hot seat)
        self.screen = Screen(None, color=color, terminal=output is None and sys.stdout.isatty())
        self.session: PromptSession = PromptSession(
            history=history if history is not None else default_history(),
            completer=ReplCompleter(self), complete_while_typing=True,
            bottom_toolbar=self.toolbar, style=STYLE, color_depth=self.screen.depth,
            input=input, output=output, reserve_space_for_menu=screen.MENU_ROWS)
        self.screen.out = self.session.output
        self.ui = TerminalUI(self.screen.say, input=input, output=self.session.output, color=color)

    # -- what the person at the keyboard sees ----------------------------------------------

    @property
    def hotseat(self) -> bool:
        """Two or more people share the keyboard."""
        return self.g.table.hotseat

    def people(self) -> list[int] | None:
        """The seats played at this keyboard (None: every person's seat at the table)."""
        return None

    def viewer(self) -> int | None:
        """Whose eyes the screen uses: the game's default seat (everything once over), else the seat last shown."""
        seat = self.g.default_seat()
        return self.shown if seat is None and not self.g.over else seat

    def my_turn(self) -> bool:
        """Whether a person is to decide now (the table's :meth:`~dinocli.table.Table.acting`)."""
        return self.g.table.acting() is not None

    def legal_texts(self) -> list[str]:
        """The legal moves, numbered from 1 in this order (empty unless a person is to move)."""
        return self.g.legal_texts() if self.my_turn() else []

    def branch_names(self) -> list[str]:
        """Every branch of this game, sorted."""
        return sorted(b.name for b in self.service.branches(self.game_id))

    def name(self, seat: int) -> str:
        """A seat's name, terminal-safe."""
        return screen.seat_name(self.g, seat)

    def seq(self) -> int:
        """The event number of the head (0 before any event)."""
        return self.g.path[-1].seq if self.g.path else 0

    def toolbar_lines(self) -> list[str]:
        """The toolbar's lines (see :func:`dinocli.repl.screen.toolbar_lines`)."""
        return screen.toolbar_lines(self.g, self.g.view(self.viewer()), self.screen.width())

    def toolbar(self) -> FormattedText:
        """The bottom toolbar (one or two lines that fit the terminal, nothing cut)."""
        return FormattedText([("class:bottom-toolbar", "\n".join(self.toolbar_lines()))])

    def prompt_message(self) -> FormattedText:
        """``name> `` for the person to move, ``game over> `` at the end."""
        g = self.g
        who = "game over" if g.over else (g.label(g.to_move) if self.my_turn() else "watching")
        return FormattedText([("class:prompt", f"{safe(who)}> ")])

    def draw(self) -> None:
        """Redraw the board, the recap and the moves to fit the terminal (see :func:`dinocli.repl.screen.draw`)."""
        free = screen.draw(self.screen, self.g, self.viewer(), self.legal_texts(), self.command, len(self.toolbar_lines()),
                           self.people())
        self.session.reserve_space_for_menu = free   # the completion menu opens there, never over the board

    # -- the loop -------------------------------------------------------------------------

    def loop(self) -> None:
        """Bots move, the board is drawn, one line is read and carried out; until the person leaves."""
        out = self.screen
        dirty = True
        try:
            while True:
                try:
                    dirty = self.settle() or dirty
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: stop the bots, stay here
                    if out.terminal:
                        out.out.write_raw("\r")
                        out.out.erase_end_of_line()
                    self.reload()
                    out.say("Stopped the bots. Enter lets them go on; undo, log or quit work too.", "dim")
                    dirty = False
                if dirty:
                    try:
                        self.draw()
                    except Exception as exc:  # a drawing bug must not end the session
                        self.failed(exc)
                    dirty = False
                out.flush_notices()
                try:
                    text = self.read_line()
                except KeyboardInterrupt:
                    continue
                try:
                    dirty = self.execute(text)
                except (Leave, EOFError):
                    raise
                except KeyboardInterrupt:
                    out.error("cancelled")
                except Exception as exc:  # every failure is one line; the prompt goes on
                    dirty = self.failed(exc)
        except (Leave, EOFError, KeyboardInterrupt):
            pass
        if self.g.over:
            out.say(f"Saved. Look back at it with: {self.command('review', self.game_id)}", "dim")
        else:
            out.say(f"Saved (every move is). Resume with: {self.command('play', self.game_id)}", "dim")

    def read_line(self) -> str:
        """One line typed at the prompt."""
        return self.session.prompt(self.prompt_message)

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
                self.screen.error(f"a bot could not move ({type(exc).__name__}: {exc})")
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
            self.screen.notice(f"! conflict: {one_line(exc)} — the game changed in another window; here it is now",
                               "error")
            return True
        if isinstance(exc, DinocliError):
            self.screen.error(exc)
        elif isinstance(exc, OSError):
            self.screen.error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else exc)
        else:
            self.screen.error(f"{type(exc).__name__}: {exc}")
        return False

    def reload(self) -> None:
        """Fold the game again at its current head."""
        self.g = self.service.load(self.game_id)

    def bots_move(self) -> bool:
        """Let the bots play until a person must decide, a line each with a pause. Any moved?"""
        g = self.g
        if g.table.bots_turn() is None:
            return False
        out = self.screen
        viewer = self.shown if self.hotseat else self.viewer()
        moved = False
        while True:
            state, seat = g.state, g.to_move
            if out.terminal and seat is not None:
                out.out.write(f"{self.name(seat)} is thinking…")
                out.out.flush()
            played = self.service.bot_step(g)
            if out.terminal:
                out.out.write_raw("\r")
                out.out.erase_end_of_line()
            if played is None:
                return moved
            moved = True
            for text, style in screen.decision_lines(g, state, played.seat, played.action, played.events, viewer):
                out.say(text, style)
            if self.delay:
                time.sleep(self.delay)

    def pass_to(self, seat: int) -> None:
        """Hot seat: hide the last player's view and wait for the next one to press Enter."""
        name, g = self.name(seat), self.g
        self.screen.clear(scrollback=True)
        table = one_line(g.game.status(g.shown(g.view(None))), 200)   # what everyone may see: whose turn, scores
        self.screen.say(f"{g.game.info.name} {g.id}: {table}", "dim")
        self.screen.say(f"  Pass the keyboard to {name}.  ", "pass")
        self.screen.say("Nobody else should look at the screen now.", "dim")
        pause: PromptSession = PromptSession(input=self.input, output=self.output, history=InMemoryHistory(),
                                             style=STYLE, color_depth=self.screen.depth)
        while True:
            try:
                pause.prompt(FormattedText([("class:prompt", f"{name}, press Enter when ready (Ctrl-D leaves) ")]))
                break
            except KeyboardInterrupt:
                continue
        self.shown = seat
        self.screen.clear(scrollback=True)

    # -- reading a line -------------------------------------------------------------------

    def interpret(self, text: str) -> Intent:
        """What ``text`` means now (raise InputError with the reason). Changes nothing."""
        line = text.strip()
        if not line:
            return Intent("nothing")
        if len(line) > MAX_INPUT:
            raise InputError(f"that line is {len(line)} characters long; moves and commands are short")
        word, _, rest = line.partition(" ")
        cmd = lookup(word)
        if cmd is not None:
            return Intent("command", cmd, cmd.read(self, rest.strip()))
        number = line[1:] if line.startswith("#") else line
        if DIGITS.match(number):
            return self._numbered(number)
        return self._move(line)

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
        self._check_not_a_bots_turn()   # before parsing: the game's reasons speak of the mover's hand
        try:
            action = g.parse(line)
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
            raise InputError(f"{g.format(action)} is not legal now (actions lists the moves)")
        return Intent("move", action=action)

    def _check_can_move(self) -> None:
        if self.g.over:
            raise InputError("the game is over: undo, branches, log, export or quit")
        self._check_not_a_bots_turn()

    def _check_not_a_bots_turn(self) -> None:
        try:
            self.g.table.refuse_bots_turn()
        except GameError as exc:
            raise InputError(str(exc)) from None

    # -- carrying it out ------------------------------------------------------------------

    def execute(self, text: str) -> bool:
        """Carry out a line; whether the board must be redrawn."""
        intent = self.interpret(text)
        if intent.kind == "nothing":
            return False
        if intent.kind == "move":
            return self.play(intent.action)
        return intent.command.run(self, intent.arg)

    def completed(self, action) -> Any:
        """The action completed by the game's challenge, if it has one (None: the person cancelled it)."""
        g = self.g
        try:
            return complete(g.game, g.shown(g.view(g.to_move)), g.to_move, action, self.ui)
        except Cancelled:
            self.screen.say("Cancelled: nothing was sent.", "dim")
            return None

    def play(self, action) -> bool:
        """Complete the action (a game's challenge, if any), check nobody moved meanwhile, send it."""
        g = self.g
        seat = g.to_move
        action = self.completed(action)
        if action is None:
            return False
        try:
            self.g, played = self.service.play(self.game_id, action, g.head, expected_branch=g.record.branch)
        except Conflict:
            self.g = self.service.load(self.game_id)
            self.screen.notice("! the game changed in another window; nothing was sent — here it is now", "error")
            return True
        for line, style in screen.decision_lines(g, g.state, played.seat, played.action, played.events, seat):
            self.screen.say(line, style)
        return True
