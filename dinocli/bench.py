"""``dinocli bench``: speed and strength figures, each measured against a baseline in the same run."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from dinocli import games
from dinocli.events import SeededRng
from dinocli.games.protocol import BadConfig
from dinocli.games.runner import fold_all, start

__all__ = ["run", "WHAT"]


def cli_figures(runs: int = 15) -> dict[str, Any]:
    """`dinocli --help` against `python -c "import click"`, interleaved, medians."""
    def t(cmd: list[str]) -> float:
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return time.perf_counter() - t0

    help_cmd = [sys.executable, "-c", "from dinocli.cli import main; import sys; sys.argv=['dinocli','--help']; main()"]
    click_cmd = [sys.executable, "-c", "import click"]
    a, b = [], []
    for _ in range(runs):
        a.append(t(help_cmd))
        b.append(t(click_cmd))
    ha, hb = statistics.median(a), statistics.median(b)
    heavy = subprocess.run([sys.executable, "-c", "import sys; from dinocli.cli import cli; "
                            "print(','.join(m for m in ('numpy','prompt_toolkit','sqlite_utils') if m in sys.modules))"],
                           capture_output=True, text=True).stdout.strip()
    return {"help_s": round(ha, 4), "import_click_s": round(hb, 4), "ratio": round(ha / hb, 3),
            "heavy_modules_imported": heavy or "none"}


def game_figures(game_id: str, *, seconds: float = 3.0, matches: int = 200, variants: tuple[str, ...] = ()) -> dict[str, Any]:
    """Random full games per second, events folded per second, legal actions per decision,
    and the rule-based bot against random over seat-rotated two-player games (``variants`` on)."""
    from dinocli.strength import match

    game = games.get(game_id)
    out: dict[str, Any] = {"variants": list(variants)} if variants else {}
    lo, hi = game.info.min_seats, game.info.max_seats
    counts = sorted({lo, max(2, lo), hi} | ({4} if lo <= 4 <= hi else set()))
    names = tuple(f"p{i}" for i in range(game.info.max_seats))
    logs = []
    for n in counts:
        config = game.configure(names[:n], variants, {})
        done, t0, k = 0, time.perf_counter(), 0
        while time.perf_counter() - t0 < seconds / len(counts):
            rng = SeededRng(f"bench/{k}")
            state, log = start(game, config, rng)
            rnd = random.Random(k)
            while game.to_move(state) is not None:
                legal = game.legal_actions(state)
                state, evs = game.advance(state, legal[rnd.randrange(len(legal))], rng)
                log.extend(evs)
            logs.append((config, log))
            done += 1
            k += 1
        out[f"random_games_per_s_{n}p"] = round(done / (time.perf_counter() - t0), 2)
    widths: list[int] = []
    config = game.configure(names[:counts[0]], variants, {})
    for k in range(20):
        state, _ = start(game, config, SeededRng(f"w/{k}"))
        rnd = random.Random(k)
        while game.to_move(state) is not None:
            legal = game.legal_actions(state)
            widths.append(len(legal))
            state = game.advance(state, legal[rnd.randrange(len(legal))], SeededRng(f"w/{k}"))[0]
    out["legal_actions_mean"] = round(statistics.fmean(widths), 2)
    out["legal_actions_max"] = max(widths)
    t0 = time.perf_counter()
    folded = 0
    for config, log in logs:
        fold_all(game, game.initial(config), log)
        folded += len(log)
    out["events_folded_per_s"] = round(folded / (time.perf_counter() - t0))
    if game.info.cooperative:
        from dinocli.arena import play_game

        for spec in ("random", "rules"):
            scores = [play_game(game, [spec] * 2, f"coop/{i}", variants=variants).scores[0] for i in range(matches)]
            out[f"{spec}_mean_team_score"] = round(statistics.fmean(scores), 2)
    else:
        r = match(game_id, "rules", "random", matches, seed="h2h", variants=variants)
        out["rules_vs_random_win_rate"] = r["win_rate"]
        out["rules_vs_random_ci95"] = r["ci95"]
    return out


def store_figures() -> dict[str, Any]:
    """Durable appends and replay through the store against raw sqlite3."""
    from dinocli.events.bench import store_figures as figures

    with tempfile.TemporaryDirectory() as d:
        return figures(Path(d))


def mcts_figures() -> dict[str, Any]:
    """ISMCTS iterations per second per game against the PyPI `mcts` package."""
    from dinocli.ai.bench import mcts_figures as figures

    return figures(games.all_games())


WHAT = {"cli": cli_figures, "store": store_figures, "mcts": mcts_figures}


def run(what: list[str], *, strength: bool = False, bot: str = "mcts:medium", games: int = 200,
        workers: int = 1, variants: list[str] | None = None, resume: Path | None = None,
        positions: int = 20, seats: int = 2, progress: Any = None) -> dict[str, Any]:
    """Run the named benches (default: all; with ``strength``, every game) and return their figures."""
    from dinocli import games as registry

    names = what or ([] if strength else [*WHAT]) + sorted(registry.GAMES)
    for name in names:
        if name not in WHAT and name not in registry.GAMES:
            raise registry.UnknownGame(f"unknown bench {name!r}; choose from: {', '.join([*WHAT, *sorted(registry.GAMES)])}")
    if strength:
        from dinocli.ai import parse_spec

        from dinocli.strength import check_seats

        parse_spec(bot)  # a bad spec fails before any game is played
        for name in names:
            if name in registry.GAMES:
                check_seats(name, seats)  # and so does a table size a game does not allow
        if resume is not None:
            from dinocli.strength import check_resume

            check_resume(resume)  # and so does a file that is not a resume file
    if seats != 2 and not strength:
        raise BadConfig("--seats is a table size for --strength")
    if variants and len([n for n in names if n in registry.GAMES]) != 1:
        raise BadConfig("--variant needs exactly one game to bench")
    out = {}
    for name in names:
        if name in WHAT:
            out[name] = WHAT[name]()
            continue
        out[name] = game_figures(name, variants=tuple(variants or ()))
        if strength:
            from dinocli.strength import strength_figures

            out[name].update(strength_figures(name, bot=bot, games_=games, workers=workers,
                                              variants=variants or (), resume=resume, positions=positions,
                                              seats=seats, progress=progress))
    return out
