"""``dinocli export --format html|text``: a game as a self-contained web page, or as a PGN-like
move list for pasting into a forum post (issues 21 and 20).

Both walk the current branch one command at a time and show only what the chosen seat may know:
events are redacted for it, the board is its view, and a decision whose event is hidden from it
(a secret pick) shows as "(hidden)" — until the game is over: then the record seen by nobody in
particular shows every decision, as the full log does. Annotations (issue 20) are taken as a mapping
from a decision's event number to its comments, kept analyses (issue 41) from a step number to each
bot's judgement; nothing is drawn where there are none.
"""

from __future__ import annotations

import base64
import hashlib
import html
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import msgspec

from dinocli.games.drawing import STYLE, clean

__all__ = ["Step", "steps", "html_page", "text_record", "export_lines", "FORMATS"]

FORMATS = ("jsonl", "text", "html")
Annotations = Mapping[int, Sequence[str]]
Judgements = Mapping[int, Mapping[str, dict]]   # step number -> bot spec -> kept judgement


class Step(msgspec.Struct):
    """One command of the log: the setup, or one decision and everything that followed it."""

    number: int               # 0 for the setup, then 1, 2, ... per decision
    seq: int                  # the event number of the command's last event
    seat: int | None          # who decided (None for the setup)
    name: str | None
    bot: str | None
    action: str | None        # the decision in notation (the branch's names), None if hidden from the viewer
    lines: list[str]          # what followed, in words, as the viewer may see it
    state: Any                # the full state after the command (observed; shown whole only once over)


def steps(g, seat: int | None, everything: bool = False) -> Iterator[Step]:
    """The current branch of a loaded game, command by command, as ``seat`` may see it (with
    ``everything``, a finished game's every event as it was: secret picks, every draw)."""
    if everything and not g.over:
        raise ValueError("everything is shown only once the game is over")
    game = g.game
    redact = (lambda event, _seat: event) if everything else game.redact
    state = game.initial(g.config)
    group: list = []
    number = 0

    def close(group: list, number: int) -> Step:
        nonlocal state
        for s in group:
            state = game.fold(state, s.event)
        head = group[0]
        decided = head.actor is not None
        lines = []
        for s in group[1:] if decided else group:
            red = redact(s.event, seat)
            if red is not None:
                lines.append(g.describe(red))
        action = None
        if decided and redact(head.event, seat) == head.event:
            action = g.say_action(head.action)
        return Step(number=number, seq=group[-1].seq, seat=head.actor if decided else None,
                    name=g.label(head.actor) if decided else None,
                    bot=g.table.bot(head.actor) if decided else None,
                    action=action, lines=lines, state=state)

    for s in g.path:
        if s.command == s.id and group:
            yield close(group, number)
            number += 1
            group = []
        group.append(s)
    if group:
        yield close(group, number)


def _who(g, seat: int | None) -> str:
    """Whose eyes the record shows, in words."""
    if seat is not None:
        return f"as {g.names[seat]} saw it"
    if not g.game.info.hidden_information:
        return "the public view (the game hides nothing)"
    hands = any("hand" in f for f in g.game.observe(g.state, None).__struct_fields__)
    return "the public view (no hand shown)" if hands else "the public view (nothing hidden shown)"


def _seats(g) -> str:
    return ", ".join(g.table.seat_text(i) for i in range(len(g.seats)))


def _result(g) -> str:
    if not g.over:
        return "unfinished"
    res = g.result()
    if g.game.info.cooperative:
        return f"team score {res['scores'][0]:g}"
    return "won by " + (", ".join(g.winners()) or "nobody")


# -- text ---------------------------------------------------------------------------------------

def text_record(g, seat: int | None, annotations: Annotations | None = None, judged: Judgements | None = None) -> str:
    """The game as a move list with a tag header, PGN-like: one numbered line a round as the game's
    rulebook counts them (``round_of`` in its notation: a day in Dingo, a round in the others; 0 the
    setup), each seat's decisions in play order, notes as ``{comments}``, the result last; lines
    wrapped at 79 columns, each judged decision followed by the mark of its kept analysis (``judged``: step
    number -> bot spec -> judgement). A finished game seen by nobody in particular shows every decision."""
    from dinocli.analysis import shown_mark

    round_of = g.game.round_of
    notes, judged = annotations or {}, judged or {}
    everything = seat is None and g.over
    tags = [("Game", g.game.info.name), ("Id", g.id), ("Date", g.record.created[:10]), ("Seats", _seats(g)),
            ("Variants", ", ".join(g.config.variants) or "none"), ("Branch", g.record.branch),
            ("View", "everything (the game is over)" if everything else _who(g, seat)), ("Result", _result(g))]
    out = [f'[{k} "{clean(v).replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
           for k, v in tags]
    out.append("")
    rounds: list[tuple[int, str]] = []
    before, current = None, None
    for st in steps(g, seat, everything=everything):
        if st.seat is not None:
            move = st.action if st.action is not None else "(hidden)"
            move += shown_mark(judged.get(st.number))   # as PGN does: "e4?!" (a line never starts with one)
            for n in notes.get(st.seq, ()):
                move += " {" + clean(n).replace("}", ")") + "}"
            number = round_of(before)
            if not rounds or rounds[-1][0] != number:
                rounds.append((number, f"{number}." if number else "Setup."))
                current = None
            head, text = rounds[-1]
            rounds[-1] = (head, text + (f", {move}" if st.seat == current else f"  {clean(st.name)}: {move}"))
            current = st.seat
        before = st.state
    for _, text in rounds:
        out += textwrap.wrap(text.replace(".  ", ". ", 1), 79, subsequent_indent="    ",
                             break_long_words=False, break_on_hyphens=False)
    out.append("")
    out.append(_result(g))
    return "\n".join(out) + "\n"


# -- html ---------------------------------------------------------------------------------------

CSS = """
:root{color-scheme:light dark;--ink:#1b1b1b;--muted:#6b6b6b;--line:#d8d4c8;--now:#0072B2;--now-ink:#fff;
 --paper:#fbfaf5;--panel:#fff;--soft:#eef4f9;--blunder:#D55E00;--mistake:#b35900;
 --inaccuracy:#8a6d00;--only:#007a5a}
@media (prefers-color-scheme:dark){:root{--ink:#e9e6dc;--muted:#a9a69c;--line:#4a473f;--now:#56B4E9;--now-ink:#111;
 --paper:#181816;--panel:#22211e;--soft:#2a3540;--blunder:#ff8a50;--mistake:#f0a040;
 --inaccuracy:#e0d060;--only:#40d0a0}
 .frame svg.board{filter:brightness(.84) contrast(1.06)}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif;color:var(--ink);background:var(--paper)}
header{padding:12px 18px;border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:0 0 4px}
.meta{margin:0;color:var(--muted);font-size:13px}
main{display:flex;gap:18px;padding:12px 18px;align-items:flex-start}
#stage{flex:1 1 auto;min-width:0}
#moves{position:relative;flex:0 0 300px;max-height:calc(100vh - 110px);overflow:auto;border:1px solid var(--line);
 background:var(--panel)}
#moves ol{margin:0;padding:0;list-style:none}
#moves button{display:block;width:100%;text-align:left;border:0;background:none;padding:3px 8px;font:inherit;
 font-size:13px;cursor:pointer;color:inherit}
#moves button:hover{background:var(--soft)}
#moves button[aria-current=step]{background:var(--now);color:var(--now-ink)}
.controls{display:flex;gap:6px;align-items:center;margin-bottom:8px}
.controls button{font:inherit;padding:3px 10px;cursor:pointer}
#where{color:var(--muted);font-size:13px;margin-left:6px}
.frame h2{font-size:16px;margin:6px 0}
.frame svg{display:block;width:100%;height:auto;max-height:calc(100vh - 24px);border:1px solid var(--line)}
.frame ul{margin:6px 0;padding-left:20px;font-size:13px}
.notes{border-left:4px solid var(--now);padding:4px 10px;background:var(--soft);font-size:13px}
.judged{font-size:13px;margin:4px 0;color:var(--muted)}
.bot{color:var(--muted);font-weight:normal}
.hidden-move{color:var(--muted);font-style:italic}
#moves [aria-current=step] .hidden-move{color:inherit}
.mark{font-weight:bold;margin-left:4px}
.mark-blunder{color:var(--blunder)}.mark-mistake{color:var(--mistake)}.mark-inaccuracy{color:var(--inaccuracy)}
.mark-only{color:var(--only)}
#moves [aria-current=step] .mark{color:inherit}
svg.shared{position:absolute;width:0;height:0;overflow:hidden}
#graph{margin:10px 0 0;border:1px solid var(--line);background:var(--panel)}
#graph figcaption{font-size:12px;color:var(--muted);padding:2px 8px}
#evaluation{display:block;width:100%;height:auto}
#evaluation .grid{stroke:var(--line);stroke-width:1}
#evaluation .axis{fill:var(--muted);font-size:11px}
#evaluation .legend{font-size:12px;font-weight:bold}
#evaluation .curve{fill:none;stroke-width:2}
#evaluation .point{cursor:pointer;stroke:var(--panel);stroke-width:1.5}
#evaluation .point:hover{stroke:var(--ink)}
#evaluation .mark{fill:var(--ink);font-size:12px;font-weight:bold}
#eval-cursor{stroke:var(--now);stroke-width:2;stroke-dasharray:4 3}
.hint{font-size:13px;color:var(--muted)}
.hidden-now{color:var(--muted)}
.js .frame{display:none}.js .frame.current{display:block}
@media (max-width:900px){main{flex-direction:column}#moves{flex-basis:auto;width:100%}}
"""

SCRIPT = """
(function(){
  var d=document;d.documentElement.className='js';
  var frames=d.querySelectorAll('.frame'),moves=d.querySelectorAll('#moves button'),at=0,n=frames.length;
  var where=d.getElementById('where');
  var list=d.getElementById('moves');
  var graph=d.getElementById('evaluation'),cursor=d.getElementById('eval-cursor');
  function show(b){
    var top=b.offsetTop,bottom=top+b.offsetHeight;
    if(top<list.scrollTop){list.scrollTop=top;}
    else if(bottom>list.scrollTop+list.clientHeight){list.scrollTop=bottom-list.clientHeight;}
  }
  function go(i){
    i=Math.max(0,Math.min(n-1,i));
    frames[at].classList.remove('current');frames[i].classList.add('current');
    for(var k=0;k<moves.length;k++){
      if(+moves[k].dataset.step===i){moves[k].setAttribute('aria-current','step');show(moves[k]);}
      else{moves[k].removeAttribute('aria-current');}
    }
    at=i;where.textContent=(i===0?'setup':'decision '+i)+' of '+(n-1);
    if(cursor){
      var x=+graph.dataset.left+(+graph.dataset.span)*i/Math.max(1,n-1);
      cursor.setAttribute('x1',x);cursor.setAttribute('x2',x);
    }
    if(history.replaceState){try{history.replaceState(null,'','#step-'+i);}catch(e){}}
  }
  d.addEventListener('keydown',function(e){
    if(e.altKey||e.ctrlKey||e.metaKey)return;
    var k={ArrowLeft:at-1,ArrowRight:at+1,Home:0,End:n-1}[e.key];
    if(k!==undefined){e.preventDefault();go(k);}
  });
  for(var k=0;k<moves.length;k++){moves[k].addEventListener('click',function(){go(+this.dataset.step);});}
  if(graph){graph.addEventListener('click',function(e){
    var p=e.target.closest('[data-step]');if(p){go(+p.getAttribute('data-step'));}
  });}
  var b={first:function(){return 0},prev:function(){return at-1},next:function(){return at+1},last:function(){return n-1}};
  Object.keys(b).forEach(function(id){d.getElementById(id).addEventListener('click',function(){go(b[id]());});});
  var m=/^#step-(\\d+)$/.exec(location.hash);
  go(m?+m[1]:n-1);
})();
"""

_MARK_CLASS = {"??": "blunder", "?": "mistake", "?!": "inaccuracy", "!": "only"}


def _e(text: object) -> str:
    """Text from a log, made safe inside HTML (control characters replaced, markup escaped)."""
    return html.escape(clean(text, 2000), quote=True)


def _mark_html(mark: str) -> str:
    return (f'<span class="mark mark-{_MARK_CLASS[mark]}" title="{_MARK_CLASS[mark]}">{_e(mark)}</span>'
            if mark else "")


def html_page(g, seat: int | None, annotations: Annotations | None = None, judged: Judgements | None = None) -> str:
    """One self-contained page (inline SVG, CSS and script; no network) stepping through the game: the boards
    (what each step changed marked, repeated parts drawn once), the move list with the marks of the kept
    analysis ``judged`` (step number -> bot spec -> judgement), its evaluation graph. A finished game seen
    by nobody in particular shows every decision, and beside each board what it hides (as review does)."""
    from dinocli.analysis import shown_mark, verdict
    from dinocli.events import SeededRng
    from dinocli.events.analyses import shown

    from . import board_tree
    from .page import compact, evaluation, mark_changes

    notes, judged = annotations or {}, judged or {}
    name = g.game.info.name
    everything = seat is None and g.over
    heads, bodies, trees, moves, points = [], [], [], [], []
    all_steps = list(steps(g, seat, everything=everything))
    seed = SeededRng(g.record.seed) if everything and g.record.seed else None
    for st in all_steps:
        view = g.shown(g.game.observe(st.state, seat))
        mark = shown_mark(judged.get(st.number))
        if st.seat is None:
            head = "Setup" if st.number == 0 else "Automatic"
        else:
            move = _e(st.action) if st.action is not None else '<span class="hidden-move">(hidden)</span>'
            head = f"{st.number}. {_e(st.name)}: {move}{_mark_html(mark)}"
            moves.append(f'<li><button type="button" data-step="{st.number}">{head}</button></li>')
            if st.bot:
                head += f' <span class="bot">({_e(st.bot)})</span>'
        if st.number in judged:
            _spec, d = shown(judged[st.number])
            points.append((st.number, st.seat, d["chosen_value"], mark or None))
        lines = "".join(f"<li>{_e(line)}</li>" for line in st.lines)
        comment = "".join(f"<p>{_e(c)}</p>" for c in notes.get(st.seq, ()))
        said = "".join(f'<p class="judged">Analysis by {_e(verdict(k, d, g.say_action))}</p>'
                       for k, d in (judged.get(st.number) or {}).items())
        heads.append(f'<article class="frame" data-step="{st.number}" data-event="{st.seq}"><h2>{head}</h2>')
        hidden = "".join(f"<li>{_e(line)}</li>" for line in (g.game.reveal(g.shown(st.state), seed) if everything else ()))
        bodies.append(said + (f"<ul class=\"events\">{lines}</ul>" if lines else "")
                      + (f'<ul class="hidden-now" title="what the board hides">{hidden}</ul>' if hidden else "")
                      + (f'<aside class="notes">{comment}</aside>' if comment else "") + "</article>")
        trees.append(board_tree(g.record.kind, view, title=f"Step {st.number}"))
    mark_changes(trees)
    shared, boards = compact(trees)
    frames = [h + b + rest for h, b, rest in zip(heads, boards, bodies)]
    if points:
        graph = (f'<figure id="graph">{evaluation(points, len(all_steps), g.names, g.game.info.cooperative)}'
                 "<figcaption>Expected result after each judged decision, from that seat's information "
                 "(0 a sure loss, 1 a sure win); ?! inaccuracy, ? mistake, ?? blunder, ! the only move. "
                 "Click a point to go there.</figcaption></figure>")
    else:
        graph = (f'<p class="hint">No analysis is kept for this game: '
                 f"dinocli analyze {_e(g.id)} --seat SEAT judges a seat's decisions and draws them here.</p>")
    script_hash = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    csp = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-{script_hash}'"
    title = f"{name}, game {g.id}"
    view_words = "everything (the game is over)" if everything else _who(g, seat)
    meta = (f"{_e(_seats(g))} · {_e(_result(g))} · {_e(view_words)} · "
            f"variants: {_e(', '.join(g.config.variants) or 'none')} · {_e(g.record.created[:10])}")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta name="color-scheme" content="light dark">'
        f"<title>{_e(title)}</title><style>{CSS}{STYLE}</style></head>\n"
        f"<body><header><h1>{_e(title)}</h1><p class=\"meta\">{meta}</p></header>\n{shared}\n"
        f'<main><section id="stage"><div class="controls">'
        f'<button type="button" id="first" title="first (Home)">« first</button>'
        f'<button type="button" id="prev" title="back (←)">‹ back</button>'
        f'<button type="button" id="next" title="forward (→)">next ›</button>'
        f'<button type="button" id="last" title="last (End)">last »</button>'
        f'<span id="where"></span></div>\n'
        + "\n".join(frames)
        + f"\n{graph}\n</section>"
        + '<nav id="moves" aria-label="moves"><ol>'
        + '<li><button type="button" data-step="0">Setup</button></li>'
        + "".join(moves)
        + f"</ol></nav></main>\n<script>{SCRIPT}</script>\n</body></html>\n"
    )


def export_lines(service, game_id: str, fmt: str, as_seat: str | int | None, *, public: bool = False) -> list[str]:
    """``export --format text|html``: the document for a game id, as the seat (default: whoever
    ``show`` would show; ``public``: no seat, a spectator) may see it, with its notes and the kept analysis
    that seat may see."""
    import bisect

    g = service.load(game_id)
    seat = None if public else g.eyes(as_seat)
    found = list(steps(g, seat, everything=seat is None and g.over))
    ends = [st.seq for st in found]

    def step_of(seq: int) -> Step:   # things kept on any event of a command go with that command
        return found[min(bisect.bisect_left(ends, seq), len(found) - 1)]

    kept = service.notes(g, seat, public=public and not g.over)
    notes: dict[int, list[str]] = {}
    for n in sorted(kept):
        notes.setdefault(step_of(n).seq, []).extend(kept[n])
    judged = {step_of(seq).number: by_spec
              for seq, by_spec in service.judged(g, seat, public=seat is None and not g.over).items()}
    if fmt == "html":
        return [html_page(g, seat, notes, judged)]
    return [text_record(g, seat, notes, judged)]
