"""One table of the bounds dinocli enforces (issue 37): the spec parser, ``new``, the verifier, import and the
command line's options all read them here, so a game one entry point accepts is never refused by another.

``in_log`` marks a bound on a value a log can carry (a seat's name or bot spec, the seat count, a note): the
verifier and import enforce it too (tests/trust/test_limits.py checks each). Imports nothing, so ``--help``
stays fast.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Bound", "TABLE", "BOT_ITERATIONS", "BOT_SECONDS", "BOT_WEIGHT", "BOTS", "NAME", "SPEC", "NOTE",
           "NOTES", "BRANCH", "TOURNAMENT_GAMES", "TOURNAMENT_TOTAL", "BENCH_GAMES", "POSITIONS", "SEATS", "WORKERS",
           "ROWS", "DELAY", "PORT", "CONNECTIONS", "GAME_CONNECTIONS", "SERVED_GAMES", "LOG_BYTES", "LOG_LINE"]


class Bound(NamedTuple):
    """A closed range ``low..high`` (``low_open``: above ``low``) of whole numbers (``real``: of any numbers) for
    what ``what`` names."""

    low: int
    high: int
    what: str
    in_log: bool = False
    low_open: bool = False
    real: bool = False

    def holds(self, value: float) -> bool:
        """Whether ``value`` lies within the bound."""
        return (self.low < value if self.low_open else self.low <= value) and value <= self.high

    def option(self) -> Any:
        """The click type of an option with this bound."""
        import click

        if self.real:
            return click.FloatRange(self.low, self.high, min_open=self.low_open)
        return click.IntRange(self.low, self.high, min_open=self.low_open)


BOT_ITERATIONS = Bound(1, 10_000_000, "a bot's search iterations (mcts:iterations=N; about an hour)", in_log=True)
BOT_SECONDS = Bound(0, 3600, "a bot's seconds a move (mcts:seconds=S)", in_log=True, low_open=True, real=True)
BOT_WEIGHT = Bound(0, 10 ** 6, "a bot's c, prior and widen (mcts:c=X)", in_log=True, real=True)
BOTS = Bound(0, 6, "bots added with new --bots N (no game seats more than 6)")
NAME = Bound(1, 16, "characters in a player's name", in_log=True)
SPEC = Bound(1, 80, "characters in a bot spec", in_log=True)
NOTE = Bound(1, 500, "characters in a note", in_log=True)
NOTES = Bound(0, 1000, "notes on one game", in_log=True)
BRANCH = Bound(1, 40, "characters in a branch name")
TOURNAMENT_GAMES = Bound(1, 100_000, "games per pairing of a tournament (--games)")
TOURNAMENT_TOTAL = Bound(1, 1_000_000, "games a tournament plays in all (pairings x games)")
BENCH_GAMES = Bound(2, 100_000, "games per figure of bench --strength (--games)")
POSITIONS = Bound(1, 100_000, "positions bench --strength times per level (--positions)")
SEATS = Bound(1, 64, "seats of a bench game (bench --seats; each game allows fewer)")
WORKERS = Bound(1, 64, "worker processes (--workers)")
ROWS = Bound(0, 1_000_000_000, "games listed or skipped (games --limit, --offset)")
DELAY = Bound(0, 60, "seconds between bot moves (--delay)", real=True)
PORT = Bound(0, 65535, "the TCP port serve listens on (0: any free one)")
CONNECTIONS = Bound(1, 10_000, "connections serve holds at once, every game's (serve --max-connections)")
GAME_CONNECTIONS = Bound(1, 1000, "connections to one served game at once, seats and spectators (serve --game-connections)")
SERVED_GAMES = Bound(2, 1000, "games bench serve plays at once (bench serve --games)")
BOT_AFTER = Bound(0, 86_400, "seconds a served game waits for a person away before a bot plays the seat "
                             "(serve --bot-after)", low_open=True, real=True)
LOG_BYTES = Bound(0, 64 * 1024 * 1024, "bytes of a log file")
LOG_LINE = Bound(0, 1024 * 1024, "bytes of one line of a log")

TABLE: dict[str, Bound] = {name: value for name, value in globals().items() if isinstance(value, Bound)}
