"""What the prompt draws: the board as the viewer sees it, what happened since their last move, the
moves, the result and the toolbar, fitted to the terminal; and :class:`Screen`, the one way text
reaches it (terminal-safe, wrapped at word boundaries, styled when colour is on)."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from prompt_toolkit import print_formatted_text
from prompt_toolkit.formatted_text import ANSI, FormattedText
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from dinocli.climb import next_level
from dinocli.safe import safe, safe_block

__all__ = ["MENU_ROWS", "Screen", "STYLE", "wrap", "one_line", "decision_lines", "recap", "result_lines", "toolbar_lines",
           "draw"]

AUTO_LIST = 16             # list the moves under the board when there are at most this many
RECAP_LINES = 24           # lines of "since your last move" under the board (fewer where they do not fit)
RECAP_MIN = 3              # ... at least (its heading and two), else the moves are counted, not listed
MENU_ROWS = 5              # the prompt's line and the rows under it the completion menu opens in (#42 item 2)
MENU_LEAST = 3             # ... at least, where the board has no denser layout (the menu scrolls)

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

Lines = list[tuple[str, str]]   # (text, style) pairs


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


def _num(v: float) -> str:
    """A score without a needless .0."""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


class Screen:
    """The terminal the prompt writes to: its size, lines out (and notices held until the next redraw)."""

    def __init__(self, out, *, color: bool, terminal: bool):
        self.out = out
        self.color = color
        self.terminal = terminal   # a real terminal: clear screens, page the rules
        # explicit, so that `--color always` wins over NO_COLOR and `never` over a colour terminal
        self.depth = ColorDepth.DEPTH_8_BIT if color else ColorDepth.MONOCHROME
        self.notices: Lines = []

    def width(self) -> int:
        """The terminal's columns (80 when it cannot tell)."""
        try:
            return self.out.get_size().columns or 80
        except Exception:
            return 80

    def rows(self) -> int:
        """The terminal's lines (40 when it cannot tell)."""
        try:
            return self.out.get_size().rows or 40
        except Exception:
            return 40

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

    def height(self, lines: Lines) -> int:
        """How many terminal lines ``lines`` take once wrapped."""
        return sum(len(wrap(text, self.width() - 1)) for text, _ in lines)

    def move_rows(self, legal: list[str]) -> list[str]:
        """The moves numbered, in as many columns (up to 4) as fit the terminal."""
        cells = [f"{i:>3}. {t}" for i, t in enumerate(legal, 1)]
        width = max(len(c) for c in cells) + 2
        cols = max(1, min(4, (self.width() - 1) // width))
        rows = -(-len(cells) // cols)
        return ["".join(cell.ljust(width) for cell in
                        [cells[c * rows + r] for c in range(cols) if c * rows + r < len(cells)]).rstrip()
                for r in range(rows)]


def seat_name(g, seat: int) -> str:
    """Who plays a seat (``you as rex`` on a take-over: Loaded.label), terminal-safe."""
    return safe(g.label(seat))


def decision_lines(g, state, seat: int, action: str, events: list, viewer: int | None,
                   ending: bool = True) -> Lines:
    """A decision folded from ``state`` as ``viewer`` may see it: one line, and under it each event
    that followed it and is narrated (the game's end only with ``ending``)."""
    style = "human" if g.table.is_person(seat) else "bot"
    first = g.game.redact(events[0], viewer) if events else None
    if first is None:  # a secret decision: its notation would give it away
        lines = [(f"{seat_name(g, seat)} made a hidden decision.", style)]
    else:
        lines = [(g.describe(first) or f"{seat_name(g, seat)}: {g.say_action(action)}", style)]
    state = g.follow(state, events[:1])
    for ev in events[1:]:
        state = g.follow(state, (ev,))
        if not g.game.narrated(ev) or (not ending and g.game.to_move(state) is None):
            continue
        red = g.game.redact(ev, viewer)
        text = g.describe(red) if red is not None else ""
        if text:
            lines.append(("  " + text, "title"))
    return lines


def recap(g, viewer: int | None) -> tuple[str, Lines]:
    """A heading and the decisions since the viewer's last turn (that turn included), as the
    viewer sees them; the last few decisions if the viewer has not decided yet."""
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
    state = g.follow(None, (s.event for s in path[:starts[first]]))
    lines: Lines = []
    for k in range(first, len(starts)):
        i = starts[k]
        end = starts[k + 1] if k + 1 < len(starts) else len(path)
        s = path[i]
        events = [p.event for p in path[i:end] if p.command == s.id]
        lines += decision_lines(g, state, s.actor, s.action or "", events, viewer, ending=False)
        state = g.follow(state, events)
    heading = "Since your last move:" if mine and viewer is not None else ("So far:" if first == 0 else "Last moves:")
    return heading, lines


def result_lines(g, command, said: bool = False, people: list[int] | None = None) -> Lines:
    """Who won (``said``: the board already says the game is over), how to review it (the line a short
    terminal keeps), the other ways to look back, what still works; the next level if ``people`` (the seats
    played at this keyboard, default every person's) beat the bots."""
    res = g.result()
    scores = ", ".join(f"{n} {_num(v)}" for n, v in zip(g.names, res["scores"]))
    if g.game.info.cooperative:   # one team: one score, nobody beats anybody
        verdict = f"Team score {_num(res['scores'][0])} ({', '.join(g.names)} together)."
    else:
        verdict = f"Winner: {', '.join(g.winners()) or 'nobody'}. Scores: {scores}."
    climb = next_level(g, command, people)
    if said and g.game.info.cooperative:   # the board says the end and the team score already (#42 item 5)
        return [(f"Review it: {command('review', g.id)}", "dim"),
                (f"or step through it: {command('replay', g.id, '--step')}; judge it: {command('analyze', g.id)}",
                 "dim"),
                ("undo, branches, log and export still work here; quit (or Ctrl-D) leaves.", "dim")]
    return [(f"{'' if said else 'Game over. '}{verdict}", "title"),
            (f"Review it: {command('review', g.id)}", "dim"),   # kept on a short terminal: second line
            *([(climb, "")] if climb else []),
            (f"or step through it: {command('replay', g.id, '--step')}; judge it: {command('analyze', g.id)}",
             "dim"),
            ("undo, branches, log and export still work here; quit (or Ctrl-D) leaves.", "dim")]


def toolbar_lines(g, view, width: int) -> list[str]:
    """The toolbar's lines: game id, branch, status (turn, scores, target or round) and keys, broken between
    fields (never inside one) into at most two lines that fit ``width`` columns; the keys go first when it
    is narrow, and a field too long for a line of its own is cut short (#42 item 10)."""
    try:
        status = one_line(g.game.status(g.shown(view)), 400)
    except Exception as exc:  # a status problem must not break the prompt
        status = f"(status unavailable: {one_line(exc)})"
    room = width - 2
    parts = _FIELD.split(status)   # field, separator, field, ...
    fields = [(f"{g.record.kind} {g.id}" + (" PRACTICE (counts for nothing)" if g.practice else ""), ""),
              (f"branch {one_line(g.record.branch, 60)}", ""), *zip(parts[::2], ["", *parts[1::2]])]
    for keys in ([("Tab: moves  help  Ctrl-D: leave", "")], []):
        out = _fields_in_lines([(one_line(f, room), sep) for f, sep in fields + keys], room)
        if len(out) <= 2:
            break
    else:
        out = out[:1] + [one_line(" | ".join(out[1:]), room)]
    return [" " + line for line in out]


_FIELD = re.compile(r"( (?:\||·|-) )")   # between the fields of a game's status line (kept)


def _fields_in_lines(fields: list[tuple[str, str]], room: int) -> list[str]:
    """(field, the separator before it; " | " when none) joined, a new line started wherever the next
    field would not fit."""
    out = [fields[0][0]]
    for field, sep in fields[1:]:
        sep = sep or " | "
        if len(out[-1]) + len(sep) + len(field) <= room:
            out[-1] += sep + field
        else:
            out.append(field)
    return out


def draw(screen: Screen, g, viewer: int | None, legal: list[str], command, toolbar: int,
         people: list[int] | None = None) -> int:
    """Redraw so that it fits the terminal: the board as ``viewer`` sees it (denser when the terminal is
    short), what happened since their last move (as much as fits), the moves ``legal`` to the person at
    the keyboard (listed when they fit, else counted; ``people``: their seats, default every person's);
    ``toolbar`` lines stay free at the bottom, and,
    while a move is to be typed, MENU_ROWS above them for the prompt and its completion menu where the
    board can be made to leave them. Return the rows left for the prompt and its menu."""
    if screen.terminal:
        screen.clear()
    who = seat_name(g, g.to_move) if legal else ""
    count = f"{len(legal)} move{'' if len(legal) == 1 else 's'}"
    them = "it" if len(legal) == 1 else "them"
    short = [(f"{who} to move: {count} (Tab, actions, help).", "dim")] if legal else []
    least = result_lines(g, command, people=people)[:2] if g.over else short  # what must stay under the board
    menu = MENU_ROWS if legal else 1   # the menu's room while a move is to be typed (at the end, the result's)
    fits = screen.rows() - menu - toolbar - screen.height(least)  # the prompt, its menu and toolbar stay
    board = safe_block(g.render(g.view(viewer), color=screen.color, height=fits), colour=screen.color)
    print_formatted_text(ANSI(board) if screen.color else board, output=screen.out, color_depth=screen.depth)
    room = screen.rows() - menu - toolbar - board.count("\n") - 1
    tail: Lines = []
    if g.over:
        tail = result_lines(g, command, said="Game over" in board, people=people)
        while len(tail) > 1 and screen.height(tail) > room:
            tail.pop()
    elif legal:
        rows = [(t, "") for t in screen.move_rows(legal)] if len(legal) <= AUTO_LIST else []
        hint = ("Type a number or a move (Tab completes), or help.", "dim")
        tail = [(f"{who} to move: {count}; Tab completes {them}, actions lists {them}, or help.", "dim")]
        if screen.height(tail) > room:
            tail = short
        for listed in ([(f"{who} to move:", "title"), *rows, hint], [(f"{who} to move:", "title"), *rows]):
            if rows and screen.height(listed) + RECAP_MIN <= room:
                tail = listed
                break
    heading, told = recap(g, g.table.only_person if viewer is None else viewer)
    lines = [("  " + text, style) for text, style in told[-RECAP_LINES:]]
    while lines and screen.height(lines) + 1 + screen.height(tail) > room:
        lines.pop(0)
    if told and len(lines) < len(told):   # some did not fit: say so, and where they are
        more = len(told) - len(lines)
        said = f"{heading[:-1]} ({more} earlier line{'s' * (more != 1)} not shown: type log)" + ":" * bool(lines)
        heading = said if lines or screen.height([(said, "")]) + screen.height(tail) <= room else ""
        lines = lines if heading else []
    below = ([(heading, "title")] if heading and told else []) + lines + tail
    for text, style in below:
        screen.say(text, style)
    return max(1, screen.rows() - toolbar - board.count("\n") - 1 - screen.height(below))
