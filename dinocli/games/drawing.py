"""Shared SVG drawing: a small builder over :mod:`xml.etree`, colour-blind-safe colours, cards.

Every game's ``svg.py`` draws with these, so all boards share one look: the Okabe-Ito palette
(readable with every common colour-vision deficiency) and a letter beside every colour. Text from
a log (player names) goes through :func:`clean`, and ElementTree escapes it, so a hostile name
can neither break the XML nor run as script.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from dinocli.events.text import UNSAFE

__all__ = ["Drawing", "clean", "COLOURS", "SEATS", "INK", "PAPER", "MUTED"]

SVG_NS = "http://www.w3.org/2000/svg"

# Okabe & Ito (2008): name -> (fill, ink on that fill, letter drawn beside it)
COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#D55E00", "#ffffff", "R"),
    "blue": ("#0072B2", "#ffffff", "B"),
    "green": ("#009E73", "#ffffff", "G"),
    "yellow": ("#F0E442", "#000000", "Y"),
    "purple": ("#CC79A7", "#000000", "P"),
    "pink": ("#CC79A7", "#000000", "P"),
    "orange": ("#E69F00", "#000000", "O"),
    "sky": ("#56B4E9", "#000000", "S"),
    "grey": ("#999999", "#000000", "?"),
}
# seats are told apart by a number or letter first; these fills only help
SEATS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
INK, PAPER, MUTED = "#1b1b1b", "#fbfaf5", "#6b6b6b"

STYLE = (
    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
    ".small{font-size:11px}.tiny{font-size:9px}.title{font-size:17px;font-weight:bold}"
    ".bold{font-weight:bold}.muted{fill:#6b6b6b}.mid{text-anchor:middle}.end{text-anchor:end}"
    ".back{fill:#3b4a6b;stroke:#1b1b1b}.back-mark{fill:none;stroke:#8fa3c9;stroke-width:1.5}"
)

# what the terminal boundary escapes, plus what XML 1.0 forbids (surrogates, U+FFFE, U+FFFF)
_UNDRAWABLE = re.compile(f"[{UNSAFE}\ud800-\udfff\ufffe\uffff]")


def clean(text: object, limit: int = 200) -> str:
    """``text`` made safe to draw: control, direction-changing, separator and surrogate characters
    become U+FFFD (XML 1.0 forbids most of them; bidi overrides would let a name disguise itself)."""
    return _UNDRAWABLE.sub("\ufffd", str(text)[:limit])


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _attrs(attrs: dict) -> dict[str, str]:
    """Keyword arguments as SVG attributes: ``cls`` is ``class``, ``_`` is ``-``, None dropped."""
    out = {}
    for k, v in attrs.items():
        if v is None:
            continue
        name = "class" if k == "cls" else k.rstrip("_").replace("_", "-")
        out[name] = _num(v) if isinstance(v, (int, float)) else clean(v, 10_000)
    return out


class Drawing:
    """An SVG document under construction; every method returns the element it adds."""

    def __init__(self, width: float, height: float, *, title: str, cls: str):
        self.width, self.height = width, height
        self.root = ET.Element("svg", _attrs({
            "xmlns": SVG_NS, "width": width, "height": height, "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "cls": f"board {cls}", "role": "img"}))
        ET.SubElement(self.root, "title").text = clean(title)
        ET.SubElement(self.root, "style").text = STYLE
        self.add(self.root, "rect", x=0, y=0, width=width, height=height, fill=PAPER)

    def add(self, parent: ET.Element | None, tag: str, text: object = None, **attrs) -> ET.Element:
        """A child element ``tag`` of ``parent`` (the root if None), with optional text."""
        el = ET.SubElement(self.root if parent is None else parent, tag, _attrs(attrs))
        if text is not None:
            el.text = clean(text)
        return el

    def group(self, parent: ET.Element | None = None, cls: str | None = None, **attrs) -> ET.Element:
        """A ``<g>`` (ids and classes on groups let tests count what is drawn)."""
        return self.add(parent, "g", cls=cls, **attrs)

    def text(self, parent: ET.Element | None, x: float, y: float, text: object, cls: str = "small",
             limit: int | None = None, **attrs) -> ET.Element:
        """A line of text, cut to ``limit`` characters (with an ellipsis)."""
        s = clean(text)
        if limit is not None and len(s) > limit:
            s = s[: max(1, limit - 1)] + "…"
        return self.add(parent, "text", s, x=x, y=y, cls=cls, **attrs)

    def rect(self, parent: ET.Element | None, x: float, y: float, w: float, h: float, **attrs) -> ET.Element:
        """A rectangle."""
        return self.add(parent, "rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, parent: ET.Element | None, x: float, y: float, r: float, **attrs) -> ET.Element:
        """A circle."""
        return self.add(parent, "circle", cx=x, cy=y, r=r, **attrs)

    def line(self, parent: ET.Element | None, x1: float, y1: float, x2: float, y2: float, **attrs) -> ET.Element:
        """A straight line."""
        return self.add(parent, "line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, parent: ET.Element | None, points: Iterable[tuple[float, float]], **attrs) -> ET.Element:
        """A closed polygon through ``points``."""
        return self.add(parent, "polygon", points=" ".join(f"{_num(float(x))},{_num(float(y))}" for x, y in points),
                        **attrs)

    def token(self, parent: ET.Element | None, x: float, y: float, r: float, fill: str, letter: str,
              ink: str = "#ffffff", cls: str = "token", **attrs) -> ET.Element:
        """A round piece with a letter on it (colour is never the only mark)."""
        g = self.group(parent, cls=cls, **attrs)
        self.circle(g, x, y, r, fill=fill, stroke=INK, stroke_width=1.5)
        self.text(g, x, y + r * 0.38, letter, cls="mid bold", font_size=round(r * 1.05, 1), fill=ink)
        return g

    def card(self, parent: ET.Element | None, x: float, y: float, w: float, h: float, *, face_up: bool,
             lines: Iterable[str] = (), fill: str = "#ffffff", ink: str = INK, badge: str = "",
             cls: str = "", **attrs) -> ET.Element:
        """A card: face up with a coloured band, a badge (colour letter, value) and up to three
        lines of text; face down as a patterned back with nothing to read."""
        g = self.group(parent, cls=f"card {'face-up' if face_up else 'face-down'} {cls}".strip(), **attrs)
        if not face_up:
            self.rect(g, x, y, w, h, rx=4, cls="back")
            self.rect(g, x + 4, y + 4, w - 8, h - 8, rx=3, cls="back-mark")
            self.line(g, x + 4, y + 4, x + w - 4, y + h - 4, cls="back-mark")
            self.line(g, x + w - 4, y + 4, x + 4, y + h - 4, cls="back-mark")
            return g
        self.rect(g, x, y, w, h, rx=4, fill="#ffffff", stroke=INK, stroke_width=1)
        self.rect(g, x, y, w, 15, rx=4, fill=fill, stroke=INK, stroke_width=1)
        if badge:
            self.text(g, x + w / 2, y + 11.5, badge, cls="tiny mid bold", fill=ink)
        for i, line in enumerate(lines):
            self.text(g, x + w / 2, y + 28 + 11 * i, line, cls="tiny mid", limit=max(3, int(w / 5.6)))
        return g

    def to_string(self) -> str:
        """The document as text (no XML declaration, so it can also be inlined in HTML)."""
        return ET.tostring(self.root, encoding="unicode")
