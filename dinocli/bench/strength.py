"""Strength figures for ``dinocli bench GAME --strength``: how good a bot is, with intervals.

* Competitive games: the bot against the rule-based bot (and against random; or against the
  bots named by ``against``) in every other seat, at ``seats`` (two by default), on paired seat
  rotations — each seed is played once with the bot in each seat: a deal, on which the same
  cards fall to every seat and luck cancels.
  A bot ``clairvoyant:SPEC`` searches the true deal with the dice to come (a bound no honest bot
  passes), ``peeking:SPEC`` the true deal with dice of its own (what the hidden cards are worth).
  The win share (ties count half) gets a 95% interval over deals (the mean of each deal's win
  share with its t interval, :func:`dinocli.tournament.stats.over_deals`: a deal's seatings are not
  independent games) beside the fair share 1/seats and the goal of 1.5 fair shares; the sign test
  counts the deals the bot won outright (more than one win's worth of its games; deals at exactly
  one are left out), with a Wilson interval: it says whether the bot wins more deals than it
  loses where a game's luck caps the win share, and is never read against a win-share goal.
  Beside it, the anytime interval (:func:`dinocli.tournament.stats.anytime`, a confidence sequence);
  with ``until_decided`` a pairing plays its deals in order and stops the first time that interval
  lies wholly above or below the fair share (``games`` is then the most it plays), and is read by it:
  stopping on a fixed-count interval the first time it looks good would overstate the result.
  With ``bound``, beside each figure the clairvoyant bound (:func:`dinocli.ai.clairvoyant.bound_spec`:
  the same search seeing the deal and the dice, at 8x the budget) on the same deals; with
  ``levels``, each MCTS level against the one below instead of the bot against others. Each figure
  carries its README row, which names the command that made it and its seed family.
* Cooperative games: the mean team score of random, rules, the bot, and the same search made
  clairvoyant (it sees the bag order and the dice to come: an upper bound; at 8x with ``bound``), on
  the same seeds, with a 95% interval of the mean.
* Every game: seconds per decision of the easy, medium and hard levels, on positions spread
  over rules-vs-rules games (mean and max).

Games run in worker processes (``workers``) and can be appended to a file as they finish
(``resume``): a rerun with the same arguments skips the games already there.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import shlex
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import msgspec

from dinocli import games
from dinocli.ai.arena import CLAIRVOYANT, by_bots, play_game, seer, steps
from dinocli.ai.clairvoyant import bound_spec
from dinocli.tournament.stats import anytime, over_deals, wilson

__all__ = ["Task", "tuning", "check_resume", "check_seats", "run_games", "match", "team", "positions", "level_times", "strength_figures"]

SEED = "strength"  # the deals of --strength unless --seed names others
GOAL = 1.5  # #23, #40: medium's win share against rule bots, in fair shares

Task = tuple  # (game id, specs, seed, variants, options): one game, everything that decides it
Progress = Callable[[str], None]


def _play(task: Task) -> dict[str, Any]:
    game_id, specs, seed, variants, options = task
    rec = play_game(games.get(game_id), list(specs), seed, variants=variants, options=options)
    return {"returns": rec.returns, "scores": rec.scores, "seconds": rec.seconds, "moves": rec.moves,
            "decisions": rec.decisions, "over": rec.over}


def tuning(game_id: str, variants: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
    """The MCTS presets a search uses in ``game_id`` played with ``variants`` (a board may tune its own)."""
    game = games.get(game_id)
    if not game.info.board_tuning:
        return game.info.mcts_tuning
    config = game.configure(tuple(f"p{i}" for i in range(game.info.min_seats)), tuple(variants), {})
    return game.tuning(game.observe(game.initial(config), 0))


def _resolved(game_id: str, spec: str, variants: Sequence[str] = ()) -> str:
    from dinocli.ai.spec import resolved

    prefix, bot = seer(spec)
    if prefix:
        return prefix + _resolved(game_id, bot, variants)
    return resolved(spec, tuning(game_id, variants))


def _key(task: Task) -> str:
    """The resume key of a game: the specs spelled out with the game's tuning and its rules
    version, so that a file written before the tuning or the rules changed is not reused."""
    game_id, specs, seed, variants, options = task
    version = games.get(game_id).info.rules_version
    return json.dumps([game_id, version, [_resolved(game_id, s, variants) for s in specs], seed, sorted(variants), options],
                      sort_keys=True)


class _Result(msgspec.Struct, forbid_unknown_fields=True):
    returns: list[float]
    scores: list[float]
    seconds: list[float]
    moves: list[int]
    decisions: int
    over: bool


class _Row(msgspec.Struct, forbid_unknown_fields=True):
    key: str
    result: _Result


RESUME_LIMIT = 256 * 1024 * 1024


def _read_resume(resume: Path, seats: dict[str, int]) -> dict[str, dict[str, Any]]:
    """The games a resume file holds (a bounded read of a regular file; a line cut short by a
    stop is played again, any other line that is not a game of this format is refused)."""
    from dinocli.files import FileRefused, read_limited

    if not os.path.lexists(resume):
        return {}
    data = read_limited(resume, RESUME_LIMIT)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(f"{resume} is not a resume file of bench --strength (not UTF-8 text)") from None
    lines = text.split("\n")
    done: dict[str, dict[str, Any]] = {}
    for i, line in enumerate(lines, 1):
        if not line:
            continue
        try:
            row = msgspec.json.decode(line, type=_Row)
            n = seats.get(row.key)
            if n is not None and not len(row.result.returns) == len(row.result.scores) == len(row.result.seconds) \
                    == len(row.result.moves) == n:
                raise msgspec.ValidationError("one figure per seat expected")
        except (msgspec.MsgspecError, RecursionError) as exc:
            if isinstance(exc, msgspec.DecodeError) and "truncated" in str(exc):
                continue  # a line cut short by a stop: that game is played again
            raise FileRefused(f"{resume} line {i}: not a game of bench --strength ({exc})") from None
        done[row.key] = msgspec.to_builtins(row.result)
    if text and not text.endswith("\n"):
        with resume.open("a") as f:
            f.write("\n")  # end a line cut short by a stop, so the next game starts its own
    return done


def check_seats(game_id: str, seats: int) -> None:
    """Refuse a table size the game does not allow (BadConfig, one line)."""
    from dinocli.games.protocol import BadConfig

    info = games.get(game_id).info
    if not info.min_seats <= seats <= info.max_seats:
        raise BadConfig(f"{info.name} is played by {info.min_seats} to {info.max_seats}, not {seats} (--seats)")


def check_resume(resume: Path) -> None:
    """Refuse, before any game is played, a resume file that is not one (FileRefused)."""
    _read_resume(resume, {})


def run_games(tasks: Sequence[Task], *, workers: int = 1, resume: Path | None = None,
              progress: Progress | None = None,
              interim: Callable[[list[dict[str, Any]]], str] | None = None) -> list[dict[str, Any]]:
    """Results of ``tasks`` in order, played in ``workers`` processes, cached in ``resume``; each
    progress line adds what ``interim`` says of the results so far that come first in order."""
    keys = [_key(t) for t in tasks]
    done = _read_resume(resume, {k: len(t[1]) for k, t in zip(keys, tasks)}) if resume is not None else {}
    todo = [(k, t) for k, t in zip(keys, tasks) if k not in done]
    total, finished = len(tasks), len(tasks) - len(todo)

    def keep(key: str, result: dict[str, Any]) -> None:
        nonlocal finished
        done[key] = result
        finished += 1
        if resume is not None:
            with resume.open("a") as f:
                f.write(json.dumps({"key": key, "result": result}) + "\n")
        if progress and (finished % 10 == 0 or finished == total):
            said = interim([done[k] for k in itertools.takewhile(done.__contains__, keys)]) if interim else ""
            progress(f"{finished}/{total} games" + (f", {said}" if said else ""))

    if workers <= 1 or len(todo) <= 1:
        for k, t in todo:
            keep(k, _play(t))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for (k, _t), result in zip(todo, pool.map(_play, [t for _k, t in todo])):
                keep(k, result)
    return [done[k] for k in keys]


def _rotated_tasks(game_id: str, a: str, b: str, games_: int, seed: str, variants, options,
                   seats: int = 2) -> list[Task]:
    """Each seed played ``seats`` times, ``a`` in each seat in turn and ``b`` in every other seat."""
    return [(game_id, tuple(a if x == side else b for x in range(seats)), f"{seed}/{i}", tuple(variants),
             dict(options)) for i in range(max(1, games_ // seats)) for side in range(seats)]


def _win_share(returns: list[float], seat: int) -> float:
    best = max(returns)
    return 1.0 / returns.count(best) if returns[seat] == best else 0.0


def _ci(lo_hi: tuple[float, float]) -> list[float]:
    return [round(lo_hi[0], 3), round(lo_hi[1], 3)]


def _deal_shares(tasks: Sequence[Task], results: Sequence[dict[str, Any]], seats: int) -> dict[str, float]:
    """Each deal's summed win share of the bot in rotation (seat k % seats of game k), by seed, in deal order."""
    rotations: dict[str, float] = {}
    for k, (task, r) in enumerate(zip(tasks, results)):
        rotations[task[2]] = rotations.get(task[2], 0.0) + _win_share(r["returns"], k % seats)
    return rotations


def _shares(tasks: Sequence[Task], results: Sequence[dict[str, Any]], seats: int) -> list[float]:
    """Each deal's win share of the bot in rotation, in deal order."""
    return [v / seats for v in _deal_shares(tasks, results, seats).values()]


def _so_far(tasks: Sequence[Task], results: list[dict[str, Any]], seats: int) -> str:
    """The anytime interval over the deals complete so far, in order (valid to look at after every deal)."""
    whole = len(results) - len(results) % seats
    if not whole:
        return ""
    shares = _shares(tasks, results[:whole], seats)
    lo, hi = anytime(shares)
    return f"anytime interval [{lo:.3f}, {hi:.3f}] over the first {len(shares)} deals"


def _until_decided(tasks: Sequence[Task], seats: int, *, workers: int, resume: Path | None,
                   progress: Progress | None) -> list[dict[str, Any]]:
    """The results of the first deals of ``tasks``, played in order a batch of deals at a time (one a
    worker) until the anytime interval over those played lies wholly above or below the fair share."""
    fair, batch, results = 1 / seats, seats * max(1, workers), []
    for start in range(0, len(tasks), batch):
        results += run_games(tasks[start:start + batch], workers=workers, resume=resume)
        lo, hi = anytime(_shares(tasks, results, seats))
        if progress:
            progress(f"{len(results)}/{len(tasks)} games, anytime interval [{lo:.3f}, {hi:.3f}]")
        if lo > fair or hi < fair:
            break
    return results


def match(game_id: str, a: str, b: str, games_: int, *, seats: int = 2, seed: str = SEED,
          variants: Iterable[str] = (), options: dict[str, Any] | None = None, workers: int = 1,
          resume: Path | None = None, progress: Progress | None = None, until_decided: bool = False) -> dict[str, Any]:
    """``a`` against ``b`` in every other seat, each seed rotated through the seats (a deal): win
    share with its interval over deals and its anytime interval, the fair share and the goal, the sign
    test over deals, time per decision; with ``until_decided``, ``games_`` is the most played: the
    deals stop once the anytime interval lies wholly on one side of the fair share."""
    tasks = _rotated_tasks(game_id, a, b, games_, seed, tuple(variants), options or {}, seats)
    results = (_until_decided(tasks, seats, workers=workers, resume=resume, progress=progress) if until_decided
               else run_games(tasks, workers=workers, resume=resume, progress=progress,
                              interim=lambda so_far: _so_far(tasks, so_far, seats)))
    tasks = tasks[:len(results)]
    rotations = _deal_shares(tasks, results, seats)
    seconds = sum(r["seconds"][k % seats] for k, r in enumerate(results))
    moves = sum(r["moves"][k % seats] for k, r in enumerate(results))
    n = len(results)
    # a rotation is won when the bot took more than its fair share of its games (1 win in all)
    won = sum(1 for v in rotations.values() if v > 1 + 1e-9)
    lost = sum(1 for v in rotations.values() if v < 1 - 1e-9)
    shares = [v / seats for v in rotations.values()]
    mean, interval = over_deals(shares)
    lo, hi = anytime(shares)
    return {
        "games": n,
        "deals": len(rotations),
        "seats": seats,
        "fair_share": round(1 / seats, 3),
        "goal": round(GOAL / seats, 3),
        "win_rate": round(sum(rotations.values()) / n, 3) if n else 0.0,
        "ci95": _ci(interval),
        "anytime95": _ci((lo, hi)),
        **({"decided": lo > 1 / seats or hi < 1 / seats} if until_decided else {}),
        "sign_test": {"won": won, "lost": lost, "even": len(rotations) - won - lost,
                      "share": round(won / (won + lost), 3) if won + lost else 0.5,
                      "ci95": _ci(wilson(won, won + lost))},
        "seconds_per_decision": round(seconds / moves, 4) if moves else 0.0,
        "unfinished": sum(1 for r in results if not r["over"]),
    }


def team(game_id: str, spec: str, games_: int, *, seats: int = 2, seed: str = SEED,
         variants: Iterable[str] = (), options: dict[str, Any] | None = None, workers: int = 1,
         resume: Path | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """A cooperative game's team score with ``spec`` in every seat: mean, 95% interval, range."""
    tasks = [(game_id, (spec,) * seats, f"{seed}/{i}", tuple(variants), dict(options or {})) for i in range(games_)]
    results = run_games(tasks, workers=workers, resume=resume, progress=progress)
    scores = [r["scores"][0] for r in results]
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    seconds = sum(sum(r["seconds"]) for r in results)
    moves = sum(sum(r["moves"]) for r in results)
    return {"games": len(scores), "mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "min": min(scores), "max": max(scores),
            "seconds_per_decision": round(seconds / moves, 4) if moves else 0.0}


def positions(game_id: str, count: int = 20, *, seed: str = "timing", variants: Iterable[str] = (),
              seats: int | None = None) -> list:
    """``count`` positions spread over rules-only games of ``seats`` (default 2) where the seat to
    move has a choice."""
    from dinocli.ai import make_bot
    from dinocli.events import SeededRng
    from dinocli.games.runner import start

    game = games.get(game_id)
    n = seats or min(max(game.info.min_seats, 2), game.info.max_seats)
    config = game.configure(tuple(f"p{i}" for i in range(n)), tuple(variants), {})
    rules, found, k = [make_bot("rules")] * n, [], 0
    while len(found) < 4 * count and k < 20:
        rng = SeededRng(f"{seed}/{k}")
        state, _ = start(game, config, rng)
        found.extend(st.state for st in steps(game, state, by_bots(game, rules, random.Random), rng) if len(st.legal) > 1)
        k += 1
    return found[:: max(1, len(found) // count)][:count]


def level_times(game_id: str, count: int = 20, *, variants: Iterable[str] = (), seats: int | None = None,
                progress: Progress | None = None) -> dict[str, Any]:
    """Seconds per decision of each MCTS level, wall clock and CPU (what a loaded machine does not
    inflate): mean and max over ``count`` positions of real games."""
    from dinocli.ai import make_bot

    game = games.get(game_id)
    found = positions(game_id, count, variants=variants, seats=seats)
    out: dict[str, Any] = {"timed_positions": len(found)}
    for level in ("easy", "medium", "hard"):
        times, cpu = [], []
        for k, state in enumerate(found):
            seat = game.to_move(state)
            t, c = time.perf_counter(), time.process_time()
            make_bot(f"mcts:{level}").choose(game, game.observe(state, seat), seat, game.legal_actions(state),
                                             random.Random(k))
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        out[f"{level}_seconds_per_decision"] = round(statistics.fmean(times), 4)
        out[f"{level}_seconds_max"] = round(max(times), 4)
        out[f"{level}_cpu_seconds_per_decision"] = round(statistics.fmean(cpu), 4)
        out[f"{level}_cpu_seconds_max"] = round(max(cpu), 4)
        if progress:
            progress(f"mcts:{level}: {statistics.fmean(times):.3f} s per decision (max {max(times):.3f})")
    return out


def _bound(game_id: str, spec: str, other: str, games_: int, **kw: Any) -> dict[str, Any]:
    """The clairvoyant bound of ``spec`` at :data:`BOUND_BUDGET` times its budget against ``other``, on the
    same deals."""
    bound = bound_spec(spec, tuning(game_id, kw.get("variants", ())))
    m = match(game_id, bound, other, games_, **kw)
    return {"bot": bound, **{k: m[k] for k in ("games", "deals", "win_rate", "ci95", "sign_test")}}


def _interval(m: dict[str, Any]) -> list[float]:
    """The interval a figure is read by: the anytime one where the run stopped on it (--until-decided)."""
    return m["anytime95"] if "decided" in m else m["ci95"]


def _reading(m: dict[str, Any], level: bool, search: bool = False) -> str:
    """What a figure says against its goal: a level above the one below (interval over deals above 0.5),
    a search above another (``search``: the other seats search too, and no win-share goal applies), or a
    win share against the rule bots of 1.5 fair shares, else within 0.03 of the bound."""
    if level or search:
        return ("climbs" if level else "stronger") if _interval(m)[0] > m["fair_share"] else "not shown apart"
    if m["win_rate"] >= m["goal"]:
        return "goal met" if _interval(m)[0] > m["fair_share"] else "at the goal, not shown above the fair share"
    if "bound" in m and m["win_rate"] >= m["bound"]["win_rate"] - 0.03:
        return "within 0.03 of the bound"
    return "short of the goal" + (" and of the bound" if "bound" in m else "")


def _share(x: dict[str, Any], bold: bool = False) -> str:
    text, (lo, hi) = f"{x['win_rate']:.2f}", _interval(x)
    return f"{'**' + text + '**' if bold else text} [{lo:.2f}, {hi:.2f}]{' anytime' if 'decided' in x else ''}"


def _command(game_id: str, words: Sequence[str]) -> str:
    return " ".join(["dinocli", "bench", game_id, "--strength", *words])


def _row(game_id: str, variants: Sequence[str], m: dict[str, Any], a: str, b: str, command: str,
         level: bool) -> str:
    """The README table row of a figure (#40: each names the command and the seed family that made it):
    a level pairing, or a bot at a table size against another bot with the fair share and the goal."""
    name = games.get(game_id).info.name + "".join(f" (`{v}`)" for v in variants)
    t = m["sign_test"]
    share = _share(m, m["reading"] in ("goal met", "climbs", "stronger"))
    cells = [name, f"{a.removeprefix('mcts:')} vs {b.removeprefix('mcts:')}"] if level else \
        [name, str(m["seats"]), f"`{a}` vs `{b}`"]
    cells += [share, f"{m['games']} ({m['deals']})"] + ([] if level else [f"{m['fair_share']:g}", f"{m['goal']:g}"])
    cells += [f"{t['won']}-{t['lost']}-{t['even']}", _share(m["bound"]) if "bound" in m else "not measured",
              m["reading"], f"`{m['seed']}`", f"`{command}`"]
    return "| " + " | ".join(cells) + " |"


def strength_figures(game_id: str, *, bot: str = "mcts:medium", against: Sequence[str] | None = None,
                     games_: int = 200, workers: int = 1, variants: Iterable[str] = (), resume: Path | None = None,
                     positions: int = 20, seats: int = 2, seed: str | None = None, bound: bool = False,
                     levels: bool = False, until_decided: bool = False,
                     progress: Progress | None = None) -> dict[str, Any]:
    """The strength figures of ``bot`` in a game at ``seats`` on the deals of ``seed`` (default
    :data:`SEED`; see the module docstring); with ``levels``, each MCTS level against the one below
    instead; with ``bound``, the clairvoyant bound at 8x the budget beside each figure; with
    ``until_decided``, each pairing stops once its anytime interval leaves the fair share."""
    from dinocli.climb import MCTS_LEVELS, offered

    seed = SEED if seed is None else seed
    game = games.get(game_id)
    check_seats(game_id, seats)
    variants = tuple(variants)
    out: dict[str, Any] = {"bot": bot, "variants": list(variants), "seats": seats, "seed": seed}
    kw: dict[str, Any] = {"seats": seats, "seed": seed, "variants": variants, "workers": workers, "resume": resume}

    def say(what: str) -> Progress | None:
        return (lambda text: progress(f"{game_id} {what}: {text}")) if progress else None

    q = shlex.quote
    flags = [*(f"--variant {q(v)}" for v in variants), *([f"--seats {seats}"] if seats != 2 else []),
             *([f"--games {games_}"] if games_ != 200 else []), *(["--until-decided"] if until_decided else []),
             *(["--bound"] if bound else []), f"--seed {q(seed)}"]
    if game.info.cooperative:
        seers = ([bound_spec(bot, tuning(game_id, variants)) if bound else CLAIRVOYANT + bot]
                 if bot.startswith("mcts") else [])
        for spec in ("random", "rules", bot, *seers):
            out[f"team score {spec}"] = team(game_id, spec, games_, progress=say(spec), **kw)
        cells = [f"{'bound' if spec in seers else spec} {out[f'team score {spec}']['mean']:.2f} "
                 f"[{out[f'team score {spec}']['ci95'][0]:.2f}, {out[f'team score {spec}']['ci95'][1]:.2f}]"
                 for spec in ("random", "rules", bot, *seers)]
        words = [*([f"--bot {q(bot)}"] if bot != "mcts:medium" else []), *flags]
        out["row"] = "| " + " | ".join([game.info.name, str(seats), *cells, str(games_), f"`{seed}`",
                                        f"`{_command(game_id, words)}`"]) + " |"
        return {**out, **level_times(game_id, positions, variants=variants, seats=seats, progress=say("levels"))}
    if levels:
        rows = [(up, down) for down, up in zip(MCTS_LEVELS, MCTS_LEVELS[1:])][::-1]
        words = ["--levels", *flags]
    else:
        rows = [(bot, other) for other in against or ("rules", "random")]
        words = [*([f"--bot {q(bot)}"] if bot != "mcts:medium" else [])]
    for a, b in rows:
        m = match(game_id, a, b, games_, progress=say(f"{a} vs {b}"), until_decided=until_decided, **kw)
        if bound:
            m["bound"] = _bound(game_id, a, b, m["games"], progress=say(f"bound of {a} vs {b}"), **kw)   # its deals
        m["reading"] = _reading(m, levels, seer(b)[1].startswith("mcts"))
        if levels:
            m["offered"] = offered(game_id, a, variants)
        m["seed"] = seed
        m["row"] = _row(game_id, variants, m, a, b,
                        _command(game_id, words if levels else [*words, f"--against {q(b)}", *flags]), levels)
        out[f"{a} vs {b}"] = m
    out.update(level_times(game_id, positions, variants=variants, seats=seats, progress=say("levels")))
    return out
