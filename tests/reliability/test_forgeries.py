"""Hostile input that the service and CLI must refuse: forged footers and seats, deep
nesting in the header, branches inside a command, stale results, exit codes (issue 11)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dinocli.cli import cli
from dinocli.events.errors import LogRejected
from dinocli.service import Service, ServiceError

from .corpus import Log


@pytest.fixture(scope="module")
def finished():
    """A finished Dingo game between random bots, exported."""
    svc = Service.open(":memory:")
    g = svc.new_game("dingo", bots=["random", "random"], seed="pending", options={"goal": 1})
    list(svc.run_bots(g))
    text = "".join(svc.export_lines(g.id))
    svc.close()
    return text


def rejected_at(data: bytes, line: int) -> str:
    """Import ``data`` into a fresh database: it must be rejected at ``line``, leaving nothing."""
    svc = Service.open(":memory:")
    try:
        with pytest.raises(LogRejected) as info:
            svc.import_log(data)
        assert info.value.line == line, str(info.value)
        assert svc.store.games() == []
        return str(info.value)
    finally:
        svc.close()


def test_a_forged_footer_result_is_rejected(finished):
    """The footer is outside the hash chain: its result must be the one the rules give (else `games`
    lists a winner who lost, or a crash on a winners list that is not a list)."""
    for forge in ({"returns": [1.0, 1.0], "scores": [99.0, 99.0], "winners": ["rex", "trike"]},
                  {"winners": 5, "returns": "x"}, None):
        g = Log.parse(finished)
        g.footer["result"] = forge
        rejected_at(g.data(), g.footer_line)
    g = Log.parse(finished)                      # an unfinished game claiming a result
    ends = [i for i, e in enumerate(g.events) if e["_first"] and e["actor"] is not None]
    del g.events[ends[-1]:]
    rejected_at(g.relink().data(), g.footer_line)


def test_forged_seats_and_config_are_rejected(finished):
    """The seats must be the config's players with a name and a parseable bot spec (else `games` and
    `show` crash with KeyError/IndexError); the config holds only names, variants and options."""
    forgeries = [
        lambda h: h.__setitem__("seats", list(reversed(h["seats"]))),
        lambda h: h["seats"].append({"name": "x", "bot": None}),
        lambda h: h.__setitem__("seats", [{"foo": 1}, {"foo": 2}]),
        lambda h: h["seats"][0].__setitem__("bot", "nonsense"),
        lambda h: h["seats"][0].__setitem__("bot", 7),
        lambda h: h["config"].__setitem__("extra", 1),
    ]
    for forge in forgeries:
        g = Log.parse(finished)
        forge(g.header)
        rejected_at(g.relink().data(), 1)


def test_deep_nesting_on_the_first_line_is_rejected_not_a_traceback(tmp_path):
    """The service peeks at line 1 for the game kind before read_log checks the nesting depth:
    a RecursionError escaped (a traceback from `dinocli import`)."""
    for data in (b"[" * 100_000 + b"\n", b'{"config":' + b"[" * 5000 + b"1" + b"]" * 5000 + b"}\n"):
        assert "nested deeper" in rejected_at(data, 1)
        r = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.sqlite"), "import", "-"], input=data)
        assert r.exit_code == 4 and r.stderr.count("\n") == 1, r.output


def test_branching_inside_a_command_is_refused(tmp_path):
    """A branch head inside a command is a half-written command: its fold is a state the rules never
    produce, its export does not import, and `verify` fails on it."""
    svc = Service.open(str(tmp_path / "b.sqlite"))
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="mid", options={"goal": 1})
    list(svc.run_bots(g))
    inside = next(s.seq for i, s in enumerate(g.path[:-1]) if g.path[i + 1].command == s.command)
    before = svc.store.branches(g.id)
    with pytest.raises(ServiceError, match="inside a command"):
        svc.branch(g.id, "mid", inside)
    assert svc.store.branches(g.id) == before
    svc.close()


def test_a_game_undone_after_its_end_exports_and_imports_as_unfinished(tmp_path):
    """The footer result is the exported branch's: after undoing the last move of a finished game the
    log is of an unfinished game, and must import as one (not with the first ending's result)."""
    svc = Service.open(str(tmp_path / "u.sqlite"))
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="undone", options={"goal": 0})
    list(svc.run_bots(g))
    while not g.over:
        g, _ = svc.move(g.id, g.legal_texts()[0])
        list(svc.run_bots(g))
    g = svc.undo(g.id)
    assert not g.over
    data = "".join(svc.export_lines(g.id)).encode()
    other = Service.open(":memory:")
    rec = other.import_log(data)
    assert rec.result is None and other.load(rec.id).state == g.state
    other.close()
    svc.close()


def test_a_bad_branch_name_is_an_error_not_an_unavailable_database(tmp_path):
    """Exit 5 is for a database that cannot be used (DatabaseUnavailable); a bad name is exit 1."""
    db = str(tmp_path / "n.sqlite")
    svc = Service.open(db)
    gid = svc.new_game("dingo", players=["ann"], bots=["random"], seed="name").id
    svc.close()
    for name in (":", "a b", "ü", "x" * 41):
        r = CliRunner().invoke(cli, ["--db", db, "branch", gid, name])
        assert r.exit_code == 1 and r.stderr.startswith("dinocli: bad branch name"), r.output
