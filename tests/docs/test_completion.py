"""Shell completion through click for bash, zsh and fish: game ids, game kinds, bot specs,
variants (issue 10). Completion is driven the way the shells' scripts drive it."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinocli.ai import LEVELS, parse_spec
from dinocli.cli import Env, cli
from dinocli.games import GAMES, get


def complete(line: str, shell: str = "bash", db: Path | None = None) -> list[tuple[str, str | None]]:
    """(value, help) pairs the shell would be given for the text ``line`` (cursor at the end)."""
    env = {"_DINOCLI_COMPLETE": f"{shell}_complete", "DINOCLI_DB": str(db) if db else None,
           "COMP_LINE": None, "COMP_POINT": None, "COMP_WORDS": None, "COMP_CWORD": None}
    words = shlex.split(line)
    if shell == "bash":
        env |= {"COMP_LINE": line, "COMP_POINT": str(len(line))}
    elif shell == "zsh":
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - (0 if line.endswith(" ") else 1))}
    else:
        env |= {"COMP_WORDS": line, "COMP_CWORD": "" if line.endswith(" ") else words[-1]}
    r = CliRunner().invoke(cli, [], env=env, prog_name="dinocli", obj=Env())
    assert r.exit_code == 0, r.output
    out = r.output
    if shell == "zsh" or (shell == "fish" and out.split("\n", 1)[0] in ("plain", "dir", "file")):
        # zsh, and fish since click 8.4: three lines per item (type, value, help or "_")
        rows = out.split("\n")
        triples = [rows[i:i + 3] for i in range(0, len(rows) - 2, 3)]
        return [(v.replace("\\:", ":"), None if h == "_" else h) for t, v, h in triples if t == "plain"]
    pairs = []
    for row in out.splitlines():
        kind, _, rest = row.partition(",")
        value, _, help_ = rest.partition("\t")
        if kind == "plain":
            pairs.append((value, help_ or None))
    return pairs


def values(line: str, shell: str = "bash", db: Path | None = None) -> list[str]:
    return [v for v, _ in complete(line, shell, db)]


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """A database with a dingo game in progress (seats ann and rex, branch 'try') and a finished sos game."""
    path = tmp_path_factory.mktemp("completion") / "games.sqlite"
    runner = CliRunner()

    def run(*args):
        r = runner.invoke(cli, ["--db", str(path), *args, "--json"], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)

    done = run("new", "sos", "--watch", "--bot", "rules", "--seed", "1")
    live = run("new", "dingo", "--player", "ann", "--bot", "rules", "--seed", "1", "--no-play")
    r = runner.invoke(cli, ["--db", str(path), "branch", live["game"], "try"])
    assert r.exit_code == 0, r.output
    return path, live["game"], done["game"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_game_ids_come_from_the_database(db, shell):
    """Issue 10: GAME_ID completes saved ids, games in progress first, with kind and seats as help."""
    path, live, done = db
    pairs = complete("dinocli show ", shell, path)
    assert [v for v, _ in pairs] == [live, done]
    if shell != "bash":  # bash shows no help texts
        assert pairs[0][1] == "dingo, in progress: ann, rex (rules)"
    assert values(f"dinocli play {live[:3]}", shell, path) == [live]
    assert values(f"dinocli replay {done[:3]}", shell, path) == [done]


def test_game_ids_honour_db_on_the_line_and_never_create_a_database(db, tmp_path):
    path, live, done = db
    missing = tmp_path / "nothing.sqlite"
    assert values(f"dinocli --db {path} log ", db=missing) == [live, done]
    assert values("dinocli show ", db=missing) == []
    assert not missing.exists()
    (tmp_path / "junk.sqlite").write_text("not a database")
    assert values("dinocli show ", db=tmp_path / "junk.sqlite") == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_game_kinds_come_from_the_registry(shell):
    """Issue 10: GAME completes dinocli.games.GAMES for new, rules and tournament."""
    for command in ("new", "rules", "tournament"):
        assert values(f"dinocli {command} ", shell) == sorted(GAMES)
    pairs = dict(complete("dinocli new ", shell))
    if shell != "bash":
        assert all(pairs[g].startswith(get(g).info.name) for g in GAMES)
    assert values("dinocli rules d", shell) == sorted(g for g in GAMES if g.startswith("d"))


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_bot_specs_complete_kinds_levels_and_options(shell):
    """Issue 10: --bot completes random, rules, mcts, the levels of dinocli.ai, and mcts options."""
    assert values("dinocli new dingo --bot ", shell) == ["random", "rules", "mcts", "uct", *(f"mcts:{lv}" for lv in LEVELS)]
    assert values("dinocli tournament dingo --bot r", shell) == ["random", "rules"]
    assert values("dinocli hint abc --bot mcts:h", shell)[-1].endswith("hard")


def test_bot_spec_completions_are_specs_that_parse():
    """Every completed spec that is not a `key=` stem parses; levels are not offered twice."""
    seen = set()
    frontier = ["", "mcts:"]
    while frontier:
        text = frontier.pop()
        for value in values(f"dinocli new dingo --bot {text}", "fish"):
            if value in seen or value == text:
                continue
            seen.add(value)
            if not value.endswith("="):
                parse_spec(value)
                if value.startswith("mcts:") and value.count(",") < 2:
                    frontier.append(value + ",")
    assert "mcts:hard,rollout=rules" in seen and "mcts:iterations=" in seen
    assert not any(v.startswith("mcts:hard,easy") for v in seen)


def test_bash_gets_only_the_part_after_a_colon_or_equals_sign():
    """Bash splits words at ':' and '=', so it is given what replaces the last piece."""
    assert values("dinocli new dingo --bot mcts:ha") == ["hard"]
    assert values("dinocli new dingo --bot mcts:hard,rollout=r") == ["random", "rules"]
    assert values("dinocli new dingo --bot=ra") == ["random"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_variants_of_the_chosen_game(shell, game):
    """Issue 10: --variant completes the variants of the game named before it (no-NAME for a default one)."""
    info = get(game).info
    want = [f"no-{v}" if v in info.default_variants else v for v in info.variants]
    assert values(f"dinocli new {game} --variant ", shell) == want
    assert values(f"dinocli tournament {game} --bot rules --variant ", shell) == want
    assert values("dinocli new --variant ", shell) == []


def test_seats_and_branches_of_the_game_on_the_line(db):
    path, live, done = db
    assert values(f"dinocli show {live} --as ", db=path) == ["ann", "rex"]
    assert values(f"dinocli log {live[:4]} --as a", db=path) == ["ann"]
    assert values(f"dinocli checkout {live} ", db=path) == ["main", "try"]
    assert values("dinocli checkout nosuchgame ", db=path) == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_scripts_are_generated_for_each_shell(shell):
    r = CliRunner().invoke(cli, [], env={"_DINOCLI_COMPLETE": f"{shell}_source"}, prog_name="dinocli", obj=Env())
    assert r.exit_code == 0
    assert "_dinocli_completion" in r.output and "_DINOCLI_COMPLETE" in r.output


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_real_bash_completes_a_spec_after_its_colon(db):
    """The bash script itself, called as bash's programmable completion calls it."""
    exe = Path(sys.executable).with_name("dinocli")
    if not exe.exists():
        pytest.skip("the dinocli script is not installed next to this Python")
    path, live, _ = db
    script = r'''
source <(_DINOCLI_COMPLETE=bash_source dinocli)
probe() { COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
          COMPREPLY=(); _dinocli_completion dinocli; echo "${COMPREPLY[*]}"; }
probe "dinocli new dingo --bot mcts:ha" dinocli new dingo --bot mcts : ha
probe "dinocli show " dinocli show ""
'''
    env = {**os.environ, "PATH": f"{exe.parent}{os.pathsep}{os.environ.get('PATH', '')}", "DINOCLI_DB": str(path)}
    proc = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True, text=True,
                          env=env, timeout=60)
    lines = proc.stdout.splitlines()
    assert lines[:2] == ["hard", " ".join(values("dinocli show ", db=path))], proc.stderr


def test_bench_targets_and_saved_tournaments(tmp_path):
    from dinocli.bench import WHAT

    assert values("dinocli bench ") == [*WHAT, "serve", *sorted(GAMES)]
    pytest.importorskip("openskill", reason="tournaments need openskill")
    db = tmp_path / "t.sqlite"
    r = CliRunner().invoke(cli, ["--db", str(db), "tournament", "dingo", "--bot", "rules", "--bot", "random",
                                 "--games", "2", "--workers", "1", "--save", "--json"])
    assert r.exit_code == 0, r.output
    tournaments = {g["tournament"] for g in json.loads(CliRunner().invoke(cli, ["--db", str(db), "games", "--json"]).stdout)}
    assert values("dinocli games --tournament ", db=db) == sorted(tournaments)
