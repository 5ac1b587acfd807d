"""A headless Chromium driven over the DevTools protocol, just enough to test a page: open it,
press keys, read the DOM, collect console errors and uncaught exceptions, take a screenshot.

Uses Debian's ``chromium`` (or $DINOCLI_CHROMIUM) and ``websocket-client`` (the ``test`` extra);
:func:`unavailable` says why a browser cannot be had, so the tests can skip with that reason.
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--remote-debugging-port=0")
HOW = ("install Debian's chromium (apt-get install -y chromium; .ci/run does it) or point "
       "DINOCLI_CHROMIUM at a Chrome/Chromium binary")
KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


def executable() -> str | None:
    """The browser to run: $DINOCLI_CHROMIUM, else the first Chromium on PATH."""
    env = os.environ.get("DINOCLI_CHROMIUM")
    if env:
        return env if Path(env).exists() or shutil.which(env) else None
    return next((p for p in map(shutil.which, NAMES) if p), None)


def unavailable() -> str | None:
    """Why no browser test can run here (None when one can)."""
    try:
        import websocket  # noqa: F401
    except ImportError:
        return "websocket-client is not installed: pip install -e '.[test]'"
    if executable() is None:
        return f"no Chromium found: {HOW}"
    return None


class Browser:
    """One headless Chromium process with a throw-away profile."""

    def __init__(self, timeout: float = 60):
        self.profile = tempfile.mkdtemp(prefix="dinocli-chromium-")
        self.proc = subprocess.Popen([executable(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + timeout
        self.port = None
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line and self.proc.poll() is not None:
                break
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                self.port = int(m.group(1))
                break
        if self.port is None:
            self.close()
            raise RuntimeError("Chromium did not start (no DevTools port announced)")

    def page(self, width: int = 1280, height: int = 900) -> "Page":
        """A new tab, its viewport ``width`` x ``height``."""
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(req, timeout=30) as resp:
            target = json.load(resp)
        return Page(target["webSocketDebuggerUrl"], width, height)

    def close(self) -> None:
        """Stop the browser and remove its profile."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """A tab: DevTools commands, and the errors and dialogs it reported."""

    def __init__(self, ws_url: str, width: int, height: int):
        import websocket

        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True)
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def send(self, method: str, **params) -> dict[str, Any]:
        """Run a DevTools command and return its result (raise on a protocol error)."""
        mid = next(self.ids)
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mid:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_for(self, method: str, timeout: float = 60) -> dict[str, Any]:
        """Wait for the next event ``method`` not seen yet."""
        deadline = time.monotonic() + timeout
        for i, ev in enumerate(self.events):
            if ev["method"] == method:
                return self.events.pop(i)
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv())
            if msg.get("method") == method:
                return msg
            if "method" in msg:
                self.events.append(msg)
        raise TimeoutError(method)

    def open(self, path: Path) -> None:
        """Load a local file and wait until it has loaded."""
        self.send("Page.navigate", url=path.resolve().as_uri())
        self.wait_for("Page.loadEventFired")

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        res = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(f"{expression}: {res['exceptionDetails']}")
        return res["result"].get("value")

    def press(self, key: str) -> None:
        """Press and release a key (ArrowLeft, ArrowRight, Home, End)."""
        code = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code,
                      nativeVirtualKeyCode=code)

    def screenshot(self, path: Path) -> Path:
        """Save the visible page as a PNG."""
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions (CSP violations among them) and dialogs so far."""
        self.js("0")  # drain what arrived
        out = []
        for ev in self.events:
            m, p = ev["method"], ev.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append(f"exception: {p['exceptionDetails'].get('text')}")
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(f"console.{p['type']}: {[a.get('value') for a in p.get('args', [])]}")
            elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
                out.append(f"log: {p['entry'].get('text')}")
            elif m == "Page.javascriptDialogOpening":
                out.append(f"dialog: {p.get('message')}")
        return out

    def close(self) -> None:
        """Close the connection."""
        self.ws.close()
