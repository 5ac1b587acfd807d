"""The one verifier: re-running the rules over a recorded log (every decision must be legal and
every event exactly what the rules produce), and around it every check of a log or stored game
that ``import``, ``replay --verify`` and ``verify`` make, with the same code and verdict
(DESIGN "Trust model", issue #16)."""

from __future__ import annotations

import contextlib
import datetime
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import msgspec

from dinocli.events import Event, ReplayRng, RngMismatch, SeededRng, commit
from dinocli.events.chain import HEX64
from dinocli.events.errors import REJECTED, DinocliError
from dinocli.events.records import seating_of, seats_of
from dinocli.disclosure import disclosure, public_form, public_of
from dinocli.games.protocol import Config, Game, GameError

__all__ = ["Entry", "Divergence", "Verdict", "VerificationFailed", "commands", "verify", "replay_states",
           "check_header", "entries_of", "verify_log", "verify_stored", "WITHHELD", "LUCK_UNVERIFIED", "public_form",
           "public_of", "disclosure", "Anchor", "anchor_view", "ViewCheck"]


class Entry(msgspec.Struct, frozen=True):
    """One recorded event with its decision data (first event of a command only)."""

    seq: int
    event: Event
    actor: int | None = None
    action: str | None = None
    rolls: list | None = None
    starts_command: bool = False


class Divergence(DinocliError):
    """The log departs from the rules at event ``seq``."""

    exit_code = REJECTED
    heading = "log rejected: "

    def __init__(self, seq: int, reason: str):
        super().__init__(f"event {seq}: {reason}")
        self.seq = seq
        self.reason = reason


def commands(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    """Group entries into commands: each starts with an entry marked ``starts_command``."""
    group: list[Entry] = []
    for e in entries:
        if e.starts_command and group:
            yield group
            group = []
        group.append(e)
    if group:
        yield group


def _check_rolls(seed: str | None, rolls: Sequence[Sequence[Any]] | None, seq: int) -> None:
    """With the seed revealed, every recorded draw must be the seed's draw for its key."""
    if seed is None or not rolls:
        return
    rng = SeededRng(seed)
    for key, n, value in rolls:
        if rng.below(n, key) != value:
            raise Divergence(seq, f"draw {key!r} recorded {value}, the revealed seed gives {rng.below(n, key)}")


def replay_states(game: Game, config: Config, entries: Sequence[Entry], *,
                  seed: str | None = None) -> Iterator[tuple[Any, list[Entry]]]:
    """Verify command by command, yielding (state after the command, its entries); every draw against
    ``seed`` if given (checked against its commitment first: :func:`check_seed`).

    Raises :class:`Divergence` at the first event that the rules would not have produced.
    """
    state = game.initial(config)
    first = True
    for group in commands(entries):
        head = group[0]
        recorded = [e.event for e in group]
        rng = ReplayRng(head.rolls or [])
        try:
            _check_rolls(seed, head.rolls, head.seq)
            if first:
                if head.actor is not None:
                    raise Divergence(head.seq, "the log does not start with the game's setup")
                produced = game.setup(config, rng)
            else:
                if head.actor is None or head.action is None:
                    raise Divergence(head.seq, "an event that no decision produced")
                seat = game.to_move(state)
                if seat is None:
                    raise Divergence(head.seq, "a decision after the game ended")
                if head.actor != seat:
                    raise Divergence(head.seq, f"seat {head.actor} decided but seat {seat} was to move")
                action = game.parse_action(state, head.action)
                produced = game.decide(state, action, rng)
        except GameError as exc:
            raise Divergence(head.seq, f"{head.action!r} is not legal: {exc}") from None
        except RngMismatch as exc:
            raise Divergence(head.seq, str(exc)) from None
        if not rng.finished():
            raise Divergence(head.seq, "more draws were recorded than the rules make")
        for i, (want, got) in enumerate(zip(produced, recorded)):
            if want != got:
                raise Divergence(group[i].seq, f"recorded {got.tag} but the rules produce {want.tag}"
                                 if want.tag != got.tag else f"recorded {got.tag} differs from what the rules produce")
        if len(produced) != len(recorded):
            at = group[min(len(produced), len(recorded) - 1)].seq
            raise Divergence(at, f"the rules produce {len(produced)} events here, the log has {len(recorded)}")
        for ev in recorded:
            state = game.fold(state, ev)
        first = False
        yield state, group


def verify(game: Game, config: Config, entries: Sequence[Entry], **kw: Any) -> Any:
    """Verify a whole log; return the final state (raise Divergence)."""
    state = game.initial(config)
    for state, _ in replay_states(game, config, entries, **kw):
        pass
    return state


def _check_public(game: Game, seats: int, events: Iterable[tuple[int, Event, int | None, str | None]]) -> None:
    """Each (seq, event, actor, public) of a format 3 line: its bound public form must be the game's."""
    for seq, event, actor, public in events:
        try:
            want = public_of(game, seats, event, actor)
        except GameError as exc:
            raise Divergence(seq, str(exc)) from None
        if want != public:
            raise Divergence(seq, "its public form (who may see it, what the others are shown) is not the game's"
                             if want is not None and public is not None else
                             "it is recorded open but the game hides it from some seat" if public is None else
                             "it is recorded sealed but every seat sees it")


# -- one verifier for logs and stored games ----------------------------------------------------

AT_FOOTER = -1   # a Divergence "seq" for the footer (or the stored result row)
UNSALTED = "seed commitment unsalted"
_RANDOM_SEED = re.compile(r"^[0-9a-f]{32}$")   # what new_seed makes: 128 random bits, as hard to guess as a salt
CLOCK_SKEW = datetime.timedelta(minutes=5)   # how far ahead of ours another machine's clock may be
_CREATED = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$")
WITHHELD = "finished game withholds its seed"
LUCK_UNVERIFIED = "luck unverified until the seed is revealed"


class VerificationFailed(DinocliError):
    """A stored game fails verification: ``str()`` names the game and the first bad event."""

    exit_code = REJECTED

    def __init__(self, game_id: str, seq: int | None, reason: str):
        where = {None: "header", AT_FOOTER: "result"}.get(seq, f"event {seq}")
        super().__init__(f"verification failed: game {game_id} {where}: {' '.join(str(reason).split())}")
        self.game_id, self.seq, self.reason = game_id, seq, reason


class Verdict(msgspec.Struct):
    """What a verification proved (``checked``) and what it could not (``unchecked``)."""

    events: int
    over: bool
    checked: list[str]
    unchecked: list[str]
    warnings: list[str] = []

    def lines(self) -> list[str]:
        """The verdict as text, one claim a line."""
        out = [f"Verified {self.events} events: " + "; ".join(self.checked) + "."]
        out += [f"Not checked: {u}." for u in self.unchecked]
        out += [f"Warning: {w}." for w in self.warnings]
        return out


def check_seed(seed: str | None, salt: str | None, seed_commit: str, version: int, what: str = "revealed") -> list[str]:
    """The one check of a seed against the header's commitment: sha256(salt || seed) in format 4, sha256(seed)
    before (Divergence at the footer if it does not match); the warnings it leaves: a seed chosen by hand
    (not 128 random bits) under an unsalted commitment (formats 1 to 3) can be guessed back from the header."""
    if seed is None:
        return []
    if version >= 4 and salt is None:
        raise Divergence(AT_FOOTER, f"the {what} seed comes without its salt (seed_salt): format {version} "
                                    "commits to sha256(salt || seed)")
    if version < 4 and salt is not None:
        raise Divergence(AT_FOOTER, f"a format {version} seed commitment has no salt")
    if commit(seed, salt) != seed_commit:
        raise Divergence(AT_FOOTER, f"the {what} seed does not match the seed commitment")
    if version < 4 and not _RANDOM_SEED.match(seed):
        return [f"{UNSALTED} in format {version}: the chosen seed {seed!r} can be guessed back from the header, "
                "and with it every hidden card (games recorded since format 4 salt it)"]
    return []


def check_header(header: dict[str, Any]) -> tuple[Game, Config]:
    """Every header field of a log or stored game; the game and its config (Divergence at 0 if bad)."""
    from dinocli import games
    from dinocli.ai import BotSpecError, parse_spec
    from dinocli.events.chain import normalized
    from dinocli.games.names import check_seats

    try:
        game = games.get(header["kind"])
    except GameError as exc:
        raise Divergence(0, str(exc)) from None
    if header["rules_version"] != game.info.rules_version:
        raise Divergence(0, f"rules version {header['rules_version']!r} of {game.info.name} is unknown to this "
                            f"dinocli (it plays version {game.info.rules_version!r})")
    created = header["created"]
    when = None
    if isinstance(created, str) and _CREATED.match(created):
        with contextlib.suppress(ValueError):
            when = datetime.datetime.fromisoformat(created[:-1]).replace(tzinfo=datetime.timezone.utc)
    if when is None:
        raise Divergence(0, f"'created' must be a UTC timestamp like 2026-11-30T10:57:33.750520Z, not {created!r}")
    if when > datetime.datetime.now(datetime.timezone.utc) + CLOCK_SKEW:
        raise Divergence(0, f"'created' ({created}) is in the future")
    if not (isinstance(header["seed_commit"], str) and HEX64.match(header["seed_commit"])):
        raise Divergence(0, "'seed_commit' must be a sha256 hex digest (64 lower-case hex digits)")
    if header["data_hash"] != game.data_hash():
        raise Divergence(0, f"the log was made with other {game.info.name} data "
                            f"(hash {str(header['data_hash'])[:12]}…, this dinocli has {game.data_hash()[:12]}…)")
    try:
        config = msgspec.convert(header["config"], Config)
        game.configure(config.names, config.variants, config.options)
    except (msgspec.ValidationError, GameError) as exc:
        raise Divergence(0, f"bad config: {exc}") from None
    if normalized(msgspec.to_builtins(config)) != header["config"]:
        raise Divergence(0, "bad config: only names, variants and options may be given")
    try:   # a genesis seat is a name and a bot spec or null, nothing else (no take-over player)
        seats = seats_of(header["seats"])
    except msgspec.ValidationError:
        seats = None
    if seats is None or [s.name for s in seats] != list(config.names) or any(s.player is not None for s in seats):
        raise Divergence(0, "the seats must be the config's players, each with a name and a bot spec or null")
    try:
        check_seats([(s.name, s.bot) for s in seats])   # names and specs as `new` takes them
    except GameError as exc:
        raise Divergence(0, str(exc)) from None
    for s in seats:
        if s.bot is not None:
            try:   # within the bounds new takes (dinocli.limits), as parse_spec enforces them
                parse_spec(s.bot)
            except BotSpecError as exc:
                raise Divergence(0, f"seat {s.name}: {exc}") from None
    return game, config


def _rejected(d: Divergence, footer_line: int):
    from dinocli.events.errors import LogRejected

    if d.seq == 0:
        return LogRejected(1, d.reason)
    if d.seq == AT_FOOTER:
        return LogRejected(footer_line, d.reason)
    return LogRejected(d.seq + 1, f"event {d.seq}: {d.reason}")


def verify_log(parsed) -> Verdict:
    """Verify a parsed log (a full log, or one seat's view, as far as its information allows);
    LogRejected names the first bad line and event."""
    footer_no = len(parsed.entries) + 2
    try:
        return _verify_log(parsed)
    except Divergence as d:
        raise _rejected(d, footer_no) from None


class Anchor(msgspec.Struct, frozen=True):
    """Where a seat's view ends in a game the local database holds: the game and its event number."""

    game: str
    event: int


def anchor_view(store, parsed) -> list[Anchor]:
    """The local games with the view's genesis that hold its final hash (empty: the database does not hold
    the game). A view ends at an event of its game (format 3 hashes bind what it shows), so one whose
    chain was recomputed after an edit ends at none: LogRejected at the footer, as import and
    ``replay --verify`` both say."""
    from dinocli.events.errors import LogRejected

    held = store.holders(parsed.header["genesis"], parsed.final_hash)
    found = [Anchor(gid, seq) for gid, seq in held.items() if seq is not None]
    if held and not found:
        raise LogRejected(len(parsed.entries) + 2, f"this view of game {next(iter(held))} ends at no event of it "
                                                   "here (its chain is not the game's: edited and recomputed?)")
    return found


def entries_of(parsed) -> list[Entry]:
    """Verification entries from a parsed log (a hidden event of a view has its shown form, or None)."""
    return [Entry(seq=e.seq, event=e.event, actor=e.actor, action=e.action, rolls=e.rolls,
                  starts_command=e.command == e.seq) for e in parsed.entries]


def _verify_log(parsed) -> Verdict:
    from dinocli.results import game_result
    from dinocli.events.chain import normalized

    header = parsed.header
    game, config = check_header(header)
    if not parsed.entries:
        raise Divergence(AT_FOOTER, "the log has no events: it must start with the game's setup")
    n = len(parsed.entries)
    seed = parsed.footer.get("seed")
    warnings = check_seed(seed, parsed.footer.get("seed_salt"), header["seed_commit"], header["version"])
    if parsed.is_view:
        return _verify_view(parsed, game, config)
    if parsed.footer.get("result") is not None and seed is None:
        raise Divergence(AT_FOOTER, WITHHELD)
    try:
        state = verify(game, config, entries_of(parsed), seed=seed)
    except Divergence:
        raise
    except Exception as exc:  # a game error on a forged body
        raise Divergence(0, str(exc)) from None
    if header["version"] >= 3:
        _check_public(game, len(config.names), ((e.seq, e.event, e.actor, e.public) for e in parsed.entries))
    over = game.to_move(state) is None
    if over and seed is None:
        raise Divergence(AT_FOOTER, WITHHELD)
    _check_result(parsed.footer, normalized(game_result(game, state, header["seats"])) if over else None)
    checked = ["the header", f"the hash chain (format {header['version']})", "every decision against the rules",
               "every event is what the rules produce"]
    if header["version"] >= 3:
        checked.append("every sealed event's bound public form (who may see it, what the others are shown)")
    unchecked = []
    if seed is not None:
        checked.append("every draw comes from the committed seed")
    else:
        unchecked.append(f"{LUCK_UNVERIFIED} (draws were replayed as recorded)")
    if over:
        checked.append("the result")
    return Verdict(events=n, over=over, checked=checked, unchecked=unchecked, warnings=warnings)


def _verify_view(parsed, game: Game, config: Config) -> Verdict:
    """A seat's view: its header, its chain through the commitments of what it hides, what it opens, and
    the seat's own decisions against the rules, folded from what the seat knew (``fold_view``)."""
    header = parsed.header
    seat = header["view"]
    if not (isinstance(seat, int) and 0 <= seat < len(config.names)):
        raise Divergence(0, f"the view is for seat {seat!r}, which the game does not have")
    if header["version"] == 1:
        return Verdict(events=len(parsed.entries), over=parsed.footer.get("result") is not None,
                       checked=["the header"],
                       unchecked=["the hash chain (a format 1 view's redacted bodies no longer match their hashes)",
                                  "the draws and the rules (a seat's view hides what they need)"])
    entries = parsed.entries
    bound = header["version"] >= 3
    _check_view_entries(game, config, seat, entries, bound, True)
    name = config.names[seat]
    hidden = sum(1 for e in entries if e.hidden)
    own = sum(1 for e in entries if e.opened and e.command == e.seq and e.actor == seat)
    checked = ["the header", f"the hash chain of all {len(entries)} events (format {header['version']}), ending at "
                             f"final hash {parsed.final_hash[:16]}",
               f"the {len(entries) - hidden} events {name} may see, against their commitments"]
    unchecked = []
    if bound:
        checked.append(f"what the view shows of the events {name} may not see, and that {name} may not see them, "
                       "against their hashes")
    if hidden:
        unchecked.append(f"{hidden} event{'' if hidden == 1 else 's'} {name} may not see (their commitments only; "
                         + ("that what the view shows of each is the game's redaction of it is proved once the full "
                            "log is published)" if bound else
                            "what the view shows of them, e.g. who drew a card, no hash covers: it was checked only "
                            "to fit the rest)"))
    blank = next((e.seq for e in entries if e.hidden and e.event is None), None)
    alike = game.sees_alike
    if blank is not None:
        checked.append(f"the own decisions of {name} ({own}), opened")
        unchecked.append(f"the legality of decisions (hidden event {blank} has no shown form to fold)")
    else:
        view = _fold_view(game, config, seat, entries, alike)
        checked.append(f"the own decisions of {name} ({own}): each made when {name} was to move, and legal "
                       f"from what {name} knew" + (" (by the shown forms the hashes bind)" if bound else ""))
        if alike:
            checked.append("every decision was the mover's and legal (every seat sees alike)")
        else:
            checked.append(f"every decision {name} saw was made by the seat to move")
            unchecked.append(f"the legality of the other seats' decisions (it needs their hands, which {name} "
                             f"may not see; each was checked only to fit what {name} saw)")
        if _view_result(game, config, header, parsed.footer, seat, view):
            checked.append("the result, from what the view shows")
    unchecked.append("the draws (a seat's view carries only their commitments, never the seed)")
    unchecked.append("that each command produced exactly its events (that needs the draws)")
    return Verdict(events=len(entries), over=parsed.footer.get("result") is not None, checked=checked,
                   unchecked=unchecked)


def _check_view_entries(game: Game, config: Config, seat: int, entries: Sequence, bound: bool, start: bool) -> None:
    """A view's events (``start``: from the first): it starts with the setup, every decision it opens has its
    action, and (``bound``, format 3 on) what the hashes bind of who may see each event and what the others
    are shown."""
    first = entries[0] if entries and start else None
    if first is not None and (first.command != first.seq or (first.opened and first.actor is not None)):
        raise Divergence(first.seq, "the log does not start with the game's setup")
    for e in entries:
        if e.opened and e.command == e.seq and e.actor is not None and e.action is None:
            raise Divergence(e.seq, "a decision without its action")
    if bound:   # who may see each event and what the others are shown are covered by the hashes: check them
        for e in entries:
            if e.hidden and seat in e.seen:
                raise Divergence(e.seq, f"seat {seat} may see this event (its hash binds that), but the view hides it")
        _check_public(game, len(config.names), ((e.seq, e.event, e.actor, e.public) for e in entries if e.opened))


class _ViewFolder:
    """A seat's view folded from the setup over what the seat saw, event by event (see :func:`_fold_view`)."""

    def __init__(self, game: Game, config: Config, seat: int, alike: bool):
        self.game, self.seat, self.alike = game, seat, alike
        self.view = game.observe(game.initial(config), seat)
        self.started = False

    def add(self, e: Any) -> None:
        """Fold one event; at a decision (after the setup's), check it against the view before it."""
        game, seat = self.game, self.seat
        if e.starts_command and self.started:
            state = _complete(game, self.view, seat, e.seq)
            mover = game.to_move(state)
            if mover is None:
                raise Divergence(e.seq, "a decision after the game ended")
            if e.hidden:
                if mover == seat:
                    raise Divergence(e.seq, f"seat {seat} was to move, but this decision is hidden from it")
            elif e.actor is None:
                raise Divergence(e.seq, "an event that no decision produced")
            elif e.actor != mover:
                raise Divergence(e.seq, f"seat {e.actor} decided but seat {mover} was to move")
            elif e.actor == seat or self.alike:
                try:
                    game.parse_action(state, e.action)
                except GameError as exc:
                    raise Divergence(e.seq, f"{e.action!r} is not legal: {exc}") from None
                except _UNFIT as exc:
                    raise Divergence(e.seq, f"it does not fit what seat {seat} knows: {exc!r}") from None
        self.started = True
        try:
            self.view = game.fold_view(self.view, e.event, e.hidden)
        except _UNFIT as exc:
            raise Divergence(e.seq, f"it does not fit what seat {seat} knows: {exc}") from None


def _fold_view(game: Game, config: Config, seat: int, entries: list, alike: bool) -> Any:
    """Fold a seat's view from the setup over what the seat saw (an event it may not see by its shown form):
    every decision it saw must be the seat to move's, and its own (every seat's, where all see alike) legal
    in a full state drawn at random from the view. Legal actions depend on the mover's information only,
    so any such state answers as the true one would. Returns the final view."""
    folder = _ViewFolder(game, config, seat, alike)
    for e in entries:
        folder.add(e)
    return folder.view


class ViewCheck:
    """A seat's view checked as it grows (a served game's, batch by batch), as :func:`verify_log` checks a
    whole view, each event once: a client's checks stay linear in the length of the game. ``view`` is the
    seat's view folded so far."""

    def __init__(self, header: dict[str, Any]):
        self.game, self.config = check_header(header)
        self.header = header
        self.seat = header["view"]
        if not (isinstance(self.seat, int) and 0 <= self.seat < len(self.config.names)):
            raise _rejected(Divergence(0, f"the view is for seat {self.seat!r}, which the game does not have"), 0)
        self._folder = _ViewFolder(self.game, self.config, self.seat, self.game.sees_alike)
        self.count = 0

    @property
    def view(self) -> Any:
        """The seat's view after the events added."""
        return self._folder.view

    def add(self, entries: Sequence[Any]) -> None:
        """Check and fold the next parsed events of the view (LogRejected at the first that does not hold)."""
        try:
            _check_view_entries(self.game, self.config, self.seat, entries, self.header["version"] >= 3,
                                not self.count)
            for e in entries:
                if e.hidden and e.event is None:
                    raise Divergence(e.seq, "a hidden event with no shown form: the view cannot follow the game")
                self._folder.add(e)
        except Divergence as d:
            raise _rejected(d, 0) from None
        self.count += len(entries)


_UNFIT = (ValueError, TypeError, IndexError, KeyError, AttributeError)   # a GameError is a ValueError


def _complete(game: Game, view: Any, seat: int, seq: int) -> Any:
    """A full state drawn from a seat's view (seeded by the event number, so a verdict is repeatable)."""
    try:
        return game.determinize(view, seat, random.Random(seq))
    except (*_UNFIT, StopIteration) as exc:
        raise Divergence(seq, f"no full state fits what seat {seat} knows here ({exc!r})") from None


def _view_result(game: Game, config: Config, header: dict, footer: dict, seat: int, view: Any) -> bool:
    """The footer's result against the rules' result from the folded view (every game scores from what is
    public); whether there was a result to check."""
    from dinocli.events.chain import normalized
    from dinocli.results import game_result

    state = _complete(game, view, seat, AT_FOOTER)
    over = game.to_move(state) is None
    _check_result(footer, normalized(game_result(game, state, header["seats"])) if over else None)
    return over


def result_text(result: dict | None) -> str:
    """The one form results are compared in (a footer's, a stored row's, the rules'): canonical JSON text, so that
    a score written 1 is not the rules' 1.0 in one verifier and equal to it in another."""
    from dinocli.events.chain import json_text

    return json_text(result)


def _check_result(footer: dict, result: dict | None) -> None:
    """The footer's result must be the rules' (None: the game is not over)."""
    if result_text(footer.get("result")) != result_text(result):
        raise Divergence(AT_FOOTER, "the footer's result is not the one the rules give"
                         + (f" ({', '.join(result['winners']) or 'nobody'} won)" if result else " (the game is not over)"))


def _snapshots(store, rec, game, config) -> dict[int, tuple[bool, bytes]]:
    """The game's snapshots kept under the running rules, by event: (digest and hash check out, state)."""
    from dinocli.results import snapshot_key

    key = snapshot_key(game, game.initial(config))
    return {event: (ok, blob) for event, _h, k, blob, ok in store.snapshots(rec.id) if k == key}


def _check_snapshots(game, config, path: list, snaps: dict[int, tuple[bool, bytes]]) -> None:
    """Re-fold the path from the genesis and check every snapshot on it against the fold (a snapshot
    whose digest fails is never used, so it is only reported if it is also what load would trust)."""
    if not any(s.id in snaps for s in path):
        return
    state = game.initial(config)
    for s in path:
        state = game.fold(state, s.event)
        found = snaps.pop(s.id, None)
        if found is None or not found[0]:
            continue
        try:
            same = msgspec.msgpack.decode(found[1], type=type(state)) == state
        except (msgspec.MsgspecError, TypeError, ValueError):
            same = True   # it does not decode: load ignores it
        if not same:
            raise Divergence(s.seq, "the snapshot kept at this event is not the fold of the log (a tampered "
                                    "cache: loading would trust it; delete it from the snapshots table)")


def verify_stored(store, game_id: str) -> Verdict:
    """Verify a stored game: its header, the chain of every row of its tree, every branch's line against
    the rules and (where the database knows it) the seed, and its result row against the fold."""
    from dinocli.events.errors import ChainBroken, StoreError

    rec = store.game(game_id)
    try:
        return _verify_stored(store, rec)
    except Divergence as d:
        raise VerificationFailed(rec.id, None if d.seq == 0 else d.seq, d.reason) from None
    except ChainBroken as exc:
        seq = store.event_depth(rec.id, exc.event_id) if exc.event_id is not None else None
        raise VerificationFailed(rec.id, seq, exc.reason) from None
    except StoreError as exc:
        raise VerificationFailed(rec.id, None, str(exc)) from None


def _verify_stored(store, rec) -> Verdict:
    from dinocli.results import game_result
    from dinocli.events.chain import normalized

    game, config = check_header(msgspec.structs.asdict(rec))
    n = store.verify_chain(rec.id)
    if n == 0:
        raise Divergence(AT_FOOTER, "the game has no events: its setup is missing")
    segments = store.segments_checked(rec.id)
    for first, last, ok in segments:
        if not ok:
            raise Divergence(store.event_depth(rec.id, first) or AT_FOOTER,
                             f"the cached segment of events {first}..{last} is not what the events table holds (a "
                             "tampered cache: loading could trust it; delete it from the segments table)")
    stored = store.secret_seed(rec.id) if rec.seed_known else None
    seed = stored or rec.seed
    warnings = check_seed(rec.seed, rec.seed_salt, rec.seed_commit, rec.chain)
    warnings = check_seed(stored, store.secret_salt(rec.id), rec.seed_commit, rec.chain, "stored") or warnings
    if rec.seed is not None and stored is not None and rec.seed != stored:
        raise Divergence(AT_FOOTER, "the revealed seed is not the stored one")
    if rec.result is not None and rec.seed is None:
        raise Divergence(AT_FOOTER, WITHHELD)
    ends: dict[str, str] = {}
    lines: dict[int, str] = {}
    try:   # take-overs count for no result
        practice = set(seating_of(rec.meta).takeovers)
    except msgspec.ValidationError as exc:
        raise Divergence(None, f"the seating is not one dinocli writes ({exc})") from None
    scored: set[int] = set()
    for b in sorted(store.branches(rec.id), key=lambda b: b.name != rec.branch):
        for pointer in (b.tip, b.head):
            if pointer is not None:
                lines.setdefault(pointer, b.name)
                if b.name not in practice:
                    scored.add(pointer)
    snaps = _snapshots(store, rec, game, config)
    n_snaps = len(snaps)
    publics = store.publics(rec.id) if rec.chain >= 3 else {}
    for pointer, name in lines.items():
        path = store.path(rec.id, pointer)
        _check_snapshots(game, config, path, snaps)
        entries = [Entry(seq=s.seq, event=s.event, actor=s.actor, action=s.action, rolls=s.rolls,
                         starts_command=s.command == s.id) for s in path]
        try:
            state = verify(game, config, entries, seed=seed)
            if rec.chain >= 3:
                _check_public(game, len(config.names), ((s.seq, s.event, s.actor, publics.get(s.id)) for s in path))
        except Divergence as d:
            raise Divergence(d.seq, f"{d.reason} (branch {name})") from None
        if game.to_move(state) is None and pointer in scored:
            ends[result_text(normalized(game_result(game, state, rec.seats)))] = name
    if rec.result is not None and result_text(rec.result) not in ends:
        raise Divergence(AT_FOOTER, "the recorded result is not what any line of play gives"
                         + (f" (branch {next(iter(ends.values()))} ends otherwise)" if ends else " (no line ends the game)"))
    if rec.result is None and ends:
        raise Divergence(AT_FOOTER, f"branch {next(iter(ends.values()))} ends the game but no result is recorded")
    for event in list(snaps):   # a snapshot off every named line
        _check_snapshots(game, config, store.path(rec.id, event), snaps)
    checked = ["the header", f"the hash chain of all {n} stored events (format {rec.chain})",
               f"every decision on {len(lines)} line{'' if len(lines) == 1 else 's'} of play against the rules",
               "branches and heads"] + (["every sealed event's bound public form"] if rec.chain >= 3 else []) \
        + ([f"{n_snaps} cached snapshot{'' if n_snaps == 1 else 's'} against the fold"]
                                        if n_snaps else []) \
        + ([f"{len(segments)} cached segment{'' if len(segments) == 1 else 's'} of events against the events table"]
           if segments else [])
    unchecked = []
    if seed is not None:
        checked.append("every draw against the seed")
    else:
        unchecked.append(f"{LUCK_UNVERIFIED} (the game was imported without it)")
    if rec.result is not None:
        checked.append("the recorded result")
    return Verdict(events=n, over=rec.result is not None, checked=checked, unchecked=unchecked, warnings=warnings)
