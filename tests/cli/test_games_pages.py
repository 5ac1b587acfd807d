"""Issue #19: `games` lists the latest games a page at a time (--limit, --offset, --before, --kind,
--tournament), through indexes whose cost does not grow with the number of games."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

from dinocli.events.store import Store


def seed_games(db, n: int, kinds=("sos", "dingo")) -> list[str]:
    """``n`` games straight through the store (newest last), alternating kinds; their ids."""
    ids = []
    with Store.open(str(db)) as store:
        for i in range(n):
            rec = store.create_game(kinds[i % len(kinds)], {"names": ["a"]}, [{"name": "a", "bot": None}], "1",
                                    "0" * 64, f"seed{i}", tournament="t1" if i % 3 == 0 else None)
            ids.append(rec.id)
    return ids


def test_pages_by_limit_offset_and_before(dino, tmp_path):
    ids = seed_games(dino.db, 7)
    newest = list(reversed(ids))
    assert [g["game"] for g in dino.json("games")] == newest
    assert [g["game"] for g in dino.json("games", "--limit", "3")] == newest[:3]
    assert [g["game"] for g in dino.json("games", "--limit", "3", "--offset", "3")] == newest[3:6]
    assert [g["game"] for g in dino.json("games", "--limit", "3", "--before", newest[2])] == newest[3:6]
    assert [g["game"] for g in dino.json("games", "--limit", "0")] == newest
    assert [g["game"] for g in dino.json("games", "--kind", "sos")] == [g for g in newest if ids.index(g) % 2 == 0]
    assert [g["game"] for g in dino.json("games", "--tournament", "t1", "--limit", "2")] == \
        [g for g in newest if ids.index(g) % 3 == 0][:2]
    text = dino("games", "--limit", "2").output
    assert text.rstrip().endswith(f"games --limit 2 --before {newest[1]}") and "More: dinocli " in text
    assert "More:" not in dino("games").output


def test_bad_paging_input_is_refused_and_changes_nothing(dino):
    seed_games(dino.db, 2)
    assert dino("games", "--kind", "chess").exit_code == 2
    assert dino("games", "--limit", "-1").exit_code == 2
    r = dino("games", "--before", "nosuchgame")
    assert r.exit_code == 1 and "no game" in r.output


def test_listing_uses_an_index_walk_not_a_sort(dino):
    seed_games(dino.db, 3)
    store = Store.open(dino.db)
    try:
        for kind, tournament in ((None, None), ("sos", None), (None, "t1")):
            store.games(kind=kind, tournament=tournament, limit=2)
        conn = sqlite3.connect(dino.db)
        from dinocli.events.games import GAME_SELECT as _GAME_SELECT

        for clause, args in (("", ()), (" INDEXED BY games_kind_created WHERE kind = ?", ("sos",)),
                             (" WHERE tournament = ?", ("t1",))):
            plan = " ".join(r[3] for r in conn.execute(
                f"EXPLAIN QUERY PLAN SELECT {_GAME_SELECT} FROM games{clause} ORDER BY created DESC, rowid DESC LIMIT 3",
                args))
            assert "TEMP B-TREE" not in plan and "INDEX" in plan, plan
    finally:
        store.close()


def test_games_pages_as_a_process(tmp_path):
    db = tmp_path / "g.db"
    ids = seed_games(db, 4)
    proc = subprocess.run([sys.executable, "-c", "import sys; sys.argv = ['dinocli', 'games', '--limit', '1', "
                           "'--kind', 'dingo']; from dinocli.cli import main; main()"],
                          env={**os.environ, "DINOCLI_DB": str(db), "NO_COLOR": "1"}, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert ids[3] in proc.stdout and ids[1] not in proc.stdout
    assert f"--kind dingo --limit 1 --before {ids[3]}" in proc.stdout
