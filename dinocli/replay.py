"""Replaying a saved game or an exported file: frames for the screen, verification."""

from __future__ import annotations

from collections.abc import Iterator
import os
from typing import Any

import msgspec

from dinocli import games
from dinocli.games.protocol import Config, Game, Seat
from dinocli.games.runner import fold_all
from dinocli.verify import Entry, commands, verify

__all__ = ["Source", "load_source"]


class Source:
    """A log to replay: a game, its config and seat names, and its entries."""

    def __init__(self, game: Game, config: Config, entries: list[Entry], *, seed: str | None,
                 seed_commit: str, check_chain=None, view_seat: int | None = None):
        self.game = game
        self.view_seat = view_seat
        self.config = config
        self.entries = entries
        self.seed = seed
        self.seed_commit = seed_commit
        self._check_chain = check_chain

    def seat_of(self, who: str) -> Seat:
        """A seat from a name or 0-based number."""
        names = [n.lower() for n in self.config.names]
        if who.lower() in names:
            return names.index(who.lower())
        if who.isdigit() and int(who) < len(names):
            return int(who)
        from dinocli.service import ServiceError

        raise ServiceError(f"no seat {who!r}; seats are {', '.join(self.config.names)}")

    def frames(self, seat: Seat | None) -> Iterator[tuple[int, list[str], Any]]:
        """For each command: its last event number, its lines as ``seat`` sees them, and the view
        after it (None for a seat's view export, whose blanked events cannot be folded)."""
        g = self.game
        state = g.initial(self.config)
        for group in commands(self.entries):
            head = group[0]
            if self.view_seat is None:
                state = fold_all(g, state, (e.event for e in group))
            lines = []
            if head.actor is not None:
                lines.append(f"{head.seq:>5}  {self.config.names[head.actor]}: {head.action}")
            for e in group[1:] if head.actor is not None else group:
                red = g.redact(e.event, seat)
                if red is not None:
                    lines.append(f"{e.seq:>5}      {g.describe(red, self.config)}")
            yield group[-1].seq, lines, None if self.view_seat is not None else g.observe(state, seat)

    def final_view(self, seat: Seat | None):
        """The view at the end of the log (None for a seat's view export)."""
        if self.view_seat is not None:
            return None
        state = fold_all(self.game, self.game.initial(self.config), (e.event for e in self.entries))
        return self.game.observe(state, seat)

    def verify(self) -> int:
        """Check hashes (for a stored game) and re-run the rules; return the event count."""
        if self.view_seat is not None:
            from dinocli.service import ServiceError

            raise ServiceError("a seat's view export hides what the rules need and cannot be verified; "
                               "export without --as")
        if self._check_chain is not None:
            self._check_chain()
        verify(self.game, self.config, self.entries, seed=self.seed, seed_commit=self.seed_commit)
        return len(self.entries)


def load_source(env, source: str) -> Source:
    """A file path (checked by read_log) or a game id in the database."""
    if os.path.lexists(source):
        from dinocli.events.log import LogRejected
        from dinocli.games.protocol import GameError
        from dinocli.service import parsed_entries, read_log_file, read_log_for_game

        parsed = read_log_for_game(read_log_file(source), allow_view=True)
        h = parsed.header
        try:
            game = games.get(h["kind"])
            config = msgspec.convert(h["config"], Config)
            game.configure(config.names, config.variants, config.options)
        except (msgspec.ValidationError, GameError) as exc:
            raise LogRejected(1, f"bad config: {exc}") from None
        return Source(game, config, parsed_entries(parsed), seed=parsed.footer.get("seed"),
                      seed_commit=h["seed_commit"], view_seat=h.get("view"))
    svc = env.service
    g = svc.load(source)
    return Source(g.game, g.config, g.entries(), seed=g.record.seed, seed_commit=g.record.seed_commit,
                  check_chain=lambda: svc.store.verify_chain(g.id))
