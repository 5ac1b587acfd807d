"""Rewrite the README's session transcripts by running dinocli (issue 10).

    python tools/readme_sessions.py          # rewrite README.md between the sessions markers
    python tools/readme_sessions.py --print  # print the Markdown instead

For each registered game: a seeded game against a rule-based bot, its legal actions, and one
move with the bot's reply — real output, in a throw-away database. Game ids are random.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START, END = "<!-- sessions:start -->", "<!-- sessions:end -->"
# moves to prefer when legal (else the first legal action), so each session reaches the bot's answer soon
PREFERRED = {"dingo": ["play blue-dingo you"], "dodos": ["pick dash", "pass"], "dillos": ["act 6", "stop"]}
MAX_ACTIONS = 8
MAX_MOVES = 6


def run(db: str, *args: str) -> str:
    """Run dinocli on ``db`` and return its standard output (failing loudly)."""
    exe = Path(sys.executable).with_name("dinocli")
    cmd = [str(exe) if exe.exists() else "dinocli", "--color", "never", *args]
    env = {**os.environ, "NO_COLOR": "1", "DINOCLI_DB": db}  # not --db: suggested commands would repeat it
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    return proc.stdout.rstrip("\n")


def session(db: str, game: str) -> str:
    """One game's transcript as a Markdown code block."""
    created = run(db, "new", game, "--bot", "rules", "--seed", "7", "--no-play")
    gid = json.loads(run(db, "games", "--json"))[0]["game"]
    legal = json.loads(run(db, "actions", gid, "--json"))["actions"]
    listed = run(db, "actions", gid).splitlines()
    if len(listed) > MAX_ACTIONS + 1:
        listed = listed[:MAX_ACTIONS + 1] + [f"  … {len(legal) - MAX_ACTIONS} more"]
    lines = [f"$ dinocli new {game} --bot rules --seed 7 --no-play", created, f"$ dinocli actions {gid}", *listed]
    for _ in range(MAX_MOVES):  # until the bot has answered
        action = next((a for a in PREFERRED.get(game, []) if a in legal), legal[0])
        moved = run(db, "move", gid, *action.split())
        board = run(db, "show", gid)
        assert moved.endswith(board), "move prints the decisions, then the board as `show` draws it"
        lines += [f"$ dinocli move {gid} {action}", *moved[:-len(board)].splitlines(), "[… the board …]",
                  board.splitlines()[-1]]
        if "(bot)" in moved:
            break
        legal = json.loads(run(db, "actions", gid, "--json"))["actions"]
    return "```console\n" + "\n".join(lines) + "\n```"


def sessions() -> str:
    """The Markdown of every registered game's session."""
    from dinocli import games

    parts = []
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "readme.sqlite")
        for g in games.all_games():
            parts.append(f"### {g.info.name} (`{g.info.id}`)\n\n{session(db, g.info.id)}")
    return "\n\n".join(parts)


def main() -> None:
    """Print or splice the sessions."""
    text = sessions()
    if "--print" in sys.argv[1:]:
        print(text)
        return
    readme = README.read_text(encoding="utf-8")
    new = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda m: f"{START}\n{text}\n{END}", readme, flags=re.S)
    if new == readme and START not in readme:
        sys.exit(f"{README} has no {START} ... {END} markers")
    README.write_text(new, encoding="utf-8")
    print(f"rewrote the sessions in {README}")


if __name__ == "__main__":
    main()
