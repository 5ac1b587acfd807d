"""``dinocli join URL``: play one invited seat of a served game (dinocli-protocol(5)), with a bot
(``--bot SPEC``, headless) or at the prompt (:mod:`dinocli.server.prompt`).

The client holds only its seat's view. Each batch of lines is checked as it arrives, each event once:
numbering and the hash chain (:func:`~dinocli.events.log.read_events`), then the view folded and every
decision it saw judged with the one verifier's checks (:class:`~dinocli.verify.ViewCheck`); at the end it
opens what was hidden, checks each opened event against the hash it already held, and verifies the whole
game with the seed, as ``verify`` does. A lost connection is tried again with the last event held; a
client started afresh (killed and run again) catches up from event 0."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable

import msgspec

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.invites import parse_url

__all__ = ["join", "Link", "Refused", "Seat", "VERIFIED"]

VERIFIED = "verified: every draw came from the committed seed, every move was legal"


class Refused(DinocliError):
    """The server refused (its one-line error), or sent what the protocol or the log format forbids."""


class Seat:
    """One seat's view of a game as it arrives: the lines held, checked, and the view folded from them."""

    def __init__(self, welcome: p.Welcome):
        from dinocli.events.log import footer_line, read_log

        header = msgspec.json.decode(welcome.header)
        if not isinstance(header, dict) or header.get("view") != welcome.seat or header.get("game") != welcome.game:
            got = header if not isinstance(header, dict) else (header.get("view"), header.get("game"))
            raise Refused(f"the server sent a view header {str(got)[:80]!r}, not seat {welcome.seat} of game "
                          f"{welcome.game}")
        first = welcome.header if welcome.header.endswith("\n") else welcome.header + "\n"
        self.header = read_log([first, footer_line(0, header.get("genesis"), None, None, header.get("version", 4))],
                               allow_view=True).header   # the header checked as a log's line 1 is
        self.seat, self.name = welcome.seat, welcome.name
        self.result: dict = {}   # the footer's, once the game is over and verified
        self._reset()

    def _reset(self) -> None:
        from dinocli.verify import ViewCheck

        self.lines: list[str] = []
        self.entries: list = []
        self.check = ViewCheck(self.header)
        self.game, self.config = self.check.game, self.check.config

    @property
    def view(self):
        """The seat's view after the lines held."""
        return self.check.view

    def add(self, lines: list[str]) -> list:
        """Take a batch of view lines: numbered on from those held, chained, fitting the rules (LogRejected if
        not); the entries they parse to."""
        from dinocli.events.log import read_events

        lines = [ln if ln.endswith("\n") else ln + "\n" for ln in lines]
        entries = read_events([ln[:-1] for ln in lines], self.header, self.entries[-1] if self.entries else None)
        self.check.add(entries)
        self.lines += lines
        self.entries += entries
        return entries

    def back_to(self, at: int) -> None:
        """Drop the lines after event ``at`` (an undo took them back), the view folded again to there."""
        if not 0 <= at <= len(self.lines):
            raise Refused(f"the server went back to event {at}, but this seat holds {len(self.lines)}")
        kept = self.lines[:at]
        self._reset()
        if kept:
            self.add(kept)

    def last_hash(self) -> str | None:
        """The hash of the last event held (None: none held)."""
        return self.entries[-1].hash if self.entries else None

    def choose(self, spec: str, rng: random.Random) -> str:
        """The bot's move from this seat's view alone, in notation."""
        from dinocli.ai import make_bot

        state = self.game.determinize(self.view, self.seat, rng)   # legal moves need only the mover's information
        legal = self.game.legal_actions(state)
        action = make_bot(spec).choose(self.game, self.view, self.seat, legal, rng)
        return self.game.format_action(state, action)

    def full_log(self, end: p.End) -> list[str]:
        """The whole game's log lines from the end message (each opened line must hash as the line held)."""
        lines = [ln if ln.endswith("\n") else ln + "\n" for ln in end.opened]
        if len(lines) != len(self.lines):
            raise Refused(f"the server ended with {len(lines)} events, not the {len(self.lines)} it had sent")
        for n, (held, full) in enumerate(zip(self.entries, lines), 1):
            if msgspec.json.decode(full).get("hash") != held.hash:
                raise Refused(f"the server opened event {n} as another event than the one it had sent")
        header = msgspec.json.encode(self.header | {"view": None}).decode() + "\n"
        return [header, *lines, end.footer if end.footer.endswith("\n") else end.footer + "\n"]

    def finish(self, end: p.End):
        """Take the full log's lines, verify the whole game with the one verifier; its verdict."""
        from dinocli.events.log import read_log
        from dinocli.verify import verify_log

        parsed = read_log(self.full_log(end), allow_view=True)
        verdict = verify_log(parsed)
        self.result = parsed.footer.get("result") or {}
        return verdict


RECONNECT_TRIES = 40       # a lost connection is tried again this many times,
RECONNECT_SECONDS = 0.25   # this long apart (a server restarting: some ten seconds)


class Link:
    """One seat's connection to a served game: hello, the seat's view as it arrives (checked), who is at the
    table; reconnecting with the last event held when the connection is lost. What arrives is handed to
    ``on_message(message, new entries, view before them)`` (the entries of an ``events`` message, else None) in
    the socket's event loop; ``send`` sends a move or an undo."""

    def __init__(self, url: str, say: Callable[[str], None]):
        self.server, self.game, self.token = parse_url(url)
        self.say = say
        self.seat: Seat | None = None
        self.presence: p.Presence | None = None
        self._ws = None
        self._sent: list[float] = []

    async def send(self, message: p.Move | p.Undo) -> None:
        """Send a message (paced to half the server's rate; ConnectionError when not connected)."""
        if self._ws is None:
            raise ConnectionError("not connected to the server (reconnecting)")
        await _paced(self._sent)
        await self._ws.send(p.encode(message))

    async def run(self, on_message, lock=None) -> p.End:
        """Follow the game to its end (Refused if the server refuses or breaks the protocol); the end message.
        ``lock`` is held while the seat's lines change (another thread reads them)."""
        lock = lock or contextlib.nullcontext()
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        tries = 0
        while True:
            try:
                async with connect(f"{self.server}/{self.game}", max_size=p.MAX_TO_CLIENT, open_timeout=10) as ws:
                    seat = self.seat
                    await ws.send(p.encode(p.Hello(p.VERSION, self.game, self.token, len(seat.lines) if seat else 0,
                                                   seat.last_hash() if seat else None)))
                    self._ws = ws
                    async for data in ws:
                        msg = p.decode_to_client(data)
                        if isinstance(msg, p.Welcome):
                            self._welcome(msg)
                            tries = 0
                            await on_message(msg, None, None)
                            continue
                        elif self.seat is None:
                            if isinstance(msg, p.Error):
                                raise Refused(f"the server refused: {msg.message}")
                            raise Refused("the server sent game events before its welcome")
                        elif isinstance(msg, p.End):
                            return msg
                        entries, before = None, self.seat.view
                        with lock:
                            if isinstance(msg, p.Events):
                                entries = self.seat.add(msg.lines)
                            elif isinstance(msg, p.Undone):
                                self.seat.back_to(msg.at)
                            elif isinstance(msg, p.Presence):
                                self.presence = msg
                        await on_message(msg, entries, before)
            except p.ProtocolError as exc:
                raise Refused(f"the server sent {exc}") from None
            except InvalidHandshake as exc:   # not a dinocli server there (plain ws:// to a TLS one, an HTTP error)
                raise Refused(f"cannot reach {self.server}/{self.game}: {exc}") from None
            except (ConnectionClosed, OSError) as exc:
                if self.seat is None:   # never welcomed: nothing to resume
                    raise Refused(f"cannot reach {self.server}/{self.game}: "
                                  f"{getattr(exc, 'strerror', None) or exc}") from None
            finally:
                self._ws = None
            tries += 1
            if tries > RECONNECT_TRIES:
                raise Refused(f"lost the connection to {self.server} at event {len(self.seat.lines)} "
                              "and could not reconnect")
            await asyncio.sleep(RECONNECT_SECONDS)

    def _welcome(self, msg: p.Welcome) -> None:
        if self.seat is None:
            self.seat = Seat(msg)
            self.say(f"joined game {msg.game} as {msg.name} (seat {msg.seat})")
        elif msg.seat != self.seat.seat or msgspec.json.decode(msg.header) != self.seat.header:
            raise Refused("the server welcomed this seat back to another game or seat")
        else:
            self.say(f"reconnected at event {len(self.seat.lines)}")


async def _paced(sent: list[float]) -> None:
    """Wait, if need be, so that this client sends at most half the server's RATE in any second."""
    loop = asyncio.get_running_loop()
    now = loop.time()
    sent[:] = [t for t in sent if now - t < 1.0]
    if len(sent) >= p.RATE // 2:
        await asyncio.sleep(1.0 - (now - sent[0]))
        now = loop.time()
    sent.append(now)


async def _play(url: str, spec: str, say: Callable[[str], None]):
    link = Link(url, say)
    rng = random.Random()

    async def on_message(msg, _entries, _before) -> None:
        if isinstance(msg, p.Error):   # a bot's move refused: nothing it can do better
            raise Refused(f"the server refused: {msg.message}")
        if isinstance(msg, p.Events) and msg.to_move == link.seat.seat:
            await link.send(p.Move(len(link.seat.lines), link.seat.choose(spec, rng)))

    end = await link.run(on_message)
    return link.seat, link.seat.finish(end)


def join(url: str, spec: str, say: Callable[[str], None]):
    """Play the invited seat of ``url`` with bot ``spec`` to the end, reconnecting with the last event held
    if the connection is lost; (seat, verdict) of the whole game."""
    return asyncio.run(_play(url, spec, say))
