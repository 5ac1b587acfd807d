"""Races (issue 11): two processes move in the same game as fast as they can.

Every attempt either lands whole or fails with the conflict error (exit code 3 from the CLI);
nothing is lost or duplicated and the final log verifies. Two levels: the CLI (``dinocli move``
on a Dingo game with two people at the keyboard) and the store itself (``Store.append`` of
multi-event commands against the head each process last read).
"""

from __future__ import annotations

from dinocli.events.log import read_log
from dinocli.events.store import Store
from dinocli.service import Service

from .conftest import add_figure, size
from .worker import Tick

CLI_MOVES = size(50, 400)       # attempts per process, per round
CLI_ROUNDS = size(2, 5)
STORE_APPENDS = size(300, 3000)  # attempts per process


def race(zygote, command: str) -> list[tuple[int, list[dict]]]:
    """Start two workers at once with ``command`` (plus a seed each); wait; their reports."""
    pids = [zygote.fork(f"{command} s{i}") for i in range(2)]
    out = []
    for pid in pids:
        sig, code = zygote.reap(pid)
        reports = zygote.take(pid)
        assert not [r for r in reports if "error" in r], reports
        assert (sig, code) == (0, 0)
        out.append((pid, reports))
    return out


def test_two_processes_moving_through_the_cli_lose_and_duplicate_nothing(zygote, tmp_path):
    """Issue 11, races via the CLI: exit 0 (landed whole) or 3 (conflict, one line on stderr), or 1 when
    the move was chosen on a state the other process had already changed; the path holds exactly
    the landed moves (whose turn each was is checked by the rules replay) and the log verifies."""
    db = str(tmp_path / "race.sqlite")
    totals = {"attempts": 0, "landed": 0, "conflicts": 0, "stale": 0}
    for rnd in range(CLI_ROUNDS):
        svc = Service.open(db)
        g = svc.new_game("dingo", players=["ann", "bob"], seed=f"race{rnd}", options={"goal": 99})
        setup_head = g.head
        svc.close()
        results = race(zygote, f"race {db} {g.id} {CLI_MOVES}")
        landed: dict[int, str] = {}
        for _pid, reports in results:
            for r in reports:
                if "over" in r:
                    continue
                totals["attempts"] += 1
                if r["code"] == 0:
                    assert len(r["played"]) == 1  # no bots: one decision per move
                    head, _seat, action = r["played"][0]
                    assert head not in landed, "two moves reported the same head"
                    landed[head] = action
                    totals["landed"] += 1
                    continue
                stderr = r["stderr"]
                assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
                assert "Traceback" not in stderr and r["exception"] == "SystemExit(%d)" % r["code"], r
                if r["code"] == 3:
                    assert stderr.startswith("dinocli: conflict: game ") and "another process played first" in stderr
                    totals["conflicts"] += 1
                else:
                    # chosen on a stale state: the other process moved between the choice and the move
                    assert r["code"] == 1 and r["after"] != r["seen"], r
                    totals["stale"] += 1
        svc = Service.open(db)
        try:
            g = svc.load(g.id)
            last_of = {s.command: s.id for s in g.path}                   # a command's last event: its head
            decisions = {last_of[s.id]: s.action for s in g.path if s.command == s.id and s.actor is not None}
            assert decisions == landed                                     # nothing lost, nothing extra
            assert setup_head in {s.id for s in g.path}
            events = svc.store.connection.execute("SELECT count(*) FROM events WHERE game_id = ?", [g.id]).fetchone()[0]
            assert events == len(g.path)                                    # no event off the path
            assert [b.name for b in svc.store.branches(g.id)] == ["main"]
            assert svc.verify(g.id).events == events                               # hashes and every rule
            data = "".join(svc.export_lines(g.id)).encode()
            assert len(read_log(data).entries) == events
        finally:
            svc.close()
    for k, v in totals.items():
        add_figure(f"CLI race {k}", v)
    assert totals["landed"] >= CLI_MOVES
    assert totals["conflicts"] + totals["stale"] > 0, "the two processes never collided"


def test_two_processes_appending_to_the_store_land_whole_commands_or_conflict(zygote, tmp_path):
    """Issue 11, races at the store: each append of 1-4 events lands whole against the head it read, or
    raises Conflict and leaves nothing; the path holds every landed command once, in one piece."""
    db = str(tmp_path / "store-race.sqlite")
    with Store.open(db) as store:
        gid = store.create_game("reliability", {}, [{"name": "a"}, {"name": "b"}], "1", "0" * 64, "seed").id
    results = race(zygote, f"append {db} {gid} {STORE_APPENDS}")
    landed: dict[tuple[int, int], int] = {}
    conflicts = 0
    for pid, reports in results:
        assert len(reports) == STORE_APPENDS
        for r in reports:
            if "conflict" in r:
                conflicts += 1
                assert "another process played first" in r["message"]
            else:
                landed[(pid, r["landed"])] = r["of"]
    with Store.open(db) as store:
        head = store.branch(gid, "main").head
        path = store.path(gid, head)
        assert store.verify_chain(gid) == len(path)
        rows = store.connection.execute("SELECT count(*) FROM events WHERE game_id = ?", [gid]).fetchone()[0]
        assert rows == len(path) == sum(landed.values())               # nothing lost, nothing off the path
        seen: dict[tuple[int, int], list[int]] = {}
        for s in path:
            assert isinstance(s.event, Tick)
            key = (s.event.writer, s.event.no)
            parts = seen.setdefault(key, [])
            if s.event.part == 0:
                assert s.command == s.id and s.action == f"tick {key[0]} {key[1]}" and not parts
            else:
                assert s.command == path[s.seq - 1 - s.event.part].id and s.actor is None
            parts.append(s.event.part)
        assert seen.keys() == landed.keys()                              # conflicts left nothing behind
        assert all(parts == list(range(landed[key])) for key, parts in seen.items())  # whole, in order, once
    add_figure("store race attempts", 2 * STORE_APPENDS)
    add_figure("store race conflicts", conflicts)
    assert conflicts > 0, "the two processes never collided"
