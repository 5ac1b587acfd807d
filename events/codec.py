"""Events as msgspec Structs registered by tag, their canonical bytes, and upcasting.

An event is a frozen Struct whose tag is ``"<game>.<snake_name>"``. A game declares its
events by subclassing :class:`Event`::

    class CardPlayed(Event, tag="dingo.card_played"):
        seat: int
        card: int

Subclassing registers the tag. Stored bodies are readable JSON; decoding is strict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import msgspec

__all__ = [
    "Event",
    "UnknownEvent",
    "canonical",
    "decode",
    "decoder_for",
    "encode",
    "event_types",
    "register_upcaster",
    "set_loader",
    "to_builtins",
]

_REGISTRY: dict[str, type["Event"]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
_DECODERS: dict[str, msgspec.json.Decoder] = {}
_ENCODER = msgspec.json.Encoder(order="sorted")
_LOADER: list[Callable[[str], None]] = []


def set_loader(fn: Callable[[str], None]) -> None:
    """Install ``fn(prefix)``, called on an unknown tag to import the game that declares ``prefix.*``."""
    _LOADER[:] = [fn]


def _lookup(tag: str) -> type["Event"] | None:
    """The class registered for ``tag``, asking the loader for its game first if it is unknown."""
    cls = _REGISTRY.get(tag)
    if cls is None and _LOADER and isinstance(tag, str) and "." in tag:
        _LOADER[0](tag.split(".", 1)[0])
        cls = _REGISTRY.get(tag)
    return cls


class UnknownEvent(ValueError):
    """An event tag that no imported game registered, or a body that does not fit it."""


class _EventMeta(msgspec.StructMeta):
    """Registers each Event subclass by tag once msgspec has built it.

    (``__init_subclass__`` runs before msgspec applies the ``tag=`` keyword, so it would see
    the parent's configuration.)
    """

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if any(isinstance(b, _EventMeta) for b in bases):
            tag = cls.__struct_config__.tag
            if not isinstance(tag, str) or "." not in tag:
                raise TypeError(f"{cls.__name__}: event tag must be '<game>.<name>', got {tag!r}")
            if tag in _REGISTRY and _REGISTRY[tag].__qualname__ != cls.__qualname__:
                raise TypeError(f"event tag {tag!r} registered twice")
            _REGISTRY[tag] = cls
            _DECODERS.pop(tag, None)
        return cls


class Event(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True, gc=False,
    metaclass=_EventMeta
):
    """Base of every event: an immutable fact. ``version`` bumps when the body changes shape.

    Events hold plain values (numbers, text, tuples of them) and so can never be part of a
    reference cycle: the cyclic garbage collector does not track them (``gc=False``), which keeps
    it from walking every event of a loaded game again and again."""

    version: ClassVar[int] = 1

    @property
    def tag(self) -> str:
        """The event's registered tag."""
        return self.__struct_config__.tag  # type: ignore[return-value]


def event_types(prefix: str = "") -> dict[str, type[Event]]:
    """Registered event classes whose tag starts with ``prefix``."""
    return {t: c for t, c in _REGISTRY.items() if t.startswith(prefix)}


def register_upcaster(tag: str, from_version: int):
    """Decorate ``fn(body) -> body`` that lifts a stored body of ``from_version`` by one version."""

    def inner(fn: Callable[[dict[str, Any]], dict[str, Any]]):
        _UPCASTERS[(tag, from_version)] = fn
        return fn

    return inner


def encode(event: Event) -> bytes:
    """Canonical JSON bytes of an event (sorted keys, tag included)."""
    return _ENCODER.encode(event)


def canonical(value: Any) -> bytes:
    """Canonical JSON bytes of any msgspec-encodable value (sorted keys)."""
    return _ENCODER.encode(value)


def to_builtins(event: Event) -> dict[str, Any]:
    """The event as a plain dict, tag under ``type``."""
    return msgspec.to_builtins(event)


def _decoder(tag: str) -> msgspec.json.Decoder:
    dec = _DECODERS.get(tag)
    if dec is None:
        dec = _DECODERS[tag] = msgspec.json.Decoder(_REGISTRY[tag])
    return dec


def decoder_for(tag: str, version: int | None = None) -> Callable[[bytes | str], Event]:
    """A reusable strict decoding function for bodies of ``tag`` stored at ``version``.

    For the current version it is the cached msgspec Decoder (raising msgspec errors);
    otherwise it is :func:`decode` with upcasting (raising UnknownEvent)."""
    cls = _lookup(tag)
    if cls is not None and (version is None or version == cls.version):
        return _decoder(tag).decode
    return lambda body: decode(tag, body, version)


def decode(tag: str, body: bytes | str, version: int | None = None) -> Event:
    """Strictly decode a stored body of event ``tag``, upcasting from ``version`` if older."""
    cls = _lookup(tag)
    if cls is None:
        raise UnknownEvent(f"unknown event type {tag!r}")
    if version is not None and type(version) is not int:
        raise UnknownEvent(f"{tag}: version {version!r} is not a whole number")
    if version is not None and version > cls.version:
        raise UnknownEvent(f"{tag} version {version} is newer than this dinocli ({cls.version})")
    try:
        if version is None or version == cls.version:
            return _decoder(tag).decode(body)
        raw = msgspec.json.decode(body)
        if not isinstance(raw, dict):
            raise UnknownEvent(f"{tag}: body is not an object")
        for v in range(version, cls.version):
            up = _UPCASTERS.get((tag, v))
            if up is None:
                raise UnknownEvent(f"{tag}: no upcaster from version {v}")
            raw = up(raw)
        return msgspec.convert(raw, cls)
    except msgspec.ValidationError as exc:
        raise UnknownEvent(f"{tag}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise UnknownEvent(f"{tag}: malformed JSON ({exc})") from None
    except RecursionError:
        raise UnknownEvent(f"{tag}: JSON nested too deeply") from None
