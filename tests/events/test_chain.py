"""The hash definitions: event_hash is sha256(parent hash + canonical JSON of the hashed fields)."""

from __future__ import annotations

import hashlib

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.events import canonical
from dinocli.events.chain import GENESIS_FIELDS, body_text, event_hash, genesis_hash, json_text

from .conftest import Thing

text = st.text(max_size=12)
json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15) | text,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
                           max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(text, json_values, max_size=4), st.none() | st.integers(0, 9), st.none() | text,
       st.none() | st.lists(st.tuples(text, st.integers(1, 99), st.integers(0, 98)), max_size=3),
       st.sampled_from(["test.thing", "dingo.card_played", 'odd."tag\\']), st.integers(1, 5))
def test_event_hash_is_sha256_of_canonical_fields(body, actor, action, rolls, type_, v):
    body_json = json_text(body)
    rolls_json = None if rolls is None else json_text(rolls)
    reference = hashlib.sha256(b"p" * 64 + canonical({
        "type": type_, "v": v, "body": body, "actor": actor, "action": action, "rolls": rolls})).hexdigest()
    assert event_hash("p" * 64, type_, v, body_json, actor, action, rolls_json) == reference


def test_body_text_leaves_out_the_tag_and_sorts_keys():
    assert body_text(Thing(n=3, card="é", tags=[2])) == '{"card":"é","n":3,"tags":[2]}'


def test_genesis_covers_the_header_fields():
    header = {"kind": "k", "config": {"a": 1}, "seats": [{"name": "x"}], "rules_version": "1", "data_hash": "d",
              "seed_commit": "c", "created": "t", "id": "ignored"}
    g = genesis_hash(header)
    assert g == hashlib.sha256(canonical({k: header[k] for k in GENESIS_FIELDS})).hexdigest()
    for field in GENESIS_FIELDS:
        changed = dict(header, **{field: "other"})
        assert genesis_hash(changed) != g, field
    assert genesis_hash(dict(header, id="other")) == g
    assert msgspec.json.decode(canonical(header))["config"] == {"a": 1}
