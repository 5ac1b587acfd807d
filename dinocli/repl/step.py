"""Replaying a saved game or an exported file: frames for the screen, verification, stepping."""

from __future__ import annotations

from collections.abc import Iterator
import os
from typing import Any

import click
import msgspec

from dinocli.events.errors import LogRejected
from dinocli.games.protocol import Config, Game, Seat
from dinocli.games.runner import fold_all
from dinocli.output import echo
from dinocli.seen import decision_text
from dinocli.verify import (Divergence, Entry, Verdict, anchor_view, check_header, commands, entries_of, verify_log,
                            verify_stored)

__all__ = ["Source", "Local", "load_source", "step_through"]


class Local(msgspec.Struct, frozen=True):
    """What ``replay --verify`` found comparing a seat's view with the local database (import's check)."""

    compared: bool
    database: str
    game: str | None = None
    event: int | None = None
    reason: str | None = None

    def line(self) -> str:
        """The comparison in one line."""
        if self.compared:
            return (f"Compared with the local database: the view ends at event {self.event} of game {self.game} "
                    "(its chain is the game's).")
        return f"Not compared with the local database: {self.reason}."


class Source:
    """A log to replay: a game, its config and seat names, and its entries; ``loaded``, a stored game's branch,
    lends its words (:class:`dinocli.service.Loaded`: a take-over shows a bot's "you" seat by another name)."""

    def __init__(self, game: Game, config: Config, entries: list[Entry], *, check, view_seat: int | None = None,
                 compare=None, loaded=None):
        self.game = game
        self.view_seat = view_seat
        self.config = config
        self.entries = entries
        self.loaded = loaded
        self._check = check
        self._compare = compare

    def seat_of(self, who: str) -> Seat:
        """A seat from a name, a name's prefix or a 0-based number (:func:`dinocli.service.find_seat`)."""
        from dinocli.service import find_seat

        if self.loaded is not None:
            return self.loaded.seat_of(who)
        return find_seat(self.config.names, who)

    def render(self, view, **options) -> str:
        """The board of a view, in the words of the branch replayed."""
        return self.loaded.render(view, **options) if self.loaded is not None else self.game.render(view, **options)

    def frames(self, seat: Seat | None) -> Iterator[tuple[int, list[str], Any]]:
        """For each command: its last event number, its lines as ``seat`` sees them, and the view
        after it (None for a seat's view export, whose blanked events cannot be folded)."""
        g = self.game
        state = g.initial(self.config)
        words = self.loaded
        names = words.names if words is not None else self.config.names
        describe = words.describe if words is not None else (lambda event: g.describe(event, self.config))
        for group in commands(self.entries):
            head = group[0]
            if self.view_seat is None:
                state = fold_all(g, state, (e.event for e in group))
            lines = []
            decided = head.actor is not None and head.action is not None
            if decided:
                action = words.say_action(head.action) if words is not None else head.action
                lines.append(f"{head.seq:>5}  " + decision_text(g, head.event, action, seat, names[head.actor], describe))
            for e in group[1:] if decided else group:
                if e.event is None:   # hidden in a seat's view, nothing shown
                    continue
                red = g.redact(e.event, seat)
                if red is not None:
                    lines.append(f"{e.seq:>5}      {describe(red)}")
            yield group[-1].seq, lines, None if self.view_seat is not None else g.observe(state, seat)

    def final_view(self, seat: Seat | None):
        """The view at the end of the log (None for a seat's view export)."""
        if self.view_seat is not None:
            return None
        state = fold_all(self.game, self.game.initial(self.config), (e.event for e in self.entries))
        return self.game.observe(state, seat)

    def verify(self) -> Verdict:
        """The one verifier's verdict on this log or stored game (it raises at the first divergence)."""
        return self._check()

    def compare(self) -> Local | None:
        """A seat's view file against the local database, as import checks it (LogRejected if the database
        holds the game but not the view's final event); None for a full log or a stored game."""
        return self._compare() if self._compare is not None else None


def load_source(env, source: str) -> Source:
    """A file path (checked by read_log) or a game id in the database."""
    if os.path.lexists(source):
        from dinocli.service import read_log_file, read_log_for_game

        parsed = read_log_for_game(read_log_file(source), allow_view=True)
        h = parsed.header
        try:
            game, config = check_header(h)
        except Divergence as d:
            raise LogRejected(1, d.reason) from None
        return Source(game, config, entries_of(parsed), check=lambda: verify_log(parsed), view_seat=h.get("view"),
                      compare=(lambda: _compare(env, parsed)) if parsed.is_view else None)
    svc = env.service
    g = svc.load(source)
    return Source(g.game, g.config, g.entries(), check=lambda: verify_stored(svc.store, g.id), loaded=g)


def _compare(env, parsed) -> Local:
    """Import's check of a seat's view (:func:`dinocli.verify.anchor_view`) on the local database, opened
    read-only (nothing is created or changed); a database that is absent or cannot be read is not compared."""
    import sqlite3
    from pathlib import Path

    from dinocli.events.errors import StoreError
    from dinocli.events.store import default_path
    from dinocli.games.protocol import GameError
    from dinocli.service import Service

    path = Path(env.db).expanduser() if env.db else default_path()
    if not path.is_file():
        return Local(False, str(path), reason=f"there is no database at {path}")
    try:
        svc = Service.open(path, readonly=True)
    except (StoreError, GameError) as exc:
        return Local(False, str(path), reason=str(exc))
    try:
        found = anchor_view(svc.store, parsed)
    except sqlite3.Error as exc:
        return Local(False, str(path), reason=f"cannot read {path}: {exc}")
    finally:
        svc.close()
    if not found:
        return Local(False, str(path), reason=f"{path} holds no copy of this game")
    return Local(True, str(path), game=found[0].game, event=found[0].event)


def step_through(src: Source, frames: list, *, color: bool) -> None:
    """`replay --step` on a terminal: Enter/Right/n forward, Left/b/p back, q/Ctrl-C/Ctrl-D leave."""
    i = 0
    while 0 <= i < len(frames):
        _head, lines, view = frames[i]
        for line in lines:
            echo(line)
        if view is not None:
            echo(src.render(view, color=color))
        click.echo(f"-- step {i}/{len(frames) - 1}: Enter or n next, b back, q quit --", err=True)   # review's numbers
        while True:
            try:
                key = click.getchar()
            except (KeyboardInterrupt, EOFError):
                return
            if key in ("q", "Q", "\x03", "\x04"):
                return
            if key in ("\r", "\n", " ", "n", "\x1b[C"):
                i += 1
                break
            if key in ("b", "p", "\x1b[D") and i > 0:
                i -= 1
                break
