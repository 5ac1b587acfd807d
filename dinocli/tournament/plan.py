"""What a tournament plays: contestants, lineups, rotated seatings and paired seeds.

Fairness (issue 9): every lineup plays the same seeds (``<seed>/<round>``), and each round
plays one game per distinct cyclic rotation of the lineup, so every contestant sits in every
position on every deal and the luck of the deal cancels. A worker gets a :class:`Job` (plain
data, picklable for a process pool or dask) and returns compact :class:`GameResult` values;
it never touches the database.
"""

from __future__ import annotations

import itertools
import math

import msgspec

from dinocli.ai.arena import Record, play_game
from dinocli.games.protocol import GameError
from dinocli.limits import TOURNAMENT_TOTAL

__all__ = ["TournamentError", "Contestant", "Lineup", "Plan", "Job", "GameResult", "lineups", "seatings",
           "round_seed", "make_plan", "play_job", "check_scheduler"]


class TournamentError(GameError):
    """A tournament that cannot be run as asked (bad spec, seat count, scheduler); one line."""


class Contestant(msgspec.Struct, frozen=True):
    """A bot in the tournament: a unique label and its canonical spec."""

    label: str
    spec: str


class Lineup(msgspec.Struct, frozen=True):
    """The contestants at one table (by index, one per seat) and the seatings it is played in."""

    index: int
    members: tuple[int, ...]
    seatings: tuple[tuple[int, ...], ...]
    rounds: int

    @property
    def games(self) -> int:
        """Games this lineup plays when not stopped early."""
        return self.rounds * len(self.seatings)


class Plan(msgspec.Struct, frozen=True):
    """A whole tournament: the game, its seats and variants, the seed and the lineups."""

    kind: str
    seats: int
    variants: tuple[str, ...]
    seed: str
    contestants: tuple[Contestant, ...]
    lineups: tuple[Lineup, ...]
    games_per_pairing: int

    @property
    def games(self) -> int:
        """Games in the whole tournament when nothing stops early."""
        return sum(lu.games for lu in self.lineups)

    def specs(self, lineup: int, rotation: int) -> tuple[str, ...]:
        """The bot spec of each seat for one seating of a lineup."""
        return tuple(self.contestants[c].spec for c in self.lineups[lineup].seatings[rotation])


class GameResult(msgspec.Struct, frozen=True):
    """One played game: where it sits in the plan and how it ended (``record`` when saving)."""

    lineup: int
    round: int
    rotation: int
    returns: list[float]
    scores: list[float]
    decisions: int
    over: bool
    record: Record | None = None


class Job(msgspec.Struct, frozen=True):
    """Work for one worker: consecutive rounds of one lineup."""

    kind: str
    variants: tuple[str, ...]
    seed: str
    lineup: int
    rounds: tuple[int, ...]
    seatings: tuple[tuple[str, ...], ...]
    record: bool

    @property
    def games(self) -> int:
        """Games in this job."""
        return len(self.rounds) * len(self.seatings)


def lineups(contestants: int, seats: int, cooperative: bool = False) -> list[tuple[int, ...]]:
    """Who shares a table (issue 9, fairness): every ``seats``-subset of the contestants when
    there are enough of them, else every way of filling the seats in which all of them play.
    A cooperative game plays every team composition, a bot alone in every seat included, so
    that teams can be told apart."""
    if cooperative:
        return list(itertools.combinations_with_replacement(range(contestants), seats))
    if contestants >= seats:
        return list(itertools.combinations(range(contestants), seats))
    return [c for c in itertools.combinations_with_replacement(range(contestants), seats)
            if len(set(c)) == contestants]


def seatings(members: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct cyclic rotations of a lineup: each member sits in each position (issue 9)."""
    out: list[tuple[int, ...]] = []
    for r in range(len(members)):
        s = members[r:] + members[:r]
        if s not in out:
            out.append(s)
    return tuple(out)


def round_seed(seed: str, rnd: int) -> str:
    """The seed of one round, the same for every lineup and seating (paired seeds, issue 9)."""
    return f"{seed}/{rnd}"


def make_plan(kind: str, contestants: list[Contestant], seats: int, variants: tuple[str, ...], seed: str,
              games: int, *, cooperative: bool = False) -> Plan:
    """Lineups and rounds for ``games`` games per lineup, rounded up to whole rounds of seatings; a lineup keeps
    its rounds as a count, so a plan is small whatever it plays. TournamentError if it would play more games than
    the limits table allows (counted before any lineup is listed)."""
    n = len(contestants)
    most = math.comb(n + seats - 1, seats) if cooperative or n < seats else math.comb(n, seats)   # lineups, at most
    if (most if most > 10 ** 4 else len(lineups(n, seats, cooperative))) * games > TOURNAMENT_TOTAL.high:
        raise TournamentError(f"{games:,} games per pairing of {n} bots at {seats} seats is more than "
                              f"{TOURNAMENT_TOTAL.high:,} games, the most a tournament plays: fewer --games or --bot")
    built = []
    for i, members in enumerate(lineups(n, seats, cooperative)):
        rot = seatings(members)
        built.append(Lineup(index=i, members=members, seatings=rot, rounds=math.ceil(games / len(rot))))
    return Plan(kind=kind, seats=seats, variants=variants, seed=seed, contestants=tuple(contestants),
                lineups=tuple(built), games_per_pairing=games)


def check_scheduler(address: str) -> str:
    """A dask scheduler address, checked before a client is made (a client made for a malformed one hangs for
    20 s on its way out, then prints a traceback); TournamentError, one line, if it is not ``[tcp://]HOST:PORT``
    (or another scheme dask knows)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address, strict=False)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise TournamentError(f"--scheduler {address[:80]!r} is not a dask scheduler address ({exc}); "
                              "use HOST:PORT or tcp://HOST:PORT") from None
    return address


def play_job(job: Job) -> list[GameResult]:
    """Play a job's games in a worker (no database): deterministic for the job (issue 9)."""
    from dinocli import games

    game = games.get(job.kind)
    out = []
    for rnd in job.rounds:
        for rotation, specs in enumerate(job.seatings):
            rec = play_game(game, specs, round_seed(job.seed, rnd), variants=job.variants, record=job.record)
            out.append(GameResult(lineup=job.lineup, round=rnd, rotation=rotation, returns=list(rec.returns),
                                  scores=list(rec.scores), decisions=rec.decisions, over=rec.over,
                                  record=rec if job.record else None))
    return out
