"""A seat's view sent a piece at a time (the server's sends): the lines after the last one a reader holds are
exactly the whole view's lines after it, checked to hang from the hash it holds, and only they are read;
anything else (an undo took the held line back, a hash that is not the stored one, a line in the middle of a
command) asks for the whole view again, and a row altered in the database is refused as in a full export."""

from __future__ import annotations

import sqlite3

import pytest

from dinocli.events.errors import ChainBroken
from dinocli.server.spectate import SPECTATOR
from dinocli.service import Service


def _view(svc: Service, gid: str, seat: int) -> list[str]:
    return [ln for ln in svc.export_lines(gid, as_seat=seat) if '"n"' in ln[:6]]


@pytest.fixture(scope="module")
def dingo(tmp_path_factory):
    """A finished four-seat Dingo game of random bots (sealed draws, hidden hands)."""
    db = tmp_path_factory.mktemp("tail") / "games.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", bots=["random"] * 4, seed="tail-1", options={"goal": 2})
    list(svc.run_bots(g))
    svc.close()
    return db, g.id


def test_the_lines_after_any_command_are_the_whole_views_lines_after_it(dingo):
    """Every seat's and a spectator's: the tail from a command's end equals the full view's rest, head included."""
    db, gid = dingo
    svc = Service.open(str(db))
    g = svc.load(gid)
    ends = [s for s, nxt in zip(g.path, g.path[1:]) if nxt.command == nxt.id]
    for seat in range(4):
        full = _view(svc, gid, seat)
        for end in ends[::7]:
            lines, head = svc.view_tail(g, seat, end.id, end.hash)
            assert lines == full[end.seq:] and head == g.head
        assert svc.view_tail(g, seat, g.head, g.path[-1].hash) == ([], g.head)
    spectator = [ln for ln in svc.store.export(gid, redact=lambda ev: g.game.redact(ev, None), view_seat=SPECTATOR)
                 if '"n"' in ln[:6]]
    end = ends[len(ends) // 2]
    assert svc.store.export_tail(gid, end.id, end.hash, view_seat=SPECTATOR,
                                 redact=lambda ev: g.game.redact(ev, None))[0] == spectator[end.seq:]
    svc.close()


def test_a_held_line_that_is_not_the_stored_one_asks_for_the_whole_view(dingo):
    """A wrong hash, an event in the middle of a command, an unknown event: None (the whole view is sent)."""
    db, gid = dingo
    svc = Service.open(str(db))
    g = svc.load(gid)
    end = next(s for s, nxt in zip(g.path[10:], g.path[11:]) if nxt.command == nxt.id)
    assert svc.view_tail(g, 0, end.id, "0" * 64) is None
    middle = next(s for s, nxt in zip(g.path, g.path[1:]) if nxt.command != nxt.id and s.command == nxt.command)
    assert svc.view_tail(g, 0, middle.id, middle.hash) is None
    assert svc.view_tail(g, 0, 10 ** 9, end.hash) is None
    svc.close()


def test_after_an_undo_the_undone_line_asks_for_the_whole_view(tmp_path):
    """The held event taken back by an undo (and a new move played): None, not lines of another line of play."""
    svc = Service.open(str(tmp_path / "g.sqlite"))
    g = svc.new_game("sos", players=["ann"], seed="9", undo="casual")
    svc.move(g.id, g.legal_texts()[0])
    held = svc.load(g.id).path[-1]
    svc.undo(g.id, 1)
    svc.move(g.id, svc.load(g.id).legal_texts()[-1])
    g = svc.load(g.id)
    assert held.id not in {s.id for s in g.path}
    assert svc.view_tail(g, 0, held.id, held.hash) is None
    svc.close()


def test_an_altered_row_after_the_held_line_is_refused(tmp_path):
    """A body changed in the database after the reader's last line: ChainBroken, as a full export says."""
    db = tmp_path / "g.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", bots=["random"] * 2, seed="tail-2", options={"goal": 1})
    list(svc.run_bots(g))
    g = svc.load(g.id)
    held = next(s for s, nxt in zip(g.path[20:], g.path[21:]) if nxt.command == nxt.id)
    altered = g.path[-3]
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute("UPDATE events SET body = replace(body, ':', ': ') WHERE id = ?", (altered.id,))
    conn.commit()
    conn.close()
    with pytest.raises(ChainBroken):
        svc.view_tail(g, 0, held.id, held.hash)
    svc.close()


def test_a_server_reads_a_seats_whole_view_once_then_only_what_is_new(tmp_path):
    """The server's sender: the first news reads the whole view; later ones only the lines after the last sent."""
    from dinocli.server.serve import Server

    db = tmp_path / "g.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="tail-3")
    svc.close()
    server = Server(str(db))
    whole = []
    view = server.view
    server.view = lambda game, seat: whole.append(seat) or view(game, seat)
    call = lambda fn, *args: server._worker.submit(fn, *args).result()   # noqa: E731 - the database's thread
    try:
        _, sent, lines, to_move, held = call(server.news, g.id, 0, 0, None, 0)
        got = list(lines)
        for _ in range(6):
            g = call(server.svc.load, g.id)
            call(server.svc.move, g.id, g.legal_texts()[0])
            call(server.run_bots, g.id)
            _, sent, lines, to_move, held = call(server.news, g.id, 0, len(got), held, 0)
            assert lines
            got += lines
        assert whole == [0]
        assert got == call(lambda: [ln for ln in server.svc.export_lines(g.id, as_seat=0) if '"n"' in ln[:6]])
    finally:
        server.close()
