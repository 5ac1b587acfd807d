"""Issue 21 in a real browser (headless Chromium over the DevTools protocol): the game page steps
by key presses with no console error, the tournament report and a board render, screenshots are
taken. Slow (a browser starts), so marked: ``pytest -m "not slow"`` leaves them out; without a
browser they skip with a reason saying how to get one. Set DINOCLI_SHOTS=DIR to keep the
screenshots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dinocli.pictures import board_svg
from dinocli.pictures.export import html_page
from dinocli.service import Service

from .conftest import HOSTILE, positions, with_hostile_names

pytestmark = pytest.mark.slow

SAVES = Path(__file__).resolve().parents[2] / "saves"

CURRENT = "document.querySelector('.frame.current').dataset.step"
VISIBLE = ("Array.from(document.querySelectorAll('.frame')).filter(f => f.offsetParent !== null)"
           ".map(f => f.dataset.step)")
BOARD = "document.querySelector('.frame.current svg').outerHTML"
BUTTON = "document.querySelector('#moves button[aria-current=step]').dataset.step"


def _imported(dino, kind: str) -> str:
    (save,) = SAVES.glob(f"{kind}-*.jsonl")
    return dino.json("import", save)["game"]


@pytest.mark.long(4)
def test_game_page_steps_by_keys_without_errors(dino, tmp_path, browser, shots):
    gid = _imported(dino, "dodos")
    page_file = tmp_path / "game.html"
    r = dino("export", gid, "--format", "html", "--as", "rex", "-o", page_file)
    assert r.exit_code == 0, r.stderr
    n = page_file.read_text().count('<article class="frame"')
    tab = browser.page(1280, 900)
    try:
        tab.open(page_file)
        assert tab.js(CURRENT) == str(n - 1) and tab.js(VISIBLE) == [str(n - 1)]  # opens on the end
        end_board = tab.js(BOARD)
        tab.press("Home")
        assert tab.js(CURRENT) == "0" and tab.js(BUTTON) == "0"
        start_board = tab.js(BOARD)
        assert start_board != end_board
        seen = [start_board]
        for i in range(1, 6):
            tab.press("ArrowRight")
            assert tab.js(CURRENT) == str(i) and tab.js(VISIBLE) == [str(i)] and tab.js(BUTTON) == str(i)
            seen.append(tab.js(BOARD))
        assert len(set(seen)) > 3  # the board changes as the game goes on
        tab.screenshot(shots / "page-step-5.png")
        tab.press("ArrowLeft")
        assert tab.js(CURRENT) == "4"
        tab.press("End")
        assert tab.js(CURRENT) == str(n - 1)
        tab.press("ArrowRight")
        assert tab.js(CURRENT) == str(n - 1)  # stays on the last
        tab.js("document.querySelector('#moves button[data-step=\"3\"]').click()")
        assert tab.js(CURRENT) == "3" and tab.js("location.hash") == "#step-3"
        tab.screenshot(shots / "page-step-3.png")
        assert tab.problems() == []
    finally:
        tab.close()


def test_hostile_names_do_not_run_on_the_page(dino, tmp_path, browser, shots):
    """A log whose names are markup: the page shows them as text and runs nothing of theirs."""
    gid = _imported(dino, "sos")
    svc = Service.open(dino.db)
    try:
        page = html_page(with_hostile_names(svc.load(gid)), None)
    finally:
        svc.close()
    path = tmp_path / "hostile.html"
    path.write_text(page)
    tab = browser.page(1280, 900)
    try:
        tab.open(path)
        assert tab.js("document.scripts.length") == 1
        assert "<script>alert(1)</script>" in tab.js("document.querySelector('header .meta').textContent")
        tab.press("Home")
        tab.press("ArrowRight")
        assert tab.js(CURRENT) == "1"
        assert tab.problems() == []
    finally:
        tab.close()


def test_tournament_report_renders(dino, tmp_path, browser, shots):
    out = tmp_path / "report.html"
    r = dino("tournament", "dingo", "--bot", "rules", "--bot", "random", "--bot", "random", "--games", "2",
             "--workers", "1", "--report", out)
    assert r.exit_code == 0, r.stderr
    tab = browser.page(1000, 1300)
    try:
        tab.open(out)
        assert tab.js("document.querySelectorAll('figure svg').length") == 3
        widths = tab.js("Array.from(document.querySelectorAll('.bar rect')).map(r => r.getBBox().width)")
        assert any(w > 0 for w in widths)
        tab.screenshot(shots / "report.png")
        assert tab.problems() == []
    finally:
        tab.close()


@pytest.mark.parametrize("game_id, names, variants", [
    ("dingo", ("ann", "bo", "cy"), ()),
    ("sos", ("ann", "bo"), ()),
    ("dodos", ("ann", "bo", "cy", "di"), ("space",)),
    ("dillos", ("ann", "bo", "cy"), ("houston",)),
])
def test_boards_render(game_id, names, variants, tmp_path, browser, shots):
    """Each game's board drawn by the browser at full size, nothing outside the picture."""
    game, states = positions(game_id, names, variants)
    path = tmp_path / f"{game_id}.svg"
    path.write_text(board_svg(game_id, game.observe(states[1], 0)))
    width, height = (int(float(x)) for x in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', path.read_text()).groups())
    tab = browser.page(width, height)
    try:
        tab.open(path)
        box = tab.js("(() => { const b = document.documentElement.getBBox(); return [b.x, b.y, b.width, b.height]; })()")
        assert box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= width + 1 and box[1] + box[3] <= height + 1, box
        tab.screenshot(shots / f"board-{game_id}.png")
        assert tab.problems() == []
    finally:
        tab.close()
