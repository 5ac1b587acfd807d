"""``dinocli review`` (issue 20): a game on a full-screen analysis board.

The board as a chosen seat saw it after each step (or everything once the branch is over: every
hand, every secret pick, the deck's order where it is dealt in advance; never while it runs), the
move list with a cursor, what happened in the step, notes and cached analysis labels, the branches.
Keys: Left/Right one step, PageUp/PageDown a round (to the seat's next or previous turn: the first
of its decisions after another seat's, at most 10 steps), Home/End, ``g N`` jump, ``s`` switch
seat, ``b`` next branch, ``c`` annotate, ``t`` take over, Up/Down scroll a board taller than its
pane (the line under it says so), ``q``/Ctrl-C/Ctrl-D leave. The steps are the commands of the branch: 0 is the setup, then
one a decision (as ``takeover --at`` and ``analyze`` number them).
"""

from __future__ import annotations

import bisect
from typing import Any

from dinocli.analysis import shown_mark, sparkline, verdict
from dinocli.events.analyses import shown
from dinocli.games.grammar import possessive

__all__ = ["Board", "run"]


class Board:
    """What the review shows, without the screen: the game, the viewer, the steps and the cursor."""

    def __init__(self, service, game_id: str, *, seat: int | None = None, editable: bool = True):
        self.service = service
        self.editable = editable
        g = service.load(game_id)
        self.game_id = g.id
        self.branch = g.branch
        self.message = ""
        self.seat: int | None = seat
        self.top = 0    # the first board line shown when the board is taller than its pane
        self._open(g)
        self.cursor = len(self.steps) - 1

    # -- loading ----------------------------------------------------------------------------------

    def _open(self, g=None) -> None:
        """(Re)load the branch and the steps as the viewer sees them (the viewer kept if allowed there)."""
        from dinocli.pictures.export import steps

        self.g = g or self.service.load(self.game_id, branch=self.branch)
        if self.seat not in self.seats():   # a branch still running never shows everything
            self.seat = self.seats()[0]
        # no seat: everything once the branch is over, else what the table sees (people to come, a bot to move)
        self.steps = list(steps(self.g, self.seat, everything=self.seat is None and self.g.over))
        self.notes = self.service.notes(self.g, self.seat, public=self.seat is None and not self.g.over)
        self.labels = self._labels()
        self._fits: dict[tuple, int] = {}

    def seats(self) -> list[int | None]:
        """Whose eyes may be used: everything (None, first) and every seat once this branch is over;
        every seat of a running game nobody plays or a casual one; else only the person's."""
        return self.g.table.looks()

    def _labels(self) -> dict[int, dict[str, dict]]:
        """Kept analyses (every bot's) of the decisions the viewer may see judged, by step number: its own, or
        every seat's once the branch is over (none for the table while it runs)."""
        judged = self.service.judged(self.g, self.seat, public=self.seat is None and not self.g.over)
        ends = [st.seq for st in self.steps]
        out: dict[int, dict[str, dict]] = {}
        for seq, by_spec in judged.items():
            at = bisect.bisect_left(ends, seq)
            if at < len(ends):
                out[self.steps[at].number] = by_spec
        return out

    # -- moving -----------------------------------------------------------------------------------

    def curve_seat(self) -> int | None:
        """Whose evaluation the sparkline follows: the viewer, or (everything) the seat that decided the current
        step, else the last judged seat before it (None: nothing judged)."""
        if self.seat is not None:
            return self.seat
        judged = [k for k in sorted(self.labels) if k <= self.cursor] or sorted(self.labels)
        here = self.steps[self.cursor].seat
        return here if here is not None and any(self.steps[k].seat == here for k in self.labels) else \
            (self.steps[judged[-1]].seat if judged else None)

    def curve(self, width: int) -> str:
        """The evaluation of :meth:`curve_seat` as a one-line sparkline of ``width`` columns: its expected result
        after each of its judged decisions (carried forward), one column a step or a few (their lowest), the
        cursor's column shown as ``│``; "" when nothing is judged."""
        who = self.curve_seat()
        if who is None or width < 8:
            return ""
        n = len(self.steps)
        per = max(1, -(-n // width))
        cols, last = [], None
        for start in range(0, n, per):
            values = [shown(self.labels[k])[1]["chosen_value"] for k in range(start, min(n, start + per))
                      if k in self.labels and self.steps[k].seat == who]
            last = min(values) if values else last
            cols.append(" " if last is None else sparkline([last]))
        cols[min(len(cols) - 1, self.cursor // per)] = "│"
        return "".join(cols)

    def go(self, n: int) -> None:
        """Put the cursor on step ``n`` (kept inside the game)."""
        self.cursor = max(0, min(len(self.steps) - 1, n))

    def round(self, direction: int) -> None:
        """Move to the seat's next (or previous) turn: its first decision after another seat's
        (at most 10 steps; a seat deciding twice in a row, as a card and then its target, is one turn)."""
        who = self.steps[self.cursor].seat

        def starts_turn(n: int) -> bool:
            return self.steps[n].seat == who and (n == 0 or self.steps[n - 1].seat != who)

        for k in range(1, 11):
            n = self.cursor + direction * k
            if not 0 <= n < len(self.steps):
                break
            if who is not None and starts_turn(n):
                self.go(n)
                return
        self.go(self.cursor + direction * 10)

    def scroll(self, lines: int) -> None:
        """Scroll a board taller than its pane (kept inside it when drawn)."""
        self.top = max(0, self.top + lines)

    def switch_seat(self) -> None:
        """Look through the next seat's eyes (those allowed)."""
        allowed = self.seats()
        if len(allowed) == 1:
            self.message = "Only your own seat while the game runs (everything is shown once it is over)."
            return
        self.seat = allowed[(allowed.index(self.seat) + 1) % len(allowed)] if self.seat in allowed else allowed[0]
        at = self.cursor
        self._open()
        self.go(at)
        self.message = f"Now as {self.who()}." + ("" if self.g.over else " (Everything is shown once it is over.)")

    def next_branch(self) -> None:
        """Show the next branch of the game (the current branch of the game is not changed)."""
        names = [b.name for b in self.service.store.branches(self.g.id)]
        self.branch = names[(names.index(self.branch) + 1) % len(names)] if self.branch in names else names[0]
        self._open()
        self.go(self.cursor)
        self.message = f"Branch {self.branch} ({', '.join(names)})."

    def annotate(self, text: str) -> None:
        """Keep a note on the current step's last event."""
        if not self.editable:
            self.message = "A file is read-only: import it to annotate it."
            return
        from dinocli.service import ServiceError

        try:
            self.service.annotate(self.game_id, text, self.steps[self.cursor].seq, branch=self.branch)
        except ServiceError as exc:
            self.message = str(exc)
            return
        at = self.cursor
        self._open()
        self.go(at)
        self.message = f"Noted on step {at}."

    # -- what is shown ----------------------------------------------------------------------------

    def who(self) -> str:
        """The viewer in words."""
        if self.seat is None:
            return "everything" if self.g.over else "the table"
        return self.g.names[self.seat]

    def board_text(self, height: int | None = None) -> str:
        """The board after the current step as the viewer sees it, in ``height`` lines where the game
        can (everything: the public board and what it hides, in the game's words, wrapped at 79)."""
        import textwrap

        st = self.steps[self.cursor]
        extra = []
        if self.seat is None and self.g.over:
            from dinocli.events import SeededRng

            rng = SeededRng(self.g.record.seed) if self.g.record.seed else None
            hidden = self.g.game.reveal(self.g.shown(st.state), rng)
            extra = [part for line in hidden for part in textwrap.wrap(line, 79, subsequent_indent="    ")]
        room = None if height is None else max(8, height - len(extra))
        return "\n".join([self.g.render(self.g.game.observe(st.state, self.seat), color=False, height=room),
                          *extra])

    def fits(self, most: int) -> int:
        """The fewest lines (at most ``most``) in which the current board is drawn whole, so the step panel may
        take the rest (``most`` when it needs more: then it scrolls)."""
        key = (self.cursor, self.seat, self.branch, most)
        if key not in self._fits:
            self._fits[key] = next((h for h in range(8, most) if len(self.board_text(h).split("\n")) <= h), most)
        return self._fits[key]

    def board_pane(self, height: int) -> tuple[list[str], str]:
        """The board lines that fit ``height`` (from the scroll position) and, when some are hidden,
        a note for the line under the pane saying which are shown and how to see the rest."""
        lines = self.board_text(height).split("\n")
        if len(lines) <= height:
            self.top = 0
            return lines, ""
        self.top = min(self.top, len(lines) - height)
        shown = lines[self.top:self.top + height]
        more = " ".join(part for part, hidden in (("↑ more above", self.top > 0),
                                                  ("↓ more below", self.top + height < len(lines))) if hidden)
        return shown, f"board lines {self.top + 1}-{self.top + height} of {len(lines)}, {more}: ↑/↓ scroll"

    def move_lines(self) -> list[str]:
        """One line per step for the move list."""
        out = []
        for st in self.steps:
            if st.seat is None:
                text = "setup" if st.number == 0 else "(automatic)"
            else:
                text = f"{st.name}: {st.action or '(hidden)'}"
            mark = shown_mark(self.labels.get(st.number))
            note = "*" if self.step_notes(st.number) else ""
            out.append(f"{st.number:>3} {text}{' ' + mark if mark else ''}{note}")
        return out

    def step_notes(self, n: int) -> list[str]:
        """Notes on the events of step ``n``."""
        st = self.steps[n]
        first = self.steps[n - 1].seq + 1 if n else 1
        return [t for seq in range(first, st.seq + 1) for t in self.notes.get(seq, ())]

    def detail_lines(self) -> list[str]:
        """What happened in the current step, its analysis and notes."""
        st = self.steps[self.cursor]
        head = "Setup" if st.number == 0 else (f"{st.name}: {st.action or '(hidden)'}" if st.seat is not None
                                               else "Automatic")
        out = [f"Step {st.number}/{len(self.steps) - 1}  {head}"]
        out += ["  " + line for line in st.lines]
        for spec, a in (self.labels.get(st.number) or {}).items():
            out.append(f"  analysis {verdict(spec, a, self.g.say_action)}")
            if a["drop"] > 0 and a.get("reason"):
                out.append(f"    why: {a['reason']}")
        out += [f"  note: {t}" for t in self.step_notes(st.number)]
        return out

    def detail_text(self, width: int) -> list[str]:
        """The step's lines wrapped at word boundaries to ``width`` (the panel beside the move list)."""
        import textwrap

        out = []
        for text in self.detail_lines():
            indent = " " * (len(text) - len(text.lstrip()) + 2)
            out += textwrap.wrap(text, max(20, width), subsequent_indent=indent, break_on_hyphens=False) or [""]
        return out

    def title(self) -> str:
        """The top line."""
        g = self.g
        practice = " (practice)" if g.practice else ""
        return (f" {g.record.kind} {g.id} | branch {self.branch}{practice} | as {self.who()} | "
                f"step {self.cursor}/{len(self.steps) - 1}")


KEYS = "←/→ step PgUp/Dn round Home/End g jump s seat b branch c note t take over q quit"


def run(service, game_id: str, *, seat: int | None = None, editable: bool = True, input=None, output=None) -> Any:
    """Open the review screen; returns ("takeover", step, seat) when `t` was pressed, else None."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, ScrollOffsets, VSplit, Window
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.data_structures import Point

    from dinocli.safe import safe, safe_block

    board = Board(service, game_id, seat=seat, editable=editable)
    mode: dict[str, str | None] = {"ask": None}   # "jump" or "note" while a line is being typed
    line = Buffer(multiline=False)
    kb = KeyBindings()
    browsing = Condition(lambda: mode["ask"] is None)
    asking = Condition(lambda: mode["ask"] is not None)

    def moves_text():
        lines = board.move_lines()
        return [("reverse" if i == board.cursor else "", safe(text) + "\n") for i, text in enumerate(lines)]

    def size():
        return event_app.output.get_size()

    def bottom_height() -> int:
        """The step panel: 6 lines, more (up to 10) when the step needs them and the board still fits."""
        rows = size().rows
        return max(6, min(len(board.detail_text(size().columns - 33)), 10, rows - 3 - board.fits(rows - 9)))

    def board_height() -> int:
        return max(1, size().rows - 3 - bottom_height())

    def details():
        return safe_block("\n".join(board.detail_text(size().columns - 33)))

    def board_lines():
        return safe_block("\n".join(board.board_pane(board_height())[0]))

    def rule():
        note = board.board_pane(board_height())[1]
        text = f"── {note} " if note else ""
        curve = "" if note else board.curve(min(56, size().columns - 30))
        who = board.curve_seat()
        tail = f" {possessive(board.g.names[who][:10])} evaluation {curve} " if curve else ""
        fill = "─" * max(0, size().columns - len(text) - len(tail))
        return [("reverse" if note else "", safe(text)), ("", fill[:2] + tail + fill[2:] if curve else fill)]

    moves = FormattedTextControl(moves_text, focusable=True, get_cursor_position=lambda: Point(0, board.cursor))
    moves_window = Window(moves, width=32, wrap_lines=False, scroll_offsets=ScrollOffsets(top=2, bottom=2))
    root = HSplit([
        Window(FormattedTextControl(lambda: [("reverse", safe(board.title()))]), height=1),
        Window(FormattedTextControl(board_lines), wrap_lines=False),
        Window(FormattedTextControl(rule), height=1),
        VSplit([
            Window(FormattedTextControl(details), wrap_lines=True),
            Window(width=1, char="│"),
            moves_window,
        ], height=bottom_height),
        ConditionalContainer(Window(FormattedTextControl(lambda: safe(board.message or KEYS)), height=1), browsing),
        ConditionalContainer(VSplit([
            Window(FormattedTextControl(lambda: "jump to step: " if mode["ask"] == "jump" else "note: "),
                   dont_extend_width=True),
            Window(BufferControl(line), height=1)]), asking),
    ])

    def moved(event, n):
        board.message = ""
        board.go(n)

    @kb.add("right", filter=browsing)
    def _right(event):
        moved(event, board.cursor + 1)

    @kb.add("left", filter=browsing)
    def _left(event):
        moved(event, board.cursor - 1)

    @kb.add("pagedown", filter=browsing)
    @kb.add("s-right", filter=browsing)
    def _pgdn(event):
        board.message = ""
        board.round(+1)

    @kb.add("pageup", filter=browsing)
    @kb.add("s-left", filter=browsing)
    def _pgup(event):
        board.message = ""
        board.round(-1)

    @kb.add("up", filter=browsing)
    def _up(event):
        board.scroll(-1)

    @kb.add("down", filter=browsing)
    def _down(event):
        board.scroll(+1)

    @kb.add("home", filter=browsing)
    def _home(event):
        moved(event, 0)

    @kb.add("end", filter=browsing)
    def _end(event):
        moved(event, len(board.steps) - 1)

    @kb.add("s", filter=browsing)
    def _seat(event):
        board.switch_seat()

    @kb.add("b", filter=browsing)
    def _branch(event):
        board.next_branch()

    def ask(kind):
        mode["ask"] = kind
        line.reset()
        event_app.layout.focus(line)

    @kb.add("g", filter=browsing)
    def _jump(event):
        ask("jump")

    @kb.add("c", filter=browsing)
    def _note(event):
        ask("note")

    @kb.add("enter", filter=asking)
    def _accept(event):
        text, kind = line.text, mode["ask"]
        mode["ask"] = None
        event_app.layout.focus(moves_window)
        if kind == "jump":
            if text.strip().isdigit() and len(text.strip()) < 9:
                board.go(int(text.strip()))
                board.message = ""
            else:
                board.message = f"not a step number: {text[:20]!r}"
        elif text.strip():
            board.annotate(text)

    @kb.add("escape", filter=asking, eager=True)
    def _cancel(event):
        mode["ask"] = None
        event_app.layout.focus(moves_window)

    @kb.add("t", filter=browsing)
    def _take(event):
        if not board.editable:
            board.message = "A file cannot be taken over: import it first (dinocli import FILE)."
            return
        event.app.exit(result=("takeover", board.cursor, board.seat, board.branch))

    @kb.add("q", filter=browsing)
    @kb.add("c-c")
    @kb.add("c-d")
    def _quit(event):
        event.app.exit(result=None)

    event_app = Application(layout=Layout(root, focused_element=moves_window), key_bindings=kb,
                            full_screen=True, input=input, output=output)
    return event_app.run()
