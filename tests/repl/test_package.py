"""Issue #18 items 5 and 6: shell completion reads the database through the service; the verifier does
not import the service; the replay/review screens load prompt_toolkit only when one opens."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from dinocli.cli import Env, cli
from dinocli.service import Service


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_verify_and_the_replay_frames_import_no_service_and_no_prompt_toolkit():
    """verify sits below service (game_result and the snapshot codec live in dinocli.results); plain
    `replay` needs no prompt_toolkit."""
    assert _fresh("import sys, dinocli.verify; print('dinocli.service' in sys.modules)") == "False"
    assert _fresh("import sys, dinocli.repl.step; print('prompt_toolkit' in sys.modules)") == "False"
    assert _fresh("import sys; from dinocli.repl import Repl; print('prompt_toolkit' in sys.modules)") == "True"


def test_completion_opens_the_database_read_only_through_the_service(tmp_path, monkeypatch):
    """Game ids, seats, branches and moves: each completion opens the database once, by Service.open,
    read-only; what it offers comes from the service (branches with the current one marked)."""
    db = tmp_path / "c.sqlite"
    svc = Service.open(str(db))
    g = svc.new_game("dingo", players=["ann"], bots=["rules"], seed="c")
    list(svc.run_bots(g))
    svc.branch(g.id, "alt")
    svc.close()
    opened: list[dict] = []
    real = Service.open.__func__

    def watched(cls, path=None, **options):
        opened.append(options)
        return real(cls, path, **options)

    monkeypatch.setattr(Service, "open", classmethod(watched))

    def complete(line: str) -> list[str]:
        env = {"_DINOCLI_COMPLETE": "bash_complete", "COMP_LINE": line, "COMP_POINT": str(len(line))}
        r = CliRunner().invoke(cli, [], env=env, prog_name="dinocli", obj=Env())
        assert r.exit_code == 0, r.output
        return [row.partition(",")[2] for row in r.output.splitlines() if row.startswith("plain,")]

    prefix = f"dinocli --db {db} "
    assert complete(prefix + "show ") == [g.id]
    assert complete(prefix + f"log {g.id} --as ") == ["ann", "rex"]
    assert complete(prefix + f"checkout {g.id} ") == ["main", "alt"]
    words = complete(prefix + f"move {g.id} ")
    assert opened == [{"readonly": True, "timeout": 0.2}] * 4
    check = Service.open(str(db), readonly=True)
    assert sorted(words) == sorted({t.split()[0] for t in check.load(g.id).legal_texts()})
    check.close()
