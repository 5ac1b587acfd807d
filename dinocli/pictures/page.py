"""The game page's boards and graph (issue 41): what each step changed marked, parts that repeat drawn
once, and the evaluation graph of the kept analysis.

* :func:`mark_changes` frames what a step changed on the board (boxes of class ``changed``): the
  innermost elements that carry ``data-*`` identity (a card, a cell, a space, a square, a token) and
  differ from the previous step's element of the same identity, or are new there.
* :func:`compact` draws every part repeated across the boards once, in one hidden ``<defs>``, and
  puts a ``<use>`` where it was (a 661-decision Dingo game: 5.2 MB of boards down to well under 1.5).
* :func:`evaluation` draws the expected result of each judged seat over the steps (``id="evaluation"``):
  one line a seat, one point a judged decision (``data-step``), its mark beside it.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable
from html import escape

from dinocli.games.drawing import SEATS, clean

__all__ = ["mark_changes", "compact", "evaluation", "MIN_SHARED"]

CHANGED = "#E69F00"  # the outline of what the last step changed (Okabe-Ito orange)
MIN_SHARED = 40    # a repeated part this long or longer (serialized) is drawn once and used


def _xml(el: ET.Element, memo: dict[int, str]) -> str:
    """An element as XML text (what ``ET.tostring`` writes, without its namespace work), each element's
    text kept in ``memo`` by ``id`` on the way."""
    attrs = "".join([f' {k}="{_attr(v)}"' for k, v in el.attrib.items()])
    inner = (escape(el.text, quote=False) if el.text else "") + "".join(_xml(c, memo) for c in el)
    out = f"<{el.tag}{attrs}>{inner}</{el.tag}>" if inner else f"<{el.tag}{attrs}/>"
    memo[id(el)] = out
    return out


@functools.lru_cache(maxsize=1 << 16)   # boards repeat their coordinates and classes
def _attr(value: str) -> str:
    return escape(value, quote=True).replace("\n", "&#10;")


def _items(root: ET.Element, memo: dict[int, str]) -> dict[str, tuple[str, ET.Element, bool]]:
    """The identified elements of a board (those with ``data-*`` attributes) by their place and identity:
    (its text, the element, whether no identified element is inside it)."""
    out: dict[str, tuple[str, ET.Element, bool]] = {}

    def walk(el: ET.Element, where: str) -> bool:
        seen: Counter = Counter()
        found = False
        for child in el:
            data = sorted((k, v) for k, v in child.attrib.items() if k.startswith("data-") and k != "data-count")
            ident = f"{child.tag}.{child.get('class', '')}{data}"
            seen[ident] += 1
            key = f"{where}/{ident}#{seen[ident]}"
            inner = walk(child, key)
            if data:
                out[key] = (memo[id(child)], child, not inner)
            found = found or inner or bool(data)
        return found

    walk(root, "")
    return out


def mark_changes(roots: list[ET.Element]) -> None:
    """Outline on each board (but the first, the setup) what differs from the board before: the innermost
    identified elements that are new or changed, each framed by a ``changed`` box drawn over the board
    (the elements themselves are left alone, so that they stay the same parts from board to board)."""
    before: dict = {}
    for n, root in enumerate(roots):
        memo: dict[int, str] = {}
        _xml(root, memo)
        now = _items(root, memo)
        boxes = [b for k, (text, el, leaf) in now.items() if leaf and (k not in before or before[k][0] != text)
                 for b in [_box(el)] if b is not None]
        before = now
        if not boxes or n == 0:
            continue
        width, height = float(root.get("width", 0)), float(root.get("height", 0))
        layer = ET.SubElement(root, "g", {"class": "changed", "fill": "none", "stroke": CHANGED, "stroke-width": "3",
                                          "stroke-dasharray": "6 3"})
        for x0, y0, x1, y1 in boxes:
            x0, y0 = max(1.0, x0 - 2), max(1.0, y0 - 2)
            x1, y1 = min(width - 1, x1 + 2), min(height - 1, y1 + 2)
            ET.SubElement(layer, "rect", {"x": _n(x0), "y": _n(y0), "width": _n(x1 - x0), "height": _n(y1 - y0),
                                          "rx": "4"})


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


_FONT = {"title": 17.0, "small": 11.0, "tiny": 9.0}


def _box(el: ET.Element) -> tuple[float, float, float, float] | None:
    """The box an element's shapes (and, roughly, its text) cover, in the board's units (None: nothing drawn)."""
    xs: list[float] = []
    ys: list[float] = []
    for e in el.iter():
        a = e.attrib
        try:
            if e.tag == "rect":
                x, y = float(a.get("x", 0)), float(a.get("y", 0))
                xs += [x, x + float(a["width"])]
                ys += [y, y + float(a["height"])]
            elif e.tag == "circle":
                cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
                xs += [cx - r, cx + r]
                ys += [cy - r, cy + r]
            elif e.tag == "line":
                xs += [float(a["x1"]), float(a["x2"])]
                ys += [float(a["y1"]), float(a["y2"])]
            elif e.tag in ("polygon", "polyline"):
                for pair in a["points"].split():
                    px, py = pair.split(",")
                    xs.append(float(px))
                    ys.append(float(py))
            elif e.tag == "text" and e.text:
                classes = a.get("class", "").split()
                size = float(a.get("font-size") or next((_FONT[c] for c in classes if c in _FONT), 16.0))
                w, x, y = 0.6 * size * len(e.text), float(a.get("x", 0)), float(a.get("y", 0))
                x -= w / 2 if "mid" in classes else w if "end" in classes else 0
                xs += [x, x + w]
                ys += [y - size, y + size * 0.25]
        except (KeyError, ValueError):
            continue
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def compact(roots: list[ET.Element]) -> tuple[str, list[str]]:
    """The boards as SVG text with each part that repeats (across boards or within one) drawn once:
    (the hidden ``<svg>`` holding those parts, each board's ``<svg>``). The boards' ``<style>`` is left out
    (the page carries it once)."""
    texts: dict[int, str] = {}
    for root in roots:
        for style in root.findall("style"):
            root.remove(style)
        _xml(root, texts)
    counts = Counter(texts[id(el)] for root in roots for el in root.iter() if el is not root and el.tag != "title")
    ids: dict[str, str] = {}
    defs = ET.Element("defs")

    def shared(el: ET.Element, text: str) -> ET.Element:
        if text not in ids:
            ids[text] = f"p{len(ids):x}"
            squeeze(el)
            el.set("id", ids[text])
            defs.append(el)
        return ET.Element("use", {"href": "#" + ids[text]})

    def squeeze(parent: ET.Element) -> None:
        for i, child in enumerate(list(parent)):
            text = texts[id(child)]
            if child.tag != "title" and counts[text] > 1 and len(text) >= MIN_SHARED:
                parent[i] = shared(child, text)
            else:
                squeeze(child)

    for root in roots:
        squeeze(root)
    boards = [_xml(root, {}) for root in roots]
    holder = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": "0", "height": "0",
                                "class": "shared", "aria-hidden": "true"})
    holder.append(defs)
    return _xml(holder, {}), boards


W, H, LEFT, RIGHT, TOP, BOTTOM = 1000, 160, 40, 12, 26, 22


def evaluation(points: Iterable[tuple[int, int, float, str | None]], steps: int, names: list[str],
               cooperative: bool = False) -> str:
    """The evaluation graph: ``points`` are (step, seat, expected result 0..1, mark) of the judged decisions,
    ``steps`` the number of steps (the setup is step 0); one polyline and legend entry a seat."""
    span_x, span_y = W - LEFT - RIGHT, H - TOP - BOTTOM
    last = max(1, steps - 1)

    def x(step: int) -> float:
        return round(LEFT + span_x * step / last, 1)

    def y(v: float) -> float:
        return round(TOP + (1 - v) * span_y, 1)

    by_seat: dict[int, list[tuple[int, float, str | None]]] = {}
    for step, seat, value, mark in sorted(points):
        by_seat.setdefault(seat, []).append((step, value, mark))
    what = "expected team score" if cooperative else "expected result"
    out = [f'<svg id="evaluation" viewBox="0 0 {W} {H}" role="img" data-left="{LEFT}" data-span="{span_x}" '
           f'data-steps="{steps}" aria-label="{what} of each seat over the game">',
           f"<title>{escape(what)}: 0 a sure loss, 1 a sure win; click a point to go there</title>"]
    for v, text in ((1, "1"), (0.5, "½"), (0, "0")):
        out.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v)}" y2="{y(v)}"/>'
                   f'<text class="axis" x="{LEFT - 6}" y="{y(v) + 4}" text-anchor="end">{text}</text>')
    out.append(f'<text class="axis" x="{LEFT}" y="{H - 6}">step 0</text>'
               f'<text class="axis" x="{W - RIGHT}" y="{H - 6}" text-anchor="end">step {steps - 1}</text>')
    out.append(f'<line id="eval-cursor" x1="{x(last)}" x2="{x(last)}" y1="{TOP}" y2="{H - BOTTOM}"/>')
    legend = []
    for k, seat in enumerate(sorted(by_seat)):
        colour = SEATS[seat % len(SEATS)]
        line = " ".join(f"{x(s)},{y(v)}" for s, v, _m in by_seat[seat])
        out.append(f'<polyline class="curve" data-seat="{seat}" stroke="{colour}" points="{line}"/>')
        for s, v, m in by_seat[seat]:
            name = escape(clean(names[seat], 40))
            out.append(f'<circle class="point" data-step="{s}" data-seat="{seat}" cx="{x(s)}" cy="{y(v)}" r="4" '
                       f'fill="{colour}"><title>step {s}, {name}: {v:.2f}{" " + m if m else ""}</title></circle>')
            if m:
                out.append(f'<text class="mark" data-step="{s}" x="{x(s)}" y="{y(v) - 8}" text-anchor="middle">'
                           f"{escape(m)}</text>")
        legend.append(f'<text class="legend" x="{LEFT + 150 * k}" y="14" fill="{colour}">'
                      f"● {escape(clean(names[seat], 16))}</text>")
    out += legend
    out.append("</svg>")
    return "".join(out)
