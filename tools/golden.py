"""Golden playthroughs: one seeded game per game and variant, played by the rule bots to the end,
written as text to tests/golden/<game>[-variant].txt (issue #18: a refactor must not change them).

At each decision: the seat to move, its view drawn as text (``render(observe(state, seat))``, and a
digest of the same in colour), the legal actions in canonical notation, the action taken and the log lines of the events it caused.
The first ``FULL`` decisions are written out in full; after that, one line per decision gives the
seat, the action and a digest of the view, the legal actions and the event lines (so a change
anywhere still shows, at the decision where it happens). The end: the spectator's view, scores,
returns.

    python tools/golden.py            rewrite the files
    python tools/golden.py --check    compare, print a unified diff, exit 1 on a difference
"""

from __future__ import annotations

import difflib
import hashlib
import pathlib
import random
import sys
from collections.abc import Iterator

from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.protocol import Game
from dinocli.games.runner import start, step

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "golden"
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")
FULL = 6         # decisions written out in full (views, every legal action, event lines)
FULL_BASE = 16   # ... in each game's playthrough without variants
LISTED = 150     # decisions with a line each; after that, one line per STRIDE decisions
STRIDE = 50
SEED = "golden-1"

# (game id, variants, seats, seed): each game as configured by default, then each variant it lists
# on its own (a default-on variant turned off; Dingo's two-player rule at two seats). Seeds other
# than SEED were picked for games that last long enough to show something (rule bots can win early).
CASES = (
    ("dillos", (), 3, "golden-4"),
    ("dillos", ("again-home",), 3, SEED),
    ("dillos", ("city-planning",), 3, SEED),
    ("dillos", ("home-again",), 3, SEED),
    ("dillos", ("houston",), 3, SEED),
    ("dillos", ("small",), 3, "golden-3"),
    ("dillos", ("small-world",), 3, SEED),
    ("dingo", (), 3, SEED),
    ("dingo", ("no-two-player-six",), 2, SEED),
    ("dingo", ("tiebreak-day",), 3, SEED),
    ("dodos", (), 4, SEED),
    ("dodos", ("abilities",), 4, SEED),
    ("dodos", ("space",), 4, SEED),
    ("sos", (), 2, SEED),
    ("sos", ("bushes-instead-of-rocks",), 2, SEED),
    ("sos", ("thorny-bush",), 2, SEED),
)


def cases() -> list[tuple[str, tuple[str, ...]]]:
    """(game id, variants) of every golden playthrough."""
    return [(game_id, variants) for game_id, variants, _seats, _seed in CASES]


def filename(game_id: str, variants: tuple[str, ...]) -> str:
    """tests/golden/<game>[-variant].txt"""
    return "-".join((game_id, *variants)) + ".txt"


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:16]


def playthrough(game_id: str, variants: tuple[str, ...]) -> Iterator[str]:
    """The lines of one golden playthrough."""
    game: Game = get(game_id)
    seats, base = next((n, s) for g, v, n, s in CASES if (g, v) == (game_id, variants))
    full = FULL if variants else FULL_BASE
    config = game.configure(NAMES[:seats], variants, {})
    seed = f"{base}/{game_id}/{'+'.join(variants)}"
    rng = SeededRng(seed)
    yield f"# golden playthrough: {game.info.name} ({game_id}), rule bots, seed {seed!r}"
    yield f"# config: names={list(config.names)} variants={list(config.variants)} options={config.options}"
    yield (f"# regenerate: python tools/golden.py (the first {full} decisions in full, one line each up to "
           f"{LISTED}, then one line per {STRIDE} with a digest of all since the last)")
    state, events = start(game, config, rng)
    yield "## setup"
    yield from (f"  | {game.describe(e, config)}" for e in events)
    n, since = 0, hashlib.sha256()
    while (seat := game.to_move(state)) is not None and n < game.info.max_decisions:
        view = game.observe(state, seat)
        picture = game.render(view, False)
        painted = _digest(game.render(view, True))
        legal = game.legal_actions(state)
        texts = [game.format_action(state, a) for a in legal]
        action, _reason = game.strategy(view, seat, legal, random.Random(f"{seed}/{n}"))
        taken = game.format_action(state, action)
        state, events = step(game, state, action, rng)
        lines = [game.describe(e, config) for e in events]
        if n < full:
            yield f"## decision {n}: seat {seat} ({config.names[seat]}) to move"
            yield from (f"  {line}".rstrip() for line in picture.splitlines())
            yield f"  in colour: {painted}"
            yield f"  legal ({len(texts)}): " + " | ".join(texts)
            yield f"  taken: {taken}"
            yield from (f"  | {line}" for line in lines)
        else:
            line = (f"{n} seat {seat} {taken!r} legal={len(texts)} view={_digest(picture)}/{painted} "
                    f"actions={_digest(*texts)} events={len(lines)}:{_digest(*lines)}")
            if n < LISTED:
                yield line
            else:
                since.update(line.encode() + b"\n")
                if (n + 1 - LISTED) % STRIDE == 0:
                    yield f"{n + 1 - STRIDE}..{n}: {since.hexdigest()[:16]}"
                    since = hashlib.sha256()
        n += 1
    if n > LISTED and (n - LISTED) % STRIDE:
        yield f"{n - (n - LISTED) % STRIDE}..{n - 1}: {since.hexdigest()[:16]}"
    yield f"## end after {n} decisions"
    yield from (f"  {line}".rstrip() for line in game.render(game.observe(state, None), False).splitlines())
    yield f"  scores: {game.scores(state)}"
    yield f"  returns: {[round(r, 6) for r in game.returns(state)]}"


def text(game_id: str, variants: tuple[str, ...]) -> str:
    """One golden file's text."""
    return "\n".join(playthrough(game_id, variants)) + "\n"


def check(root: pathlib.Path = ROOT) -> list[str]:
    """Unified diffs of every golden file that differs from a fresh playthrough (empty: all same)."""
    diffs = []
    for game_id, variants in cases():
        path = root / filename(game_id, variants)
        old = path.read_text().splitlines(keepends=True) if path.exists() else []
        new = text(game_id, variants).splitlines(keepends=True)
        if old != new:
            diffs.append("".join(difflib.unified_diff(old, new, f"{path.name} (stored)", f"{path.name} (now)")))
    return diffs


def main(argv: list[str]) -> int:
    """Rewrite the golden files, or with --check compare them."""
    if argv == ["--check"]:
        diffs = check()
        sys.stdout.write("".join(diffs))
        return 1 if diffs else 0
    if argv:
        print("usage: python tools/golden.py [--check]", file=sys.stderr)
        return 2
    ROOT.mkdir(parents=True, exist_ok=True)
    for game_id, variants in cases():
        path = ROOT / filename(game_id, variants)
        path.write_text(text(game_id, variants))
        print(path, path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
