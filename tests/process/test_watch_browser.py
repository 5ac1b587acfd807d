"""Issue 39 in a real browser (headless Chromium over the DevTools protocol, tests/pictures/browser.py): the
watch link opened in a browser shows the game's page (the public view `export --format html` writes), live
from the socket as a `join --bot` process plays (the latest step shown); a note full of markup is shown as text and runs nothing; no
console error, no CSP violation, no dialog. Slow (a browser starts); skips with a reason without one."""

from __future__ import annotations

import json
import re
import subprocess
import time

import pytest
from tests.clirunner import DINOCLI
from tests.pictures import browser as chromium
from tests.process.conftest import ok, run
from tests.process.test_remote import _new, _start, _stop

pytestmark = pytest.mark.slow

HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'&amp;"
FRAME = "document.getElementById('game').contentDocument"


def _until(page, expression: str, timeout: float = 90):
    """Wait until ``expression`` is truthy in the page (polled; TimeoutError after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.js(f"!!({expression})"):
            return
        time.sleep(0.2)
    raise TimeoutError(expression)


def test_the_watch_link_in_a_browser_follows_the_game_live(tmp_path):
    why = chromium.unavailable()
    if why:
        pytest.skip(why)
    db = tmp_path / "served.sqlite"
    proc, url = _start(db)
    browser = None
    player = None
    try:
        made = _new(db, url, "--remote", "bob", "--bot", "random", "--seed", "54")
        ok(run("annotate", made["game"], "--at", "1", HOSTILE, db=db))
        browser = chromium.Browser()
        page = browser.page()
        page.send("Page.navigate", url=made["watch"])
        page.wait_for("Page.loadEventFired")
        _until(page, f"document.body.dataset.shown && {FRAME} && {FRAME}.querySelector('.frame.current')")
        before = page.js(f"{FRAME}.querySelectorAll('.frame').length")
        assert page.js("document.getElementById('status').textContent").startswith("watching game")
        player = subprocess.Popen([DINOCLI, "join", made["invites"][0]["url"], "--bot", "random"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _until(page, f"{FRAME}.querySelectorAll('.frame').length > {before} + 3", 120)   # moves came in, live
        player.kill()
        player.communicate()
        latest = (f"(function(){{var f={FRAME},s=f&&f.querySelectorAll('.frame'),l=s&&s[s.length-1];"
                  "return !!l&&l.classList.contains('current')&&l.offsetParent!==null;})()")
        _until(page, latest, 60)   # once the page in the frame has loaded, its latest step is the one shown
        assert re.search(r"watching game \w+: \d+ events", page.js("document.getElementById('status').textContent"))
        # read in one go, once the frame's page has loaded whole (a new batch may load the frame anew
        # meanwhile, and a page still loading has its notes before its script)
        facts = (f"(function(){{var f={FRAME},n=f&&f.readyState==='complete'&&f.querySelector('.notes');"
                 "return n&&{notes:n.textContent,"
                 "scripts:f.querySelectorAll('script').length,imgs:f.querySelectorAll('img').length};})()")
        deadline, seen = time.monotonic() + 60, None
        while not seen and time.monotonic() < deadline:
            seen = page.js(facts) or time.sleep(0.2)
        assert seen == {"notes": HOSTILE, "scripts": 1, "imgs": 0}
        assert page.js("document.querySelectorAll('script').length") == 1
        assert page.problems() == []
    finally:
        if player is not None and player.poll() is None:
            player.kill()
            player.communicate()
        if browser is not None:
            browser.close()
        _stop(proc)


def test_the_page_of_a_running_game_names_no_hidden_card(tmp_path):
    """The page served while the game runs describes every draw as "drew a card" and every sealed event as
    the onlooker sees it (DINGO-11); the page and the shell need the watch token (403 without), never a seat's."""
    import urllib.error
    import urllib.request

    db = tmp_path / "served.sqlite"
    proc, url = _start(db)
    try:
        made = _new(db, url, "--remote", "bob", "--remote", "cleo", "--bot", "random", "--seed", "55")
        link, token = made["watch"].split("#")

        def fetch(token: str) -> tuple[int, str]:
            req = urllib.request.Request(link + "/page", headers={"X-Dinocli-Watch": token})
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return resp.status, resp.read().decode()
            except urllib.error.HTTPError as exc:
                return exc.code, exc.read().decode()

        status, text = fetch(token)
        assert status == 200 and "drew a card" in text
        assert not re.search(r"\w+ drew (?!a card)", text)
        assert fetch(made["invites"][0]["url"].split("#")[1])[0] == 403
        assert fetch("A" * 43)[0] == 403
        full = [json.loads(ln) for ln in run("export", made["game"], "--with-seed", db=db).stdout.splitlines()]
        assert all(e["salt"] not in text for e in full if e.get("salt"))
        with urllib.request.urlopen(link, timeout=30) as resp:   # the shell: the same for every game, no data
            shell = resp.read().decode()
        assert made["game"] not in shell and "X-Dinocli-Watch" in shell
    finally:
        _stop(proc)
