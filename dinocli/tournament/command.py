"""The ``dinocli tournament`` command: contestants from specs, the run, the report and its table."""

from __future__ import annotations

import time
from typing import Any

import click

from dinocli.output import SCHEMA, emit_json

from .plan import Contestant, TournamentError, make_plan
from .run import Progress, local_workers, run_plan
from .stats import summarize

__all__ = ["command", "contestants", "tournament", "TournamentError"]


def contestants(specs: list[str]) -> list[Contestant]:
    """Parse bot specs into contestants with unique labels (a repeated spec gets ``#2``...)."""
    from dinocli.ai import BotSpecError, parse_spec

    if not specs:
        raise TournamentError("a tournament needs at least one --bot SPEC")
    out: list[Contestant] = []
    seen: dict[str, int] = {}
    for text in specs:
        try:
            spec = parse_spec(text).name
        except BotSpecError as exc:
            raise TournamentError(str(exc)) from None
        seen[spec] = seen.get(spec, 0) + 1
        out.append(Contestant(label=spec if seen[spec] == 1 else f"{spec}#{seen[spec]}", spec=spec))
    return out


def _seat_count(info, seats: int | None) -> int:
    """The seats per game: as asked, else 2 (or the game's minimum), within the game's range."""
    n = seats if seats is not None else min(max(2, info.min_seats), info.max_seats)
    if not info.min_seats <= n <= info.max_seats:
        raise TournamentError(f"{info.name} seats {info.min_seats}-{info.max_seats} players, not {n} (--seats)")
    return n


def _timed_specs(cs: list[Contestant]) -> list[str]:
    """Specs with a wall-clock budget (their games depend on machine load)."""
    from dinocli.ai import parse_spec

    return [c.spec for c in cs if parse_spec(c.spec).seconds is not None]


def tournament(game_id: str, specs: list[str], *, games: int = 100, workers: int | None = None, seed: str = "tournament",
               seats: int | None = None, variants: list[str] = (), early_stop: bool = False, db: str | None = None,
               save: bool = False, scheduler: str | None = None, quiet: bool = True) -> dict[str, Any]:
    """Run a tournament and return its report (the data ``--json`` prints); unless ``quiet``, say how it
    goes on stderr (:class:`~.run.Progress`)."""
    from dinocli import games as registry

    game = registry.get(game_id)
    info = game.info
    cs = contestants(list(specs))
    n_seats = _seat_count(info, seats)
    if games < 1:
        raise TournamentError("--games must be at least 1")
    config = game.configure(tuple(f"seat{i}" for i in range(n_seats)), tuple(variants), {})
    if workers is not None and workers < 1:
        raise TournamentError("--workers must be at least 1")
    plan = make_plan(info.id, cs, n_seats, tuple(variants), str(seed), games, cooperative=info.cooperative)
    timed = _timed_specs(cs)
    warnings = []
    if timed:
        warnings.append(f"{', '.join(timed)} {'has' if len(timed) == 1 else 'have'} a time budget: results depend "
                        "on machine load and are not reproducible (use mcts:iterations=N)")
    if scheduler is not None and workers is not None:
        warnings.append("--workers is ignored with --scheduler: the cluster's workers play")
    if early_stop and info.cooperative:
        warnings.append("--early-stop has no pairing to decide in a cooperative game; every game is played")
    for w in warnings:
        click.echo(f"dinocli: warning: {w}", err=True)

    workers = local_workers() if workers is None else workers
    saver = None
    if save:
        from .save import Saver

        saver = Saver(db, plan, game)
    where = f"scheduler {scheduler}" if scheduler else f"{workers} worker{'s' * (workers != 1)}"
    bar = Progress(plan, where, cooperative=info.cooperative, quiet=quiet)
    start = time.perf_counter()
    try:
        results, stopped = run_plan(plan, workers=workers, scheduler=scheduler,
                                    early_stop=early_stop and not info.cooperative, record=save,
                                    sink=saver.save if saver else None, progress=bar)
    finally:
        bar.close()
        if saver:
            saver.close()
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {
        "tournament": saver.id if saver else None,
        "game": info.id,
        "seats": n_seats,
        "variants": list(config.variants),
        "seed": plan.seed,
        "games_per_pairing": games,
        "cooperative": info.cooperative,
        "deterministic": not timed,
        "early_stop": early_stop and not info.cooperative,
        "saved": saver.saved if saver else 0,
    }
    report.update(summarize(plan, results, cooperative=info.cooperative, stopped=stopped))
    report["run"] = {"workers": None if scheduler else workers, "scheduler": scheduler,
                     "elapsed": round(elapsed, 3),
                     "games_per_second": round(len(results) / elapsed, 3) if elapsed > 0 else None}
    report["warnings"] = warnings
    return report


def command(env, *, game: str, specs: list[str], games: int, workers: int | None, seed: str, seats: int | None,
            variants: list[str], early_stop: bool, save: bool, scheduler: str | None, as_json: bool,
            report_file: str | None = None, quiet: bool = False) -> None:
    """The ``dinocli tournament`` command: run, then print the table (or JSON), and draw the
    charts page when asked."""
    report = {"schema": SCHEMA} | tournament(game, specs, games=games, workers=workers, seed=seed, seats=seats,
                                             variants=variants, early_stop=early_stop, db=env.db, save=save,
                                             scheduler=scheduler, quiet=quiet)   # the page holds what --json prints
    if report_file is not None:
        from dinocli.pictures import write_text
        from dinocli.pictures.report import report_page

        from dinocli.safe import safe

        write_text(report_file, report_page(report))
        click.echo(f"Report drawn to {safe(report_file)}", err=True)
    if as_json:
        emit_json(report)
        return
    colour = env.color()
    click.echo(render(report, color=colour), color=colour or None)


# -- the table ---------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(ci: list[float], pct: bool = True) -> str:
    return f"[{100 * ci[0]:4.1f}, {100 * ci[1]:5.1f}]" if pct else f"[{ci[0]:.2f}, {ci[1]:.2f}]"


def _table(headers: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return [fmt(headers), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]


def render(report: dict[str, Any], color: bool = False) -> str:
    """The report as plain-text tables for the terminal."""
    def head(text: str) -> str:
        return click.style(text, bold=True) if color else text

    run = report["run"]
    where = f"scheduler {run['scheduler']}" if run["scheduler"] else f"{run['workers']} worker{'s' * (run['workers'] != 1)}"
    rate = f"{run['games_per_second']:.3g} games/s" if run["games_per_second"] else "-"
    lines = [head(f"Tournament {report['game']}") + f": {report['seats']} seats, {report['games']} games "
             f"({report['games_per_pairing']} per pairing), seed {report['seed']!r}"
             + (f", variants {', '.join(report['variants'])}" if report["variants"] else ""),
             f"{where}, {run['elapsed']:.1f} s, {rate}", ""]
    if report["cooperative"]:
        rows = [[b["bot"], str(b["games"]), f"{b['team_score']['mean']:.2f}", _ci(b["team_score"]["ci95"], False),
                 " ".join(f"{k}:{v}" for k, v in b["team_score"]["distribution"].items())] for b in report["bots"]]
        lines += [head("Team score per bot")] + _table(["bot", "games", "mean", "95% CI", "distribution (score:games)"],
                                                        rows, {1, 2})
        if len(report["lineups"]) > 1:
            rows = [[" + ".join(lu["bots"]), str(lu["games"]), f"{lu['team_score']['mean']:.2f}",
                     _ci(lu["team_score"]["ci95"], False),
                     " ".join(f"{k}:{v}" for k, v in lu["team_score"]["distribution"].items())]
                    for lu in report["lineups"]]
            lines += ["", head("Team score per team")] + _table(
                ["team", "games", "mean", "95% CI", "distribution (score:games)"], rows, {1, 2})
    else:
        rows = [[b["bot"], str(b["games"]), str(b["over_deals"]["deals"]), f"{b['wins']:g}", _pct(b["win_rate"]),
                 _ci(b["over_deals"]["ci95"]), f"{b['mean_score']:.2f}",
                 f"{b['rating']['mu']:.1f} ± {b['rating']['sigma']:.1f}", f"{b['rating']['ordinal']:.1f}"]
                for b in report["bots"]]
        lines += _table(["bot", "games", "deals", "wins", "win rate", "95% CI over deals", "score", "openskill",
                         "ordinal"], rows, {1, 2, 3, 4, 6, 8})
        if report["pairings"]:
            rows = []
            for p in report["pairings"]:
                a, b = p["bots"]
                d = p["deals"]
                rows.append([f"{a} vs {b}", str(p["games"]), str(p["over_deals"]["deals"]),
                             f"{p['wins'][0]}-{p['wins'][1]}-{p['draws']}", _pct(p["win_rate"]),
                             _ci(p["over_deals"]["ci95"]), f"{d['won']}-{d['lost']}-{d['even']}",
                             _pct(d["share"]), _ci(d["ci95"])]
                            + ([p["sprt"] or "undecided"] if report["early_stop"] else []))
            headers = ["head to head", "games", "deals", "W-L-D", "1st wins", "95% CI over deals",
                       "deals won (sign test) W-L-E", "share", "95% CI"] + (["SPRT: stronger"] if report["early_stop"] else [])
            lines += ["", head("Head to head") + " (the first bot's win rate, draws count half, with its interval over "
                          "deals: a deal is one seed in every seating, the unit of the interval; the sign test counts "
                          "the deals each bot won more of the games of, even deals left out)"] + _table(
                headers, rows, {1, 2, 4, 7})
        stopped = [lu for lu in report["lineups"] if lu["stopped_early"]]
        if stopped:
            lines.append("")
            lines += [f"Stopped early: {' vs '.join(lu['bots'])} after {lu['games']} games (sequential test decided)"
                      for lu in stopped]
    if report["unfinished"]:
        lines += ["", f"{report['unfinished']} game(s) hit the decision limit unfinished and are not counted."]
    if report["tournament"]:
        lines += ["", f"Saved {report['saved']} games as tournament {report['tournament']}. "
                      f"List them: dinocli games --tournament {report['tournament']}"]
    return "\n".join(lines)
