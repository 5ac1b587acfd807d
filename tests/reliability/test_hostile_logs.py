"""Hostile logs (issue 11): >= 1,000 malformed inputs, each rejected with a line and a reason.

The corpus (corpus.py) is generated in memory from a few real exports. Every case goes through
``Service.import_log`` (cases with tightened limits through ``read_log``), a sample of them
through ``dinocli import`` (exit code 4, one line on stderr), and the database must not change:
row counts after every case, a hash of the whole dump along the way and at the end.
"""

from __future__ import annotations

import collections

import pytest
from click.testing import CliRunner

from dinocli import games
from dinocli.cli import cli
from dinocli.events.errors import LogRejected
from dinocli.events.log import read_log
from dinocli.service import Service

from .conftest import add_figure, fingerprint, size
from .corpus import ANY, WHOLE, Case, Corpus, Log

SCALE = size(10, 50)   # about 110 cases per unit of scale
CLI_EVERY = size(25, 100)


def export(svc: Service, kind: str, seats: int, seed: str, *, cap: int | None = None, **options) -> str:
    """A game between random bots (stopped after ``cap`` decisions), exported."""
    g = svc.new_game(kind, bots=["random"] * seats, seed=seed, options=options or None)
    for i, _ in enumerate(svc.run_bots(g)):
        if cap is not None and i + 1 >= cap:
            break
    return "".join(svc.export_lines(g.id))


@pytest.fixture(scope="module")
def sources():
    """Real exports: two finished Dingo games, one unfinished, another game's log, seat views."""
    svc = Service.open(":memory:")
    finished2 = export(svc, "dingo", 2, "hostile-a", goal=2)
    finished3 = export(svc, "dingo", 3, "hostile-b", goal=2)
    unfinished = export(svc, "dingo", 2, "hostile-c", cap=25, goal=5)
    other_kind = sorted(set(games.GAMES) - {"dingo"})[0]
    seats = max(2, games.get(other_kind).info.min_seats)
    other = export(svc, other_kind, seats, "hostile-x", cap=12)
    ids = [r.id for r in svc.store.games(kind="dingo")]
    views = ["".join(svc.export_lines(gid, as_seat=s)).encode() for gid in ids[:2] for s in (0, 1)]
    svc.close()
    return [finished2, finished3, unfinished], other, views


@pytest.fixture
def target(tmp_path):
    """A database holding one unrelated game: where every hostile log is imported."""
    path = tmp_path / "target.sqlite"
    svc = Service.open(str(path))
    g = svc.new_game("dingo", players=["ann"], bots=["random"], seed="target", options={"goal": 1})
    list(svc.run_bots(g))
    yield svc, path
    svc.close()


def row_counts(svc: Service) -> dict[str, int]:
    """Rows of the store's tables, through the service's own connection."""
    return {t: svc.store.connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - fixed names
            for t in ("games", "events", "branches", "seeds")}


def check_rejection(case: Case, exc: LogRejected) -> None:
    """The rejection names the case's line (or the whole file) and a reason, on one line."""
    text = str(exc)
    assert "\n" not in text and exc.reason.strip(), case.what
    if case.line == WHOLE:
        assert exc.line == 0, (case.what, text)
    elif case.line == ANY:
        assert exc.line > 0, (case.what, text)
    elif isinstance(case.line, tuple):
        assert case.line[0] <= exc.line <= case.line[1], (case.family, case.what, case.line, text)
    else:
        assert exc.line == case.line, (case.family, case.what, case.line, text)
    if exc.line > 0:
        assert text.startswith(f"line {exc.line}: ")


def test_the_sources_themselves_import(sources, tmp_path):
    """The corpus is made from logs that import cleanly: each rejection is the mutation's doing."""
    logs, other, _views = sources
    svc = Service.open(":memory:")
    for text in [*logs, other]:
        rec = svc.import_log(text.encode())
        assert "".join(svc.export_lines(rec.id)).encode().splitlines()[1:] == text.encode().splitlines()[1:]
    svc.close()


@pytest.mark.long(4)
def test_hostile_corpus_is_rejected_line_by_line_and_changes_nothing(sources, target):
    """Issue 11, hostile logs: truncated lines, wrong types, unknown tags, duplicated or reordered events,
    forgeries with recomputed hashes that break a rule (caught by re-running the rules),
    huge numbers, deep nesting, oversized files, wrong versions, another game's events — each one
    LogRejected with its line and a reason; a sample through ``dinocli import`` exits 4."""
    logs, other, views = sources
    svc, path = target
    corpus = Corpus([Log.parse(t) for t in logs], Log.parse(other), views, seed=20240611, header_depth=True)
    before = fingerprint(path)
    counts = before[0]
    by_family: collections.Counter[str] = collections.Counter()
    runner = CliRunner()
    cli_checked = 0
    for k, case in enumerate(corpus.cases(SCALE)):
        by_family[case.family] += 1
        if case.limits is not None:
            with pytest.raises(LogRejected) as info:
                read_log(case.data, limits=case.limits)
            check_rejection(case, info.value)
            continue
        with pytest.raises(LogRejected) as info:
            svc.import_log(case.data)
        check_rejection(case, info.value)
        assert row_counts(svc) == counts, case.what
        if k % CLI_EVERY == 0 or case.family == "oversized":
            r = runner.invoke(cli, ["--db", str(path), "import", "-"], input=case.data, catch_exceptions=False)
            assert r.exit_code == 4, (case.what, r.output)
            assert r.stdout == "" and r.stderr.count("\n") == 1, (case.what, r.stderr[:300])
            assert r.stderr.startswith(f"dinocli: log rejected: {info.value}")
            cli_checked += 1
        if k % 100 == 0:
            assert fingerprint(path) == before
    assert fingerprint(path) == before
    total = sum(by_family.values())
    add_figure("hostile logs", total)
    add_figure("hostile logs through the CLI", cli_checked)
    assert total >= 1000 or SCALE < 10
    assert len(by_family) == 12 and min(by_family.values()) >= 3, by_family
