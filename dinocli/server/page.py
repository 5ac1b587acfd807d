"""The browser spectator's page, served by ``dinocli serve`` on the socket's own port (plain HTTP GET, or
HTTPS with ``--certfile``), fed live by the socket (dinocli-protocol(5) SPECTATORS).

``GET /GAME/watch`` is the same small page for every game (nothing of any game in it): its script reads the
watch link's token from the address's fragment (which a browser never sends), follows the game with a
``watch`` message on the socket, and after each batch of events fetches ``GET /GAME/watch/page`` with the
token in an ``X-Dinocli-Watch`` header: the page ``export --format html`` writes for the public view
(every step so far, the latest shown), put in a sandboxed frame. Both are served under a
Content-Security-Policy that allows only their two scripts (by hash), the socket and the page's own styles;
everything from the game is escaped by the page's writer, and what the socket says is set as text only."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus

from dinocli.events.errors import DinocliError
from dinocli.server import protocol as p
from dinocli.server.spectate import game_of_watch_token, path_game

__all__ = ["respond", "SHELL", "LIVE"]

TOKEN_HEADER = "X-Dinocli-Watch"
PAGES_KEPT = 16   # pages kept made, one per game, until the game moves on

LIVE = """
(function(){
  var d=document,token=location.hash.slice(1),status=d.getElementById('status'),frame=d.getElementById('game');
  var base=location.pathname.replace(/\\/+$/,''),game=decodeURIComponent(base.split('/')[1]||'');
  var held=0,over=false,busy=false,again=false,tries=0;
  function say(t){status.textContent=t;}
  function load(){
    if(busy){again=true;return;}
    busy=true;
    fetch(base+'/page',{headers:{'X-Dinocli-Watch':token},cache:'no-store',credentials:'omit'})
      .then(function(r){if(!r.ok){throw new Error('the server answered '+r.status);}return r.text();})
      .then(function(html){frame.srcdoc=html;d.body.dataset.shown=held;})
      .catch(function(e){say('cannot load the game: '+e.message);})
      .then(function(){busy=false;if(again){again=false;load();}});
  }
  function follow(){
    var ws=new WebSocket((location.protocol==='https:'?'wss:':'ws:')+'//'+location.host+base);
    ws.onopen=function(){ws.send(JSON.stringify({type:'watch',v:VERSION,game:game,token:token,have:held}));};
    ws.onmessage=function(e){
      var m=JSON.parse(e.data);
      if(m.type==='welcome'){tries=0;say('watching game '+m.game);}
      else if(m.type==='events'){
        held+=m.lines.length;d.body.dataset.events=held;
        say('watching game '+game+': '+held+' events'+(m.to_move===null?', the game is over':''));
        if(m.lines.length||!d.body.dataset.shown){load();}
      }
      else if(m.type==='end'){over=true;say('game over: '+held+' events, the seed revealed');load();}
      else if(m.type==='error'){over=true;say('the server refused: '+m.message);}
    };
    ws.onclose=function(){
      if(over){return;}
      if(++tries>20){say('lost the connection to the server');return;}
      say('connection lost: trying again');setTimeout(follow,1000);
    };
  }
  if(!/^[A-Za-z0-9_-]{22,64}$/.test(token)){say('this address has no watch token: open the watch link as it was given');return;}
  follow();
})();
""".replace("VERSION", str(p.VERSION))

SHELL_CSS = """
body{margin:0;font:15px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif;color:#1b1b1b;background:#fbfaf5}
#status{margin:0;padding:6px 18px;font-size:13px;color:#6b6b6b;border-bottom:1px solid #d8d4c8}
#game{display:block;width:100%;height:calc(100vh - 32px);border:0}
@media (prefers-color-scheme:dark){body{color:#e9e6dc;background:#181816}#status{color:#a9a69c;border-color:#4a473f}}
"""

SHELL = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
         "<meta name=\"color-scheme\" content=\"light dark\"><title>dinocli: watching a game</title>"
         f"<style>{SHELL_CSS}</style></head>\n<body><p id=\"status\" role=\"status\">connecting</p>"
         "<iframe id=\"game\" title=\"the game\" sandbox=\"allow-scripts allow-same-origin\"></iframe>"
         f"<script>{LIVE}</script></body></html>\n")


def _sha(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def _policy() -> str:
    from dinocli.pictures.export import SCRIPT

    # the framed page (srcdoc) inherits this policy: its own script is allowed by its hash too
    return (f"default-src 'none'; script-src {_sha(LIVE)} {_sha(SCRIPT)}; style-src 'unsafe-inline'; img-src data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class Pages:
    """The public page of each game, made in a thread of its own (its own database connection) and kept
    until the game moves on."""

    def __init__(self, db: str):
        self.svc = None
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="dinocli-page", initializer=self._open, initargs=(db,))
        self._made: dict[str, tuple[str, str]] = {}   # game -> (head, page)

    def _open(self, db: str) -> None:
        from dinocli.service import Service

        self.svc = Service.open(db)

    def page(self, game: str, token: str) -> tuple[HTTPStatus, str]:
        """The public view's page of ``game`` for the holder of ``token`` (its watch link's)."""
        from dinocli.pictures.export import export_lines

        if game_of_watch_token(self.svc.store, token) != game:
            return HTTPStatus.FORBIDDEN, "this is not the game's watch token\n"
        head = self.svc.load(game).head
        made = self._made.get(game)
        if made is None or made[0] != head:
            self._made.pop(game, None)
            while len(self._made) >= PAGES_KEPT:   # the games watched longest ago go first
                del self._made[next(iter(self._made))]
            made = self._made[game] = (head, export_lines(self.svc, game, "html", None, public=True)[0])
        return HTTPStatus.OK, made[1]

    async def made(self, game: str, token: str) -> tuple[HTTPStatus, str]:
        """:meth:`page`, in the pages' thread."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, self.page, game, token)

    def close(self) -> None:
        """Close the database (in its thread) and end the thread."""
        self._worker.submit(lambda: self.svc and self.svc.close()).result()
        self._worker.shutdown()


def _response(connection, status: HTTPStatus, body: str, html: bool):
    response = connection.respond(status, body)
    headers = response.headers
    del headers["Content-Type"]
    headers["Content-Type"] = "text/html; charset=utf-8" if html else "text/plain; charset=utf-8"
    headers["Content-Security-Policy"] = _policy()
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Cache-Control"] = "no-store"
    return response


async def respond(pages: Pages, connection, request):
    """The answer to a plain HTTP request on the socket's port (None: a websocket handshake, let through)."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return None
    path = request.path.split("?", 1)[0].rstrip("/")
    if path_game(path)[1]:
        return _response(connection, HTTPStatus.OK, SHELL, True)
    if path.endswith("/watch/page") and path.count("/") == 3:
        game = path_game(path[:-len("/page")])[0]
        token = request.headers.get(TOKEN_HEADER, "")
        if not game or not 22 <= len(token) <= 64:
            return _response(connection, HTTPStatus.FORBIDDEN, "a watch token is needed (X-Dinocli-Watch)\n", False)
        try:
            status, body = await pages.made(game, token)
        except DinocliError as exc:   # a log the page cannot draw: said in one line, the server goes on
            return _response(connection, HTTPStatus.INTERNAL_SERVER_ERROR, f"cannot draw the page: {exc}\n"[:300],
                             False)
        return _response(connection, status, body, status == HTTPStatus.OK)
    return _response(connection, HTTPStatus.NOT_FOUND, "not found: a watch link's address is /GAME/watch\n", False)
