"""Finding and showing dinocli's man pages (shipped as package data in ``dinocli.man``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from importlib import resources

from dinocli.games import GAMES, UnknownGame

__all__ = ["page_text", "page_source", "rules_text", "roff_to_text"]


def page_source(name: str) -> str:
    """The roff source of a shipped page, e.g. ``dinocli-dingo.6``."""
    return resources.files("dinocli.man").joinpath(name).read_text(encoding="utf-8")


def roff_to_text(source: str) -> str:
    """A plain-text rendering of a man page: groff/nroff when installed, else a simple reading."""
    for cmd in (["groff", "-man", "-Tutf8", "-P-cbou", "-rLL=78n"], ["nroff", "-man", "-rLL=78n"]):
        if shutil.which(cmd[0]):
            try:
                out = subprocess.run(cmd, input=source, capture_output=True, text=True, timeout=20, check=True).stdout
                return re.sub(r".\x08", "", out)
            except (OSError, subprocess.SubprocessError):
                pass
    return _plain(source)


def _plain(source: str) -> str:
    """Read roff without a formatter: headings upper-case, fonts and requests dropped."""
    out: list[str] = []
    for line in source.splitlines():
        if line.startswith(('.\\"', "'\\\"")):
            continue
        if line.startswith("."):
            req, _, rest = line[1:].partition(" ")
            rest = rest.strip().strip('"')
            if req in ("SH", "SS"):
                out += ["", rest.upper() if req == "SH" else "  " + rest]
            elif req in ("PP", "LP", "P", "sp", "TP", "IP"):
                out.append("")
                if req == "IP" and rest:
                    out.append("  " + rest.split('"')[0])
            elif req in ("B", "I", "BR", "IR", "RB", "BI", "IB", "RI"):
                out.append(rest.replace('"', ""))
            elif req == "TH":
                out.append(rest.split()[0] if rest else "")
            continue
        out.append(line)
    text = "\n".join(out)
    text = re.sub(r"\\f[BIRP]|\\f\(..|\\&|\\:", "", text)
    return text.replace("\\-", "-").replace("\\(em", "—").replace("\\(en", "–").replace("\\e", "\\")


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
