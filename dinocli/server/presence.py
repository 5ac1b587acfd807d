"""Who is at a served game, as the database keeps it: the seats connected now (table ``presence``, one row
per seat, written by the server process that holds the connection) and the bots that stand in for people
away (``serve --bot-after``: the game's seating, ``standins``, as take-overs are kept)."""

from __future__ import annotations

import os

import msgspec

from dinocli.events.records import StandIn, now, seating_of

__all__ = ["arrived", "left", "forget_all", "connected", "served", "stand_in", "stand_down"]


def arrived(store, game_id: str, seat: int) -> None:
    """Record that ``seat`` of ``game_id`` is connected to this process."""
    with store.write():
        store.connection.execute("INSERT OR REPLACE INTO presence (game_id, seat, pid, since) VALUES (?, ?, ?, ?)",
                           (game_id, seat, os.getpid(), now()))


def left(store, game_id: str, seat: int) -> None:
    """Record that ``seat`` of ``game_id`` has no connection any more."""
    with store.write():
        store.connection.execute("DELETE FROM presence WHERE game_id = ? AND seat = ?", (game_id, seat))


def forget_all(store, pid: int | None = None) -> None:
    """Drop the rows of process ``pid`` (None: every row, as a server starting on its database does: the rows
    of one killed before are stale)."""
    with store.write():
        if pid is None:
            store.connection.execute("DELETE FROM presence")
        else:
            store.connection.execute("DELETE FROM presence WHERE pid = ?", (pid,))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # running, as another user
        return True
    return True


def connected(store) -> dict[str, list[int]]:
    """The seats connected now, by game (rows of a server no longer running are left out)."""
    out: dict[str, list[int]] = {}
    alive: dict[int, bool] = {}
    for game_id, seat, pid in store.connection.execute("SELECT game_id, seat, pid FROM presence ORDER BY game_id, seat"):
        if alive.setdefault(pid, _running(pid)):
            out.setdefault(game_id, []).append(seat)
    return out


def served(store, game_ids: list[str]) -> dict[str, dict[int, bool]]:
    """For each of ``game_ids`` with invitations: each invited seat and whether it is connected now."""
    now = connected(store)
    out: dict[str, dict[int, bool]] = {}
    for game_id, seat in store.connection.execute(
            f"SELECT game_id, seat FROM invitations WHERE game_id IN ({','.join('?' * len(game_ids))}) "
            "ORDER BY game_id, seat", game_ids):
        out.setdefault(game_id, {})[seat] = seat in now.get(game_id, ())
    return out


def _standins(store, game_id: str, change) -> None:
    with store.write():
        record = store.game(game_id)
        seating = seating_of(record.meta)
        store.set_meta(game_id, dict(record.meta, standins=msgspec.to_builtins(change(list(seating.standins)))))


def stand_in(store, game_id: str, seat: int, bot: str, at: int) -> None:
    """Record that bot ``bot`` plays ``seat`` from event ``at`` on, its person being away."""
    _standins(store, game_id, lambda kept: [*kept, StandIn(seat, bot, at)])


def stand_down(store, game_id: str, seat: int, at: int) -> None:
    """Record that ``seat``'s person came back at event ``at``: the bot standing in for it stops."""
    _standins(store, game_id, lambda kept: [msgspec.structs.replace(s, until=at) if s.seat == seat and s.until is None
                                            else s for s in kept])
