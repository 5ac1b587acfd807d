"""Issue 21: every game's board as SVG, at the start, the middle and the end of a game, in every
variant — well-formed, and showing what the view says (cards, pieces, tiles counted by class)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dinocli.games import GAMES, get
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import HC, STOPS, UNKNOWN, VACANT
from dinocli.games.dodos.data import TRACKS
from dinocli.games.dodos.view import HIDDEN
from dinocli.games.sos.board import BUSHES, NEI, ROCKS
from dinocli.pictures import board_svg

from .conftest import HOSTILE, having, parse, positions, within

CASES = [
    ("dingo", ("ann", "bo", "cy"), ()),
    ("dingo", ("ann", "bo"), ("tiebreak-day",)),
    ("dingo", ("ann", "bo", "cy", "di", "ed"), ("no-two-player-six",)),
    ("sos", ("ann", "bo"), ()),
    ("sos", ("ann",), ("thorny-bush",)),
    ("sos", ("ann", "bo", "cy", "di"), ("bushes-instead-of-rocks",)),
    ("dodos", ("ann", "bo", "cy", "di"), ()),
    ("dodos", ("ann", "bo", "cy", "di", "ed", "flo"), ("space",)),
    ("dodos", ("ann", "bo"), ("space", "abilities")),
    ("dillos", ("ann", "bo", "cy"), ()),
    ("dillos", ("ann", "bo"), ("small", "houston")),
    ("dillos", ("ann", "bo", "cy", "di"), ("city-planning", "small-world", "home-again")),
    ("dillos", ("ann", "bo"), ("again-home", "houston")),
]


def _cards(el) -> tuple[int, int, list[int]]:
    """Face-up and face-down cards under ``el``, and the ids the face-up ones show."""
    up = having(el, "card", "face-up")
    return len(up), len(having(el, "card", "face-down")), [int(c.get("data-card")) for c in up]


def check_dingo(root, v, state) -> None:
    for seat, ranch in enumerate(v.ranches):
        up, down, ids = _cards(within(root, "ranch", seat=seat))
        assert (up, down, ids) == (len(ranch), 0, list(ranch))
        hand = within(root, "hand", seat=seat)
        assert hand.get("data-count") == str(v.hand_sizes[seat])
        if seat != v.seat:
            assert _cards(hand) == (0, v.hand_sizes[seat], [])
    own = having(root, "own-hand")
    if v.seat is not None and v.hand:
        assert _cards(own[0]) == (len(v.hand), 0, list(v.hand))
    else:
        assert own == []
    assert within(root, "deck").get("data-count") == str(v.deck_size)
    assert within(root, "discard").get("data-count") == str(len(v.discard))
    # nothing of another seat's hand is ever drawn
    shown = {int(c.get("data-card")) for c in having(root, "card", "face-up")}
    hidden = {c for s, h in enumerate(state.hands) if s != v.seat for c in h}
    assert not shown & hidden


def check_sos(root, s, state) -> None:
    assert len(having(root, "cell")) == 81
    assert len(having(root, "dino")) == sum(1 for p in s.dinos if p >= 0)
    assert len(having(root, "dino", "saved")) == sum(1 for p in s.dinos if p >= 0 and p in (0, 8, 72, 80))
    assert len(having(root, "egg")) == s.eggs.count(0)
    assert len(having(root, "lava")) == sum(1 for c in s.cover if c > 0)
    assert len(having(root, "meteorite")) == sum(1 for c in s.cover if c < 0)
    open_ends = {(NEI[x][d], f // 5) for f, x, d in s.ends if NEI[x][d] >= 0}
    assert len(having(root, "open-end")) == len([1 for f, x, d in s.ends if NEI[x][d] >= 0])
    assert {(el.get("data-cell"), el.get("data-colour")) for el in having(root, "open-end")} == {
        ("abcdefghi"[c % 9] + str(c // 9 + 1), ("yellow", "pink", "blue", "red")[k]) for c, k in open_ends}
    free = lambda cells: sum(1 for c in cells if s.cover[c] == 0)  # noqa: E731
    assert len(having(root, "rock")) == (free(ROCKS) if s.rocks else 0)
    assert len(having(root, "bush")) == (free(BUSHES) if s.bushes else 0)
    assert within(root, "bag").get("data-count") == str(len(s.bag))


def check_dodos(root, v, state) -> None:
    track = TRACKS[v.track]
    assert len(having(root, "space")) == (track.loop or track.printed)
    assert len(having(root, "sphere")) == len(track.spheres)
    assert len(having(root, "finish")) == 1
    tokens = having(root, "dodino")
    assert sorted((int(t.get("data-seat")), int(t.get("data-pos"))) for t in tokens) == list(enumerate(v.pos))
    for x, size in enumerate(v.sizes):
        hand = within(root, "hand", seat=x)
        assert hand.get("data-count") == str(size)
        if x != v.seat:
            assert _cards(hand) == (0, size, [])
        played = _cards(within(root, "played", seat=x))
        pick = v.picks[x] if v.picks else -1
        assert played == ((0, 1, []) if pick == HIDDEN else (1, 0, [pick]) if pick >= 0 else (0, 0, []))
    own = having(root, "own-hand")
    assert (_cards(own[0]) == (len(v.hand), 0, list(v.hand))) if v.seat is not None and v.hand else own == []
    shown = {int(c.get("data-card")) for c in having(root, "card", "face-up")}
    hidden = {c for x, h in enumerate(state.hands) if x != v.seat for c in h}
    hidden |= {c for x, c in enumerate(v.picks) if c == HIDDEN and state.picks[x] >= 0 for c in [state.picks[x]]}
    assert not shown & hidden


def check_dillos(root, s, state) -> None:
    g = geometry(s.table.size, s.table.small_world)
    assert len(having(root, "tile", "face-down")) == s.board.count(UNKNOWN)
    assert len(having(root, "vacant")) == s.board.count(VACANT)
    assert len(having(root, "stop")) == sum(1 for c in s.board if c >= 0 and STOPS[c])
    assert len(having(root, "home")) == 4 and len(having(root, "capitol")) == 1
    assert s.board.count(HC) == 5
    dillos = {(int(el.get("data-seat")), el.get("data-square")) for el in having(root, "dillo")}
    assert dillos == {(i, g.name(p)) for i, p in enumerate(s.pawns)}
    (hunter,) = having(root, "hunter")
    assert hunter.get("data-square") == g.name(s.hunter)
    assert len(having(root, "wrap")) == (4 if s.table.small_world else 0)
    bags = having(root, "bag")
    assert [b.get("data-count") for b in bags] == ([str(len(s.bag))] if s.table.city_planning else [])


CHECKS = {"dingo": check_dingo, "sos": check_sos, "dodos": check_dodos, "dillos": check_dillos}


@pytest.mark.parametrize("game_id, names, variants", CASES, ids=[f"{c[0]}-{len(c[1])}p-{'+'.join(c[2]) or 'base'}"
                                                                for c in CASES])
def test_board_svg_is_well_formed_and_shows_what_the_view_says(game_id, names, variants):
    """Start, middle and end; as seat 0, as a spectator and as the last seat."""
    game, states = positions(game_id, names, variants)
    assert game.to_move(states[-1]) is None
    for state in states:
        for seat in (0, None, len(names) - 1):
            view = game.observe(state, seat)
            root = parse(board_svg(game_id, view))
            assert root.tag == "{http://www.w3.org/2000/svg}svg" and game_id in root.get("class").split()
            CHECKS[game_id](_strip(root), view, state)


def _strip(root):
    """The tree with the SVG namespace dropped from tags (tests match classes, not tags)."""
    for el in root.iter():
        el.tag = el.tag.split("}")[-1]
    return root


def test_every_registered_game_has_a_renderer():
    assert set(CHECKS) == set(GAMES)


def test_houston_tiles_are_face_down_and_say_nothing():
    """DILLO-28: a face-down tile is drawn as a back; its roads and stop sign are not in the file."""
    game, states = positions("dillos", ("ann", "bo"), ("small", "houston"))
    view = game.observe(states[0], 0)
    root = _strip(parse(board_svg("dillos", view)))
    backs = having(root, "tile", "face-down")
    assert backs and len(backs) == view.board.count(UNKNOWN)
    assert all(b.get("data-roads") is None and not having(b, "stop-sign") for b in backs)


@pytest.mark.parametrize("game_id, seats", [("sos", 3), ("dodos", 3), ("dillos", 3), ("dingo", 3)])
def test_hostile_names_are_escaped_not_run(game_id, seats):
    """Names are text: markup is escaped, control and bidi characters replaced, the XML stays valid."""
    names = HOSTILE if game_id != "dingo" else ("<script>alert(1)</script>", "a&b\"'", "]]><x>")
    game, states = positions(game_id, names)
    svg = board_svg(game_id, game.observe(states[1], 0), title=names[0])
    root = _strip(parse(svg))
    assert not [el for el in root.iter() if el.tag in ("script", "x", "foreignObject")]
    assert "<script" not in svg and "&lt;script&gt;" in svg
    assert not any(c in svg for c in "\x1b\x07\u202e")
    texts = " ".join(el.text or "" for el in root.iter())
    assert "<script>alert(1)</script>" in texts  # shown as the text it is


def test_svg_code_is_not_imported_by_help():
    """`dinocli --help` loads no drawing code (issue 21: start-up unchanged)."""
    code = ("import sys; from dinocli.cli import cli\n"
            "try: cli.main(['--help'], standalone_mode=False)\nexcept SystemExit: pass\n"
            "print(sorted(m for m in sys.modules if 'pictures' in m or m.endswith('.svg') or m.startswith('xml')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_a_renderer_reads_only_the_view():
    """The SVG of a seat's view is the same whatever the hidden cards are (no peeking)."""
    import random

    game, states = positions("dingo", ("ann", "bo", "cy"))
    view = game.observe(states[1], 0)
    other = game.determinize(view, 0, random.Random(7))
    assert other.hands != states[1].hands
    assert board_svg("dingo", game.observe(other, 0)) == board_svg("dingo", view)
    assert get("dingo") is game


def test_the_sos_status_line_is_whole():
    """Issue 41: "game over: the last Dino on the board climb" was cut at the picture's edge; the status now
    wraps on the panel's lines, every word of it drawn."""
    import msgspec

    from dinocli.games.sos.render import WHY_END
    from dinocli.games.sos.state import Phase

    game, states = positions("sos", ("ann", "bo"))
    for why, words in WHY_END.items():
        over = msgspec.structs.replace(states[-1], phase=Phase.OVER, ended=why)
        root = parse(board_svg("sos", game.observe(over, None)))
        status = " ".join(el.text for el in having(root, "status"))
        assert status == f"game over: {words}" and all(len(el.text) <= 36 for el in having(root, "status"))


@pytest.mark.parametrize("variants", [(), ("space",)])
def test_the_dodos_track_shows_its_direction_and_whole_sphere_names(variants):
    """Issue 41: the snaking track had no direction marks and cut the Sphere names ("Fruit tr…")."""
    game, states = positions("dodos", ("ann", "bo"), variants)
    view = game.observe(states[1], 0)
    root = parse(board_svg("dodos", view))
    track = TRACKS[view.track]
    width = track.loop or track.printed
    (marks,) = having(root, "directions")
    assert len(list(marks)) == width - 1
    drawn = " ".join(el.text or "" for el in root.iter() if el.tag.endswith("text"))
    assert all(s.name in drawn for s in track.spheres)
    assert "…" not in "".join(t.text or "" for sp in having(root, "sphere") for t in sp.iter())
