"""The exported log (``dinocli-log`` version 4, and versions 1 to 3 read as before, JSON Lines) and its
strict reader.

Line 1 is the header, then one line per event, then the footer::

    {"format": "dinocli-log", "version": 3, "game", "kind", "config", "seats", "rules_version",
     "data_hash", "seed_commit", "genesis", "created", "view"}
    {"n", "type", "v", "body", "actor", "action", "rolls", "salt", "rolls_salt", "commit",
     "rolls_commit", "shown", "seen", "command", "parent_hash", "hash"}
    {"note": {"event", "text"}}     (zero or more: annotations, outside the hash chain)
    {"analysis": {"event", "seat", "bot", ...}}   (zero or more: judged decisions, outside the chain)
    {"footer": true, "count", "final_hash", "result", "seed", "seed_salt"}

Version 1 event lines have no salts or commitments (and another hash rule). ``command`` is the
``n`` of the first event of the command the event belongs to (events after the first carry no
actor, action or rolls). Hashes are defined in :mod:`dinocli.events.chain`. In a seat's view
(versions 2 and 3) an event the seat may not see carries only ``commit`` (and ``rolls_commit``), and
``shown``, the game's redacted form of it. In version 3 every sealed event, hidden or not and in a
full log too, carries its public form, ``seen`` (the seats that may see it) and ``shown``, which its
hash covers; version 2 lines have no ``seen`` and no hash covers ``shown``. Version 4 event lines are
version 3's; its header's ``seed_commit`` is sha256(salt || seed) (:func:`dinocli.events.rng.commit`) and its
footer reveals the salt (``seed_salt``) with the seed; footers before version 4 have no ``seed_salt``.
:func:`read_log` is all-or-nothing: it checks sizes before decoding anything, then the schema
of every line, the event tags, the numbering, the hash chain and the footer's count and final hash. What the
header's fields and the revealed seed say (a known game, its data, its config and seats, the seed against its
commitment) is for the one verifier to check, once (:mod:`dinocli.verify`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import msgspec

from dinocli.limits import LOG_BYTES, LOG_LINE

from .chain import HEX64, SALT, genesis_hash, json_text, public_text, walk
from .codec import Event, UnknownEvent, decode
from . import analyses
from .errors import LogRejected
from .records import GameRecord, Header
from .notes import MAX_PER_GAME as MAX_NOTES, NoteRefused, check_text

__all__ = ["read_log", "read_events", "ParsedLog", "LogEntry", "LogRejected", "Limits", "LIMITS", "FORMAT", "VERSION",
           "header_line", "event_line", "view_line", "footer_line"]

FORMAT = "dinocli-log"
VERSION = 4
VERSIONS = (1, 2, 3, 4)


class Limits(NamedTuple):
    """What :func:`read_log` accepts at most (use ``LIMITS._replace(...)`` to tighten)."""

    max_bytes: int = LOG_BYTES.high
    max_line: int = LOG_LINE.high
    max_events: int = 200_000
    max_depth: int = 32
    max_int_digits: int = 18
    max_exponent_digits: int = 2


LIMITS = Limits()


def _header_type() -> type:
    """The header line: format, version and game id, the game's :class:`Header` with its genesis hash
    before ``created`` (the order the first logs were written in), and the seat of a view."""
    fields = [(f.name, f.type) for f in msgspec.structs.fields(Header)]
    return msgspec.defstruct("_Header", [("format", str), ("version", int), ("game", str), *fields[:-1],
                                         ("genesis", str), fields[-1], ("view", int | None)],
                             forbid_unknown_fields=True)


_Header = _header_type()


class _EventLine(msgspec.Struct, forbid_unknown_fields=True):
    n: int
    type: str
    v: int
    body: msgspec.Raw
    actor: int | None
    action: str | None
    rolls: list[tuple[str, int, int]] | None
    command: int
    parent_hash: str
    hash: str


class _Shown(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    v: int
    body: msgspec.Raw
    actor: int | None


class _EventLine2(msgspec.Struct, forbid_unknown_fields=True):
    n: int
    type: str | None
    v: int | None
    body: msgspec.Raw
    actor: int | None
    action: str | None
    rolls: list[tuple[str, int, int]] | None
    salt: str | None
    rolls_salt: str | None
    commit: str | None
    rolls_commit: str | None
    shown: _Shown | None
    command: int
    parent_hash: str
    hash: str


class _EventLine3(msgspec.Struct, forbid_unknown_fields=True):
    n: int
    type: str | None
    v: int | None
    body: msgspec.Raw
    actor: int | None
    action: str | None
    rolls: list[tuple[str, int, int]] | None
    salt: str | None
    rolls_salt: str | None
    commit: str | None
    rolls_commit: str | None
    shown: _Shown | None
    seen: list[int] | None
    command: int
    parent_hash: str
    hash: str


class _NoteBody(msgspec.Struct, forbid_unknown_fields=True):
    event: int
    text: str


class _Note(msgspec.Struct, forbid_unknown_fields=True):
    note: _NoteBody


class _Footer(msgspec.Struct, forbid_unknown_fields=True):
    footer: bool
    count: int
    final_hash: str
    result: dict[str, Any] | None
    seed: str | None


class _Footer4(_Footer, forbid_unknown_fields=True):
    seed_salt: str | None = None   # may be left out with the seed (a footer written by hand)


class LogEntry(msgspec.Struct, frozen=True):
    """One event of a parsed log: the decoded event, its stored form and its decision data."""

    seq: int
    event: Event | None   # None: hidden in a seat's view and nothing shown
    type: str | None      # None: hidden in a seat's view
    v: int | None
    body: str | None
    actor: int | None
    action: str | None
    rolls: list | None
    command: int
    parent_hash: str
    hash: str
    salt: str | None = None
    rolls_salt: str | None = None
    hidden: bool = False  # a seat's view carries only the commitment (``event`` is the shown form)
    seen: tuple[int, ...] | None = None   # version 3, a sealed event: the seats that may see it
    public: str | None = None             # version 3, a sealed event: its public form as hashed (chain.public_text)

    @property
    def opened(self) -> bool:
        """Whether the body is here and checked against the hash."""
        return not self.hidden

    @property
    def starts_command(self) -> bool:
        """Whether this event is the first of its command (a decision, or automatic events)."""
        return self.command == self.seq


class ParsedLog(msgspec.Struct, frozen=True):
    """A log that passed :func:`read_log`: header and footer as dicts, the events in order."""

    header: dict[str, Any]
    entries: list[LogEntry]
    footer: dict[str, Any]
    notes: tuple[tuple[int, str], ...] = ()   # (event number, text): annotations, no hash covers them
    analyses: tuple = ()                      # analyses.Judged: judged decisions, no hash covers them

    @property
    def final_hash(self) -> str:
        """The hash of the last event (the genesis when there are none)."""
        return self.entries[-1].hash if self.entries else self.header["genesis"]

    @property
    def is_view(self) -> bool:
        """Whether this is one seat's view (exported with --as), readable but not importable."""
        return self.header.get("view") is not None


_LINE = msgspec.json.Encoder()
_HEADER_DEC = msgspec.json.Decoder(_Header)
_EVENT_DEC = msgspec.json.Decoder(_EventLine)
_EVENT2_DEC = msgspec.json.Decoder(_EventLine2)
_EVENT3_DEC = msgspec.json.Decoder(_EventLine3)
_FOOTER_DEC = msgspec.json.Decoder(_Footer)
_FOOTER4_DEC = msgspec.json.Decoder(_Footer4)
_NOTE_DEC = msgspec.json.Decoder(_Note)
_ANY_DEC = msgspec.json.Decoder()


def header_line(record: GameRecord, view: int | None, version: int = VERSION) -> str:
    """The header line of a game record."""
    header = {f: getattr(record, f) for f in Header.__struct_fields__}
    return _LINE.encode(_Header(format=FORMAT, version=version, game=record.id, genesis=record.genesis, view=view,
                                **header)).decode() + "\n"


def event_line(n: int, type_: str, v: int, body: str, actor: int | None, action: str | None, rolls: str | None,
               command: int, parent_hash: str, hash_: str, salt: str | None = None,
               rolls_salt: str | None = None, version: int = VERSION, public: str | bytes | None = None) -> str:
    """One event line from its stored form (``body``, ``rolls`` and ``public`` are JSON text) in log ``version``."""
    raw_rolls = None if rolls is None else msgspec.Raw(rolls)
    if version == 1:
        return _LINE.encode(_EventLine(n, type_, v, msgspec.Raw(body), actor, action, raw_rolls, command,  # type: ignore[arg-type]
                                       parent_hash, hash_)).decode() + "\n"
    if version == 2:
        return _LINE.encode(_EventLine2(n, type_, v, msgspec.Raw(body), actor, action, raw_rolls, salt,  # type: ignore[arg-type]
                                        rolls_salt, None, None, None, command, parent_hash, hash_)).decode() + "\n"
    shown, seen = _public(public)
    return _LINE.encode(_EventLine3(n, type_, v, msgspec.Raw(body), actor, action, raw_rolls, salt,  # type: ignore[arg-type]
                                    rolls_salt, None, None, shown, seen, command, parent_hash, hash_)).decode() + "\n"


def _public(public: str | bytes | None) -> tuple[_Shown | None, list[int] | None]:
    """A stored public form (canonical ``{"seen", "shown"}`` text, or None) as a line's ``shown`` and ``seen``."""
    if public is None:
        return None, None
    form = msgspec.json.decode(public)
    sh = form["shown"]
    shown = None if sh is None else _Shown(sh["type"], sh["v"], msgspec.Raw(json_text(sh["body"])), sh["actor"])
    return shown, form["seen"]


def view_line(n: int, opened: tuple | None, commit: str | None, rolls_commit: str | None, shown: tuple | None,
              command: int, parent_hash: str, hash_: str, version: int = VERSION,
              public: str | bytes | None = None) -> str:
    """One event line of a seat's view: ``opened`` = (type, v, body, actor, action, salt) of an event the seat
    may see, else ``commit`` alone and (version 2) ``shown`` = (type, v, body, actor), its redacted form;
    version 3 gives every sealed event's ``public`` form instead (the line's ``shown`` and ``seen``)."""
    if version == 2:
        if opened is not None:
            type_, v, body, actor, action, salt = opened
            line = _EventLine2(n, type_, v, msgspec.Raw(body), actor, action, None, salt, None, None, rolls_commit,
                               None, command, parent_hash, hash_)
        else:
            sh = None if shown is None else _Shown(shown[0], shown[1], msgspec.Raw(shown[2]), shown[3])
            line = _EventLine2(n, None, None, msgspec.Raw(b"null"), None, None, None, None, None, commit, rolls_commit,
                               sh, command, parent_hash, hash_)
        return _LINE.encode(line).decode() + "\n"
    shown3, seen = _public(public)
    if opened is not None:
        type_, v, body, actor, action, salt = opened
        line3 = _EventLine3(n, type_, v, msgspec.Raw(body), actor, action, None, salt, None, None, rolls_commit,
                            shown3, seen, command, parent_hash, hash_)
    else:
        line3 = _EventLine3(n, None, None, msgspec.Raw(b"null"), None, None, None, None, None, commit, rolls_commit,
                            shown3, seen, command, parent_hash, hash_)
    return _LINE.encode(line3).decode() + "\n"


def footer_line(count: int, final_hash: str, result: dict | None, seed: str | None, version: int = VERSION,
                seed_salt: str | None = None) -> str:
    """The footer line (version 4: with the seed's salt, revealed with the seed)."""
    if version >= 4:
        return _LINE.encode(_Footer4(True, count, final_hash, result, seed, seed_salt)).decode() + "\n"
    return _LINE.encode(_Footer(True, count, final_hash, result, seed)).decode() + "\n"


# -- reading ------------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\\n]*+(?:\\[^\n][^"\\\n]*+)*+"')
_NOT_BRACKET = re.compile(r"[^\[\]{}\n]+")
_EMPTY_PAIR = re.compile(r"\{\}|\[\]")


@functools.lru_cache(maxsize=8)
def _too_large(limits: Limits) -> re.Pattern:
    """Outside strings: a run of more digits than allowed, or a long exponent (``1e999``)."""
    return re.compile(r"\d{%d}|[eE][+-]?\d{%d}" % (limits.max_int_digits + 1, limits.max_exponent_digits + 1))


@functools.lru_cache(maxsize=8)
def _too_deep(limits: Limits) -> re.Pattern:
    """A run of more unclosed brackets than the nesting allowed."""
    return re.compile(r"[\[{]{%d}" % (limits.max_depth + 1))


def _size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _lines(data: bytes | bytearray | memoryview | str | Iterable[str], limits: Limits) -> list[str]:
    """Split input into lines, enforcing the whole-file and line-size limits first."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > limits.max_bytes:
            raise LogRejected(0, f"the log is {len(data):,} bytes, over the limit of {limits.max_bytes:,}")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogRejected(data[:exc.start].count(b"\n") + 1, "not UTF-8 text") from None
    elif isinstance(data, str):
        text = data
        if _size(text) > limits.max_bytes:
            raise LogRejected(0, f"the log is over the limit of {limits.max_bytes:,} bytes")
    else:
        parts: list[str] = []
        total = 0
        for i, chunk in enumerate(data, 1):
            if isinstance(chunk, (bytes, bytearray)):
                try:
                    chunk = bytes(chunk).decode("utf-8")
                except UnicodeDecodeError:
                    raise LogRejected(i, "not UTF-8 text") from None
            total += _size(chunk)
            if total > limits.max_bytes:
                raise LogRejected(i, f"the log is over the limit of {limits.max_bytes:,} bytes")
            parts.append(chunk if chunk.endswith("\n") else chunk + "\n")
        text = "".join(parts)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > limits.max_events + 2:
        raise LogRejected(limits.max_events + 2, f"more than {limits.max_events:,} events")
    for i, line in enumerate(lines):
        if line.endswith("\r"):
            line = lines[i] = line[:-1]
        if len(line) > limits.max_line or _size(line) > limits.max_line:
            raise LogRejected(i + 1, f"line longer than {limits.max_line:,} bytes")
    return lines


def _check_shapes(lines: list[str], limits: Limits, first: int = 1) -> None:
    """Unclosed strings, nesting depth and number sizes of every line (``first`` is the first one's
    number), found by scanning outside strings, before any decoding (over the whole text at once; JSON strings never
    span lines)."""
    for no, line in enumerate(lines, first):
        if not line or line.isspace():
            raise LogRejected(no, "blank line")
    bare = _STRING.sub("_", "\n".join(lines))
    cut = bare.find('"')  # a quote left over opens a string that does not close on its line
    if cut >= 0:
        no = bare.count("\n", 0, cut) + first
        raise LogRejected(no, "a string is not closed (is the line cut short?)")
    huge = _too_large(limits).search(bare)
    if huge:
        no = bare.count("\n", 0, huge.start()) + first
        raise LogRejected(no, f"number too large (more than {limits.max_int_digits} digits)")
    brackets = _NOT_BRACKET.sub("", bare)
    for _ in range(limits.max_depth):
        inner = _EMPTY_PAIR.sub("", brackets)
        if inner == brackets:
            break
        brackets = inner
    else:
        deeper = _EMPTY_PAIR.search(brackets)
        if deeper:
            no = brackets.count("\n", 0, deeper.start()) + first
            raise LogRejected(no, f"JSON nested deeper than {limits.max_depth} levels")
    # What is left has no closed pair: it is unbalanced, and the JSON decoder reports that, but only
    # after descending into every bracket left open (a line of a million '[' would exhaust its stack).
    unclosed = _too_deep(limits).search(brackets)
    if unclosed:
        no = brackets.count("\n", 0, unclosed.start()) + first
        raise LogRejected(no, f"JSON nested deeper than {limits.max_depth} levels")


def _read_header(line: str, allow_view: bool) -> dict[str, Any]:
    try:
        probe = _ANY_DEC.decode(line)
    except msgspec.DecodeError as exc:
        raise LogRejected(1, f"header is not valid JSON ({exc})") from None
    if not isinstance(probe, dict) or probe.get("format") != FORMAT:
        raise LogRejected(1, f"not a {FORMAT} file (the first line must be its header)")
    version = probe.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise LogRejected(1, f"written by a newer dinocli (log version {version}; this one reads {VERSION})")
    if isinstance(version, bool) or version not in VERSIONS:
        raise LogRejected(1, f"unsupported log version {version!r}")
    try:
        header = msgspec.to_builtins(_HEADER_DEC.decode(line))
    except msgspec.ValidationError as exc:
        raise LogRejected(1, f"bad header: {exc}") from None
    if genesis_hash(header) != header["genesis"]:
        raise LogRejected(1, "the genesis hash does not match the header (altered?)")
    if header["view"] is not None and not allow_view:
        raise LogRejected(1, f"a seat's view cannot be imported (exported with --as for seat {header['view']})")
    return header


def read_log(data: bytes | str | Iterable[str], *, limits: Limits = LIMITS, allow_view: bool = False,
             on_header: Callable[[dict[str, Any]], None] | None = None) -> ParsedLog:
    """Parse and check an exported log, all or nothing; LogRejected says which line is wrong.

    ``data`` is the whole file (bytes or text) or an iterable of its lines (an open file).
    ``allow_view=True`` also reads one seat's view (which cannot be imported): in versions 2 and 3 its
    chain is checked through the commitments of what it hides; a version 1 view's redacted bodies
    cannot be hash-checked and its lines may be missing. ``on_header`` sees the header before
    any event is decoded (to refuse it at line 1, or to load the game whose events follow)."""
    lines = _lines(data, limits)
    if not lines:
        raise LogRejected(1, "empty log: no header")
    _check_shapes(lines[:1], limits)   # line 1 first: a file that is not a log is refused as such
    header = _read_header(lines[0], allow_view)
    if on_header is not None:
        on_header(header)
    _check_shapes(lines[1:], limits, first=2)
    version, view = header["version"], header["view"] is not None
    loose = view and version == 1   # a version 1 view may leave lines out, and its redacted bodies cannot be checked
    decoder = {1: _EVENT_DEC, 2: _EVENT2_DEC}.get(version, _EVENT3_DEC)
    entries: list[LogEntry] = []
    footer: dict[str, Any] | None = None
    notes: list[tuple[int, str]] = []
    judged: list = []
    prev, start = header["genesis"], 0   # the hash written last; the n of the first event of the current command
    for no, line in enumerate(lines[1:], 2):
        if footer is not None:
            raise LogRejected(no, "text after the footer")
        if _trailing(_ANALYSES, no, line, entries, judged) or _trailing(_NOTES, no, line, entries, notes):
            continue
        try:
            ev = decoder.decode(line)
        except msgspec.MsgspecError as exc:
            footer = _footer(no, line, version, exc)
            _check_footer(no, footer, entries, prev, loose)
            continue
        entries.append(_checked(no, ev, version, view, entries[-1].seq if entries else 0, prev, start))
        start, prev = ev.command, ev.hash
    if footer is None:
        raise LogRejected(len(lines) + 1, "no footer: the log is truncated")
    return ParsedLog(header=header, entries=entries, footer=footer, notes=tuple(notes), analyses=tuple(judged))


def read_events(lines: Sequence[str], header: dict[str, Any], after: LogEntry | None, *,
                limits: Limits = LIMITS) -> list[LogEntry]:
    """Event lines that continue a log read by :func:`read_log` (its ``header``) after its entry ``after`` (None:
    from the first event), checked as read_log checks them, each once: numbering, commands, the chain
    (LogRejected names the line, counted as in the whole log). A growing log is read batch by batch so."""
    version, view = header["version"], header["view"] is not None
    if version == 1 and view:
        raise LogRejected(1, "a format 1 view cannot be read in parts (its redacted bodies are not hash-checked)")
    decoder = {1: _EVENT_DEC, 2: _EVENT2_DEC}.get(version, _EVENT3_DEC)
    first = (after.seq if after else 0) + 2
    if len(lines) + first - 2 > limits.max_events:
        raise LogRejected(limits.max_events + 2, f"more than {limits.max_events:,} events")
    for no, line in enumerate(lines, first):
        if _size(line) > limits.max_line:
            raise LogRejected(no, f"line longer than {limits.max_line:,} bytes")
    _check_shapes(list(lines), limits, first=first)
    entries: list[LogEntry] = []
    last, prev, start = (after.seq, after.hash, after.command) if after else (0, header["genesis"], 0)
    for no, line in enumerate(lines, first):
        try:
            ev = decoder.decode(line)
        except msgspec.MsgspecError as exc:
            raise LogRejected(no, f"bad event line: {exc}") from None
        entries.append(_checked(no, ev, version, view, last, prev, start))
        last, start, prev = ev.n, ev.command, ev.hash
    return entries


def _checked(no: int, ev: Any, version: int, view: bool, last: int, prev: str, start: int) -> LogEntry:
    """The entry of a decoded event line checked against the lines before it (:func:`_check_event`) and its hash."""
    link = _check_event(no, ev, version, view, last, prev, start)
    if not (view and version == 1) and walk(prev, [link], version, root=ev.n - 1, view=view)[0] != ev.hash:
        raise LogRejected(no, "the hash does not match the event (altered?)")
    return _entry(no, ev, link, version)


def _check_event(no: int, ev: Any, version: int, view: bool, last: int, prev: str, start: int) -> tuple:
    """One event line (either version) against the lines before it: its numbering, command, parent hash,
    salts and body; the row :func:`dinocli.events.chain.walk` hashes it from."""
    loose = view and version == 1   # a version 1 view may leave lines out and cannot be hash-checked
    if loose:
        if ev.n <= last:
            raise LogRejected(no, f"event {ev.n} after event {last} (lines reordered or duplicated)")
    elif ev.n != last + 1:
        raise LogRejected(no, f"expected event {last + 1}, found event {ev.n} (lines reordered, duplicated or missing)")
    rolls_commit = None if version == 1 else ev.rolls_commit
    if ev.command == ev.n:
        pass
    elif loose:
        if not 0 < ev.command < ev.n:
            raise LogRejected(no, f"command {ev.command} does not start at an earlier event")
    elif not last or ev.command != start:
        raise LogRejected(no, f"command {ev.command} is not the command of the previous event")
    elif ev.actor is not None or ev.action is not None or ev.rolls is not None or rolls_commit is not None:
        raise LogRejected(no, "only the first event of a command may carry actor, action or rolls")
    if not loose and ev.parent_hash != prev:
        raise LogRejected(no, "the parent hash does not match the previous event's hash (line out of place?)")
    rolls = None if ev.rolls is None else json_text([list(r) for r in ev.rolls])
    if version == 1:
        if view and ev.rolls is not None:
            raise LogRejected(no, "a seat's view carries no rolls")
        return ev.n, ev.n - 1, ev.type, ev.v, _body(no, ev.body).encode(), ev.actor, ev.action, rolls, ev.command, \
            None, None, None
    _salt(no, ev.salt, "salt")
    public = _public_of(no, ev) if version >= 3 else None
    _salt(no, ev.rolls_salt, "rolls_salt")
    if not view:
        if ev.commit is not None or rolls_commit is not None or (version == 2 and ev.shown is not None):
            raise LogRejected(no, "a full log opens every event: no commitments")
        if (ev.rolls is None) != (ev.rolls_salt is None):
            raise LogRejected(no, "rolls need their own salt (rolls_salt), and only rolls do")
    elif ev.rolls is not None or ev.rolls_salt is not None:
        raise LogRejected(no, "a seat's view carries no rolls (only their commitment)")
    elif rolls_commit is not None and not HEX64.match(rolls_commit):
        raise LogRejected(no, "rolls_commit must be a sha256 hex digest")
    if ev.commit is not None:
        if (ev.type, ev.v, ev.actor, ev.action, ev.salt) != (None,) * 5 or bytes(ev.body) != b"null":
            raise LogRejected(no, "a hidden event carries its commitment only (no type, body, actor, action or salt)")
        if not HEX64.match(ev.commit):
            raise LogRejected(no, "a hidden event's commitment must be a sha256 hex digest")
        if version >= 3 and public is None:
            raise LogRejected(no, "a hidden event carries its public form: the seats that may see it ('seen')")
        return ev.n, ev.n - 1, None, None, None, None, None, None, ev.command, ev.commit, rolls_commit, \
            None if public is None else public.encode()
    if ev.type is None or ev.v is None or (version == 2 and ev.shown is not None):
        raise LogRejected(no, "an event that is not hidden carries its type, version and body")
    if version >= 3 and (public is None) is not (ev.salt is None):
        raise LogRejected(no, "a sealed event (with a salt) carries its public form ('seen', 'shown'), an open one none")
    return ev.n, ev.n - 1, ev.type, ev.v, _body(no, ev.body).encode(), ev.actor, ev.action, rolls, ev.command, \
        ev.salt, rolls_commit if view else ev.rolls_salt, None if public is None else public.encode()


def _public_of(no: int, ev: Any) -> str | None:
    """A version 3 line's public form as hashed (:func:`dinocli.events.chain.public_text`), None if it has none."""
    if ev.seen is None:
        if ev.shown is not None:
            raise LogRejected(no, "'shown' comes with 'seen' (the seats that may see the event)")
        return None
    if any(type(s) is not int or s < 0 for s in ev.seen) or ev.seen != sorted(set(ev.seen)):
        raise LogRejected(no, "'seen' must list seat numbers in increasing order")
    sh = ev.shown
    return public_text(ev.seen, None if sh is None else (sh.type, sh.v, _body(no, sh.body), sh.actor))


def _entry(no: int, ev: Any, link: tuple, version: int) -> LogEntry:
    """The checked entry of an event line whose hash checked out: its event decoded (or, hidden, the form shown)."""
    body = None if link[4] is None else link[4].decode()
    rolls = None if ev.rolls is None else [list(r) for r in ev.rolls]
    if version == 1:
        return LogEntry(seq=ev.n, event=_decode(no, ev.type, body, ev.v), type=ev.type, v=ev.v, body=body,
                        actor=ev.actor, action=ev.action, rolls=rolls, command=ev.command,
                        parent_hash=ev.parent_hash, hash=ev.hash)
    public = None if link[11] is None else link[11].decode()
    seen = None if public is None else tuple(ev.seen)
    hidden = ev.commit is not None
    if hidden:
        event = None if ev.shown is None else _decode(no, ev.shown.type, _body(no, ev.shown.body), ev.shown.v)
    else:
        event = _decode(no, ev.type, body, ev.v)
    return LogEntry(seq=ev.n, event=event, type=ev.type, v=ev.v, body=body, actor=ev.actor, action=ev.action,
                    rolls=rolls, command=ev.command, parent_hash=ev.parent_hash, hash=ev.hash, salt=ev.salt,
                    rolls_salt=ev.rolls_salt, hidden=hidden, seen=seen, public=public)


def _footer(no: int, line: str, version: int, exc: Exception) -> dict[str, Any]:
    """A line that is not an event line of ``version`` (``exc`` says why): its footer, decoded by the footer
    schema of its version (so an error names the footer's own wrong field), or LogRejected."""
    try:
        probe = _ANY_DEC.decode(line)
    except msgspec.DecodeError as bad:
        raise LogRejected(no, f"not valid JSON ({bad})") from None
    if not (isinstance(probe, dict) and "footer" in probe):
        raise LogRejected(no, f"bad event line: {exc}")
    try:
        return msgspec.to_builtins((_FOOTER4_DEC if version >= 4 else _FOOTER_DEC).decode(line))
    except msgspec.ValidationError as bad:
        raise LogRejected(no, f"bad footer: {bad}") from None


def _check_footer(no: int, footer: dict[str, Any], entries: list[LogEntry], prev: str, loose: bool) -> None:
    """The footer's own fields and its count and final hash (the seed against its commitment is the verifier's:
    :func:`dinocli.verify.check_seed`)."""
    if footer["footer"] is not True:
        raise LogRejected(no, "bad footer: 'footer' must be true")
    if not loose:
        if footer["count"] != len(entries):
            raise LogRejected(no, f"the footer counts {footer['count']} events, the log has {len(entries)}")
        if footer["final_hash"] != prev:
            raise LogRejected(no, "the footer's final hash does not match the last event")
    if footer.get("seed_salt") is not None:
        _salt(no, footer["seed_salt"], "seed_salt")


def _note(no: int, note: _NoteBody, entries: list[LogEntry], notes: list[tuple[int, str]]) -> tuple[int, str]:
    """Note line ``no`` as (event, text), checked: on one of the log's ``entries``, 1 to MAX_NOTE characters."""
    if not 1 <= note.event <= len(entries):
        raise LogRejected(no, f"a note on event {note.event}, which the log does not have")
    try:
        check_text(note.text)
    except NoteRefused as exc:
        raise LogRejected(no, f"bad note: {exc}") from None
    if len(notes) >= MAX_NOTES:
        raise LogRejected(no, f"more than {MAX_NOTES} notes")
    return note.event, note.text


class _Section(NamedTuple):
    """A trailing section of a log: lines ``{"<key>": ...}`` after the events, outside the hash chain."""

    key: str
    start: str                     # how each of its lines starts: '{"<key>"'
    lines: msgspec.json.Decoder    # one line of it
    check: Callable[[int, Any, list[LogEntry], list], Any]   # (line no, item, entries, kept) -> what to keep
    after: str                     # the refusal of another line (not the footer) after one of these


_NOTES = _Section("note", '{"note"', _NOTE_DEC, _note, "an event after the notes (they come after the last event)")
_ANALYSES = _Section("analysis", '{"analysis"', analyses.LINES, analyses.checked,
                     "a line after the analysis lines (they come last, before the footer)")


def _trailing(section: _Section, no: int, line: str, entries: list[LogEntry], kept: list) -> bool:
    """Whether ``line`` (number ``no``) is a line of ``section``: decoded, checked and kept in ``kept``. The
    section's lines come together: once one is kept, any other line but the footer is refused."""
    if not line.startswith(section.start):
        if kept and not _is_footer(line):
            raise LogRejected(no, section.after)
        return False
    try:
        item = getattr(section.lines.decode(line), section.key)
    except msgspec.MsgspecError as exc:
        raise LogRejected(no, f"bad {section.key} line: {exc}") from None
    kept.append(section.check(no, item, entries, kept))
    return True


def _is_footer(line: str) -> bool:
    """Whether the line is meant as the footer: a JSON object with a ``footer`` key."""
    try:
        probe = _ANY_DEC.decode(line)
    except msgspec.DecodeError:
        return False
    return isinstance(probe, dict) and "footer" in probe


def _salt(no: int, value: str | None, what: str) -> None:
    if value is not None and not SALT.match(value):
        raise LogRejected(no, f"{what} must be 32 lower-case hex digits")


def _body(no: int, raw: msgspec.Raw) -> str:
    """The body as canonical JSON text (what the store keeps and the hash covers): an object without a tag."""
    try:
        body_obj = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise LogRejected(no, f"bad body: {exc}") from None
    if not isinstance(body_obj, dict) or "type" in body_obj:
        raise LogRejected(no, "the body must be an object without a 'type' field")
    return json_text(body_obj)


def _decode(no: int, type_: str, body: str, v: int) -> Event:
    try:
        return decode(type_, body, v)
    except UnknownEvent as exc:
        raise LogRejected(no, str(exc)) from None
