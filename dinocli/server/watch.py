"""``dinocli watch URL``: follow a served game as a spectator (dinocli-protocol(5) SPECTATORS).

The spectator holds the view of no seat: every sealed event only as its commitment and the form the game
shows an onlooker. Each batch is chained onto the lines held (the hash chain checked through the
commitments) and folded into the public view, which is drawn as ``show`` draws a board; at the end the
opened events must hash as the lines held, and the whole game is verified with the one verifier, as
``join`` does."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import msgspec

from dinocli.server import protocol as p
from dinocli.server.join import RECONNECT_SECONDS, RECONNECT_TRIES, Refused
from dinocli.server.spectate import SPECTATOR, parse_watch_url

__all__ = ["watch", "Follower", "Spectator"]

class Follower:
    """A view of a game as it arrives, a seat's or (``seat`` None) a spectator's: the lines held, chained on
    the ones before, the view folded from them; at the end the whole game verified."""

    def __init__(self, welcome: p.Welcome, seat: int | None):
        from dinocli import games
        from dinocli.events.log import footer_line, read_log
        from dinocli.games.protocol import Config

        first = welcome.header if welcome.header.endswith("\n") else welcome.header + "\n"
        try:
            said = msgspec.json.decode(first)
        except msgspec.DecodeError:
            said = None
        header = {} if not isinstance(said, dict) else read_log(   # checked as a log's line 1 is (LogRejected)
            [first, footer_line(0, str(said.get("genesis")), None, None, said.get("version", 4))], allow_view=True).header
        view = SPECTATOR if seat is None else seat
        if welcome.seat != view or header.get("view") != view or header.get("game") != welcome.game:
            raise Refused(f"the server sent a view header {welcome.header[:80]!r}, not "
                          f"{'a spectator' if seat is None else f'seat {seat}'}'s of game {welcome.game}")
        self.header, self.seat = header, seat
        self.game = games.get(header["kind"])
        self.config = msgspec.convert(header["config"], Config)
        self.lines: list[str] = []
        self._last = None   # the entry of the last line held: the next batch is chained onto it
        self.view = self.game.observe(self.game.initial(self.config), seat)
        self.result: dict = {}   # the footer's, once the game is over and verified

    def add(self, lines: list[str]) -> list:
        """Take a batch of lines (numbered on from those held, chained onto the last: LogRejected if not; each
        line checked once, as it arrives) and fold them; their entries."""
        from dinocli.events.log import read_events

        lines = [ln if ln.endswith("\n") else ln + "\n" for ln in lines]
        entries = read_events([ln[:-1] for ln in lines], self.header, self._last)
        view = self.view
        for e in entries:
            if e.event is not None:
                try:
                    view = self.game.fold_view(view, e.event, e.hidden)
                except ValueError as exc:
                    raise Refused(f"the server's event {e.seq} cannot follow the game: {exc}") from None
        self.view = view
        self.lines += lines
        if entries:
            self._last = entries[-1]
        return entries

    def back_to(self, at: int) -> None:
        """Drop the lines after event ``at`` (an undo took them back) and fold the view again up to there."""
        if not 0 <= at <= len(self.lines):
            raise Refused(f"the server went back to event {at}, but this view holds {len(self.lines)}")
        kept, self.lines, self._last = self.lines[:at], [], None
        self.view = self.game.observe(self.game.initial(self.config), self.seat)
        self.add(kept)

    def finish(self, end: p.End):
        """Take the full log's lines (each must hash as the line held: the same event), verify the whole game."""
        from dinocli.events.log import read_log
        from dinocli.verify import verify_log

        lines = [ln if ln.endswith("\n") else ln + "\n" for ln in end.opened]
        if len(lines) != len(self.lines):
            raise Refused(f"the server ended with {len(lines)} events, not the {len(self.lines)} it had sent")
        for n, (held, full) in enumerate(zip(self.lines, lines), 1):
            if msgspec.json.decode(full).get("hash") != msgspec.json.decode(held)["hash"]:
                raise Refused(f"the server opened event {n} as another event than the one it had sent")
        header = msgspec.json.encode(self.header | {"view": None}).decode() + "\n"
        parsed = read_log([header, *lines, end.footer], allow_view=True)
        verdict = verify_log(parsed)
        self.result = parsed.footer.get("result") or {}
        return verdict


class Spectator(Follower):
    """The public view of a game as it arrives, told in words and drawn as ``show`` draws it."""

    def __init__(self, welcome: p.Welcome):
        super().__init__(welcome, None)

    def said(self, entries: list) -> list[str]:
        """The decisions and what the rules narrate of ``entries``, as an onlooker may see them."""
        from dinocli.seen import decision_text

        def describe(event) -> str:
            return self.game.describe(event, self.config)

        out = []
        for e in entries:
            if e.command != e.seq:
                if e.event is not None and self.game.narrated(e.event):
                    out.append("    " + describe(e.event))
            elif e.actor is not None:
                name = self.config.names[e.actor] if 0 <= e.actor < len(self.config.names) else f"seat {e.actor}"
                out.append(decision_text(self.game, e.event, e.action, None, name, describe))
        return out

    def board(self, to_move: int | None, color: bool = False) -> str:
        """The public board, as ``show`` draws it, and whose turn it is."""
        drawn = self.game.render(self.view, color=color)
        return drawn if to_move is None else f"{drawn}\nTo move: {self.config.names[to_move]}"


async def _follow(url: str, say: Callable[[str], None], color: bool):
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    socket, game, token = parse_watch_url(url)
    watcher: Spectator | None = None
    tries = 0
    while True:
        try:
            async with connect(socket, max_size=p.MAX_TO_CLIENT, open_timeout=10) as ws:
                await ws.send(p.encode(p.Watch(p.VERSION, game, token, len(watcher.lines) if watcher else 0)))
                async for data in ws:
                    msg = p.decode_to_client(data)
                    if isinstance(msg, p.Error):
                        raise Refused(f"the server refused: {msg.message}")
                    if isinstance(msg, p.Welcome):
                        if watcher is None:
                            watcher = Spectator(msg)
                            say(f"watching game {msg.game}: {watcher.game.info.name}, {', '.join(watcher.config.names)}")
                        elif msgspec.json.decode(msg.header) != watcher.header:
                            raise Refused("the server welcomed this spectator back to another game")
                        else:
                            say(f"reconnected at event {len(watcher.lines)}")
                        tries = 0
                    elif watcher is None:
                        raise Refused("the server sent game events before its welcome")
                    elif isinstance(msg, p.Events):
                        first = not watcher.lines
                        said = watcher.said(watcher.add(msg.lines))
                        if said or first or msg.to_move is None:
                            say("\n".join([*said, watcher.board(msg.to_move, color)]))
                    elif isinstance(msg, p.Undone):
                        watcher.back_to(msg.at)
                        say(f"taken back to event {msg.at}")
                    elif isinstance(msg, p.End):
                        return watcher, watcher.finish(msg)
        except p.ProtocolError as exc:
            raise Refused(f"the server sent {exc}") from None
        except InvalidHandshake as exc:   # not a dinocli server there (plain ws:// to a TLS one, an HTTP error)
            raise Refused(f"cannot reach {socket}: {exc}") from None
        except (ConnectionClosed, OSError) as exc:
            if watcher is None:
                raise Refused(f"cannot reach {socket}: {getattr(exc, 'strerror', None) or exc}") from None
        tries += 1
        if tries > RECONNECT_TRIES:
            raise Refused(f"lost the connection to {socket} at event {len(watcher.lines)} and could not reconnect")
        await asyncio.sleep(RECONNECT_SECONDS)


def watch(url: str, say: Callable[[str], None], color: bool = False):
    """Follow the game of watch link ``url`` to its end, printing each move and the board as they come,
    reconnecting with the last event held if the connection is lost; (spectator, verdict of the whole game)."""
    return asyncio.run(_follow(url, say, color))
