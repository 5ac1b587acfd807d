"""``dinocli serve``: the authoritative game server (dinocli-protocol(5)).

It holds the seed and the full log in the database, and appends every move through the same
:class:`~dinocli.service.Service` as the CLI (one transaction per command, the head the client saw
expected); who may act is the game's :class:`~dinocli.table.Table`'s to say, and what a seat is sent is
``export --as SEAT``'s lines. Bots move here, after each move. One process, one event loop: each
connection's sender waits on its game's condition and sends what its seat has not yet been sent, reading
only the lines after the last it sent (checked to hang from that line's hash; the whole view the first time
and after an undo). The
database is read and written in one worker thread (its own connection), so that a bot thinking or a long
log being read never holds up the sockets (pings, other games' messages)."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgspec
from websockets.exceptions import ConnectionClosed

from dinocli.events.errors import DinocliError
from dinocli.server import presence
from dinocli.server import protocol as p
from dinocli.server.invites import seat_of_token

__all__ = ["Server", "HELLO_SECONDS"]

HELLO_SECONDS = 10.0   # a connection that says nothing is closed
STAND_IN = "rules"     # the bot that plays a seat away (--bot-after): quick, and its reasons can be read


class Server:
    """The games of one database, served to the seats invited to them."""

    def __init__(self, db: str, bot_after: float | None = None):
        self.svc: Any = None
        self.bot_after = bot_after
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="dinocli-db", initializer=self._open, initargs=(db,))
        self._changed: dict[str, asyncio.Condition] = {}
        self._version: dict[str, int] = {}   # changes per game (moves, undos, presence) since the server started
        self._seating: dict[str, list[tuple[str, str | None]]] = {}   # per game: each seat's name and bot spec
        self._standing: dict[str, dict[int, str]] = {}   # per game: the seats a bot stands in for, and its spec
        self._here: dict[str, dict[int, int]] = {}       # per game: open connections per seat
        self._left: dict[tuple[str, int], float] = {}    # since when a person's seat has had no connection
        self._to_move: dict[str, int | None] = {}        # per game: the seat to move, as last sent
        self._undone: dict[str, list[tuple[int | None, int]]] = {}   # per game: (seat, event gone back to)
        self._ticker: asyncio.Task | None = None

    def _open(self, db: str) -> None:
        from dinocli.service import Service

        self.svc = Service.open(db)
        presence.forget_all(self.svc.store)   # a server killed before left rows: this one owns the file now

    async def _call(self, fn, *args):
        """``fn(*args)`` in the database's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    def close(self) -> None:
        """Close the database (in its thread) and end the thread."""
        def closing():
            if self.svc:
                presence.forget_all(self.svc.store, os.getpid())
                self.svc.close()

        self._worker.submit(closing).result()
        self._worker.shutdown()

    def _condition(self, game: str) -> asyncio.Condition:
        return self._changed.setdefault(game, asyncio.Condition())

    async def _notify(self, game: str) -> None:
        cond = self._condition(game)
        async with cond:
            self._version[game] = self._version.get(game, 0) + 1
            cond.notify_all()

    def view(self, game: str, seat: int) -> tuple[str, list[str], int | None, str]:
        """The header, event lines and seat to move of ``seat``'s view, as ``export --as`` writes them, and the
        seat's name."""
        g = self.svc.load(game)
        lines = list(self.svc.export_lines(g, as_seat=seat))
        return lines[0], [ln for ln in lines[1:-1] if '"n"' in ln[:6]], g.to_move, g.names[seat]

    def tail(self, g, seat: int | None, after: int, prev: str) -> tuple[list[str], int] | None:
        """The event lines of ``seat``'s view of the loaded game ``g`` after event ``after`` (of hash ``prev``, the
        last line it holds) and the head they reach; None when it needs its whole view again
        (:meth:`Service.view_tail`)."""
        return self.svc.view_tail(g, seat, after, prev)

    def news(self, game: str, seat: int | None, sent: int, held: tuple[int, str] | None, undos: int):
        """What ``seat``'s connection sends next, which holds ``sent`` lines of its view, the last of them ``held``
        (its event's id and hash; None: not known), and has been told of ``undos`` undos of the game: the undos
        since, how many lines it still holds after them, the lines of its view after those, who is to move, and
        the last line it then holds. Only the lines after the held one are read and checked; the whole view is,
        the first time and after an undo. Run in the database's thread, after any undo made before it."""
        undone = self._undone.get(game, [])[undos:]
        back = min((at for _, at in undone), default=sent)
        if back < sent:   # an undo took back lines this seat holds
            sent, held = back, None
        g = self.svc.load(game)
        if held is not None:
            got = self.tail(g, seat, *held)
            if got is not None:
                lines, head = got
                return undone, sent, lines, g.to_move, (head, _hash(lines[-1])) if lines else held
        head = g.head
        _, lines, to_move, _ = self.view(game, seat)
        return undone, sent, lines[sent:], to_move, (head, _hash(lines[-1])) if lines and head is not None else None

    def welcome(self, hello: p.Hello) -> tuple[str, int, p.Welcome, list[tuple[str, str | None]], dict[int, str]]:
        """The game and seat the hello's token was issued for, their welcome, the game's seating (name and bot
        of each seat) and its stand-ins (ProtocolError if the token is none of its)."""
        if hello.v not in p.VERSIONS:
            raise p.ProtocolError(f"protocol version {hello.v} is not served (this server speaks "
                                  f"{', '.join(map(str, p.VERSIONS))})")
        found = seat_of_token(self.svc.store, hello.token)
        if found is None:
            raise p.ProtocolError("unknown invitation token")
        game, seat = found
        if game != hello.game:
            raise p.ProtocolError(f"this invitation is not for game {hello.game[:64]}")
        header, lines, _, name = self.view(game, seat)
        if hello.have > len(lines) and hello.v < 2:
            raise p.ProtocolError(f"you hold {hello.have} events, the game has {len(lines)}")
        g = self.svc.load(game)
        seating = [(s.name, s.bot) for s in g.table.genesis]
        standing = {s.seat: s.bot for s in g.table.seating.standins if s.until is None}
        return game, seat, p.Welcome(min(hello.v, p.VERSION), game, seat, name, header), seating, standing

    def resumes(self, game: str, seat: int, have: int, last: str | None) -> bool:
        """Whether the lines a client holds (``have`` events, the last hashing ``last``) are the start of its
        view now (else an undo took some back while it was away: it is sent its view again from event 0)."""
        if have == 0:
            return True
        _, lines, _, _ = self.view(game, seat)
        return have <= len(lines) and (last is None or msgspec.json.decode(lines[have - 1]).get("hash") == last)

    def end(self, game: str) -> p.End:
        """The full log's event lines (every event opened, rolls and salts too) and its footer (with the seed)."""
        lines = list(self.svc.export_lines(game))
        return p.End(opened=[ln for ln in lines[1:-1] if '"n"' in ln[:6]], footer=lines[-1])

    def run_bots(self, game: str) -> bool:
        """Let the server's bots (a stand-in too) move until a person must; whether one moved."""
        return bool(list(self.svc.run_bots(self.svc.load(game))))

    # -- presence ------------------------------------------------------------------------------

    def presence(self, game: str) -> p.Presence:
        """Who is at ``game``'s table now, as every seat is told."""
        now, here, standing = asyncio.get_running_loop().time(), self._here.get(game, {}), self._standing.get(game, {})
        seats = []
        for seat, (name, bot) in enumerate(self._seating[game]):
            away = None if here.get(seat) or bot else int(now - self._left.get((game, seat), now))
            if bot or seat in standing:
                seats.append(p.Present(seat, name, "bot", bot or standing[seat], away))
            else:
                seats.append(p.Present(seat, name, "here" if away is None else "away", None, away))
        to_move = self._to_move.get(game)
        waiting = to_move if to_move is not None and seats[to_move].status == "away" else None
        return p.Presence(seats, waiting)

    async def _arrive(self, game: str, seat: int, seating, standing: dict[int, str]) -> None:
        loop = asyncio.get_running_loop()
        self._seating[game] = seating
        self._standing.setdefault(game, dict(standing))
        for s, (_, bot) in enumerate(seating):
            if bot is None:
                self._left.setdefault((game, s), loop.time())   # away since the server first heard of the game
        here = self._here.setdefault(game, {})
        here[seat] = here.get(seat, 0) + 1
        if here[seat] == 1:
            await self._call(presence.arrived, self.svc.store, game, seat)
        if self._standing[game].pop(seat, None) is not None:   # back: the bot standing in gives the seat back
            await self._call(self.stand_down, game, seat)
        if self.bot_after is not None and self._ticker is None:
            self._ticker = asyncio.create_task(self._stand_ins())
        await self._notify(game)

    async def _leave(self, game: str, seat: int) -> None:
        here = self._here[game]
        here[seat] -= 1
        if not here[seat]:
            self._left[(game, seat)] = asyncio.get_running_loop().time()
            await self._call(presence.left, self.svc.store, game, seat)
            await self._notify(game)

    def stand_down(self, game: str, seat: int) -> None:
        """Record that the person of ``seat`` is back: the bot standing in for it stops."""
        presence.stand_down(self.svc.store, game, seat, self.svc.load(game).seq)

    def stand_in(self, game: str, seat: int) -> str | None:
        """A bot takes over ``seat`` if the game still waits for it (recorded in the game's seating), and moves;
        the bot's spec, or None if the game no longer waits for that seat."""
        g = self.svc.load(game)
        if g.to_move != seat or not g.table.is_person(seat):
            return None
        presence.stand_in(self.svc.store, game, seat, STAND_IN, g.seq)
        self.run_bots(game)
        return STAND_IN

    async def _stand_ins(self) -> None:
        """``--bot-after S``: every so often, let a bot take the seat of a person the game has waited for while
        away S seconds or more."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(0.25, self.bot_after / 4))
            for game, seat in list(self._to_move.items()):
                if seat is None or self._here.get(game, {}).get(seat) or seat in self._standing.get(game, {}):
                    continue
                if self._seating[game][seat][1] is not None or loop.time() - self._left[(game, seat)] < self.bot_after:
                    continue
                spec = await self._call(self.stand_in, game, seat)
                if spec is not None:
                    self._standing[game][seat] = spec
                await self._notify(game)

    # -- one connection ------------------------------------------------------------------------

    async def handler(self, ws) -> None:
        """One connection: a hello, then the seat's view as it grows, who is at the table, and its moves."""
        try:
            hello = p.decode_to_server(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
            if not isinstance(hello, p.Hello):
                raise p.ProtocolError("the first message must be a hello")
            if ws.request.path.strip("/") != hello.game:   # a connection counts against the game its address names
                raise p.ProtocolError(f"this address is not game {hello.game[:64]}'s (connect to /{hello.game[:64]})")
            game, seat, welcome, seating, standing = await self._call(self.welcome, hello)
            have = hello.have if await self._call(self.resumes, game, seat, hello.have, hello.last) else None
        except DinocliError as exc:   # a ProtocolError, or the Table's or the service's refusal
            await ws.send(p.encode(p.Error(str(exc))))
            return
        except (asyncio.TimeoutError, ConnectionClosed):   # a silent or gone client: closed
            return
        await ws.send(p.encode(welcome))
        if have is None:   # its lines are not the game's line any more (an undo while it was away): from the start
            await ws.send(p.encode(p.Undone(None, 0)))
        await self._arrive(game, seat, seating, standing)
        if await self._call(self.run_bots, game):
            await self._notify(game)
        sender = asyncio.create_task(self._send(ws, game, seat, have or 0, welcome.v))
        loop, window = asyncio.get_running_loop(), []
        try:
            async for data in ws:
                now = loop.time()
                window = [t for t in window if now - t < 1.0] + [now]
                if len(window) > p.RATE:   # a flood: one error, and the connection goes (nothing of it is read)
                    await ws.send(p.encode(p.Error(f"more than {p.RATE} messages a second: the connection is closed")))
                    return
                reply = await self._receive(game, seat, data, welcome.v)
                if reply is not None:
                    await ws.send(p.encode(reply))
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            await self._leave(game, seat)

    async def _send(self, ws, game: str, seat: int, sent: int, version: int) -> None:
        """Send the seat's new view lines whenever its game changes (and, version 2, who is at the table and
        the undos); at the end, the opened events and the seed."""
        cond = self._condition(game)
        first = True   # the first batch goes even when empty: it says who is to move
        told, undos = None, len(self._undone.get(game, ()))
        held: tuple[int, str] | None = None   # the last line sent: its event's id and hash (None: not known yet)
        try:
            while True:
                seen = self._version.get(game, 0)   # a change made while this sends is not missed
                undone, back, lines, to_move, held = await self._call(self.news, game, seat, sent, held, undos)
                undos += len(undone)
                if game in self._seating:   # a spectator may come before any seat: no table to tell of yet
                    self._to_move[game] = to_move
                if back < sent:   # an undo took back lines this seat holds
                    if version < 2:
                        await ws.send(p.encode(p.Error("the game went back (an undo): a protocol 1 client cannot "
                                                       "follow it; join again")))
                        await ws.close()
                        return
                    await ws.send(p.encode(p.Undone(undone[-1][0], back)))
                    sent = back
                if lines or first:
                    await ws.send(p.encode(p.Events(lines, to_move)))
                    sent, first = sent + len(lines), False
                now = self.presence(game) if version >= 2 and game in self._seating else None
                if now is not None and to_move is not None and now != told:
                    await ws.send(p.encode(now))
                    told = now
                if to_move is None:
                    await ws.send(p.encode(await self._call(self.end, game)))
                    await ws.close()
                    return
                async with cond:
                    await cond.wait_for(lambda: self._version.get(game, 0) != seen)
        except ConnectionClosed:
            pass

    async def _receive(self, game: str, seat: int, data: Any, version: int) -> p.Error | None:
        """A client's message after the hello: a move or an undo for its seat, carried out if the Table says it
        may; else one error."""
        try:
            msg = p.decode_to_server(data)
            if isinstance(msg, p.Hello):
                raise p.ProtocolError("already said hello")
            if isinstance(msg, p.Undo):
                if version < 2:
                    raise p.ProtocolError("undo is a message of protocol 2 (this connection said hello in 1)")
                await self._call(self.undo, game, seat, msg)
            else:
                await self._call(self.move, game, seat, msg)
        except DinocliError as exc:   # a ProtocolError, or the Table's or the service's refusal
            return p.Error(str(exc))
        await self._notify(game)
        return None

    def _at(self, game: str, msg: p.Move | p.Undo, what: str):
        g = self.svc.load(game)
        if g.seq != msg.at:
            raise p.ProtocolError(f"the game is at event {g.seq}, not {msg.at}: nothing was {what}")
        return g

    def move(self, game: str, seat: int, msg: p.Move) -> None:
        """Play ``msg`` for ``seat`` if it is to move at the event the client saw, then let the bots answer."""
        from dinocli.games.protocol import IllegalAction

        g = self._at(game, msg, "played")
        mover = g.table.check_may_play("dinocli serve")
        if mover != seat:
            raise IllegalAction(f"it is {g.label(mover)}'s turn, not {g.label(seat)}'s: nothing was played")
        self.svc.move(game, msg.action, expected_head=g.head)
        self.run_bots(game)

    def undo(self, game: str, seat: int, msg: p.Undo) -> int:
        """Take back ``seat``'s last decision and the bots' replies, if the Table allows it (its own decision,
        the last a person made; strict undo never past what was shown); the event the game is back at."""
        g = self._at(game, msg, "undone")
        g.table.check_undo_by(g.path, seat)
        at = self.svc.undo(game, 1, retry="undo {}").seq
        self._undone.setdefault(game, []).append((seat, at))   # here, so that every later news() sees it
        return at


def _hash(line: str) -> str:
    """The hash of an event line."""
    return msgspec.json.decode(line)["hash"]
