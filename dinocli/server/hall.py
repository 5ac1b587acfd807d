"""The server process of ``dinocli serve``: the games' :class:`~dinocli.server.serve.Server` with spectators and
connection limits (:class:`Hall`), the browser page on the same port, TLS, and the event loop until Ctrl-C or
SIGTERM (dinocli-protocol(5) SPECTATORS, TLS, LIMITS).

Connections are counted per server and per game (the game the address names: ``/GAME`` for a seat,
``/GAME/watch`` for a spectator); one past either limit is told so in one error and closed. Each connection
is sent to by its own task, so a client that does not read holds up only its own sends."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import ssl
from collections import Counter

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.page import Pages, respond
from dinocli.server.serve import HELLO_SECONDS, Server
from dinocli.server.spectate import SPECTATOR, game_of_watch_token, path_game
from dinocli.table import ServiceError

__all__ = ["Hall", "run", "tls_context"]

FULL_SECONDS = 2.0   # how long a connection past a limit is held for its first message, to be told why it goes


class Hall(Server):
    """The server with spectators and connection limits: at most ``most`` connections at once, ``per_game`` to
    one game."""

    def __init__(self, db: str, most: int, per_game: int, **options):
        super().__init__(db, **options)
        self.pages = Pages(db)
        self.most, self.per_game = most, per_game
        self.open = 0
        self.games: Counter[str] = Counter()

    def close(self) -> None:
        """Close the games' database connections and their threads."""
        self.pages.close()
        super().close()

    def view(self, game: str, seat: int | None) -> tuple[str, list[str], int | None, str]:
        """A seat's view (as :class:`Server`), or with ``seat`` None a spectator's: no sealed event opened."""
        if seat is not None:
            return super().view(game, seat)
        g = self.svc.load(game)
        lines = list(self.svc.store.export(g.id, redact=lambda ev: g.game.redact(ev, None), view_seat=SPECTATOR,
                                           result=None))
        return lines[0], [ln for ln in lines[1:-1] if '"n"' in ln[:6]], g.to_move, "spectator"

    def tail(self, g, seat: int | None, after: int, prev: str) -> tuple[list[str], int] | None:
        """A seat's view lines after the last it holds (as :class:`Server`), or with ``seat`` None a spectator's."""
        if seat is not None:
            return super().tail(g, seat, after, prev)
        return self.svc.store.export_tail(g.id, after, prev, view_seat=SPECTATOR,
                                          redact=lambda ev: g.game.redact(ev, None))

    def spectator(self, msg: p.Watch) -> tuple[str, p.Welcome]:
        """The game the watch token was issued for and the spectator's welcome (ProtocolError if none)."""
        if msg.v != p.VERSION:
            raise p.ProtocolError(f"protocol version {msg.v} is not served (this server speaks {p.VERSION})")
        game = game_of_watch_token(self.svc.store, msg.token)
        if game is None:
            raise p.ProtocolError("unknown watch token")
        if game != msg.game:
            raise p.ProtocolError(f"this watch link is not for game {msg.game[:64]}")
        header, lines, _, name = self.view(game, None)
        if msg.have > len(lines):
            raise p.ProtocolError(f"you hold {msg.have} events, the game has {len(lines)}")
        return game, p.Welcome(p.VERSION, game, SPECTATOR, name, header)

    async def connection(self, ws) -> None:
        """One connection, counted against the server's and its game's limits: a seat's or a spectator's."""
        game, watching = path_game(ws.request.path)
        full = (f"the server holds {self.most:,} connections, its most: try again later" if self.open >= self.most
                else f"game {game} has {self.per_game:,} connections, its most: try again later"
                if self.games[game] >= self.per_game else None)
        if full:   # its first message is awaited (briefly), so that the client reads the error, not a closed socket
            try:
                await asyncio.wait_for(ws.recv(), FULL_SECONDS)
                await ws.send(p.encode(p.Error(full)))
            except (asyncio.TimeoutError, ConnectionClosed):
                pass
            return
        self.open += 1
        self.games[game] += 1
        try:
            await (self.watch(ws, game) if watching else self.handler(ws))
        finally:
            self.open -= 1
            self.games[game] -= 1
            if not self.games[game]:
                del self.games[game]

    async def watch(self, ws, game: str) -> None:
        """A spectator: a watch message, then the public view as it grows; anything it sends ends it."""
        try:
            msg = p.decode_to_server(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
            if not isinstance(msg, p.Watch):
                raise p.ProtocolError("this is a watch link's address: the first message must be a watch")
            if msg.game != game:
                raise p.ProtocolError(f"this address is game {game}'s, not {msg.game[:64]}'s")
            game, welcome = await self._call(self.spectator, msg)
            await ws.send(p.encode(welcome))
        except DinocliError as exc:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(p.encode(p.Error(str(exc))))
            return
        except (asyncio.TimeoutError, ConnectionClosed):
            return
        sender = asyncio.create_task(self._send(ws, game, None, msg.have, msg.v))
        try:
            async for _ in ws:
                await ws.send(p.encode(p.Error("a spectator only watches: the connection is closed")))
                return
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()


async def _serve(server: Hall, host: str, port: int, ready, tls: ssl.SSLContext | None) -> None:
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    async with serve(server.connection, host, port, max_size=p.MAX_TO_SERVER, max_queue=4, ssl=tls,
                     process_request=lambda connection, request: respond(server.pages, connection, request),
                     server_header=None) as ws_server:
        address, port = ws_server.sockets[0].getsockname()[:2]
        ready(f"{'wss' if tls else 'ws'}://{f'[{address}]' if ':' in address else address}:{port}")
        await stop


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """The server's TLS (wss://, https://) from a PEM certificate chain and its private key; ServiceError if
    they cannot be loaded (one line saying which)."""
    def encrypted() -> str:   # OpenSSL would otherwise ask on the terminal, and a server has nobody there
        raise ServiceError(f"--keyfile {keyfile} is encrypted: give the key decrypted (openssl pkey -in KEY -out NEW)")

    for path in (certfile, keyfile):
        if not os.path.isfile(path):   # a FIFO or a device would be read forever
            raise ServiceError(f"cannot read the certificate or key: {path} is not a regular file")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(certfile, keyfile, password=encrypted)
    except ssl.SSLError as exc:
        raise ServiceError(f"cannot use --certfile {certfile} with --keyfile {keyfile}: {exc.reason or exc} "
                           "(a PEM certificate chain and the PEM private key that goes with it)") from None
    except OSError as exc:
        raise ServiceError(f"cannot read the certificate or key: {exc.strerror or exc}") from None
    return context


def run(db: str, host: str, port: int, ready, *, tls: ssl.SSLContext | None = None, connections: int = 500,
        per_game: int = 32, **options) -> None:
    """Serve the database ``db`` until Ctrl-C or SIGTERM (over TLS with ``tls``), holding at most ``connections``
    connections, ``per_game`` to one game (``options``: the :class:`Server`'s); ``ready(url)`` is called once the
    socket listens."""
    server = Hall(db, connections, per_game, **options)
    try:
        asyncio.run(_serve(server, host, port, ready, tls))
    finally:
        server.close()
