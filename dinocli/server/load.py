"""``dinocli bench serve [--games N]``: a load test of ``dinocli serve`` on loopback, bounded in time and count
(here, beside the server, for the bench sits below the server's layer).

A real server process on 127.0.0.1 (a free port, a fresh database in a temporary folder) serves N games of
The Dingo Ate The Baby at 4 seats, every seat a remote person invited as ``new --remote`` invites; N x 4
in-process asyncio clients play them at once with the random bot, from their own seat's view, as
``join --bot random`` does (each checks its view's hash chain before it moves, and at the end verifies the
whole game with the seed with the one verifier). Figures: moves per second over the whole run (wall
clock), and the time from a move sent to every other seat of its game holding it (median, 99th
percentile, most), measured on the clients' one clock; also the connections held and the games verified."""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from dinocli.games.protocol import BadConfig
from dinocli.limits import SERVED_GAMES
from dinocli.table import ServiceError

__all__ = ["serve_figures"]

SEATS = 4
KIND = "dingo"
DEADLINE = 1800.0   # seconds: a run that takes longer stops and fails (a stalled server)


def _server(db: Path) -> tuple[subprocess.Popen, str]:
    """``dinocli serve --port 0`` on ``db``: the process and its URL once it listens."""
    exe = shutil.which("dinocli", path=str(Path(sys.executable).parent)) or shutil.which("dinocli")
    cmd = [exe] if exe else [sys.executable, "-c", "from dinocli.cli import main; main()"]
    proc = subprocess.Popen([*cmd, "--db", str(db), "serve", "--port", "0", "--max-connections", "10000",
                             "--game-connections", str(SEATS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    line = proc.stdout.readline()
    found = re.search(r" on (ws://127\.0\.0\.1:\d+) ", line)
    if not found:
        proc.kill()
        raise ServiceError(f"the server did not start: {line.strip()} {proc.communicate()[1].strip()[-300:]}")
    return proc, found.group(1)


class _Client:
    """One seat played by the random bot, its view folded only when it is to move (the load of ``join``
    without its printing)."""

    def __init__(self, url: str, sent: dict, seen: dict):
        from dinocli.server.invites import parse_url

        self.server, self.game, self.token = parse_url(url)
        self.sent, self.seen = sent, seen   # (game, event) -> when the move was sent / each seat held it
        self.verified = False

    async def play(self) -> None:
        from websockets.asyncio.client import connect

        from dinocli.ai import make_bot
        from dinocli.server import protocol as p
        from dinocli.server.join import Refused
        from dinocli.server.watch import Follower

        rng, bot = random.Random(f"{self.game}/{self.token[:4]}"), make_bot("random")
        seat, pending = None, []
        async with connect(f"{self.server}/{self.game}", max_size=p.MAX_TO_CLIENT, open_timeout=60) as ws:
            await ws.send(p.encode(p.Hello(p.VERSION, self.game, self.token, 0)))
            async for data in ws:
                msg = p.decode_to_client(data)
                if isinstance(msg, p.Error):
                    raise Refused(f"the server refused: {msg.message}")
                if isinstance(msg, p.Welcome):
                    seat = Follower(msg, msg.seat)
                elif isinstance(msg, p.Events):
                    now = time.perf_counter()
                    held = len(seat.lines) + len(pending)
                    for n in range(held + 1, held + len(msg.lines) + 1):
                        self.seen.setdefault((self.game, n), {})[seat.seat] = now
                    pending += msg.lines
                    if msg.to_move == seat.seat:   # chain and fold what came since this seat last moved
                        seat.add(pending)
                        pending = []
                        state = seat.game.determinize(seat.view, seat.seat, rng)
                        action = bot.choose(seat.game, seat.view, seat.seat, seat.game.legal_actions(state), rng)
                        self.sent[(self.game, len(seat.lines) + 1)] = (seat.seat, time.perf_counter())
                        await ws.send(p.encode(p.Move(len(seat.lines), seat.game.format_action(state, action))))
                elif isinstance(msg, p.End):
                    seat.add(pending)
                    verdict = seat.finish(msg)
                    self.verified = "every draw comes from the committed seed" in verdict.checked
                    return


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))]


async def _play(clients: list[_Client], deadline: float, sent: dict) -> None:
    try:
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), deadline)
    except asyncio.TimeoutError:
        raise ServiceError(f"the load test did not end within {deadline:.0f} s ({len(sent):,} moves made): "
                           "a stalled server, or a machine too busy") from None


def serve_figures(games: int = 50) -> dict[str, Any]:
    """Serve ``games`` games of 4 remote seats on loopback, all played at once by random-bot clients; the
    moves per second and the latency from a move sent to every other seat holding it."""
    if not SERVED_GAMES.holds(games):
        raise BadConfig(f"bench serve plays {SERVED_GAMES.low} to {SERVED_GAMES.high} games at once, not {games}")
    from dinocli.server.invites import invitations
    from dinocli.service import Service

    with tempfile.TemporaryDirectory(prefix="dinocli-bench-serve-") as folder:
        db = Path(folder) / "served.sqlite"
        svc = Service.open(str(db))   # the schema exists before the server opens the file
        proc, url = _server(db)
        try:
            sent: dict = {}
            seen: dict = {}
            clients = []
            for n in range(games):
                g = svc.new_game(KIND, players=[f"p{n}s{s}" for s in range(SEATS)], bots=[], seed=f"serve/{n}")
                clients += [_Client(i["url"], sent, seen) for i in invitations(svc.store, g, url)]
            svc.close()
            start = time.perf_counter()
            asyncio.run(_play(clients, DEADLINE, sent))
            wall = time.perf_counter() - start
        finally:
            proc.terminate()
            try:
                proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
    delays = []
    for (game, n), (mover, when) in sent.items():
        others = {s: t for s, t in seen.get((game, n), {}).items() if s != mover}
        if len(others) == SEATS - 1:
            delays.append(max(others.values()) - when)
    if len(delays) != len(sent):
        raise ServiceError(f"{len(sent) - len(delays)} of {len(sent)} moves were never seen by every other seat")
    verified = {c.game for c in clients} - {c.game for c in clients if not c.verified}
    return {"games": games, "seats": SEATS, "game": KIND, "clients": len(clients), "verified": len(verified), "moves": len(sent), "seconds": wall,
            "moves_per_second": len(sent) / wall, "seen_by_all_ms_median": 1000 * _percentile(delays, 0.5),
            "seen_by_all_ms_p99": 1000 * _percentile(delays, 0.99), "seen_by_all_ms_max": 1000 * max(delays)}
