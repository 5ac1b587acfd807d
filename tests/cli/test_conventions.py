"""Issue 42, conventions a shell user expects, each tried as a separate `dinocli` process: colour
through a pipe when asked, --json's schema version, man pages reachable by name, the pager left
out when asked, a config file, and tables laid out by display width."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest

from .test_first_hour import EXE, new_id, on_a_terminal, run

pytestmark = pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
SGR = "\x1b["


def shell(db, *args, env=None):
    """``dinocli --db DB ARGS`` with stdout a pipe, no --color given and no colour variable set."""
    full = {k: v for k, v in os.environ.items()
            if k not in ("DINOCLI_DB", "NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "DINOCLI_COLOR")} | (env or {})
    return subprocess.run([str(EXE), "--db", str(db), *args], capture_output=True, text=True, env=full, timeout=120)


def test_colour_through_a_pipe_when_asked_and_never_when_told_not_to(tmp_path):
    """--color always colours even through a pipe; DINOCLI_COLOR is --color's variable; FORCE_COLOR and a
    CLICOLOR_FORCE other than 0 colour auto; NO_COLOR and --color never win over them."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--bots", "2", "--seed", "3")
    coloured = {
        (): False, ("--color", "always"): True, ("--color", "never"): False,
    }
    for flags, wanted in coloured.items():
        r = shell(db, *flags, "show", gid)
        assert r.returncode == 0 and (SGR in r.stdout) == wanted, flags
    for env, wanted in [({"DINOCLI_COLOR": "always"}, True), ({"FORCE_COLOR": "1"}, True), ({"CLICOLOR_FORCE": "1"}, True),
                        ({"CLICOLOR_FORCE": "0"}, False), ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
                        ({"DINOCLI_COLOR": "never", "FORCE_COLOR": "1"}, False)]:
        r = shell(db, "show", gid, env=env)
        assert r.returncode == 0 and (SGR in r.stdout) == wanted, env
    assert SGR not in shell(db, "--color", "always", "show", gid, "--json").stdout   # JSON is never coloured
    bad = shell(db, "show", gid, env={"DINOCLI_COLOR": "sometimes"})
    assert bad.returncode == 2 and "sometimes" in bad.stderr and bad.stderr.count("\n") == 1


def test_json_output_carries_its_schema_version(tmp_path):
    """Every --json output says "schema": 1: in the object, or in each item of a list."""
    db = tmp_path / "g.db"
    gid = new_id(db, "sos", "--seed", "1")
    for args in (["show", gid], ["actions", gid], ["where"], ["config"], ["hint", gid]):
        assert json.loads(run(db, *args, "--json").stdout)["schema"] == 1, args
    for args in (["games"], ["log", gid], ["branches", gid], ["verify", "--all"]):
        items = json.loads(run(db, *args, "--json").stdout)
        assert items and all(item["schema"] == 1 for item in items), args


def test_the_log_command_and_the_log_format_have_man_pages_of_their_own_names(tmp_path):
    """`man dinocli-log` is the command, `man dinocli-log-format` the file format: no two pages share a name."""
    from dinocli.manpages import page_source

    man = EXE.parents[1] / "share" / "man"
    pages = sorted(p.name for p in (man / "man1").glob("dinocli*")) + sorted(p.name for p in (man / "man5").glob("*"))
    if not pages:   # an editable install: the pages in the source tree
        from tests.docs.conftest import MAN

        man, pages = None, sorted(p.name for p in MAN.glob("dinocli*.[156]"))
    stems = [p.rsplit(".", 1)[0] for p in pages]
    assert len(stems) == len(set(stems)) and "dinocli-log.1" in pages and "dinocli-log-format.5" in pages
    assert page_source("dinocli-log-format.5").splitlines()[3].startswith("dinocli\\-log\\-format \\- the exported game log")
    if shutil.which("man") and man is not None:
        for name, words in (("dinocli-log", "events of GAME_ID"), ("dinocli-log-format", "JSON Lines chained")):
            r = subprocess.run(["man", "-M", str(man), "-P", "cat", name], capture_output=True, text=True, timeout=60)
            assert words in " ".join(r.stdout.split()), name


def test_no_pager_and_pager_cat_print_a_long_log_straight_out(tmp_path):
    """A long log on a terminal goes through $PAGER, but not with --no-pager, nor when $PAGER is cat."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dingo", "--watch", "--bot", "rules", "--bot", "rules", "--seed", "7")
    whole = run(db, "log", gid).stdout.splitlines()
    assert all(line.startswith("PAGED:") for line in on_a_terminal(db, "log", gid))
    assert on_a_terminal(db, "--no-pager", "log", gid) == whole
    assert on_a_terminal(db, "log", gid, env={"PAGER": "cat"}) == whole


def test_the_config_file_sets_defaults_the_command_line_overrides(tmp_path):
    """DINOCLI_CONFIG (else the user config dir) is TOML: bot, color, db, player. `dinocli config` shows
    where it is and what is set from where; the command line wins; a bad file is one line, exit 1."""
    conf = tmp_path / "config.toml"
    env = {"DINOCLI_CONFIG": str(conf)}
    db = tmp_path / "from-config.db"

    def dino(*args):
        full = {k: v for k, v in os.environ.items() if k not in ("DINOCLI_DB", "NO_COLOR")} | env
        return subprocess.run([str(EXE), *args], capture_output=True, text=True, env=full, timeout=120)

    none = dino("config")
    assert none.returncode == 0 and f"Config file: {conf} (none yet" in none.stdout and "mcts:medium" in none.stdout
    conf.write_text(f'bot = "rules"\nplayer = "ann"\ndb = "{db}"\ncolor = "always"\n')
    made = json.loads(dino("new", "dingo", "--bots", "1", "--no-play", "--json").stdout)
    assert made["seats"][0]["name"] == "ann" and made["seats"][1]["bot"] == "rules" and db.is_file()
    shown = dino("show", made["game"])
    assert SGR in shown.stdout   # color = "always", through a pipe
    assert SGR not in dino("--color", "never", "show", made["game"]).stdout
    settings = json.loads(dino("--color", "never", "config", "--json").stdout)["settings"]
    assert settings["bot"] == {"value": "rules", "from": "the config file", "sets": settings["bot"]["sets"]}
    assert (settings["color"]["value"], settings["color"]["from"]) == ("never", "--color")
    assert (settings["db"]["value"], settings["player"]["value"]) == (str(db), "ann")
    text = dino("config").stdout.splitlines()
    assert text[0] == f"Config file: {conf}" and any(line.split()[:2] == ["player", "ann"] for line in text)
    for content, words in (("bot = rules\n", "is not TOML"), ('colour = "never"\n', "did you mean color?"),
                           ('color = "blue"\n', "auto, always or never"), ("player = 3\n", "a text in quotes"),
                           ('bot = "genius"\n', "unknown bot kind"), ('player = "two words"\n', "player name")):
        conf.write_text(content)
        r = dino("new", "dingo", "--bots", "1", "--no-play") if "genius" in content or "two" in content \
            else dino("config")
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and words in r.stderr and str(conf) in r.stderr, content


def test_wide_character_names_line_up_in_the_tables(tmp_path):
    """A name in a wide script takes two columns a letter: the seat tables pad it by its width on screen."""
    from dinocli.games.columns import width

    db = tmp_path / "g.db"
    for game in ("dingo", "dodos"):
        gid = new_id(db, game, "--player", "アリスさん", "--player", "bob", "--seed", "2")
        board = run(db, "show", gid).stdout.splitlines()
        columns = []
        for name in ("アリスさん", "bob"):
            row = next(line for line in board if re.match(rf"^[ >]*(?:[AB] )?{name} ", line))
            rest = row[row.index(name) + len(name):]
            columns.append(width(row[:row.index(name) + len(name)]) + len(rest) - len(rest.lstrip()))
        assert columns[0] == columns[1], (game, board)


def test_the_games_table_pads_a_wide_winner_by_its_width(tmp_path):
    """`dinocli games`: a status naming a wide-character winner keeps the SEATS column where it is."""
    import random

    from dinocli.games.columns import width
    from dinocli.service import Service
    from tests.repl.conftest import play_out

    db = tmp_path / "g.db"
    svc = Service.open(str(db))
    try:
        for seed in range(40):   # until the wide name wins one (random moves against a random bot)
            g = play_out(svc, svc.new_game("dingo", players=["アリスさん"], bots=["random"], seed=f"w{seed}"),
                         random.Random(seed))
            if g.winners() == ["アリスさん"]:
                break
        svc.new_game("dingo", players=["bob"], bots=["random"], seed="b")
    finally:
        svc.close()
    table = run(db, "games", "--limit", "2").stdout.splitlines()
    assert any("won by アリスさん" in line for line in table), table
    columns = {width(line[:line.index(seats)]) for line in table for seats in ("SEATS", "アリスさん vs", "bob vs")
               if seats in line}
    assert len(columns) == 1 and len(table) == 3, table
