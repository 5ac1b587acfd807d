"""Finding and showing dinocli's man pages (shipped as package data in ``dinocli.man``)."""

from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
from importlib import resources

from dinocli.games import GAMES, UnknownGame

__all__ = ["page_text", "page_source", "rules_text", "roff_to_text"]


def page_source(name: str) -> str:
    """The roff source of a shipped page, e.g. ``dinocli-dingo.6``."""
    return resources.files("dinocli.man").joinpath(name).read_text(encoding="utf-8")


def roff_to_text(source: str) -> str:
    """A plain-text rendering of a man page: groff/nroff when installed, else a simple reading."""
    for cmd in (["groff", "-k", "-man", "-Tutf8", "-P-cbou", "-rLL=78n"], ["nroff", "-man", "-rLL=78n"]):
        if shutil.which(cmd[0]):
            try:
                out = subprocess.run(cmd, input=source, capture_output=True, text=True, timeout=20, check=True).stdout
                return re.sub(r".\x08", "", out)
            except (OSError, subprocess.SubprocessError):
                pass
    return _plain(source)


_NAMED = {"em": "\u2014", "en": "\u2013", "aq": "'", "dq": '"', "lq": "\u201c", "rq": "\u201d", "oq": "\u2018",
          "cq": "\u2019", "bu": "\u2022", "ti": "~", "ga": "`", "ha": "^", "rs": "\\", "hy": "-", "mi": "-",
          "pl": "+", "eq": "=", "mu": "\u00d7", "de": "\u00b0", "co": "\u00a9", "ua": "\u2191", "da": "\u2193",
          "la": "\u2190", "ra": "\u2192", "<=": "\u2264", ">=": "\u2265", "!=": "\u2260", "+-": "\u00b1",
          "at": "@", "sh": "#", "Do": "$", "lB": "[", "rB": "]", "lC": "{", "rC": "}", "ba": "|", "sl": "/"}
_ESCAPE = re.compile(r"\\(?:f(?:\[[^\]]*\]|\(..|.)|\*(?:\[[^\]]*\]|\(..|.)|\((..)|\[([^\]]*)\]|(.))")
_ARG = re.compile(r'"((?:[^"]|"")*)"?|(\S+)')
_SIMPLE = {"-": "-", "e": "\\", "\\": "\\", "&": "", "|": "", "^": "", "~": " ", " ": " ", "0": " ", "c": "",
           ".": ".", "'": "'", "`": "`", "%": "", ":": "", "/": "", ",": "", ")": ""}
_IGNORED = {"ad", "na", "nh", "hy", "ft", "in", "ne", "ll", "PD", "UC", "ds", "so", "ti", "ta", "bp", "DT", "HP",
            "UR", "UE", "MT", "ME", "OP", "YS", "ig", "cs", "ss", "fam"}


def _unescape(text: str) -> str:
    """Roff escapes as plain characters; font changes dropped."""
    def one(m: re.Match) -> str:
        two, bracket, single = m.group(1), m.group(2), m.group(3)
        if two is not None:
            return _NAMED.get(two, "")
        if bracket is not None:
            if bracket.startswith("u") and re.fullmatch(r"u[0-9A-Fa-f]{4,6}", bracket):
                return chr(int(bracket[1:], 16))
            return _NAMED.get(bracket, "")
        if single is not None:
            return _SIMPLE.get(single, single)
        return ""  # \f font changes and \* strings
    return _ESCAPE.sub(one, text)


def _args(rest: str) -> list[str]:
    """A request's arguments (double quotes group words; "" is a quote)."""
    return [m.group(1).replace('""', '"') if m.group(1) is not None else m.group(2) for m in _ARG.finditer(rest)]


def _plain(source: str, width: int = 78) -> str:
    """Read man(7) roff without a formatter: filled paragraphs, tagged lists, no-fill blocks."""
    out: list[str] = []
    words: list[str] = []
    base = 7                      # the indent of body text (.RS moves it)
    stack: list[int] = []
    para = base                   # the indent of the current paragraph (.TP/.IP bodies are deeper)
    tags: list[str] = []          # .TP/.TQ tags waiting for their body
    want_tag = False
    nofill = False

    def flush() -> None:
        nonlocal tags
        text = " ".join(words)
        words.clear()
        lead = " " * base
        for t in tags[:-1]:
            out.append(lead + t)
        first = tags[-1] if tags else ""
        tags = []
        if first and (len(first) >= para - base or not text):
            out.append(lead + first)
            first = ""
        if text:
            initial = (lead + first).ljust(para) if first else " " * para
            out.extend(textwrap.wrap(text, width, initial_indent=initial, subsequent_indent=" " * para,
                                     break_long_words=False, break_on_hyphens=False) or [initial.rstrip()])

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    def add(text: str) -> None:
        nonlocal want_tag
        if want_tag:
            tags.append(text.strip())
            want_tag = False
        elif nofill:
            out.append(" " * para + text)
        else:
            words.extend(text.split())

    for raw in source.splitlines():
        if raw.startswith(('.\\"', "'\\\"", '\\"')) or raw.strip() == ".":
            continue
        if not raw.startswith((".", "'")):
            add(_unescape(raw))
            continue
        req, _, rest = raw[1:].strip().partition(" ")
        args = [_unescape(a) for a in _args(rest)]
        if req == "TH":
            title = f"{args[0]}({args[1]})" if len(args) > 1 else (args[0] if args else "")
            out += [title, ""]
        elif req in ("SH", "SS"):
            flush()
            blank()
            base = para = 7
            stack.clear()
            out.append((" " * 3 if req == "SS" else "") + " ".join(args))
        elif req in ("PP", "LP", "P"):
            flush()
            blank()
            para = base
        elif req in ("TP", "TQ"):
            if req == "TP":
                flush()
                blank()
            want_tag = True
            para = base + 7
        elif req == "IP":
            flush()
            blank()
            indent = int(args[1]) if len(args) > 1 and args[1].isdigit() else 7
            para = base + indent
            if args and args[0]:
                tags.append(args[0])
        elif req == "RS":
            flush()
            stack.append(base)
            base = para + (int(args[0]) if args and args[0].isdigit() else 7 if para == base else 0)
            para = base
        elif req == "RE":
            flush()
            base = stack.pop() if stack else 7
            para = base
        elif req in ("nf", "EX"):
            flush()
            nofill = True
        elif req in ("fi", "EE"):
            nofill = False
        elif req == "br":
            flush()
        elif req == "sp":
            flush()
            out.append("")
        elif req in ("B", "I", "SM", "SB"):
            add(" ".join(args))
        elif req in ("BR", "RB", "BI", "IB", "IR", "RI"):
            add("".join(args))
        elif req == "SY":
            flush()
            add(" ".join(args))
        # other requests (.ad, .nh, .ft, .in, ...) change only the look
    flush()
    return "\n".join(line.rstrip() for line in out).strip("\n") + "\n"


def page_text(name: str) -> str:
    """A shipped page as plain text."""
    return roff_to_text(page_source(name))


def rules_text(game: str) -> str:
    """The rules page of a game as plain text (raise UnknownGame)."""
    if game not in GAMES:
        raise UnknownGame(f"unknown game {game!r}; choose one of: {', '.join(sorted(GAMES))}")
    try:
        return page_text(f"dinocli-{game}.6")
    except FileNotFoundError:
        raise UnknownGame(f"no rules page for {game!r} is installed") from None
