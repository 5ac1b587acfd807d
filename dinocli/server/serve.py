"""``dinocli serve``: the authoritative game server (dinocli-protocol(5)).

It holds the seed and the full log in the database, and appends every move through the same
:class:`~dinocli.service.Service` as the CLI (one transaction per command, the head the client saw
expected); who may act is the game's :class:`~dinocli.table.Table`'s to say, and what a seat is sent is
``export --as SEAT``'s lines. Bots move here, after each move. One process, one event loop: each
connection's sender waits on its game's condition and sends what its seat has not yet been sent. The
database is read and written in one worker thread (its own connection), so that a bot thinking or a long
log being read never holds up the sockets (pings, other games' messages)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from websockets.exceptions import ConnectionClosed

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.invites import seat_of_token

__all__ = ["Server", "HELLO_SECONDS"]

HELLO_SECONDS = 10.0   # a connection that says nothing is closed


class Server:
    """The games of one database, served to the seats invited to them."""

    def __init__(self, db: str):
        self.svc: Any = None
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="dinocli-db", initializer=self._open, initargs=(db,))
        self._changed: dict[str, asyncio.Condition] = {}
        self._version: dict[str, int] = {}   # moves appended per game since the server started

    def _open(self, db: str) -> None:
        from dinocli.service import Service

        self.svc = Service.open(db)

    async def _call(self, fn, *args):
        """``fn(*args)`` in the database's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, fn, *args)

    def close(self) -> None:
        """Close the database (in its thread) and end the thread."""
        self._worker.submit(lambda: self.svc and self.svc.close()).result()
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
        lines = list(self.svc.export_lines(game, as_seat=seat))
        return lines[0], [ln for ln in lines[1:-1] if '"n"' in ln[:6]], g.to_move, g.names[seat]

    def welcome(self, hello: p.Hello) -> tuple[str, int, p.Welcome]:
        """The game and seat the hello's token was issued for, and their welcome (ProtocolError if none)."""
        if hello.v != p.VERSION:
            raise p.ProtocolError(f"protocol version {hello.v} is not served (this server speaks {p.VERSION})")
        found = seat_of_token(self.svc.store, hello.token)
        if found is None:
            raise p.ProtocolError("unknown invitation token")
        game, seat = found
        if game != hello.game:
            raise p.ProtocolError(f"this invitation is not for game {hello.game[:64]}")
        header, lines, _, name = self.view(game, seat)
        if hello.have > len(lines):
            raise p.ProtocolError(f"you hold {hello.have} events, the game has {len(lines)}")
        return game, seat, p.Welcome(p.VERSION, game, seat, name, header)

    def end(self, game: str) -> p.End:
        """The full log's event lines (every event opened, rolls and salts too) and its footer (with the seed)."""
        lines = list(self.svc.export_lines(game))
        return p.End(opened=[ln for ln in lines[1:-1] if '"n"' in ln[:6]], footer=lines[-1])

    def run_bots(self, game: str) -> bool:
        """Let the server's bots move until a person must; whether one moved."""
        return bool(list(self.svc.run_bots(self.svc.load(game))))

    async def handler(self, ws) -> None:
        """One connection: a hello, then the seat's view as it grows, and its moves."""
        try:
            hello = p.decode_to_server(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
            if not isinstance(hello, p.Hello):
                raise p.ProtocolError("the first message must be a hello")
            if ws.request.path.strip("/") != hello.game:   # a connection counts against the game its address names
                raise p.ProtocolError(f"this address is not game {hello.game[:64]}'s (connect to /{hello.game[:64]})")
            game, seat, welcome = await self._call(self.welcome, hello)
        except DinocliError as exc:   # a ProtocolError, or the Table's or the service's refusal
            await ws.send(p.encode(p.Error(str(exc))))
            return
        except (asyncio.TimeoutError, ConnectionClosed):   # a silent or gone client: closed
            return
        await ws.send(p.encode(welcome))
        if await self._call(self.run_bots, game):
            await self._notify(game)
        sender = asyncio.create_task(self._send(ws, game, seat, hello.have))
        loop, window = asyncio.get_running_loop(), []
        try:
            async for data in ws:
                now = loop.time()
                window = [t for t in window if now - t < 1.0] + [now]
                if len(window) > p.RATE:   # a flood: one error, and the connection goes (nothing of it is read)
                    await ws.send(p.encode(p.Error(f"more than {p.RATE} messages a second: the connection is closed")))
                    return
                reply = await self._receive(game, seat, data)
                if reply is not None:
                    await ws.send(p.encode(reply))
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()

    async def _send(self, ws, game: str, seat: int, sent: int) -> None:
        """Send the seat's new view lines whenever its game changes; at the end, the opened events and the seed."""
        cond = self._condition(game)
        first = True   # the first batch goes even when empty: it says who is to move
        try:
            while True:
                seen = self._version.get(game, 0)   # a move appended while this sends is not missed
                _, lines, to_move, _ = await self._call(self.view, game, seat)
                if len(lines) > sent or first:
                    await ws.send(p.encode(p.Events(lines[sent:], to_move)))
                    sent, first = len(lines), False
                if to_move is None:
                    await ws.send(p.encode(await self._call(self.end, game)))
                    await ws.close()
                    return
                async with cond:
                    await cond.wait_for(lambda: self._version.get(game, 0) != seen)
        except ConnectionClosed:
            pass

    async def _receive(self, game: str, seat: int, data: Any) -> p.Error | None:
        """A client's message after the hello: a move for its seat, played if the Table says it may; else one error."""
        try:
            msg = p.decode_to_server(data)
            if not isinstance(msg, p.Move):
                raise p.ProtocolError("already said hello")
            await self._call(self.move, game, seat, msg)
        except DinocliError as exc:   # a ProtocolError, or the Table's or the service's refusal
            return p.Error(str(exc))
        await self._notify(game)
        return None

    def move(self, game: str, seat: int, msg: p.Move) -> None:
        """Play ``msg`` for ``seat`` if it is to move at the event the client saw, then let the bots answer."""
        from dinocli.games.protocol import IllegalAction

        g = self.svc.load(game)
        if g.seq != msg.at:
            raise p.ProtocolError(f"the game is at event {g.seq}, not {msg.at}: nothing was played")
        mover = g.table.check_may_play("dinocli serve")
        if mover != seat:
            raise IllegalAction(f"it is {g.label(mover)}'s turn, not {g.label(seat)}'s: nothing was played")
        self.svc.move(game, msg.action, expected_head=g.head)
        self.run_bots(game)
