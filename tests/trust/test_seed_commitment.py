"""Log format 4 (issue 37): the seed commitment is sha256(salt || seed) with a random 128-bit salt revealed
with the seed, so a seed chosen by hand (``new --seed 7``) cannot be guessed back from the header; formats 1
to 3 keep working, and verify says of a format 3 game with a chosen seed "seed commitment unsalted".
tests/trust/data/format3.sqlite was made by dinocli at commit 65db3e1 (format 3): an unfinished strict Dingo
game of ann and bob with seed "7", and a finished Dodos game of two bots with seed "12"."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from dinocli.events import commit, new_seed
from dinocli.verify import UNSALTED, check_seed
from tests.clirunner import Dino
from tests.process.conftest import ok, refused, run

DATA = Path(__file__).with_name("data") / "format3.sqlite"
LIKELY = [str(n) for n in range(10_000)]   # the seeds a person picks first: "7", "42", "1234", ...


def local(*args: str, db: Path) -> subprocess.CompletedProcess:
    """The command in-process (click's runner), shaped as a process's result for ok and refused (a few of the
    commands below run as their own process, the rest here to keep the suite lean)."""
    r = Dino(db)(*args)
    return subprocess.CompletedProcess(args, r.exit_code, r.stdout, r.stderr)


def guess(seed_commit: str) -> list[str]:
    """The chosen-seed attack: every likely seed tried against the header's commitment (as formats 1-3 made it)."""
    return [s for s in LIKELY if hashlib.sha256(s.encode()).hexdigest() == seed_commit]


def test_a_chosen_seed_cannot_be_guessed_from_a_seats_export(tmp_path):
    """Issue 37 item 1: in a game with seed 7, bob exports his own view (allowed) and tries 10,000
    likely seeds against its header's commitment: none matches (the salt is secret until the end). The same
    dictionary finds 7 at once against the unsalted commitment a format 3 game made."""
    db = tmp_path / "g.sqlite"
    new = run("new", "dingo", "--player", "ann", "--player", "bob", "--casual", "--seed", "7", "--no-play", "--json",
              db=db)
    ok(new)
    gid = json.loads(new.stdout)["game"]
    view = run("export", gid, "--as", "bob", db=db)
    ok(view)
    header, *_rest, footer = [json.loads(x) for x in view.stdout.splitlines()]
    assert header["version"] == 4 and footer["seed"] is None and footer["seed_salt"] is None
    assert guess(header["seed_commit"]) == []
    assert guess(commit("7")) == ["7"]          # what the attack found in format 3


def test_a_finished_format_4_game_reveals_salt_and_seed_and_verifies(tmp_path):
    """The footer reveals the salt with the seed; import, replay --verify and verify accept it; a footer that
    drops the salt or changes the seed is refused by the one verifier (exit 4, one line)."""
    db = tmp_path / "g.sqlite"
    bots = ("--bot", "random", "--bot", "random")
    gid = json.loads(local("new", "sos", *bots, "--watch", "--seed", "7", "--json", db=db).stdout)["game"]
    log = local("export", gid, db=db).stdout
    header, *_rest, footer = [json.loads(x) for x in log.splitlines()]
    assert footer["seed"] == "7" and len(footer["seed_salt"]) == 32
    assert commit("7", footer["seed_salt"]) == header["seed_commit"] != commit("7")
    ok(local("verify", gid, db=db), "Verified")
    assert UNSALTED not in local("verify", gid, db=db).stdout
    path = tmp_path / "g.jsonl"
    path.write_text(log)
    ok(local("replay", str(path), "--verify", db=tmp_path / "o.sqlite"))
    ok(local("import", str(path), db=tmp_path / "o.sqlite"))
    ok(local("verify", "--all", db=tmp_path / "o.sqlite"), "1 of 1 games verified")
    lines = log.splitlines()
    for change, reason in (({"seed_salt": None}, "without its salt"), ({"seed": "8"}, "does not match the seed commit"),
                           ({"seed_salt": "0" * 32}, "does not match the seed commit")):
        path.write_text("\n".join(lines[:-1] + [json.dumps({**footer, **change})]) + "\n")
        refused((run if reason == "without its salt" else local)("import", str(path), db=tmp_path / "x.sqlite"), 4,
                reason)
        refused(local("replay", str(path), "--verify", db=tmp_path / "x.sqlite"), 4, reason)


def test_an_unfinished_format_4_save_with_its_seed_carries_the_salt_and_plays_on(tmp_path):
    """export --with-seed reveals seed and salt to the save's reader; the import plays on and verifies."""
    db, other = tmp_path / "g.sqlite", tmp_path / "o.sqlite"
    new = local("new", "dingo", "--bot", "random", "--bot", "random", "--seed", "9", "--no-play", "--json", db=db)
    gid = json.loads(new.stdout)["game"]
    ok(local("move", gid, "1", db=db))
    save = local("export", gid, "--with-seed", db=db)
    footer = json.loads(save.stdout.splitlines()[-1])
    assert footer["seed"] == "9" and len(footer["seed_salt"]) == 32
    (tmp_path / "s.jsonl").write_text(save.stdout)
    new = json.loads(local("import", str(tmp_path / "s.jsonl"), "--json", db=other).stdout)["game"]
    ok(local("move", new, "1", db=other))
    ok(local("verify", new, db=other), "every draw against the seed")


def test_a_format_3_database_migrates_plays_on_and_says_its_chosen_seed_is_unsalted(tmp_path):
    """Formats 1-3 still import, verify and play on; a format 3 game whose seed was chosen is verified with the
    warning "seed commitment unsalted"; a game created in the migrated database is format 4."""
    db = tmp_path / "old.sqlite"
    shutil.copy(DATA, db)
    r = run("verify", "--all", db=db)   # the migration, in a process of its own
    ok(r, "2 of 2 games verified")
    assert r.stdout.count(UNSALTED) == 2 and "'7'" in r.stdout and "'12'" in r.stdout
    report = json.loads(local("verify", "--all", "--json", db=db).stdout)
    assert all(g["ok"] and g["warnings"][0].startswith(UNSALTED) for g in report) and len(report) == 2
    games = {g["kind"]: g["game"] for g in json.loads(local("games", "--json", db=db).stdout)}
    log = local("export", games["dodos"], db=db).stdout
    assert json.loads(log.splitlines()[0])["version"] == 3 and "seed_salt" not in log.splitlines()[-1]
    (tmp_path / "d.jsonl").write_text(log)
    replay = local("replay", str(tmp_path / "d.jsonl"), "--verify", db=tmp_path / "o.sqlite")
    ok(replay, UNSALTED)
    ok(local("import", str(tmp_path / "d.jsonl"), db=tmp_path / "o.sqlite"))
    ok(local("move", games["dingo"], "1", db=db))
    ok(local("verify", games["dingo"], db=db), UNSALTED)
    fresh = local("new", "sos", "--bot", "random", "--bot", "random", "--watch", "--seed", "7", "--json", db=db)
    fresh = json.loads(fresh.stdout)["game"]
    assert json.loads(local("export", fresh, db=db).stdout.splitlines()[0])["version"] == 4


def test_only_a_chosen_seed_under_an_unsalted_commitment_is_warned_of():
    """A random seed (128 bits, as new draws it) is as safe unsalted; a chosen one is not; format 4 never is."""
    seed = new_seed()
    assert check_seed(seed, None, commit(seed), 3) == []
    assert check_seed("7", None, commit("7"), 3)[0].startswith(UNSALTED)
    assert check_seed("7", "a" * 32, commit("7", "a" * 32), 4) == []
