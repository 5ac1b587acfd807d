"""Tournament results: per-bot tallies, head-to-head, openskill ratings, the sequential test,
and team-score distributions for cooperative games (issue 9, results).

Intervals over deals (#40): a deal is one seed played in every seating, and the luck of a deal
falls on all its games at once (a seat that wins every deal's first game, a hand that suits one
bot in every seating), so its games are not independent and a Wilson interval over games is too
narrow or too wide. The deal is the unit: :func:`over_deals` takes each deal's win share and
gives their mean with a Student t interval. Chosen over a cluster bootstrap because it is
closed-form and deterministic (a report is the same for the same games, with no resampling
seed), and because with few deals its t quantile widens the interval where a percentile
bootstrap is known to be too narrow; a deal's share lies in [0, 1], so the mean of a hundred is
close to normal. The deal share of :meth:`PairTally.deals` (won-lost, even deals dropped) is a
sign test: it says which bot wins more deals, not what share of the games it wins.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .plan import GameResult, Plan

__all__ = ["wilson", "t_quantile", "over_deals", "anytime", "anytime_path", "deal_figures", "winners", "contestants_of",
           "best_returns", "Sprt", "PairTally", "summarize"]

# SPRT for "one bot of a pairing is stronger": H0 p = 0.45 against H1 p = 0.55 on decisive
# games (draws carry no information), with error rates alpha = beta = 0.05.
SPRT_P0, SPRT_P1, SPRT_ALPHA, SPRT_BETA = 0.45, 0.55, 0.05, 0.05


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom: exact for 1 and 2, the
    Cornish-Fisher expansion beyond (Abramowitz & Stegun 26.7.5; within 0.004 at 3, 1e-4 from 5)."""
    if df < 1:
        raise ValueError("t needs at least one degree of freedom")
    if df == 1:
        return math.tan(math.pi * 0.475)
    if df == 2:
        return 0.95 / math.sqrt(2 * 0.975 * 0.025)
    z = 1.959963984540054
    terms = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(g / df ** (k + 1) for k, g in enumerate(terms))


def over_deals(shares: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of per-deal win shares and its 95% t interval over deals, within [0, 1]. Deals that
    all came out alike give no spread to estimate: then the Wilson interval with the deal as the
    trial, which bounds any share in [0, 1] (a Bernoulli share has the largest variance)."""
    n = len(shares)
    if n == 0:
        return 0.5, (0.0, 1.0)
    mean = math.fsum(shares) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in shares) / (n - 1)) if n > 1 else 0.0
    if sd == 0.0:
        return mean, wilson(mean * n, n)
    h = t_quantile(n - 1) * sd / math.sqrt(n)
    return mean, (max(0.0, mean - h), min(1.0, mean + h))


def anytime(shares: Sequence[float], alpha: float = 0.05) -> tuple[float, float]:
    """The 95% anytime interval after all of ``shares`` (see :func:`anytime_path`); (0, 1) before any."""
    last = (0.0, 1.0)
    for last in anytime_path(shares, alpha):
        pass
    return last


def anytime_path(shares: Iterable[float], alpha: float = 0.05) -> Iterator[tuple[float, float]]:
    """The 95% anytime intervals of the mean of per-deal shares in [0, 1]: a confidence sequence, which
    covers the true mean at every number of deals at once, so a run may stop the first time it excludes
    a value and still report it (the predictable plug-in empirical-Bernstein sequence of Waudby-Smith &
    Ramdas 2023, "Estimating means of bounded random variables by betting", JRSS-B, Theorem 2, c = 1/2,
    kept as its running intersection). Wider than :func:`over_deals` at a fixed count, which is the
    price of looking as often as one likes. Yields the interval after each deal."""
    log2a = math.log(2 / alpha)
    lo, hi = 0.0, 1.0
    sum_lam = sum_lam_x = sum_penalty = sum_x = 0.0
    mu_prev, var_prev, sq = 0.5, 0.25, 0.25   # the plug-in mean and variance before the first deal
    for t, x in enumerate(shares, 1):
        lam = min(math.sqrt(2 * log2a / (var_prev * t * math.log(1 + t))), 0.5)
        sum_lam += lam
        sum_lam_x += lam * x
        sum_penalty += (x - mu_prev) ** 2 * (-math.log(1 - lam) - lam)   # v_i * psi_E(lambda_i), v_i = 4(x - mu)^2
        centre, width = sum_lam_x / sum_lam, (log2a + sum_penalty) / sum_lam
        lo, hi = max(lo, centre - width), min(hi, centre + width)
        if lo > hi:   # the sequences disagree (a miss, at most alpha's chance): keep the newest alone
            lo, hi = max(0.0, centre - width), min(1.0, centre + width)
        yield lo, hi
        sum_x += x
        mu_prev = (0.5 + sum_x) / (t + 1)
        sq += (x - mu_prev) ** 2
        var_prev = sq / (t + 1)


def deal_figures(shares: Sequence[float]) -> dict[str, Any]:
    """``{"deals": n, "win_rate": mean, "ci95": [lo, hi]}`` of per-deal win shares (:func:`over_deals`)."""
    mean, (lo, hi) = over_deals(shares)
    return {"deals": len(shares), "win_rate": _r(mean), "ci95": [_r(lo), _r(hi)]}


def _r(x: float, nd: int = 4) -> float:
    return round(float(x), nd)


def winners(returns: Sequence[float]) -> list[int]:
    """The seats with the best return (they share the win)."""
    best = max(returns)
    return [i for i, r in enumerate(returns) if r == best]


def contestants_of(plan: Plan, g: GameResult) -> tuple[int, ...]:
    """The contestant index in each seat of a played game."""
    return plan.lineups[g.lineup].seatings[g.rotation]


def best_returns(seats: Sequence[int], returns: Sequence[float]) -> dict[int, float]:
    """Each contestant's best return over the seats it held."""
    best: dict[int, float] = {}
    for seat, c in enumerate(seats):
        best[c] = max(best.get(c, -math.inf), returns[seat])
    return best


class Sprt:
    """Wald's sequential probability ratio test on one pairing's decisive games."""

    upper = math.log((1 - SPRT_BETA) / SPRT_ALPHA)
    lower = math.log(SPRT_BETA / (1 - SPRT_ALPHA))
    win_step = math.log(SPRT_P1 / SPRT_P0)
    loss_step = math.log((1 - SPRT_P1) / (1 - SPRT_P0))

    @classmethod
    def llr(cls, wins: float, losses: float) -> float:
        """The log-likelihood ratio of H1 (the first bot is stronger) over H0."""
        return wins * cls.win_step + losses * cls.loss_step

    @classmethod
    def verdict(cls, wins: float, losses: float) -> int | None:
        """0 if the first bot is stronger, 1 if the second is, None while undecided."""
        llr = cls.llr(wins, losses)
        if llr >= cls.upper:
            return 0
        if llr <= cls.lower:
            return 1
        return None


class PairTally:
    """Head-to-head of two contestants over the games they shared: a wins, b wins, draws; and per
    deal (a lineup's round: one seed played in every seating) the margin of a over b."""

    def __init__(self, a: int, b: int):
        self.a, self.b = a, b
        self.wins_a = self.wins_b = self.draws = 0
        self.margins: dict[tuple[int, int], int] = {}
        self.scores: dict[tuple[int, int], list[float]] = {}  # per deal: a's score (draws half), games

    def add(self, best: dict[int, float], deal: tuple[int, int] = (0, 0)) -> None:
        """Count one shared game of ``deal`` from each contestant's best return in it."""
        ra, rb = best[self.a], best[self.b]
        step = (ra > rb) - (rb > ra)
        self.margins[deal] = self.margins.get(deal, 0) + step
        tally = self.scores.setdefault(deal, [0.0, 0])
        tally[0] += (step + 1) / 2
        tally[1] += 1
        if step > 0:
            self.wins_a += 1
        elif step < 0:
            self.wins_b += 1
        else:
            self.draws += 1

    def deals(self) -> tuple[int, int, int]:
        """Deals won by a, won by b, and even (the sign test): luck that falls to a seat cancels within a deal."""
        won = sum(1 for m in self.margins.values() if m > 0)
        lost = sum(1 for m in self.margins.values() if m < 0)
        return won, lost, len(self.margins) - won - lost

    def shares(self) -> list[float]:
        """a's win share (draws half) in each deal, in deal order: the units of :func:`over_deals`."""
        return [score / games for score, games in (self.scores[d] for d in sorted(self.scores))]

    @property
    def games(self) -> int:
        """Games the two shared."""
        return self.wins_a + self.wins_b + self.draws

    def verdict(self) -> int | None:
        """The SPRT verdict: 0 (a stronger), 1 (b stronger) or None."""
        return Sprt.verdict(self.wins_a, self.wins_b)


def _ratings(plan: Plan, results: Sequence[GameResult]) -> dict[int, Any]:
    """openskill Plackett-Luce ratings, fed the games in plan order (round, lineup, seating)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {i: model.rating(name=c.label) for i, c in enumerate(plan.contestants)}
    for g in results:
        if not g.over:
            continue
        best = best_returns(contestants_of(plan, g), g.returns)
        present = sorted(best)
        if len(present) < 2:
            continue
        ranks = [sum(1 for o in present if best[o] > best[c]) for c in present]
        new = model.rate([[ratings[c]] for c in present], ranks=ranks)
        for c, team in zip(present, new):
            ratings[c] = team[0]
    return ratings


def _mean_ci(values: Sequence[float]) -> tuple[float, list[float]]:
    """Mean and a normal 95% interval of the mean."""
    n = len(values)
    if n == 0:
        return 0.0, [0.0, 0.0]
    mean = sum(values) / n
    if n == 1:
        return mean, [mean, mean]
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return mean, [_r(mean - h), _r(mean + h)]


def _distribution(values: Iterable[float]) -> dict[str, int]:
    """Counts per score value, in ascending score order (keys as text for JSON)."""
    counts = Counter(values)
    return {_fmt_score(k): counts[k] for k in sorted(counts)}


def _fmt_score(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def summarize(plan: Plan, results: Sequence[GameResult], *, cooperative: bool,
              stopped: dict[int, int] | None = None) -> dict[str, Any]:
    """Every figure of the report, from games in plan order; deterministic for the same games."""
    stopped = stopped or {}
    results = sorted(results, key=lambda g: (g.round, g.lineup, g.rotation))
    finished = [g for g in results if g.over]
    labels = [c.label for c in plan.contestants]
    per_lineup: dict[int, list[GameResult]] = {lu.index: [] for lu in plan.lineups}
    for g in finished:
        per_lineup[g.lineup].append(g)
    out: dict[str, Any] = {
        "games": len(finished),
        "unfinished": len(results) - len(finished),
    }
    lineup_rows = []
    for lu in plan.lineups:
        games = per_lineup[lu.index]
        row: dict[str, Any] = {"bots": [labels[c] for c in lu.members], "games": len(games),
                               "rounds": len({g.round for g in games}),
                               "stopped_early": lu.index in stopped}
        if cooperative:
            team = [g.scores[0] for g in games]
            mean, ci = _mean_ci(team)
            row["team_score"] = {"mean": _r(mean), "ci95": ci, "distribution": _distribution(team)}
        lineup_rows.append(row)
    out["lineups"] = lineup_rows

    bots = []
    if cooperative:
        for i, c in enumerate(plan.contestants):
            team = [g.scores[0] for g in finished if i in contestants_of(plan, g)]
            mean, ci = _mean_ci(team)
            bots.append({"bot": c.label, "spec": c.spec, "games": len(team),
                         "team_score": {"mean": _r(mean), "ci95": ci, "distribution": _distribution(team)}})
        out["bots"] = bots
        return out

    wins = [0.0] * len(labels)
    games = [0] * len(labels)
    scores: list[list[float]] = [[] for _ in labels]
    by_deal: list[dict[tuple[int, int], list[float]]] = [{} for _ in labels]  # per deal: wins, games
    pairs: dict[tuple[int, int], PairTally] = {}
    for g in finished:
        seats = contestants_of(plan, g)
        won = winners(g.returns)
        for c in set(seats):
            games[c] += 1
            by_deal[c].setdefault((g.lineup, g.round), [0.0, 0])[1] += 1
        for seat in won:
            wins[seats[seat]] += 1.0 / len(won)
            by_deal[seats[seat]][g.lineup, g.round][0] += 1.0 / len(won)
        for seat, c in enumerate(seats):
            scores[c].append(g.scores[seat])
        best = best_returns(seats, g.returns)
        present = sorted(best)
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                pairs.setdefault((a, b), PairTally(a, b)).add(best, (g.lineup, g.round))
    ratings = _ratings(plan, results)
    for i, c in enumerate(plan.contestants):
        lo, hi = wilson(wins[i], games[i])
        r = ratings[i]
        bots.append({
            "bot": c.label, "spec": c.spec, "games": games[i], "wins": _r(wins[i], 2),
            "win_rate": _r(wins[i] / games[i]) if games[i] else 0.0, "ci95": [_r(lo), _r(hi)],
            "over_deals": deal_figures([w / n for w, n in (by_deal[i][d] for d in sorted(by_deal[i]))]),
            "mean_score": _r(sum(scores[i]) / len(scores[i])) if scores[i] else 0.0,
            "rating": {"mu": _r(r.mu, 3), "sigma": _r(r.sigma, 3), "ordinal": _r(r.ordinal(), 3)},
        })
    bots.sort(key=lambda b: (-b["rating"]["ordinal"], b["bot"]))
    out["bots"] = bots
    pairings = []
    for (a, b), t in sorted(pairs.items()):
        score = t.wins_a + t.draws / 2
        lo, hi = wilson(score, t.games)
        v = t.verdict()
        won, lost, even = t.deals()
        dlo, dhi = wilson(won, won + lost)
        pairings.append({
            "bots": [labels[a], labels[b]], "games": t.games, "wins": [t.wins_a, t.wins_b], "draws": t.draws,
            "win_rate": _r(score / t.games) if t.games else 0.0, "ci95": [_r(lo), _r(hi)],
            "over_deals": deal_figures(t.shares()),
            "deals": {"won": won, "lost": lost, "even": even,
                      "share": _r(won / (won + lost)) if won + lost else 0.5, "ci95": [_r(dlo), _r(dhi)]},
            "sprt": None if v is None else labels[(a, b)[v]],
        })
    out["pairings"] = pairings
    out["by_seat"] = _by_seat(finished)
    out["deals"] = _deals(plan, finished, labels)
    return out


def _by_seat(finished: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Win share by seat over every finished game (a shared win split), with its 95% interval over deals:
    the first seat's advantage is how far seat 0's share lies above the even share."""
    if not finished:
        return []
    n = len(finished[0].returns)
    wins = [0.0] * n
    per_deal: dict[tuple[int, int], list[list[float]]] = {}  # per deal: each seat's wins, and the games
    for g in finished:
        won = winners(g.returns)
        deal = per_deal.setdefault((g.lineup, g.round), [[0.0] * n, [0]])
        deal[1][0] += 1
        for seat in won:
            wins[seat] += 1.0 / len(won)
            deal[0][seat] += 1.0 / len(won)
    out = []
    for seat in range(n):
        lo, hi = wilson(wins[seat], len(finished))
        shares = [seats[seat] / games for seats, (games,) in (per_deal[d] for d in sorted(per_deal))]
        out.append({"seat": seat, "games": len(finished), "wins": _r(wins[seat], 2),
                    "share": _r(wins[seat] / len(finished)), "ci95": [_r(lo), _r(hi)],
                    "over_deals": deal_figures(shares)})
    return out


def _deals(plan: Plan, finished: Sequence[GameResult], labels: list[str]) -> list[dict[str, Any]]:
    """Each deal (a lineup's round: one seed in every seating): its games and each bot's wins (shared wins
    split), and the bot that won most of them (None: even)."""
    tally: dict[tuple[int, int], dict[str, Any]] = {}
    for g in finished:
        seats = contestants_of(plan, g)
        row = tally.setdefault((g.lineup, g.round), {
            "lineup": g.lineup, "round": g.round, "games": 0,
            "wins": {labels[c]: 0.0 for c in plan.lineups[g.lineup].members}})
        row["games"] += 1
        won = winners(g.returns)
        for seat in won:
            row["wins"][labels[seats[seat]]] += 1.0 / len(won)
    out = []
    for key in sorted(tally):
        row = tally[key]
        row["wins"] = {k: _r(v, 2) for k, v in row["wins"].items()}
        best = max(row["wins"].values())
        top = [k for k, v in row["wins"].items() if v == best]
        row["winner"] = top[0] if len(top) == 1 else None
        out.append(row)
    return out
