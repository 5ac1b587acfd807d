"""Child processes for the reliability tests: a zygote that forks workers on request (issue 11).

Started once per test session as ``python worker.py``; it imports dinocli, opens no database,
and reads commands on stdin, one per line. Forking a worker costs milliseconds where starting
Python costs most of a second, so hundreds of SIGKILLs fit the CI budget. Every line a worker
prints is one ``os.write`` (atomic on a pipe): its pid, then a JSON object.

    crash DB SEED            fork a worker that plays Dingo between random bots for ever, printing
                             {"game", "head"} after each append has returned; reply "pid PID"
    race DB GAME N SEED      fork a worker that makes N moves as the seat to move through the CLI
                             (``dinocli move GAME ACTION --json``), printing one report per attempt
    append DB GAME N SEED    fork a worker that appends N multi-event commands straight to the
                             store against the head it last read, printing one report per attempt
    wait PID                 reap a worker; reply "dead PID SIGNAL STATUS"
"""

from __future__ import annotations

import json
import os
import random
import sys

from click.testing import CliRunner

import dinocli.ai  # noqa: F401  (imported before forking, like everything a worker needs)
import dinocli.games.dingo  # noqa: F401
from dinocli.cli import cli
from dinocli.events import Event
from dinocli.events.store import Command, Conflict, Store
from dinocli.service import Service

CRASH_GOAL = 2      # Dingo to 2 points: short games, so checking one after a kill is cheap
CRASH_CAP = 30      # a crash worker leaves a game after this many decisions and starts another


class Tick(Event, tag="reliability.tick"):
    """Part ``part`` of ``of`` of command ``no`` by ``writer`` (the store-level race)."""

    writer: int
    no: int
    part: int
    of: int


def say(line: str) -> None:
    """One line on stdout in a single write."""
    os.write(1, (line + "\n").encode())


def report(**fields) -> None:
    """One worker line: the pid and a JSON object."""
    say(f"{os.getpid()} {json.dumps(fields)}")


def crash_worker(db: str, seed: str) -> None:
    """Play Dingo between random bots until killed, reporting each append after it returned."""
    svc = Service.open(db)
    rnd = random.Random(seed)
    while True:
        g = None
        for rec in svc.store.games(kind="dingo")[:1]:
            if rec.result is None:
                g = svc.load(rec.id)
                if sum(1 for s in g.path if s.actor is not None) >= CRASH_CAP:
                    g = None
        if g is None:
            g = svc.new_game("dingo", bots=["random"] * rnd.choice((2, 3)), seed=f"{seed}-{rnd.random()}",
                             options={"goal": CRASH_GOAL})
            report(game=g.id, head=g.head)
        for _ in range(CRASH_CAP):
            played = svc.bot_step(g)
            if played is None:
                break
            report(game=g.id, head=played.head)


def race_worker(db: str, game_id: str, n: int, seed: str) -> None:
    """Try ``n`` CLI moves for whoever is to move, each chosen on the state this worker last saw."""
    svc = Service.open(db)
    runner = CliRunner()
    rnd = random.Random(seed)
    for i in range(n):
        g = svc.load(game_id)
        legal = g.legal_texts()
        if not legal:
            report(over=i)
            break
        action = rnd.choice(legal)
        r = runner.invoke(cli, ["--db", db, "--color", "never", "move", game_id, action, "--json"])
        if r.exit_code == 0:
            played = json.loads(r.stdout)["played"]
            report(code=0, action=action, played=[[p["head"], p["seat"], p["action"]] for p in played])
        else:
            report(code=r.exit_code, action=action, stderr=r.stderr, exception=repr(r.exception), seen=g.head,
                   after=svc.load(game_id).head)


def append_worker(db: str, game_id: str, n: int, seed: str) -> None:
    """Append ``n`` commands of 1-4 Ticks straight to the store against the head last read (read as
    the service reads it: the branch, then the path to its head)."""
    pid = os.getpid()
    rnd = random.Random(seed)
    store = Store.open(db)
    for no in range(n):
        of = rnd.randint(1, 4)
        path = store.path(game_id, store.branch(game_id, "main").head)
        head = path[-1].id if path else None
        command = Command(actor=pid % 7, action=f"tick {pid} {no}", rolls=None,
                          events=[Tick(writer=pid, no=no, part=k, of=of) for k in range(of)])
        try:
            new_head = store.append(game_id, "main", [command], head)
        except Conflict as exc:
            report(conflict=no, message=str(exc))
            continue
        report(landed=no, of=of, head=new_head)


def warm_up() -> None:
    """Play a little in memory, so that workers fork with every lazy cache (card data, bots) filled."""
    svc = Service.open(":memory:")
    g = svc.new_game("dingo", bots=["random", "random"], seed="warm", options={"goal": CRASH_GOAL})
    for _ in range(10):
        svc.bot_step(g)
    svc.close()


def main() -> None:
    """Read commands on stdin; fork workers; reap them."""
    warm_up()
    for line in sys.stdin:
        cmd, *args = line.split()
        if cmd == "wait":
            pid, status = os.waitpid(int(args[0]), 0)
            sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
            code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
            say(f"dead {pid} {sig} {code}")
            continue
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                if cmd == "crash":
                    crash_worker(args[0], args[1])
                elif cmd == "race":
                    race_worker(args[0], args[1], int(args[2]), args[3])
                elif cmd == "append":
                    append_worker(args[0], args[1], int(args[2]), args[3])
            except BaseException as exc:  # reported to the test, which fails on it
                report(error=f"{type(exc).__name__}: {exc}")
                code = 1
            finally:
                os._exit(code)
        say(f"pid {pid}")


if __name__ == "__main__":
    main()
