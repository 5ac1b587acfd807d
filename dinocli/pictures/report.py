"""``dinocli tournament --report FILE.html``: the tournament's figures as charts on one page.

Win rates with their 95% intervals over deals as bars, the head-to-head matrix as a heat map, openskill
ratings with their uncertainty, the first-seat advantage and each deal's result, and for a
cooperative game the distribution of team scores. The
page draws exactly the report ``--json`` prints (it carries it, too, as JSON data) and needs no
network or script.
"""

from __future__ import annotations

import html
import json
import math
from typing import Any

from dinocli.games.drawing import INK, MUTED, SEATS, Drawing, clean

__all__ = ["report_page", "win_rate_chart", "head_to_head_chart", "rating_chart", "team_score_chart"]

LABEL_W, BAR_W, ROW = 190, 420, 30


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def win_rate_chart(report: dict[str, Any]) -> Drawing:
    """Each bot's win rate as a bar, its 95% interval over deals as a whisker, the even share dashed."""
    bots = report["bots"]
    d = Drawing(LABEL_W + BAR_W + 240, 50 + ROW * len(bots) + 30, title="Win rates with 95% intervals",
                cls="chart win-rates")
    d.text(None, 10, 20, "Win rate (bar) and 95% interval over deals (whisker)", cls="bold")
    x0, y0 = LABEL_W, 36
    _axis(d, x0, y0, len(bots) * ROW, [0, 0.25, 0.5, 0.75, 1], _pct)
    even = 1 / report["seats"]
    d.line(None, x0 + even * BAR_W, y0 - 4, x0 + even * BAR_W, y0 + len(bots) * ROW, stroke=MUTED,
           stroke_dasharray="5 4", cls="even")
    d.text(None, x0 + even * BAR_W + 3, y0 + len(bots) * ROW + 24, f"even share {_pct(even)}", cls="tiny muted")
    for i, b in enumerate(bots):
        y = y0 + i * ROW
        g = d.group(None, cls="bar", data_bot=b["bot"], data_win_rate=str(b["win_rate"]))
        d.text(g, x0 - 8, y + 19, b["bot"], cls="small end", limit=28)
        d.rect(g, x0, y + 6, b["win_rate"] * BAR_W, ROW - 12, fill=SEATS[i % len(SEATS)])
        lo, hi = b["over_deals"]["ci95"]
        d.line(g, x0 + lo * BAR_W, y + ROW / 2, x0 + hi * BAR_W, y + ROW / 2, stroke=INK, stroke_width=2,
               cls="ci")
        for v in (lo, hi):
            d.line(g, x0 + v * BAR_W, y + 8, x0 + v * BAR_W, y + ROW - 8, stroke=INK, stroke_width=2)
        d.text(g, x0 + BAR_W + 8, y + 19, f"{_pct(b['win_rate'])} [{_pct(lo)}, {_pct(hi)}] of {b['games']} "
               f"({b['over_deals']['deals']} deals)", cls="small")
    return d


def _axis(d: Drawing, x0: float, y0: float, h: float, ticks: list[float], fmt, lo: float = 0.0,
          hi: float = 1.0) -> None:
    for t in ticks:
        x = x0 + (t - lo) / (hi - lo) * BAR_W
        d.line(None, x, y0 - 4, x, y0 + h, stroke="#e2dfd5")
        d.text(None, x, y0 + h + 12, fmt(t), cls="tiny mid muted")


def _heat(p: float) -> tuple[str, str]:
    """Fill and ink for a win rate: vermillion (losing) through white to blue (winning)."""
    lo, hi = (0xD5, 0x5E, 0x00), (0x00, 0x72, 0xB2)
    end, t = (lo, 1 - 2 * p) if p < 0.5 else (hi, 2 * p - 1)
    rgb = [round(255 + (c - 255) * t) for c in end]
    return "#" + "".join(f"{c:02x}" for c in rgb), "#ffffff" if t > 0.55 else "#000000"


def head_to_head_chart(report: dict[str, Any]) -> Drawing:
    """The head-to-head matrix: the row bot's score against the column bot (draws half), as a
    number in a cell coloured from losing to winning."""
    names = [b["bot"] for b in report["bots"]]
    rate: dict[tuple[str, str], tuple[float, int]] = {}
    for p in report["pairings"]:
        a, b = p["bots"]
        rate[a, b] = (p["win_rate"], p["games"])
        rate[b, a] = (round(1 - p["win_rate"], 4), p["games"])
    cell = 74
    n = len(names)
    d = Drawing(max(LABEL_W + cell * n + 20, 600), 70 + cell * n + 20, title="Head to head",
                cls="chart head-to-head")
    d.text(None, 10, 20, "Row bot's score against the column bot (draws count half)", cls="bold")
    x0, y0 = LABEL_W, 62
    for j, name in enumerate(names):
        d.text(None, x0 + j * cell + cell / 2, y0 - 8, name, cls="tiny mid", limit=14)
    for i, a in enumerate(names):
        d.text(None, x0 - 8, y0 + i * cell + cell / 2 + 4, a, cls="small end", limit=28)
        for j, b in enumerate(names):
            x, y = x0 + j * cell, y0 + i * cell
            g = d.group(None, cls="cell", data_row=a, data_col=b)
            if (a, b) not in rate:
                d.rect(g, x, y, cell, cell, fill="#eeeeee", stroke="#ffffff", stroke_width=2)
                d.text(g, x + cell / 2, y + cell / 2 + 4, "—", cls="small mid muted")
                continue
            p, games = rate[a, b]
            fill, ink = _heat(p)
            g.set("data-rate", str(p))
            d.rect(g, x, y, cell, cell, fill=fill, stroke="#ffffff", stroke_width=2)
            d.text(g, x + cell / 2, y + cell / 2 + 2, _pct(p), cls="small mid bold", fill=ink)
            d.text(g, x + cell / 2, y + cell / 2 + 16, f"{games} games", cls="tiny mid", fill=ink)
    return d


def rating_chart(report: dict[str, Any]) -> Drawing:
    """openskill ratings: μ as a dot, μ ± σ and μ ± 2σ as whiskers, the ordinal (μ − 3σ) as a tick."""
    bots = report["bots"]
    lows = [b["rating"]["mu"] - 3 * b["rating"]["sigma"] for b in bots]
    highs = [b["rating"]["mu"] + 2 * b["rating"]["sigma"] for b in bots]
    lo, hi = min(lows), max(highs)
    pad = (hi - lo) * 0.05 or 1
    lo, hi = lo - pad, hi + pad
    d = Drawing(LABEL_W + BAR_W + 240, 50 + ROW * len(bots) + 30, title="openskill ratings", cls="chart ratings")
    d.text(None, 10, 20, "openskill rating: μ (dot), ±σ (thick), ±2σ (thin), ordinal μ−3σ (tick)", cls="bold")
    x0, y0 = LABEL_W, 36
    span = hi - lo
    step = 10 ** int(f"{span:e}".split("e")[1])
    if span / step < 3:
        step /= 2
    ticks = [t * step for t in range(math.ceil(lo / step), math.floor(hi / step) + 1)]
    _axis(d, x0, y0, len(bots) * ROW, ticks, lambda t: f"{t:g}", lo, hi)

    def at(v: float) -> float:
        return x0 + (v - lo) / (hi - lo) * BAR_W

    for i, b in enumerate(bots):
        y = y0 + i * ROW + ROW / 2
        mu, sigma, ordinal = b["rating"]["mu"], b["rating"]["sigma"], b["rating"]["ordinal"]
        g = d.group(None, cls="rating", data_bot=b["bot"], data_mu=str(mu), data_sigma=str(sigma))
        d.text(g, x0 - 8, y + 4, b["bot"], cls="small end", limit=28)
        d.line(g, at(mu - 2 * sigma), y, at(mu + 2 * sigma), y, stroke=INK, stroke_width=1.5)
        d.line(g, at(mu - sigma), y, at(mu + sigma), y, stroke=SEATS[i % len(SEATS)], stroke_width=7)
        d.line(g, at(ordinal), y - 9, at(ordinal), y + 9, stroke=INK, stroke_width=2, cls="ordinal")
        d.circle(g, at(mu), y, 5, fill="#ffffff", stroke=INK, stroke_width=2)
        d.text(g, x0 + BAR_W + 8, y + 4, f"μ {mu:.1f} ± {sigma:.1f}, ordinal {ordinal:.1f}", cls="small")
    return d


def team_score_chart(rows: list[dict[str, Any]], label_key: str, heading: str) -> Drawing:
    """A cooperative game: per bot (or team), how many games ended on each team score, and the
    mean with its 95% interval."""
    scores = sorted({float(k) for r in rows for k in r["team_score"]["distribution"]}) or [0.0]
    top = max((c for r in rows for c in r["team_score"]["distribution"].values()), default=1)
    lo, hi = min(0.0, scores[0]), max(scores[-1], 1.0)
    col = max(14, min(34, 460 / (hi - lo + 1)))
    height_per = 90
    width = LABEL_W + col * (hi - lo + 1) + 200
    d = Drawing(width, 40 + len(rows) * (height_per + 26) + 20, title=heading, cls="chart team-scores")
    d.text(None, 10, 20, heading + ": games per team score (bars), mean and 95% interval (line)", cls="bold")
    y = 44
    for i, r in enumerate(rows):
        label = r[label_key] if isinstance(r[label_key], str) else " + ".join(r[label_key])
        ts = r["team_score"]
        g = d.group(None, cls="distribution", data_label=label, data_games=r["games"])
        d.text(g, LABEL_W - 8, y + height_per / 2, label, cls="small end", limit=28)
        base = y + height_per
        d.line(g, LABEL_W, base, LABEL_W + col * (hi - lo + 1), base, stroke=INK)
        for k, count in ts["distribution"].items():
            x = LABEL_W + (float(k) - lo) * col
            h = count / top * (height_per - 26)
            bar = d.rect(g, x + 2, base - h, col - 4, h, fill=SEATS[i % len(SEATS)], cls="bin")
            bar.set("data-score", k)
            bar.set("data-count", str(count))
            d.text(g, x + col / 2, base - h - 3, str(count), cls="tiny mid")
        for s in range(int(lo), int(hi) + 1):
            d.text(g, LABEL_W + (s - lo) * col + col / 2, base + 12, str(s), cls="tiny mid muted")
        mean, (a, b) = ts["mean"], ts["ci95"]
        mx = LABEL_W + (mean - lo) * col + col / 2
        d.line(g, LABEL_W + (a - lo) * col + col / 2, y + 4, LABEL_W + (b - lo) * col + col / 2, y + 4,
               stroke=INK, stroke_width=2, cls="ci")
        d.circle(g, mx, y + 4, 4, fill="#ffffff", stroke=INK, stroke_width=2)
        d.text(g, LABEL_W + col * (hi - lo + 1) + 10, y + height_per / 2,
               f"mean {mean:.2f} [{a:.2f}, {b:.2f}] of {r['games']}", cls="small")
        y += height_per + 26
    return d


CSS = """
body{margin:0;font:15px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif;color:#1b1b1b;background:#fbfaf5}
header{padding:12px 18px;border-bottom:1px solid #d8d4c8}h1{font-size:20px;margin:0 0 4px}
.meta{margin:0;color:#6b6b6b;font-size:13px}main{padding:6px 18px 30px}
h2{font-size:17px;margin:22px 0 6px}figure{margin:0}figure svg{max-width:100%;height:auto;background:#fff;
border:1px solid #d8d4c8}table{border-collapse:collapse;font-size:13px;margin-top:8px}
th,td{border-bottom:1px solid #e2dfd5;padding:3px 10px;text-align:right}th:first-child,td:first-child{text-align:left}
.warn{color:#a34400}
"""


def _e(text: object) -> str:
    return html.escape(clean(text, 2000), quote=True)


def _table(headers: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _game_name(game_id: str) -> str:
    """A game's name from its id (the id itself for a game this dinocli does not know)."""
    from dinocli.games import GAMES, get

    return get(game_id).info.name if game_id in GAMES else game_id


MAX_DEAL_ROWS = 200


def _seat_and_deal_sections(report: dict[str, Any]) -> list[str]:
    """The first-seat advantage (win share by seat over every game) and each deal's result, as tables."""
    parts = []
    seats = report.get("by_seat") or []
    if seats:
        even = 1 / len(seats)
        first = seats[0]
        parts.append("<h2>First-seat advantage</h2>")
        lo, hi = first["over_deals"]["ci95"]
        parts.append(f"<p>The first seat won {_pct(first['share'])} [{_pct(lo)}, {_pct(hi)}] of {first['games']} "
                     f"games ({first['over_deals']['deals']} deals); an even share is {_pct(even)}.</p>")
        parts.append(_table(["seat", "games", "wins", "win share", "95% CI over deals"], [
            [f"{s['seat'] + 1}{' (first)' if s['seat'] == 0 else ''}", s["games"], f"{s['wins']:g}",
             _pct(s["share"]), f"[{_pct(s['over_deals']['ci95'][0])}, {_pct(s['over_deals']['ci95'][1])}]"]
            for s in seats]))
    deals = report.get("deals") or []
    if deals:
        parts.append("<h2>Deals</h2>")
        parts.append("<p>A deal is one seed played in every seating of a table; luck that falls to a seat "
                     "cancels within it. Wins of a deal's games, shared wins split.</p>")
        rows = [[f"{d['lineup'] + 1}.{d['round'] + 1}", " vs ".join(d["wins"]), d["games"],
                 ", ".join(f"{k} {v:g}" for k, v in d["wins"].items()), d["winner"] or "even"]
                for d in deals[:MAX_DEAL_ROWS]]
        parts.append(_table(["deal", "bots", "games", "wins", "won by"], rows))
        if len(deals) > MAX_DEAL_ROWS:
            parts.append(f"<p>… and {len(deals) - MAX_DEAL_ROWS} more deals (all of them in --json).</p>")
    return parts


def report_page(report: dict[str, Any]) -> str:
    """The tournament report as one self-contained HTML page (no script, no network)."""
    run = report["run"]
    title = f"Tournament: {_game_name(report['game'])}, {report['seats']} seats"
    meta = (f"{report['games']} games ({report['games_per_pairing']} per pairing), seed {report['seed']!r}"
            + (f", variants {', '.join(report['variants'])}" if report["variants"] else "")
            + f" · {run['elapsed']:.1f} s"
            + (f" · saved as tournament {report['tournament']}" if report["tournament"] else ""))
    parts = []
    for w in report.get("warnings", []):
        parts.append(f'<p class="warn">warning: {_e(w)}</p>')
    if report["unfinished"]:
        parts.append(f"<p>{report['unfinished']} game(s) hit the decision limit unfinished and are not counted.</p>")
    if report["cooperative"]:
        parts.append("<h2>Team score per bot</h2>")
        parts.append(f"<figure>{team_score_chart(report['bots'], 'bot', 'Team score per bot').to_string()}</figure>")
        if len(report["lineups"]) > 1:
            parts.append("<h2>Team score per team</h2>")
            parts.append("<figure>" + team_score_chart(report["lineups"], "bots", "Team score per team").to_string()
                         + "</figure>")
        parts.append(_table(["bot", "games", "mean", "95% CI"], [
            [b["bot"], b["games"], f"{b['team_score']['mean']:.2f}",
             f"[{b['team_score']['ci95'][0]:.2f}, {b['team_score']['ci95'][1]:.2f}]"] for b in report["bots"]]))
    else:
        parts.append("<h2>Win rates</h2>")
        parts.append(f"<figure>{win_rate_chart(report).to_string()}</figure>")
        if report["pairings"]:
            parts.append("<h2>Head to head</h2>")
            parts.append(f"<figure>{head_to_head_chart(report).to_string()}</figure>")
            parts.append(_table(["pairing", "games", "deals", "first's win rate", "95% CI over deals",
                                 "deals won (sign test) W-L-E", "share (sign test)"], [
                [" vs ".join(p["bots"]), p["games"], p["over_deals"]["deals"], _pct(p["win_rate"]),
                 f"[{_pct(p['over_deals']['ci95'][0])}, {_pct(p['over_deals']['ci95'][1])}]",
                 f"{p['deals']['won']}-{p['deals']['lost']}-{p['deals']['even']}", _pct(p["deals"]["share"])]
                for p in report["pairings"]]))
        parts.append("<h2>Ratings</h2>")
        parts.append(f"<figure>{rating_chart(report).to_string()}</figure>")
        parts.append(_table(["bot", "games", "deals", "wins", "win rate", "95% CI over deals", "mean score", "μ", "σ",
                             "ordinal"], [
            [b["bot"], b["games"], b["over_deals"]["deals"], f"{b['wins']:g}", _pct(b["win_rate"]),
             f"[{_pct(b['over_deals']['ci95'][0])}, {_pct(b['over_deals']['ci95'][1])}]", f"{b['mean_score']:.2f}",
             f"{b['rating']['mu']:.2f}", f"{b['rating']['sigma']:.2f}", f"{b['rating']['ordinal']:.2f}"]
            for b in report["bots"]]))
        parts += _seat_and_deal_sections(report)
    data = (json.dumps(report, sort_keys=True, default=str).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{_e(title)}</title><style>{CSS}</style></head>\n"
        f'<body><header><h1>{_e(title)}</h1><p class="meta">{_e(meta)}</p></header>\n<main>'
        + "\n".join(parts)
        + f'</main>\n<script type="application/json" id="report-data">{data}</script>\n</body></html>\n'
    )
