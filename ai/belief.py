"""A belief over hidden cards from what the other seats were seen to do (issue 40; Cowling, Powley &
Whitehouse 2015, "Emergent bluffing and inference with Monte Carlo Tree Search").

A seat's *trail* is what it saw of the game's decisions: one :class:`Seen` per decision, with the seat's
own view just before it, who decided, the action as it was shown (None when the game hides it: a
face-down pick) and the events it led to as the seat was shown them (``game.redact``: another seat's
drawn cards blanked). Its own decisions are there too, for their events (the card flow a hand
reconstruction follows); only the others' are scored. Nothing else goes in: the belief is built from
the seat's views only. :func:`trail_of` rebuilds a trail from a game's log, where bots are made per
move (the service, a hint).

A candidate deal is a determinization of the current view (``game.determinize``, uniform over the
unseen cards; or the game's own ``deal``, uniform among the deals that keep what the public record
makes certain, where the game has one). Its likelihood is the product, over the trail, of the
probability the *opponent model* gives each action seen: the game's rule-based strategy softened into
a probability over the legal actions of the state the candidate implies at that decision
(``game.pasts``, the game's inference role: one (state, action, factor) per way the hidden draws since
then could have gone, averaged over; the action is the one seen or, where it was hidden, the one the
candidate implies; the factor is the chance that the candidate's history keeps the facts of the public
record, 1 where there are none, 0 where it breaks one, and a state None stands for the factor alone.
``pasts`` answers None when the decision bears on no deal of the view, [] when it says nothing of this
one. A seat's own decisions are asked too, for the facts a game may attach to them. A game whose
``pasts`` samples a hidden history sets ``memo["sampled"]`` and draws it anew for each value of
``memo["draw"]``, see :func:`gain`). The model is a
softmax over the strategy's action values (``game.values``, when the game gives them) at temperature
:data:`TEMPERATURE`, or the strategy's pick; either is mixed with a share of uniform, so no deal gets
probability 0 from a move the model thought poor. How large a share fits a seat is not known before
it plays (a rule bot needs little, a search much): the likelihood is the mixture over the shares of
:data:`SHARES` with their prior, so a seat that does not play like the model leaves the deals nearly
uniform instead of misleading the belief.

:class:`Belief` keeps :data:`PARTICLES` candidates weighted by their likelihood (importance
sampling, as ISMCTS resamples a particle set; tempered to keep :data:`KEEP` effective candidates)
and deals one of them by weight per search iteration.
:func:`gain` is the measure ``dinocli bench GAME --belief`` reports: the log-probability the belief
gives the true deal against uniform dealing, ``log2 L(true) - log2 mean L(candidate)``.
"""

from __future__ import annotations

import random
from math import exp, log
from typing import NamedTuple

import numpy as np

from dinocli.games.protocol import Action, Game, Seat, State, View

__all__ = ["Seen", "Belief", "likelihood", "log_likelihood", "gain", "public", "seen", "trail_of", "tempered",
           "PARTICLES", "TEMPERATURE", "EPSILON", "SHARES", "SHARE_PRIOR", "KEEP"]

# Chosen with `bench dingo --belief` on its own seeds (belief/N, 2 seats): the sharper the model the
# more it gains on rule-bot games (T 1.0 -> 0.005: 0.09 -> 0.28 bits per card), but against mcts:easy
# a sharp model loses bits (-0.49 at T 0.005, eps 0.05); half uniform keeps +0.15 against the rule
# bot and about 0 (-0.03 [-0.07, 0.02]) against easy.
PARTICLES = 64      # candidate deals a belief weighs per decision
TEMPERATURE = 0.05  # of the softmax over the strategy's action values
EPSILON = 0.5       # the uniform share of the opponent model: no legal action is impossible
# How far a seat plays like the strategy is not known in advance: a rule bot does, a search only in
# part (Dodos mcts:medium picks the rule bot's move 39% of the time, and a model half uniform gives its
# moves 0.23 bits a decision *less* than uniform: a belief trusting it is misled). So the uniform share
# is itself uncertain, with a prior over these values: a deal's likelihood is the mixture
# sum_k prior_k * L(deal | share_k), the marginal over the share (Bayesian model averaging). Where
# the seat plays like the model, the sharp terms dominate and the belief infers; where it does not,
# the uniform term (share 1) dominates every deal alike and the belief deals nearly uniformly.
SHARES = (0.1, EPSILON, 1.0)
SHARE_PRIOR = (1 / 3, 1 / 3, 1 / 3)
FLOOR = EPSILON * 1e-3  # a seen action the candidate makes impossible (illegal there) keeps this much
# Few candidates against a sharp likelihood leave a handful with all the weight (Dodos at 4 seats: a
# median of 5 effective of 64), and the search then plays as if it knew the hands. The weights are
# tempered (w ** a, the largest a <= 1 that keeps this many effective candidates), as a sequential
# Monte Carlo sampler tempers its likelihood.
KEEP = 16


class Seen(NamedTuple):
    """One decision as a seat saw it: its own view before, who moved, what was shown, and the events
    that followed as that seat was shown them."""

    view: View
    actor: Seat
    action: Action | None
    events: tuple = ()


def public(game: Game, seat: Seat, events: list) -> bool:
    """Whether ``seat`` saw the action that produced ``events`` (the first event is not redacted for it)."""
    if not events:
        return False
    first = events[0]
    shown = game.redact(first, seat)
    return shown is first or shown == first


def seen(game: Game, seat: Seat, view: View, actor: Seat, action: Action, events: list) -> Seen:
    """The decision ``actor`` made with ``action`` (its ``events``) as ``seat``, whose view before it was
    ``view``, saw it: the action if it was shown, the events redacted for the seat."""
    shown = tuple(e for e in (game.redact(ev, seat) for ev in events) if e is not None)
    return Seen(view, actor, action if public(game, seat, events) else None, shown)


def trail_of(game: Game, config, path, seat: Seat) -> list[Seen]:
    """The trail of ``seat`` over a game's stored ``path`` (events from the root, each with its command's
    actor and action text): a bot made for one move (the service, a hint) rebuilds it at every decision.
    Each view is ``seat``'s own (``game.observe`` of the fold) and each event redacted for it, so the
    trail holds nothing the seat may not know. Empty where the game infers nothing."""
    if not getattr(game, "infers", False):
        return []
    state = game.initial(config)
    trail: list[Seen] = []
    commands: list[tuple] = []
    for stored in path:
        if stored.command == stored.id:
            commands.append((stored.actor, stored.action, []))
        commands[-1][2].append(stored.event)
    for actor, text, events in commands:
        if actor is not None:
            trail.append(seen(game, seat, game.observe(state, seat), actor, game.parse_action(state, text), events))
        for ev in events:
            state = game.fold(state, ev)
    return trail


def _model(game: Game, past: State, actor: Seat, action: Action) -> tuple[float, float]:
    """The strategy's own probability that ``actor`` plays ``action`` in ``past`` and the uniform one (1 /
    the legal actions): (0, 0) if it is illegal there. The model with uniform share e gives it
    ``(1 - e) * strategy + e * uniform``."""
    if game.to_move(past) != actor:
        return 0.0, 0.0
    legal = game.legal_actions(past)
    if action not in legal:
        return 0.0, 0.0
    n = len(legal)
    if n == 1:
        return 1.0, 1.0
    view = game.observe(past, actor)
    values = game.values(view, actor, legal)
    if values is None:
        chosen = game.pick(view, actor, legal, random.Random(0))
        p = 1.0 if action == chosen else 0.0
    else:
        top = max(values)
        w = [exp((v - top) / TEMPERATURE) for v in values]
        p = sum(x for a, x in zip(legal, w) if a == action) / sum(w)
    return p, 1.0 / n


def log_likelihood(game: Game, now: State, trail: list[Seen], seat: Seat, memo: dict | None = None) -> float:
    """The log (natural) of the probability of every action in ``trail`` if ``now`` is the true deal, under
    the opponent model with its uniform share unknown (the mixture over :data:`SHARES`, see there; a
    decision the candidate says nothing about counts 1); sums of logs, so a long game never underflows to
    a deal of probability 0. ``memo`` shares model calls between candidates."""
    memo = {} if memo is None else memo
    totals = [log(w) for w in SHARE_PRIOR]
    for i, entry in enumerate(trail):
        if ("skip", i) in memo:
            continue
        pasts = game.pasts(now, trail, i, seat, memo)
        if pasts is None:  # the decision bears on no deal of this view
            memo["skip", i] = True
            continue
        if not pasts:
            continue
        strategy = uniform = 0.0   # the decision's probability is strategy + share * (uniform - strategy)
        for past, action, factor in pasts:
            if past is None:  # the candidate's history alone: the chance the record's facts allow it
                strategy += factor
                uniform += factor
                continue
            key = (i, past, action)
            q = memo.get(key)
            if q is None:
                q = memo[key] = _model(game, past, entry.actor, action)
            strategy += q[0] * factor
            uniform += q[1] * factor
        n = len(pasts)
        for k, e in enumerate(SHARES):
            # a deal under which a seen action was impossible keeps a floor: the model may be wrong
            totals[k] += log(max(((1 - e) * strategy + e * uniform) / n, FLOOR))
    top = max(totals)
    return top + log(sum(exp(t - top) for t in totals))


def likelihood(game: Game, now: State, trail: list[Seen], seat: Seat, memo: dict | None = None) -> float:
    """The probability of every action in ``trail`` if ``now`` is the true deal (:func:`log_likelihood`'s exp)."""
    return exp(log_likelihood(game, now, trail, seat, memo))


def _effective(weights: np.ndarray) -> float:
    return float(weights.sum() ** 2 / (weights * weights).sum())


def tempered(logs: np.ndarray, keep: float) -> np.ndarray:
    """Weights ``exp(a * logs)`` relative to the largest (which is 1), with the largest ``a`` in (0, 1]
    that leaves at least ``keep`` effective candidates (Kish), found by bisection."""
    logs = logs - logs.max()
    weights = np.exp(logs)
    if _effective(weights) >= keep:
        return weights
    lo, hi = 0.0, 1.0
    for _ in range(24):
        mid = (lo + hi) / 2
        if _effective(np.exp(mid * logs)) >= keep:
            lo = mid
        else:
            hi = mid
    return np.exp(lo * logs)


class Belief:
    """Candidate deals of ``view`` weighted by the likelihood of ``trail`` (uniform when nothing is known)."""

    def __init__(self, game: Game, seat: Seat, view: View, trail: list[Seen], rnd: random.Random,
                 particles: int = PARTICLES):
        self.game, self.seat, self.view = game, seat, view
        self.deals: list[State] = []
        self.weights: list[float] = []
        self._cum: np.ndarray = np.empty(0)
        if not trail or not getattr(game, "infers", False):
            return
        memo: dict = {}
        logs = np.empty(particles)
        for i in range(particles):
            deal = game.deal(view, seat, trail, rnd, memo) or game.determinize(view, seat, rnd)
            self.deals.append(deal)
            logs[i] = log_likelihood(game, deal, trail, seat, memo)
        weights = tempered(logs, min(KEEP, particles))
        self.weights = weights.tolist()
        self._cum = np.cumsum(weights)

    def deal(self, rnd: random.Random) -> State:
        """A deal drawn by weight from the candidates (a fresh uniform one when there are none)."""
        if not len(self._cum):
            return self.game.determinize(self.view, self.seat, rnd)
        pick = int(np.searchsorted(self._cum, rnd.random() * self._cum[-1], side="right"))
        return self.deals[min(pick, len(self.deals) - 1)]

    def effective(self) -> float:
        """The effective number of candidates (Kish): how many equal weights the weights are worth."""
        return _effective(np.array(self.weights)) if self.weights else 0.0


def gain(game: Game, truth: State, view: View, trail: list[Seen], seat: Seat, rnd: random.Random,
         particles: int = 256, histories: int = 8) -> float:
    """Bits the belief gives the true deal over uniform dealing: ``log2 L(truth) - log2 E[L]``, the
    expectation over ``particles`` uniform determinizations of ``view`` (importance sampling of the
    normaliser: the belief of a deal is its uniform probability times ``L / E[L]``). Where the game
    samples a hidden history per deal, L(truth) is averaged over ``histories`` of them (each candidate's
    one history is already an unbiased draw of its L)."""
    memo: dict = {}
    logs = np.array([log_likelihood(game, game.determinize(view, seat, rnd), trail, seat, memo)
                     for _ in range(particles)])
    log_mean = np.logaddexp.reduce(logs) - log(particles)   # log E[L], without leaving log space
    truth_logs = [log_likelihood(game, truth, trail, seat, memo)]
    for draw in range(1, histories if memo.get("sampled") else 1):
        memo["draw"] = draw
        truth_logs.append(log_likelihood(game, truth, trail, seat, memo))
    log_truth = np.logaddexp.reduce(np.array(truth_logs)) - log(len(truth_logs))
    return (float(log_truth) - float(log_mean)) / log(2)
