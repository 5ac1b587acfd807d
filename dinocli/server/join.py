"""``dinocli join URL --bot SPEC``: play one invited seat with a bot, headless (dinocli-protocol(5)).

The client holds only its seat's view. After every batch of lines it checks the hash chain and folds
the view with the one verifier (``verify_log`` of the view so far, which also judges the decisions it
saw); at the end it opens what was hidden, checks each opened event against the hash it already held,
and verifies the whole game with the seed, as ``verify`` does."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import msgspec

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.invites import parse_url

__all__ = ["join", "Refused", "VERIFIED"]

VERIFIED = "verified: every draw came from the committed seed, every move was legal"


class Refused(DinocliError):
    """The server refused (its one-line error), or sent what the protocol or the log format forbids."""


class Seat:
    """One seat's view of a game as it arrives: the lines held, checked, and the view folded from them."""

    def __init__(self, welcome: p.Welcome):
        from dinocli import games
        from dinocli.games.protocol import Config

        header = msgspec.json.decode(welcome.header)
        if header.get("view") != welcome.seat or header.get("game") != welcome.game:
            raise Refused(f"the server sent a view for seat {header.get('view')!r} of game {header.get('game')!r}, "
                          f"not seat {welcome.seat} of game {welcome.game}")
        self.header, self.seat = header, welcome.seat
        self.game = games.get(header["kind"])
        self.config = msgspec.convert(header["config"], Config)
        self.lines: list[str] = []
        self.view = self.game.observe(self.game.initial(self.config), self.seat)
        self.folded = 0
        self.result: dict = {}   # the footer's, once the game is over and verified

    def _log(self, lines: list[str], header: dict, footer: str):
        from dinocli.events.log import read_log
        from dinocli.verify import verify_log

        parsed = read_log([msgspec.json.encode(header).decode() + "\n", *lines, footer], allow_view=True)
        return parsed, verify_log(parsed)

    def add(self, lines: list[str], over: bool) -> None:
        """Take a batch of view lines: numbered on from those held, chained, fitting the rules (LogRejected if not)."""
        from dinocli.events.log import footer_line

        self.lines += [ln if ln.endswith("\n") else ln + "\n" for ln in lines]
        if over or not self.lines:   # the whole game is verified at the end, with its result
            return
        last = msgspec.json.decode(self.lines[-1])
        parsed, _ = self._log(self.lines, self.header, footer_line(len(self.lines), last["hash"], None, None,
                                                                   self.header["version"]))
        for e in parsed.entries[self.folded:]:
            self.view = self.game.fold_view(self.view, e.event, e.hidden)
        self.folded = len(parsed.entries)

    def choose(self, spec: str, rng: random.Random) -> str:
        """The bot's move from this seat's view alone, in notation."""
        from dinocli.ai import make_bot

        state = self.game.determinize(self.view, self.seat, rng)   # legal moves need only the mover's information
        legal = self.game.legal_actions(state)
        action = make_bot(spec).choose(self.game, self.view, self.seat, legal, rng)
        return self.game.format_action(state, action)

    def finish(self, end: p.End):
        """Take the full log's lines (each must hash as the line held: the same event), verify the whole game."""
        lines = [ln if ln.endswith("\n") else ln + "\n" for ln in end.opened]
        if len(lines) != len(self.lines):
            raise Refused(f"the server ended with {len(lines)} events, not the {len(self.lines)} it had sent")
        for n, (held, full) in enumerate(zip(self.lines, lines), 1):
            if msgspec.json.decode(full).get("hash") != msgspec.json.decode(held)["hash"]:
                raise Refused(f"the server opened event {n} as another event than the one it had sent")
        parsed, verdict = self._log(lines, self.header | {"view": None}, end.footer)
        self.result = parsed.footer.get("result") or {}
        return verdict


RECONNECT_TRIES = 40       # a lost connection is tried again this many times,
RECONNECT_SECONDS = 0.25   # this long apart (a server restarting: some ten seconds)


async def _play(url: str, spec: str, say: Callable[[str], None]):
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    server, game, token = parse_url(url)
    rng = random.Random()
    seat: Seat | None = None
    tries = 0
    sent: list[float] = []
    while True:
        try:
            async with connect(f"{server}/{game}", max_size=p.MAX_TO_CLIENT, open_timeout=10) as ws:
                await ws.send(p.encode(p.Hello(p.VERSION, game, token, len(seat.lines) if seat else 0)))
                async for data in ws:
                    msg = p.decode_to_client(data)
                    if isinstance(msg, p.Error):
                        raise Refused(f"the server refused: {msg.message}")
                    if isinstance(msg, p.Welcome):
                        if seat is None:
                            seat = Seat(msg)
                            say(f"joined game {msg.game} as {msg.name} (seat {msg.seat})")
                        elif msg.seat != seat.seat or msgspec.json.decode(msg.header) != seat.header:
                            raise Refused("the server welcomed this seat back to another game or seat")
                        else:
                            say(f"reconnected at event {len(seat.lines)}")
                        tries = 0
                    elif seat is None:
                        raise Refused("the server sent game events before its welcome")
                    elif isinstance(msg, p.Events):
                        seat.add(msg.lines, msg.to_move is None)
                        if msg.to_move == seat.seat:
                            move = p.encode(p.Move(len(seat.lines), seat.choose(spec, rng)))
                            await _paced(sent)
                            await ws.send(move)
                    elif isinstance(msg, p.End):
                        return seat, seat.finish(msg)
        except p.ProtocolError as exc:
            raise Refused(f"the server sent {exc}") from None
        except (ConnectionClosed, OSError) as exc:
            if seat is None:   # never welcomed: nothing to resume
                raise Refused(f"cannot reach {server}/{game}: {getattr(exc, 'strerror', None) or exc}") from None
        tries += 1
        if tries > RECONNECT_TRIES:
            raise Refused(f"lost the connection to {server} at event {len(seat.lines)} and could not reconnect")
        await asyncio.sleep(RECONNECT_SECONDS)


async def _paced(sent: list[float]) -> None:
    """Wait, if need be, so that this client sends at most half the server's RATE in any second."""
    loop = asyncio.get_running_loop()
    now = loop.time()
    sent[:] = [t for t in sent if now - t < 1.0]
    if len(sent) >= p.RATE // 2:
        await asyncio.sleep(1.0 - (now - sent[0]))
        now = loop.time()
    sent.append(now)


def join(url: str, spec: str, say: Callable[[str], None]):
    """Play the invited seat of ``url`` with bot ``spec`` to the end, reconnecting with the last event held
    if the connection is lost; (seat, verdict) of the whole game."""
    return asyncio.run(_play(url, spec, say))
