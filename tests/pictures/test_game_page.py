"""Issue 41 in a real browser (headless Chromium): for a finished game of each game, analysed, the page has the
evaluation graph (one point a judged decision; a click on one moves the board there), the arrow keys move the
board, the move list shows the marks `analyze` gave, dark mode changes the colours, and no text on any board
of any step reaches past its picture. Slow (a browser starts), skipped without one; DINOCLI_SHOTS=DIR keeps
the 1200x900 screenshots in light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirunner import Dino

pytestmark = pytest.mark.slow

SAVES = Path(__file__).resolve().parents[2] / "saves"
GAMES = ("dingo", "sos", "dodos", "dillos")
JUDGE = "mcts:iterations=8"
CURRENT = "+document.querySelector('.frame.current').dataset.step"

# every text of every board (and every part drawn once and used) measured in its SVG's own units
OUTSIDE = """(() => {
  const bad = [];
  document.querySelectorAll('.frame').forEach((f, i) => {
    f.style.display = 'block';
    const svg = f.querySelector('svg.board'), vb = svg.viewBox.baseVal, inv = svg.getScreenCTM().inverse();
    svg.querySelectorAll('text, use').forEach(el => {
      const b = el.getBBox();
      if (!b.width && !b.height) return;
      const m = inv.multiply(el.getScreenCTM());
      const c = [[b.x, b.y], [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
      if (c[0].x < vb.x - 0.5 || c[0].y < vb.y - 0.5 || c[1].x > vb.x + vb.width + 0.5 || c[1].y > vb.y + vb.height + 0.5) {
        const words = el.tagName === 'use' ? document.querySelector(el.getAttribute('href')).textContent : el.textContent;
        bad.push([i, words.slice(0, 50), Math.round(c[0].x), Math.round(c[0].y), Math.round(c[1].x), Math.round(c[1].y)]);
      }
    });
    f.style.display = '';
  });
  return bad.slice(0, 12);
})()"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """kind -> (file, log rows): the game's save imported, every seat analysed by a small bot, and its page; each
    made when a test first asks for it (the four tests may run on different workers)."""
    where = tmp_path_factory.mktemp("pages")
    dino = Dino(where / "games.sqlite")
    out = {}

    def page_of(kind: str):
        if kind not in out:
            (save,) = SAVES.glob(f"{kind}-*.jsonl")
            gid = dino.json("import", save)["game"]
            for seat in range(len(dino.json("show", gid)["seats"])):
                assert dino("analyze", gid, "--seat", seat, "--bot", JUDGE, "--workers", "2").exit_code == 0
            page = where / f"{kind}.html"
            assert dino("export", gid, "--format", "html", "-o", page).exit_code == 0
            out[kind] = page, dino.json("log", gid)
        return out[kind]

    return page_of


@pytest.mark.long(6)
@pytest.mark.parametrize("kind", GAMES)
def test_the_analysed_game_page(kind, pages, browser, shots):
    page, rows = pages(kind)
    judged = [r for r in rows if r["analysis"]]
    marked = [r for r in judged if r["analysis"][0]["mark"]]
    assert judged
    tab = browser.page(1200, 900)
    try:
        tab.open(page)
        last = tab.js(CURRENT)
        steps = tab.js("Array.from(document.querySelectorAll('#evaluation .point')).map(p => +p.dataset.step)")
        assert len(steps) == len(set(steps)) == len(judged)   # one point a judged decision, each its own step
        assert tab.js("document.querySelectorAll('#moves .mark').length") == len(marked)
        assert tab.js("document.querySelectorAll('#evaluation text.mark').length") == len(marked)
        tab.screenshot(shots / f"page-{kind}-light.png")
        light = tab.js("[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,"
                       " getComputedStyle(document.querySelector('.frame.current svg')).filter]")
        # a click on a point of the graph moves the board there, the arrow keys step from it
        target = steps[len(steps) // 2]
        tab.js(f"document.querySelector('#evaluation .point[data-step=\"{target}\"]')"
               ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        assert tab.js(CURRENT) == target and tab.js("location.hash") == f"#step-{target}"
        tab.press("ArrowRight")
        assert tab.js(CURRENT) == target + 1
        tab.press("ArrowLeft")
        tab.press("ArrowLeft")
        assert tab.js(CURRENT) == target - 1
        cursor = tab.js("+document.getElementById('eval-cursor').getAttribute('x1')")
        point = tab.js(f"+document.querySelector('#evaluation .point[data-step=\"{target}\"]').getAttribute('cx')")
        assert cursor < point   # the graph's cursor follows the board
        tab.press("End")
        assert tab.js(CURRENT) == last
        tab.press("Home")
        assert tab.js(CURRENT) == 0
        assert tab.js(OUTSIDE) == []
        tab.press("End")
        tab.send("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "dark"}])
        dark = tab.js("[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,"
                      " getComputedStyle(document.querySelector('.frame.current svg')).filter]")
        assert all(a != b for a, b in zip(light, dark)), (light, dark)
        tab.screenshot(shots / f"page-{kind}-dark.png")
        assert tab.problems() == []
    finally:
        tab.close()
