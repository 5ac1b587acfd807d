"""Spectators of served games (dinocli-protocol(5)), and how many connections a server holds.

A game's watch link carries a random token of 256 bits of its own (only its sha256 is kept, table
``watch_links``): it lets its holder follow the game, never play it, and a seat's invitation is no watch
link nor the other way round. A spectator is sent the view of no seat: every sealed event as its salted
commitment and the one form the game shows an onlooker (``export --as SEAT`` for a seat that sees none of
them), then at the end the opened events and the seed, as a seat is. The same page ``export --format html``
writes is served for a browser (:mod:`dinocli.server.page`), fed live by the same socket.

Connections are counted per server and per game (the game the address names: ``/GAME`` for a seat,
``/GAME/watch`` for a spectator); one past either limit gets one error and is closed."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections import Counter
from urllib.parse import unquote, urlsplit

from websockets.exceptions import ConnectionClosed

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.serve import HELLO_SECONDS, Server
from dinocli.table import ServiceError

__all__ = ["SPECTATOR", "Hall", "watch_link", "game_of_watch_token", "parse_watch_url", "path_game"]

FULL_SECONDS = 2.0   # how long a connection past a limit is held for its first message, to be told why it goes
SPECTATOR = -1   # the seat of a spectator's view and welcome: no seat (it sees what every seat may)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def watch_link(store, game_id: str, server: str) -> str:
    """A new watch link for ``game_id`` on ``server`` (its ws:// or wss:// URL), replacing the game's old one:
    ``http(s)://HOST:PORT/GAME/watch#TOKEN``, for a browser or ``dinocli watch``; only the token's hash is kept."""
    token = secrets.token_urlsafe(32)
    with store.write():
        store.conn.execute("DELETE FROM watch_links WHERE game_id = ?", (game_id,))
        store.conn.execute("INSERT INTO watch_links (token_hash, game_id) VALUES (?, ?)", (_hash(token), game_id))
    parts = urlsplit(server)
    scheme = "https" if parts.scheme == "wss" else "http"
    return f"{scheme}://{parts.netloc}/{game_id}/watch#{token}"


def game_of_watch_token(store, token: str) -> str | None:
    """The game a watch token was issued for, or None."""
    row = store.conn.execute("SELECT game_id FROM watch_links WHERE token_hash = ?", (_hash(token),)).fetchone()
    return None if row is None else row[0]


def parse_watch_url(url: str) -> tuple[str, str, str]:
    """(socket URL, game id, token) of a watch link (http, https, ws or wss); ServiceError if it is not one."""
    parts = urlsplit(url)
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    words = parts.path.strip("/").split("/")
    if scheme is None or not parts.hostname or len(words) != 2 or words[1] != "watch" or not words[0] \
            or not parts.fragment:
        raise ServiceError(f"not a watch link: {url[:80]!r} (http://HOST:PORT/GAME/watch#TOKEN, as `new --remote` "
                           "and `invite GAME --watch` print)")
    return f"{scheme}://{parts.netloc}/{words[0]}/watch", words[0], parts.fragment


def path_game(path: str) -> tuple[str, bool]:
    """The game a request's path names and whether it is a spectator's (``/GAME/watch``)."""
    words = unquote(urlsplit(path).path).strip("/").split("/")
    watching = len(words) == 2 and words[1] == "watch"
    return (words[0][:64] if len(words) == 1 or watching else ""), watching


class Hall(Server):
    """The server with spectators and connection limits: at most ``most`` connections at once, ``per_game`` to
    one game."""

    def __init__(self, db: str, most: int, per_game: int):
        from dinocli.server.page import Pages

        super().__init__(db)
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
        except DinocliError as exc:
            await ws.send(p.encode(p.Error(str(exc))))
            return
        except (asyncio.TimeoutError, ConnectionClosed):
            return
        await ws.send(p.encode(welcome))
        sender = asyncio.create_task(self._send(ws, game, None, msg.have))
        try:
            async for _ in ws:
                await ws.send(p.encode(p.Error("a spectator only watches: the connection is closed")))
                return
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
