"""One verifier (issue 37): `import`, `replay --verify` and `verify --all` agree on every log of the hostile
corpus (corpus.py) and on the real logs it is made from. A log one of them accepts the others accept (a seat's
view: replay --verify reads it, import refuses it as a view), a log one refuses the others refuse with the same
line and reason, and a log import stores verifies in the database."""

from __future__ import annotations

from click.testing import CliRunner

import pytest

from dinocli.cli import cli
from dinocli.events.errors import LogRejected
from dinocli.service import Service, read_log_for_game
from dinocli.verify import verify_log, verify_stored

from .conftest import add_figure, size
from .corpus import Corpus, Log
from .test_hostile_logs import sources  # noqa: F401 - the fixture: real exports, finished and not, and views

SCALE = size(3, 20)     # about 110 cases per unit of scale
CLI_EVERY = size(40, 100)
VIEW = "line 1: a seat's view cannot be imported"


def verdict(fn) -> str:
    """'ok', or the one-line rejection."""
    try:
        fn()
    except LogRejected as exc:
        return str(exc)
    return "ok"


@pytest.mark.long(4)
def test_import_replay_verify_and_verify_all_agree_on_every_log(sources, tmp_path):  # noqa: F811
    logs, other, views = sources
    corpus = Corpus([Log.parse(t) for t in logs], Log.parse(other), views, seed=37, header_depth=True)
    cases = [(f"source {i}", text.encode()) for i, text in enumerate([*logs, other])] + \
        [(f"view {i}", v) for i, v in enumerate(views)] + \
        [(c.what, c.data) for c in corpus.cases(SCALE) if c.limits is None]
    db = tmp_path / "agree.sqlite"
    svc = Service.open(str(db))
    runner = CliRunner()
    tally = {"cases": 0, "accepted": 0, "cli": 0}
    for k, (what, data) in enumerate(cases):
        replayed = verdict(lambda: verify_log(read_log_for_game(data, allow_view=True)))
        stored: list = []
        imported = verdict(lambda: stored.append(svc.import_log(data)))
        is_view = replayed == "ok" and read_log_for_game(data, allow_view=True).is_view
        if is_view:
            assert imported.startswith(VIEW), (what, imported)
        else:
            assert imported == replayed, (what, imported, replayed)
        if stored:
            tally["accepted"] += 1
            assert verify_stored(svc.store, stored[0].id).events == len(read_log_for_game(data).entries), what
        if k % CLI_EVERY == 0 or stored:
            path = tmp_path / "case.jsonl"
            path.write_bytes(data)
            other_db = str(tmp_path / f"cli{k}.sqlite")
            r_replay = runner.invoke(cli, ["--db", other_db, "replay", str(path), "--verify"])
            r_import = runner.invoke(cli, ["--db", other_db, "import", str(path)])
            assert r_replay.exit_code == (0 if replayed == "ok" else 4), (what, r_replay.output)
            assert r_import.exit_code == (0 if imported == "ok" else 4), (what, r_import.output)
            r_all = runner.invoke(cli, ["--db", other_db, "verify", "--all"])
            assert r_all.exit_code == 0, (what, r_all.output)
            tally["cli"] += 1
        tally["cases"] += 1
    r_all = runner.invoke(cli, ["--db", str(db), "verify", "--all"])
    assert r_all.exit_code == 0 and f"{tally['accepted'] + 0} of" in r_all.stdout, r_all.output
    svc.close()
    add_figure("logs on which import, replay --verify and verify --all agree", tally["cases"])
    assert tally["accepted"] >= 4 and tally["cases"] >= 300 or SCALE < 3
