"""Running a tournament plan: in this process, on a local process pool, or on dask.distributed.

Workers only play (:func:`~dinocli.tournament.plan.play_job`) and return results; this
coordinating process takes them in plan order — round by round for each lineup — whatever
order they arrive in, so the games counted, the early stop and the ratings are the same for
any number of workers or a cluster (issue 9, determinism). Only this process writes.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import IO

from dinocli.output import duration

from .plan import GameResult, Job, Plan, TournamentError, check_scheduler, play_job
from .stats import PairTally, best_returns, contestants_of, winners

__all__ = ["Progress", "jobs_for", "run_plan", "local_workers"]

Wanted = Callable[[Job], bool]
CONNECT_TIMEOUT = 10.0  # seconds to reach a dask scheduler


def local_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _best_first(row: tuple[float, str]) -> tuple[float, str]:
    return -row[0], row[1]


class Progress:
    """What a running tournament says on stderr (issue 42, item 1). On a terminal: one line redrawn
    in place every second (games done, time left, standings so far); elsewhere: a line when it
    starts (games, workers) and then about once a minute; nothing when ``quiet``."""

    def __init__(self, plan: Plan, where: str, *, cooperative: bool = False, stream: IO[str] | None = None,
                 quiet: bool = False, every: float | None = None):
        self.stream = stream or sys.stderr
        self.plan = plan
        self.where = where
        self.total = plan.games
        self.done = 0
        self.start = time.monotonic()
        self.cooperative = cooperative
        self.wins = [0.0] * len(plan.contestants)
        self.team: list[list[float]] = [[] for _ in plan.contestants]
        self.quiet = quiet
        self.terminal = self.stream.isatty() and not quiet
        self.every = every if every is not None else (1.0 if self.terminal else 60.0)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None

    def begin(self) -> None:
        """The run has started: say so (off a terminal) or draw the line, and start the clock."""
        if self.quiet:
            return
        self.start = time.monotonic()
        if self.terminal:
            self._draw()
        else:
            self._say(f"dinocli: tournament: {self.total} game{'s' * (self.total != 1)} of {self.plan.kind} on "
                      f"{self.where}; a line about once a minute (--quiet: none)")
        self._thread = threading.Thread(target=self._tick, name="tournament-progress", daemon=True)
        self._thread.start()

    def _say(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()

    def _tick(self) -> None:
        while not self._stop.wait(self.every):
            with self._lock:
                if self.terminal:
                    self._draw()
                else:
                    self._say(f"dinocli: tournament: {self.status()}")

    def left(self) -> str:
        """The time left, from the pace so far ("estimating" before the first game ends)."""
        if self.done == 0:
            return "time left: estimating"
        if self.done >= self.total:
            return "done"
        pace = (time.monotonic() - self.start) / self.done
        return f"about {duration(pace * (self.total - self.done))} left"

    def standings(self) -> str:
        """The bots so far, best first: wins (shared wins count a fraction) or mean team score."""
        if self.done == 0:
            return ""
        labels = [c.label for c in self.plan.contestants]
        if self.cooperative:
            rows = [(sum(t) / len(t), labels[i]) for i, t in enumerate(self.team) if t]
            return "team score so far: " + ", ".join(f"{name} {v:.1f}" for v, name in sorted(rows, key=_best_first))
        rows = list(zip(self.wins, labels))
        return "wins so far: " + ", ".join(f"{name} {v:g}" for v, name in sorted(rows, key=_best_first))

    def status(self) -> str:
        """One line: games done of the total, time taken and left, the standings."""
        parts = [f"{self.done}/{self.total} games", f"{duration(time.monotonic() - self.start)} taken", self.left()]
        table = self.standings()
        return ", ".join(parts) + (f"; {table}" if table else "")

    def _draw(self) -> None:
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns - 1
        line = self.status()
        if len(line) > width:
            line = line[:max(0, width - 1)] + "…"
        self.stream.write("\r" + line + "\x1b[K")
        self.stream.flush()

    def advance(self, results: list[GameResult]) -> None:
        """Count finished games and their winners (or team scores), and redraw on a terminal."""
        with self._lock:
            self.done += len(results)
            for g in results:
                if not g.over:
                    continue
                seats = contestants_of(self.plan, g)
                if self.cooperative:
                    for c in set(seats):
                        self.team[c].append(g.scores[0])
                    continue
                won = winners(g.returns)
                for seat in won:
                    self.wins[seats[seat]] += 1.0 / len(won)
            if self.terminal:
                self._draw()

    def shrink(self, games: int) -> None:
        """Take games that will not be played (an early stop) off the total."""
        with self._lock:
            self.total = max(self.done, self.total - games)
            if self.terminal:
                self._draw()

    def close(self) -> None:
        """Stop the clock; finish the terminal's line (if the run began)."""
        self._stop.set()
        if self._thread is None:
            return
        self._thread.join()
        if self.terminal:
            self._draw()
            self.stream.write("\n")
            self.stream.flush()


def jobs_for(plan: Plan, *, workers: int, record: bool) -> list[Job]:
    """Split the plan into jobs of consecutive rounds of one lineup, interleaving lineups."""
    units = sum(lu.rounds for lu in plan.lineups)
    per = 1 if workers <= 1 else max(1, min(16, math.ceil(units / (workers * 16))))
    by_lineup = []
    for lu in plan.lineups:
        specs = tuple(plan.specs(lu.index, r) for r in range(len(lu.seatings)))
        chunks = [tuple(range(start, min(start + per, lu.rounds))) for start in range(0, lu.rounds, per)]
        by_lineup.append([Job(kind=plan.kind, variants=plan.variants, seed=plan.seed, lineup=lu.index, rounds=c,
                              seatings=specs, record=record) for c in chunks])
    out = []
    for i in range(max(len(c) for c in by_lineup)):
        out.extend(c[i] for c in by_lineup if i < len(c))
    return out


def _inline(jobs: list[Job], wanted: Wanted) -> Iterator[tuple[Job, list[GameResult]]]:
    """Play jobs one after the other in this process, skipping unwanted ones."""
    for job in jobs:
        if wanted(job):
            yield job, play_job(job)


def _pool(jobs: list[Job], wanted: Wanted, workers: int) -> Iterator[tuple[Job, list[GameResult]]]:
    """Play jobs on a local process pool; cancel queued jobs that are no longer wanted."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ex = ProcessPoolExecutor(max_workers=max(1, min(workers, len(jobs))))
    try:
        futures = {ex.submit(play_job, job): job for job in jobs}
        for fut in as_completed(futures):
            job = futures[fut]
            if not wanted(job) or fut.cancelled():
                continue
            yield job, fut.result()
            for f, j in futures.items():
                if not f.done() and not wanted(j):
                    f.cancel()
    finally:
        ex.shutdown(wait=True, cancel_futures=True)


def _dask(jobs: list[Job], wanted: Wanted, address: str) -> Iterator[tuple[Job, list[GameResult]]]:
    """Play jobs on a dask.distributed cluster, connected to before anything is played; cancel jobs
    that are no longer wanted."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise TournamentError("--scheduler needs dask.distributed: pip install 'dinocli[dask]'") from None
    check_scheduler(address)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise TournamentError(f"cannot reach the dask scheduler at {address}: {exc}") from None

    def played() -> Iterator[tuple[Job, list[GameResult]]]:
        try:
            futures = [client.submit(play_job, job, pure=False) for job in jobs]
            owner = {f.key: job for f, job in zip(futures, jobs)}
            for fut in as_completed(futures, loop=client.loop):
                job = owner[fut.key]
                if not wanted(job) or fut.status == "cancelled":
                    continue
                yield job, fut.result()
                unwanted = [f for f in futures if not f.done() and not wanted(owner[f.key])]
                if unwanted:
                    client.cancel(unwanted)
        finally:
            client.close()

    return played()


class _Lineup:
    """The coordinator's view of one lineup: rounds accepted so far and the sequential test."""

    def __init__(self, members: tuple[int, ...]):
        self.next_round = 0
        self.waiting: dict[int, list[GameResult]] = {}
        distinct = sorted(set(members))
        self.pairs = [PairTally(a, b) for i, a in enumerate(distinct) for b in distinct[i + 1:]]
        self.counted = 0

    def decided(self) -> bool:
        """The SPRT decided every pair of distinct bots at this table (issue 9, --early-stop)."""
        return bool(self.pairs) and all(p.verdict() is not None for p in self.pairs)


def run_plan(plan: Plan, *, workers: int, scheduler: str | None, early_stop: bool, record: bool,
             sink: Callable[[list[GameResult]], None] | None = None,
             progress: Progress | None = None) -> tuple[list[GameResult], dict[int, int]]:
    """Play the plan; return the accepted games in plan order and, per lineup stopped early,
    the last round it played. ``sink`` gets each accepted batch (to save it) as it comes."""
    state = {lu.index: _Lineup(lu.members) for lu in plan.lineups}
    stopped: dict[int, int] = {}
    accepted: list[GameResult] = []
    jobs = jobs_for(plan, workers=workers if scheduler is None else max(workers, 2), record=record)

    def wanted(job: Job) -> bool:
        return job.lineup not in stopped

    if scheduler is not None:
        stream = _dask(jobs, wanted, scheduler)
    elif workers <= 1:
        stream = _inline(jobs, wanted)
    else:
        stream = _pool(jobs, wanted, workers)
    if progress:
        progress.begin()
    try:
        for job, results in stream:
            st = state[job.lineup]
            for g in results:
                st.waiting.setdefault(g.round, []).append(g)
            st.counted += len(results)
            if progress:
                progress.advance(results)
            batch: list[GameResult] = []
            while st.next_round in st.waiting and job.lineup not in stopped:
                games = sorted(st.waiting.pop(st.next_round), key=lambda g: g.rotation)
                batch.extend(games)
                if early_stop:
                    for g in games:
                        if g.over:
                            best = best_returns(contestants_of(plan, g), g.returns)
                            for p in st.pairs:
                                p.add(best)
                    if st.decided():
                        stopped[job.lineup] = st.next_round
                        if progress:
                            progress.shrink(plan.lineups[job.lineup].games - st.counted)
                st.next_round += 1
            if batch:
                accepted.extend(batch)
                if sink:
                    sink(batch)
    finally:
        stream.close()
    accepted.sort(key=lambda g: (g.round, g.lineup, g.rotation))
    return accepted, stopped
