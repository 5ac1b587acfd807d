"""``dinocli analyze`` (issue 20): each decision of a seat judged by a bot from that seat's information.

For every decision the seat made on the current branch, the judge works from the seat's view at
that moment (``game.observe``, never the true state), in two steps:

1. **Nominate.** The bot searches from the view with :func:`dinocli.ai.mcts.search_root` at the
   spec's budget; its most visited action is the best candidate. If that is the action chosen,
   nothing was lost (the search's value of it is the expected return shown).
2. **Compare on common random numbers.** Otherwise the chosen and the nominated action are both
   played on the same sampled worlds: each pair takes one determinization of the view, one keyed
   chance stream (the game's own draw keys, so both branches see the same dice and the same next
   cards) and one playout stream, and plays each action then the bot's playout policy and cut-off.
   The drop is the mean of the paired differences (0 = a sure loss, 1 = a sure win; the team score
   scaled the same way in a cooperative game), its noise the standard error of that mean. A pair
   batch is an eighth of the spec's iterations (at least 16); while a threshold lies within twice
   the noise of the drop, another batch is added, up to six.

A drop is labelled only when it exceeds twice its noise, by these thresholds (and marked so):

* **blunder** ``??`` — a drop of 0.30 or more,
* **mistake** ``?`` — 0.15 or more,
* **inaccuracy** ``?!`` — 0.05 or more;
* **only move** ``!`` — the move made is the one the search nominates, and by the search's own values
  every other legal move (each tried at least four times) loses at least 0.15 (any other would have
  been a mistake).

Pairing removes the luck both actions share (most of it: the hidden cards and the draws), so the
labels hardly move with the analysis seed; equivalent actions show a drop of exactly 0. All
randomness is seeded from the view and the spec, so one information set gets one analysis
whatever the hidden cards are. Results are cached beside the event tree (table ``analyses``) by
the hash of the decision's event, the spec and the seat (:mod:`dinocli.events.analyses`): kept with
the game, shown by ``review``, ``log`` and ``export``, and carried by an exported log.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

import msgspec

from dinocli.events.analyses import NOISE, ONLY_GAP, THRESHOLDS, label, mark_of, shown
from dinocli.games.grammar import possessive
from dinocli.output import duration

__all__ = ["DEFAULT_BOT", "THRESHOLDS", "label", "judge", "decisions", "analyze", "sparkline", "outcome",
           "report_lines", "verdict", "as_json", "shown_mark", "Estimate"]

DEFAULT_BOT = "mcts:medium"
PAIRS_SHARE = 8    # paired samples: an eighth of the spec's iterations ...
MIN_PAIRS = 16     # ... and never fewer
ONLY_VISITS = 4    # "!" only where the search tried every other move at least this often
MORE = 6           # a drop that close to a threshold gets up to this many batches of pairs
_PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
_BARS = "▁▂▃▄▅▆▇█"


def _task(kind: str, view: Any, seat: int, legal: list, chosen: Any, spec: str) -> dict[str, Any]:
    """:func:`judge` in a worker process (the game by its id)."""
    from dinocli import games

    return judge(games.get(kind), view, seat, legal, chosen, spec)


def judge(game, view: Any, seat: int, legal: list, chosen: Any, spec: str = DEFAULT_BOT,
          salt: str = "") -> dict[str, Any]:
    """Judge one decision from ``view`` only: the search nominates the best action, paired playouts
    compare it with the chosen one (module doc). The randomness is a function of the view, the spec
    and ``salt`` (another analysis seed): no hidden card can change it."""
    from dinocli.ai.mcts import Search, search_root
    from dinocli.events import canonical

    key = canonical(msgspec.to_builtins(view)) + spec.encode() + salt.encode()
    rnd = random.Random(hashlib.sha256(key).digest())
    state = game.determinize(view, seat, random.Random(rnd.getrandbits(64)))
    stats = search_root(game, view, seat, legal, rnd, spec)
    best, only = stats[0].action, False
    search = Search(game, seat, spec, view=view)
    if best == chosen:   # the bot would have played it too: nothing lost
        chosen_value = best_value = stats[0].value
        drop = noise = 0.0
        only = len(stats) > 1 and all(st.visits >= ONLY_VISITS and stats[0].value - st.value >= ONLY_GAP - 1e-9
                                      for st in stats[1:])
    else:
        batch = max(MIN_PAIRS, (search.spec.iterations or 200) // PAIRS_SHARE)
        diffs, values = [], []
        while True:   # more pairs while a threshold is within the noise of the drop (at most MORE batches)
            for mine, other in _paired(game, view, seat, [chosen, best], search, rnd, batch):
                diffs.append(other - mine)
                values.append(mine)
            pairs = len(diffs)
            drop = sum(diffs) / pairs
            noise = (sum((d - drop) ** 2 for d in diffs) / (pairs - 1) / pairs) ** 0.5
            if pairs >= MORE * batch or not any(abs(drop - at) < NOISE * noise for _, at in THRESHOLDS):
                break
        chosen_value, best_value = sum(values) / pairs, sum(values) / pairs + drop
        if drop <= 0:    # the chosen action did as well on the same samples
            best, best_value, drop = chosen, chosen_value, 0.0
    rule_action, rule_reason = game.strategy(view, seat, legal, random.Random(rnd.getrandbits(64)))
    reason = rule_reason if best == rule_action else ""   # the rule bot's words only where it agrees
    return {"chosen_value": round(chosen_value, 4), "best": game.format_action(state, best),
            "best_value": round(best_value, 4), "drop": round(drop, 4), "noise": round(noise, 4),
            "label": label(drop, noise), "reason": reason or "", "rules_agree": best == rule_action,
            "only": only, "budget": search.spec.iterations}


def _paired(game, view: Any, seat: int, actions: list, search, rnd: random.Random, pairs: int) -> list[list[float]]:
    """``pairs`` rows of the seat's playout value after each action, every action of a row played on the
    same determinization with the same keyed chance and playout draws (common random numbers)."""
    from dinocli.events import SeededRng
    from dinocli.games.runner import step

    rows = []
    for _ in range(pairs):
        seed = rnd.getrandbits(64)
        world = game.determinize(view, seat, random.Random(seed))
        row = []
        for action in actions:
            chance = SeededRng(str(seed))
            after, _events = step(game, world, action, chance)
            row.append(float(search.playout(after, random.Random(seed + 1), chance, world)[seat]))
        rows.append(row)
    return rows


def decisions(g, seat: int) -> list[dict[str, Any]]:
    """The seat's decisions on ``g``'s line of play: number, event, hash, the view and legal actions before it."""
    from dinocli.games.runner import fold_all

    state = g.game.initial(g.config)
    out, number = [], -1
    for s in g.path:
        if s.command == s.id:   # steps are numbered as review shows them: 0 the setup, one a command
            number += 1
            if s.actor == seat:
                legal = g.game.legal_actions(state)
                chosen = next((a for a in legal if g.game.format_action(state, a) == s.action), None)
                if chosen is not None and len(legal) > 1:
                    out.append({"decision": number, "event": s.seq, "hash": s.hash, "action": s.action,
                                "view": g.game.observe(state, seat), "legal": legal, "chosen": chosen})
        state = fold_all(g.game, state, [s.event])
    return out


def analyze(service, g, seat: int, spec: str = DEFAULT_BOT, workers: int = 1,
            progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Every decision of ``seat`` with its evaluation, from the cache where it is there (then cached)."""
    from dinocli.events import analyses

    conn = service.store.connection
    todo = decisions(g, seat)
    results: dict[int, dict] = {}
    missing = []
    for d in todo:
        hit = analyses.cached(conn, d["hash"], spec, seat)
        if hit is None or "only" not in hit:   # none yet, or judged by an earlier version
            missing.append(d)
        else:
            results[d["decision"]] = hit
    done = len(results)
    if progress:
        progress(done, len(todo))
    jobs = [(g.record.kind, d["view"], seat, d["legal"], d["chosen"], spec) for d in missing]
    if workers > 1 and len(jobs) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_task, *job) for job in jobs]
            outcomes = []
            for f in futures:
                outcomes.append(f.result())
                done += 1
                if progress:
                    progress(done, len(todo))
    else:
        outcomes = []
        for job in jobs:
            outcomes.append(_task(*job))
            done += 1
            if progress:
                progress(done, len(todo))
    with service.store.write():
        for d, out in zip(missing, outcomes):
            analyses.keep(conn, d["hash"], spec, seat, out)
            results[d["decision"]] = out
    return [{"decision": d["decision"], "event": d["event"], "action": d["action"], **results[d["decision"]]}
            for d in todo]


def sparkline(values: list[float]) -> str:
    """Values in 0..1 as a line of block characters (one a value; the lowest block is 0)."""
    return "".join(_BARS[min(len(_BARS) - 1, max(0, int(v * len(_BARS))))] for v in values)


def outcome(g, seat: int) -> str:
    """How the branch ended for ``seat``, to set beside the curve: its return and in words ("" while it runs)."""
    if not g.over:
        return ""
    res = g.result()
    got = res["returns"][seat]
    if g.game.info.cooperative:
        return f"result {got:.2f} (team score {res['scores'][seat]:g})"
    name = g.seats[seat].name
    if name not in res["winners"]:
        words = f"lost; {', '.join(g.winners()) or 'nobody'} won"
    else:
        words = "won" if len(res["winners"]) == 1 else f"shared the win with {len(res['winners']) - 1} other(s)"
    return f"result {got:.2f} ({words})"


def report_lines(rows: list[dict[str, Any]], name: str, spec: str, width: int = 80, *,
                 cooperative: bool = False, result: str = "") -> list[str]:
    """The analysis as text: counts by label, the curve (and ``result``, how the game ended), each
    labelled decision, the three worst; a cooperative game's return is the team score."""
    if not rows:
        return [f"{name} made no decision with a choice on this branch: nothing to analyze."]
    counts = {n: sum(1 for r in rows if r["label"] == n) for n, _ in THRESHOLDS}
    scale = ("Expected team score over the game (0 = nothing saved, 1 = the best possible"
             if cooperative else "Expected return over the game (0 = sure loss, 1 = sure win")
    whose, many = possessive(name), f"{len(rows)} decision{'s' * (len(rows) != 1)}"
    out = [f"Analysis of {whose} {many} by {spec} (from {whose} information only):",
           "  " + ", ".join(f"{counts[n]} {n if counts[n] == 1 else _PLURAL[n]}" for n, _ in reversed(THRESHOLDS)),
           f"{scale}; {many}):"]
    curve = [r["best_value"] for r in rows]
    step = max(1, -(-len(curve) // (width - 4)))
    sampled = [min(curve[i:i + step]) for i in range(0, len(curve), step)]
    out.append("  " + sparkline(sampled))
    out.append(f"  start {curve[0]:.2f}, lowest {min(curve):.2f}, end {curve[-1]:.2f}"
               + (f"; {result}" if result else ""))
    worst = sorted((r for r in rows if r["drop"] >= 0.005), key=lambda r: -r["drop"])[:3]
    if worst:
        out.append("The three worst decisions:" if len(worst) == 3 else "The worst decisions:")
        for r in worst:
            noise = f" ± {r['noise']:.2f}" if "noise" in r else ""
            out.append(f"  {r['decision']:>3}. {r['action']}  {r['chosen_value']:.2f} -> better {r['best']} "
                       f"{r['best_value']:.2f} (-{r['drop']:.2f}{noise}{', ' + r['label'] if r['label'] else ''})")
            if r["reason"]:
                out.append(f"       why: {r['reason']}")
    else:
        out.append("No decision lost anything the bot could see.")
    out.append("Labels: inaccuracy >= 0.05, mistake >= 0.15, blunder >= 0.30 of expected return lost, "
               "when the drop is over twice its noise (±, paired playouts; see analyze --help). "
               "The numbers are the steps of review: g N there jumps to one.")
    return [part for line in out for part in _wrap(line, width - 1)]


def _wrap(line: str, width: int) -> list[str]:
    """A line cut at word boundaries to ``width``, continuation lines indented past its own indent."""
    import textwrap

    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return textwrap.wrap(line, width=max(20, width), subsequent_indent=indent, break_on_hyphens=False) or [line]


def verdict(spec: str, d: dict[str, Any], say: Callable[[str], str] = str) -> str:
    """One kept judgement in words: the judge, the expected result before and after, the better move, the mark."""
    better = f", better {say(d['best'])}" if d["drop"] > 0 else ""
    word = d["label"] or ("only move" if d.get("only") else "")
    return (f"{spec}: {d['best_value']:.2f} -> {d['chosen_value']:.2f}{better}"
            + (f" ({mark_of(d)} {word})" if word else ""))


def as_json(spec: str, d: dict[str, Any], say: Callable[[str], str] = str) -> dict[str, Any]:
    """One kept judgement for ``--json`` (the exported line's names: before, after, best, mark)."""
    return {"bot": spec, "budget": d.get("budget"), "before": d["best_value"], "after": d["chosen_value"],
            "best": say(d["best"]) if d["drop"] > 0 else None, "drop": d["drop"], "noise": d["noise"],
            "mark": mark_of(d)}


def shown_mark(judged: dict[str, dict] | None) -> str:
    """The mark shown in a move list for a decision's judgements ("" when none or unmarked)."""
    return (mark_of(shown(judged)[1]) or "") if judged else ""


class Estimate:
    """The time left of an analysis, from the decisions judged so far (cached ones cost nothing)."""

    def __init__(self, clock: Callable[[], float] | None = None):
        import time

        self.clock = clock or time.monotonic
        self.start, self.first = self.clock(), None

    def line(self, done: int, total: int) -> str:
        """``done/total`` and, once one decision took time, about how long the rest will take."""
        if self.first is None:
            self.first = done
            self.start = self.clock()
            return f"{done}/{total}"
        judged, spent = done - self.first, self.clock() - self.start
        if done >= total or judged <= 0:
            return f"{done}/{total}" + (f" in {duration(spent)}" if done >= total and judged else "")
        return f"{done}/{total}, about {duration(spent / judged * (total - done))} left"
