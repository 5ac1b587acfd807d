"""Issue 21 (and 20's ``export --format text``) from the user's seat: ``show --svg``,
``export --format html|text`` and ``tournament --report``, through CliRunner and once each as a
separate ``dinocli`` process; bad input is one line, its own exit code, and writes nothing."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

from dinocli.pictures.export import html_page, text_record
from dinocli.service import Service

from .conftest import HOSTILE, having, parse, with_hostile_names
from tests.clirunner import DINOCLI

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _new(dino, game="dingo", *extra) -> str:
    r = dino.json("new", game, "--player", "ann", "--bot", "rules", "--bot", "random", "--seed", "7", "--no-play",
                  *extra)
    return r["game"]


def _finished(dino, kind: str) -> str:
    (save,) = [p for p in SAVES.glob(f"{kind}-*.jsonl")]
    return dino.json("import", save)["game"]


def test_show_svg_writes_the_seats_board(dino, tmp_path):
    gid = _new(dino)
    out = tmp_path / "board.svg"
    r = dino("show", gid, "--svg", out)
    assert r.exit_code == 0 and r.stdout == "" and f"Board drawn to {out}" in r.stderr
    root = parse(out.read_text())
    assert "as ann sees it" in root.find("{http://www.w3.org/2000/svg}title").text
    shown = dino.json("show", gid)
    hand = [c for el in having(root, "card", "face-up") if "in-hand" in el.get("class")
            for c in [int(el.get("data-card"))]]
    assert hand == shown["view"]["hand"]
    as_bot = tmp_path / "rex.svg"
    peek = dino("show", gid, "--as", "rex", "--svg", as_bot)   # another seat's cards, while ann plays
    assert peek.exit_code != 0 and not as_bot.exists()
    casual = _new(dino, "dingo", "--casual")
    assert dino("show", casual, "--as", "rex", "--svg", as_bot).exit_code == 0
    assert dino("show", casual, "--svg", out).exit_code == 0
    assert "as rex sees it" in as_bot.read_text() and as_bot.read_text() != out.read_text()


def test_show_svg_to_stdout_and_with_json(dino, tmp_path):
    gid = _new(dino, "sos")
    r = dino("show", gid, "--svg", "-")
    assert r.exit_code == 0 and r.stdout.startswith("<svg ") and parse(r.stdout) is not None
    r = dino("show", gid, "--svg", tmp_path / "b.svg", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["game"] == gid and (tmp_path / "b.svg").exists()


@pytest.mark.parametrize("args, code, message", [
    (["--svg", "-", "--json"], 2, "both want stdout"),
    (["--svg", "{tmp}/no/such/dir/b.svg"], 1, "folder {tmp}/no/such/dir does not exist (create it with: mkdir -p"),
    (["--svg", "{tmp}", "--as", "ann"], 2, "is a directory"),
    (["--svg", "{tmp}/b.svg", "--as", "nobody"], 1, "no seat 'nobody'"),
])
def test_show_svg_bad_input(dino, tmp_path, args, code, message):
    gid = _new(dino)
    before = sorted(tmp_path.rglob("*"))
    r = dino("show", gid, *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert r.exit_code == code, (r.stdout, r.stderr)
    assert message.replace("{tmp}", str(tmp_path)) in r.stderr and r.stdout == ""
    assert r.stderr.count("\n") == 1 or r.stderr.startswith("Usage:")  # click's own usage errors
    assert sorted(tmp_path.rglob("*")) == before  # nothing written, no .part left


def test_export_html_is_one_self_contained_page(dino, tmp_path):
    gid = _finished(dino, "dingo")
    out = tmp_path / "game.html"
    r = dino("export", gid, "--format", "html", "-o", out)
    assert r.exit_code == 0, r.stderr
    page = out.read_text()
    # a board a frame, and the parts they share drawn once (no analysis kept: no graph, a hint instead)
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg ") == page.count('class="frame"') + 1
    assert 'id="evaluation"' not in page and f"dinocli analyze {gid} --seat SEAT" in page
    # no network: nothing is fetched from anywhere
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", page) and "http://" not in page.replace(
        "http://www.w3.org/2000/svg", "")
    log = dino.json("log", gid)
    decisions = [row for row in log if not row["automatic"]]
    assert page.count('<article class="frame"') == len(decisions) + 1  # the setup, then one per decision
    for row in decisions[:5]:
        assert html.escape(f"{row['name']}: {row['action']}") in page
    # the script that runs is exactly the one the policy allows
    csp = re.search(r"script-src 'sha256-([^']+)'", page).group(1)
    import base64
    import hashlib

    script = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    assert base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() == csp


def test_export_html_as_a_seat_hides_the_others_hands(dino, tmp_path):
    """A page exported --as ann shows her hand, never rex's or trike's (their cards stay face down)."""
    gid = _new(dino)
    svc = Service.open(dino.db)
    try:
        g = svc.load(gid)
        rivals = {c for s in (1, 2) for c in g.state.hands[s]}
        page = html_page(g, 0)
    finally:
        svc.close()
    shown = {int(c) for c in re.findall(r'class="card face-up[^"]*" data-card="(\d+)"', page)}
    assert shown and not shown & rivals
    r = dino("export", gid, "--format", "html", "--as", "ann", "-o", tmp_path / "p.html")
    assert r.exit_code == 0 and (tmp_path / "p.html").read_text() == page


def test_a_hidden_decision_stays_hidden_on_the_page(dino):
    """Dodos picks are secret (DODO-12): another seat's pick shows as '(hidden)', never its text."""
    gid = _finished(dino, "dodos")
    svc = Service.open(dino.db)
    try:
        g = svc.load(gid)
        page, text = html_page(g, 0), text_record(g, 0)
        decisions = [s for s in g.path if s.command == s.id and s.actor is not None]
    finally:
        svc.close()
    buttons = dict(re.findall(r'<button type="button" data-step="(\d+)">(.*?)</button>', page))
    theirs = [i for i, s in enumerate(decisions, 1) if s.actor != 0 and s.action.startswith("pick ")]
    mine = [i for i, s in enumerate(decisions, 1) if s.actor == 0 and s.action.startswith("pick ")]
    assert theirs and mine
    for i in theirs:
        assert buttons[str(i)].endswith('<span class="hidden-move">(hidden)</span>'), buttons[str(i)]
    for i in mine:
        assert buttons[str(i)].endswith(html.escape(decisions[i - 1].action))
    assert text.count("(hidden)") == len(theirs)


def test_hostile_names_are_text_on_the_page(dino, tmp_path):
    """A name from a log may be markup or control characters: the page and the move list show it
    as text, escaped, with the control characters replaced."""
    gid = _finished(dino, "sos")
    svc = Service.open(dino.db)
    try:
        g = with_hostile_names(svc.load(gid))
        page, text = html_page(g, None), text_record(g, None)
    finally:
        svc.close()
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("<script") == 1  # ours
    assert not any(c in page + text for c in "\x1b\x07\u202e")
    seats = next(line for line in text.splitlines() if line.startswith("[Seats "))
    assert seats == '[Seats "<script>alert(1)</script> (rules), a\ufffd[31mb\ufffd&\\"\' (rules)"]'


def test_export_text_is_a_numbered_move_list(dino):
    gid = _finished(dino, "dillos")
    r = dino("export", gid, "--format", "text")
    assert r.exit_code == 0, r.stderr
    head, moves, result = r.stdout.split("\n\n")
    assert head.startswith('[Game "\'Dillos In Austin"]') and '[Result "won by ' in head
    assert all(len(line) <= 79 for line in moves.splitlines())
    lines = moves.replace("\n    ", " ").splitlines()   # one line a round once unwrapped
    assert [int(line.split(".")[0]) for line in lines] == list(range(1, len(lines) + 1))
    decisions = [row for row in dino.json("log", gid) if not row["automatic"]]
    assert sum(line.count(", ") + line.count(": ") for line in lines) == len(decisions)
    assert result.strip().startswith("won by ")


def test_export_format_is_checked(dino):
    gid = _new(dino)
    r = dino("export", gid, "--format", "pdf")
    assert r.exit_code == 2 and "'pdf' is not one of" in r.stderr


def test_tournament_report_draws_the_same_data_as_json(dino, tmp_path):
    out = tmp_path / "report.html"
    r = dino("tournament", "dingo", "--bot", "rules", "--bot", "random", "--bot", "random", "--games", "2",
             "--workers", "1", "--seed", "pics", "--report", out, "--json")
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    page = out.read_text()
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data) == report
    root_bars = re.findall(r'class="bar" data-bot="([^"]+)" data-win-rate="([^"]+)"', page)
    assert [(b, float(w)) for b, w in root_bars] == [(b["bot"], b["win_rate"]) for b in report["bots"]]
    cells = re.findall(r'class="cell" data-row="([^"]+)" data-col="([^"]+)" data-rate="([^"]+)"', page)
    assert len(cells) == 2 * len(report["pairings"])
    for p in report["pairings"]:
        a, b = p["bots"]
        assert (a, b, str(p["win_rate"])) in cells
    assert len(re.findall(r'class="rating"', page)) == len(report["bots"])
    # titled by the game's name; the first seat's share and each deal's result (issue 41)
    assert f"<h1>Tournament: The Dingo Ate The Baby, {report['seats']} seats</h1>" in page
    assert "<h2>First-seat advantage</h2>" in page and f"of {report['games']} games" in page
    assert len(re.findall(r"<tr><td>\d+\.\d+</td><td>\S+ vs ", page)) == len(report["deals"]) >= 1


def test_tournament_report_for_a_cooperative_game(dino, tmp_path):
    out = tmp_path / "sos.html"
    r = dino("tournament", "sos", "--bot", "rules", "--bot", "random", "--games", "2", "--workers", "1",
             "--report", out, "--json")
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    page = out.read_text()
    for b in report["bots"]:
        bins = re.findall(rf'class="distribution" data-label="{re.escape(b["bot"])}".*?</g>', page, re.S)[0]
        counts = dict(re.findall(r'data-score="([^"]+)" data-count="(\d+)"', bins))
        assert {k: int(v) for k, v in counts.items()} == b["team_score"]["distribution"]


def test_tournament_report_into_a_missing_folder_fails_before_playing(dino, tmp_path):
    r = dino("tournament", "dingo", "--bot", "rules", "--games", "50", "--report", tmp_path / "no" / "r.html")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "no such directory" in r.stderr


def test_as_a_separate_process(tmp_path):
    """The three commands as a user runs them: a real `dinocli` process each."""
    exe = DINOCLI or pytest.skip("dinocli is not installed")
    db = tmp_path / "g.sqlite"

    def run(*args):
        proc = subprocess.run([exe, "--db", str(db), *map(str, args)], capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        return proc

    gid = json.loads(run("import", SAVES / "dodos-4p-rules-vs-random.jsonl", "--json").stdout)["game"]
    run("show", gid, "--svg", tmp_path / "b.svg", "--as", "rex")
    assert parse((tmp_path / "b.svg").read_text()).get("class") == "board dodos"
    run("export", gid, "--format", "html", "-o", tmp_path / "g.html")
    assert (tmp_path / "g.html").read_text().rstrip().endswith("</html>")
    run("tournament", "dillos", "--bot", "rules", "--bot", "random", "--games", "1", "--workers", "1",
        "--report", tmp_path / "r.html")
    assert "Win rates" in (tmp_path / "r.html").read_text()


def test_annotations_are_drawn_where_they_exist_and_escaped(dino):
    """The hook for issue 20's annotations: comments keyed by a decision's event number show on its
    step (page) and after its move (text); a game without any draws no notes box at all."""
    gid = _finished(dino, "dingo")
    svc = Service.open(dino.db)
    try:
        g = svc.load(gid)
        first = next(s for s in g.path if s.command == s.id and s.actor is not None)
        seq = [s.seq for s in g.path if s.command == first.command][-1]
        notes = {seq: ["<b>risky</b> but {fine}"]}
        plain, page, text = html_page(g, None), html_page(g, None, notes), text_record(g, None, notes)
    finally:
        svc.close()
    assert 'class="notes"' not in plain
    assert page.count('<aside class="notes">') == 1
    assert '<aside class="notes"><p>&lt;b&gt;risky&lt;/b&gt; but {fine}</p></aside>' in page
    assert f": {first.action} {{<b>risky</b> but {{fine)}}" in text.replace("\n    ", " ")


def test_report_page_carries_hostile_labels_as_data_not_markup():
    """Labels reach the page as escaped text and as JSON that cannot close its script element."""
    from dinocli.pictures.report import report_page

    evil = "</script><script>alert(1)</script>"
    deals = {"deals": 2, "win_rate": 0.75, "ci95": [0.1, 1.0]}
    bot = {"bot": evil, "spec": "rules", "games": 4, "wins": 3.0, "win_rate": 0.75, "ci95": [0.3, 0.95],
           "over_deals": deals, "mean_score": 10.0, "rating": {"mu": 27.0, "sigma": 6.0, "ordinal": 9.0}}
    other = bot | {"bot": "random", "wins": 1.0, "win_rate": 0.25, "ci95": [0.05, 0.7],
                   "rating": {"mu": 22.0, "sigma": 6.0, "ordinal": 4.0}}
    report = {"tournament": None, "game": "dingo", "seats": 2, "variants": [], "seed": evil, "games_per_pairing": 4,
              "cooperative": False, "deterministic": True, "early_stop": False, "saved": 0, "games": 4,
              "unfinished": 0, "lineups": [], "bots": [bot, other], "warnings": [evil],
              "pairings": [{"bots": [evil, "random"], "games": 4, "wins": [3, 1], "draws": 0, "win_rate": 0.75,
                            "ci95": [0.3, 0.95], "over_deals": deals, "sprt": None,
                            "deals": {"won": 1, "lost": 0, "even": 1, "share": 1.0, "ci95": [0.2, 1.0]}}],
              "run": {"workers": 1, "scheduler": None, "elapsed": 1.0, "games_per_second": 4.0}}
    page = report_page(report)
    assert page.count("<script") == 1 and page.count("</script>") == 1
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data) == report
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_finished_game_s_page_shows_every_decision_as_the_full_log_does(dino):
    """Issue 41: a finished Dodos game's page showed "(hidden)" for 36 secret picks while its text export
    showed them; once over, the page seen by nobody in particular shows what the full log shows."""
    gid = _finished(dino, "dodos")
    page = dino("export", gid, "--format", "html").stdout
    text = dino("export", gid, "--format", "text").stdout
    svc = Service.open(dino.db)
    g = svc.load(gid)
    picks = [g.say_action(s.action) for s in g.path if s.command == s.id and (s.action or "").startswith("pick ")]
    from dinocli.events import SeededRng

    hidden = g.game.reveal(g.shown(g.state), SeededRng(g.record.seed))   # what the last board hides, as review says
    svc.close()
    assert hidden and all(html.escape(line) in page for line in hidden)
    assert picks and "(hidden)" not in page and "(hidden)" not in text
    assert all(html.escape(p) in page for p in picks) and "everything (the game is over)" in page


def test_the_page_names_what_a_game_without_hands_hides():
    """Issue 41: the SOS page said "the public view (no hand shown)" of a game without hands."""
    from dinocli.pictures.export import _who

    svc = Service.open(":memory:")
    for kind, words in (("sos", "the public view (the game hides nothing)"),
                        ("dingo", "the public view (no hand shown)")):
        g = svc.new_game(kind, bots=["rules", "rules"], seed="w")
        assert _who(svc.load(g.id), None) == words
    svc.close()


def test_a_long_dingo_game_s_page_is_small_and_whole():
    """Issue 41: a 661-decision Dingo game's page was 5.2 MB (a whole board a step); the parts boards repeat
    are drawn once (<use>), so a game of that length (653 decisions here) is at most 1.5 MB, every board
    still there, every part it uses defined on the page."""
    svc = Service.open(":memory:")
    g = svc.new_game("dingo", bots=["rules", "rules"], seed="L1")
    list(svc.run_bots(g))
    g = svc.load(g.id)
    decisions = sum(1 for s in g.path if s.command == s.id and s.actor is not None)
    page = html_page(g, None)
    svc.close()
    assert decisions > 600 and len(page.encode()) <= 1_500_000
    assert page.count('<article class="frame"') == decisions + 1
    used = set(re.findall(r'<use href="#([^"]+)"', page))
    defined = set(re.findall(r' id="(p[0-9a-f]+)"', page))
    assert used and used <= defined
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", page)
