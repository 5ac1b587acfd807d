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
import time
from collections.abc import Callable, Iterator
from typing import IO

from .plan import GameResult, Job, Plan, TournamentError, check_scheduler, play_job
from .stats import PairTally, best_returns, contestants_of

__all__ = ["Progress", "jobs_for", "run_plan", "local_workers"]

Wanted = Callable[[Job], bool]
CONNECT_TIMEOUT = 10.0  # seconds to reach a dask scheduler


def local_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Progress:
    """Games done, games/s and the ETA as click's progress bar on a terminal's stderr (silent elsewhere)."""

    def __init__(self, total: int, stream: IO[str] | None = None, enabled: bool | None = None):
        import click

        stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.bar = None
        if stream.isatty() if enabled is None else enabled:
            self.bar = click.progressbar(length=total, file=stream, label="games", width=24, show_pos=True,
                                         bar_template="%(label)s [%(bar)s] %(info)s", item_show_func=self._rate)
            self.bar.render_progress()

    def _rate(self, _item: object) -> str:
        elapsed = time.perf_counter() - self.start
        return f"{self.bar.pos / elapsed if elapsed > 0 else 0.0:.1f} games/s"

    def advance(self, games: int) -> None:
        """Count finished games and redraw."""
        if self.bar is not None:
            self.bar.update(games)

    def shrink(self, games: int) -> None:
        """Take games that will not be played (an early stop) off the total."""
        if self.bar is not None:
            self.bar.length = max(self.bar.pos, self.bar.length - games)
            self.bar.finished = self.bar.pos >= self.bar.length
            self.bar.render_progress()

    def close(self) -> None:
        """Finish the line."""
        if self.bar is not None:
            self.bar.render_finish()


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
    """Play jobs on a dask.distributed cluster; cancel jobs that are no longer wanted."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise TournamentError("--scheduler needs dask.distributed: pip install 'dinocli[dask]'") from None
    check_scheduler(address)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise TournamentError(f"cannot reach the dask scheduler at {address}: {exc}") from None
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
    try:
        for job, results in stream:
            st = state[job.lineup]
            for g in results:
                st.waiting.setdefault(g.round, []).append(g)
            st.counted += len(results)
            if progress:
                progress.advance(len(results))
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
