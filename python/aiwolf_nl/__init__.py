"""aiwolf_nl: the AIWolf protocol ⇄ Japanese/English translator, in-process.

The same Rust library as the ``aiwolf-nl`` command line and HTTP service, with no server: every function
here calls the function the CLI calls and gives the same output byte for byte. Results are plain, picklable
dataclasses; the GIL is released while the library works, so threads translate in parallel.

>>> import aiwolf_nl
>>> aiwolf_nl.normalize("Agent[01] REQUEST Agent[02] (Agent[02] VOTE Agent[3])")
'Agent[01] REQUEST Agent[02] (VOTE Agent[03])'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from ._errors import ProtocolError

__all__ = [
    "MAX_EXPANDED_SENTENCES",
    "Alternative",
    "Mention",
    "ProtocolError",
    "Sentence",
    "Translator",
    "UnknownName",
    "Understanding",
    "Understood",
    "ParseWarning",
    "expand_any",
    "normalize",
    "parse",
]

#: The most sentences (operators included) one ANY expansion may produce; past it, ``expansion_too_large``.
MAX_EXPANDED_SENTENCES: int = _native.MAX_EXPANDED_SENTENCES

Span = Tuple[int, int]
"""A byte range ``(start, end)`` of the UTF-8 text."""


@dataclass(frozen=True)
class ParseWarning:
    """Something the lenient parser accepted but changed to reach canonical 3.6."""

    code: str
    span: Span
    message: str
    dialect: Optional[str] = None


@dataclass(frozen=True)
class Sentence:
    """A protocol sentence: its canonical 3.6 text, its syntax tree as a dict (the HTTP API's ``ast``), and
    what the lenient parser normalized."""

    canonical: str
    ast: Dict[str, Any]
    warnings: List[ParseWarning] = field(default_factory=list)


@dataclass(frozen=True)
class Alternative:
    """A less likely reading."""

    canonical: str
    ast: Dict[str, Any]
    confidence: float


@dataclass(frozen=True)
class Understood:
    """One protocol sentence read from an utterance, with the byte span it came from."""

    canonical: str
    ast: Dict[str, Any]
    confidence: float
    span: Span
    alternatives: List[Alternative] = field(default_factory=list)


@dataclass(frozen=True)
class UnknownName:
    """A name-like word that matches nobody in the name table."""

    name: str
    span: Span


@dataclass(frozen=True)
class Mention:
    """``@Name`` or ``>>Agent[03]``: the seat (``None`` when the name matches nobody)."""

    agent: Optional[str]
    span: Span
    leading: bool


@dataclass(frozen=True)
class Understanding:
    """What an utterance means in protocol. ``text`` is what ``aiwolf-nl translate --to protocol`` prints:
    the canonical sentences joined by `` ; ``, or ``Skip`` when nothing was understood (``skip``)."""

    text: str
    sentences: List[Understood]
    alternatives: List[Alternative]
    unknown_names: List[UnknownName]
    mentions: List[Mention]
    skip: bool


def _span(raw: Mapping[str, int]) -> Span:
    return (raw["start"], raw["end"])


def _warning(raw: Mapping[str, Any]) -> ParseWarning:
    return ParseWarning(raw["code"], _span(raw["span"]), raw["message"], raw.get("dialect"))


def _alternative(raw: Mapping[str, Any]) -> Alternative:
    return Alternative(raw["canonical"], raw["sentence"], raw["confidence"])


def _understanding(text: str, raw: Mapping[str, Any]) -> Understanding:
    return Understanding(
        text=text,
        sentences=[
            Understood(
                s["canonical"], s["sentence"], s["confidence"], _span(s["span"]),
                [_alternative(a) for a in s["alternatives"]],
            )
            for s in raw["sentences"]
        ],
        alternatives=[_alternative(a) for a in raw.get("alternatives", [])],
        unknown_names=[UnknownName(u["name"], _span(u["span"])) for u in raw["unknown_names"]],
        mentions=[Mention(m.get("agent"), _span(m["span"]), m["leading"]) for m in raw["mentions"]],
        skip=raw["skip"],
    )


def _check_str(name: str, value: Any) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")


def parse(text: str, strict: bool = False) -> Sentence:
    """Parse one protocol sentence (3.6, plus the dialects of real logs unless ``strict``).

    Raises :class:`ProtocolError` (code, span, expected, message) when ``text`` is not a sentence."""
    _check_str("text", text)
    canonical, ast, warnings = _native.parse_text(text, strict)
    return Sentence(canonical, json.loads(ast), [_warning(w) for w in json.loads(warnings)])


def normalize(text: str, strict: bool = False) -> str:
    """The canonical 3.6 text of a protocol sentence, exactly as ``aiwolf-nl normalize`` prints it.

    Raises :class:`ProtocolError` when ``text`` is not a sentence."""
    _check_str("text", text)
    return _native.normalize_text(text, strict)


def expand_any(text: str, agents: Sequence[str], strict: bool = False) -> Sentence:
    """The sentence with every ANY replaced by the OR over its substitutions (spec 3.6): agents from
    ``agents`` (``["Agent[01]", "Agent[02]", …]``), the six roles, the two species.

    Raises :class:`ProtocolError` for text that does not parse and for an expansion over
    :data:`MAX_EXPANDED_SENTENCES` (``expansion_too_large``); ``ValueError`` for a bad agent list."""
    _check_str("text", text)
    if isinstance(agents, str):
        raise TypeError("agents must be a list of agents such as ['Agent[01]', 'Agent[02]'], not one str")
    canonical, ast = _native.expand_any_text(text, list(agents), strict)
    return Sentence(canonical, json.loads(ast))


NameTable = Mapping[str, Union[str, Sequence[str]]]
"""``{"Agent[03]": "ミナト", "Agent[04]": ["シオン", "Shion"]}``: the game's names for its seats."""


class Translator:
    """Renderer and understander, loaded once (the embedded templates and phrase tables unless directories
    are given, as the CLI's ``--templates`` and ``--phrases``); safe to share between threads.

    ``names`` is the game's name table (the CLI's ``--names`` file), used by every call."""

    def __init__(
        self,
        names: Optional[NameTable] = None,
        templates_dir: Optional[Union[str, PathLike]] = None,
        phrases_dir: Optional[Union[str, PathLike]] = None,
    ) -> None:
        if names is not None and not isinstance(names, Mapping):
            raise TypeError(f"names must be a mapping of agent to name(s), not {type(names).__name__}")
        names_json = None if names is None else json.dumps(dict(names), ensure_ascii=False)
        self._native = _native.NativeTranslator(names_json, templates_dir, phrases_dir)

    def render(
        self,
        sentence: Union[str, Sentence, Mapping[str, Any]],
        lang: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
        style: str = "polite",
        channel: str = "talk",
    ) -> str:
        """A protocol sentence in ``lang`` (``"ja"``, ``"en"``, or ``"protocol"`` for canonical text), as
        ``aiwolf-nl translate --from protocol`` prints it.

        ``sentence`` is protocol text, a :class:`Sentence`, or a syntax tree dict (as ``parse(...).ast``).
        ``speaker``/``addressee`` are agents (``"Agent[02]"``): read as 私/I and あなた/you. ``day`` is the
        current day (昨日/今日). ``style`` is ``"polite"``, ``"casual"`` or ``"chat"``; ``channel`` is ``"talk"`` or
        ``"whisper"`` (a werewolf whisper: a CO reads as a plan). Raises :class:`ProtocolError` for
        text or a tree that is not a sentence."""
        if isinstance(sentence, Sentence):
            sentence = sentence.ast
        if isinstance(sentence, Mapping):
            tree = json.dumps(dict(sentence), ensure_ascii=False)
            return self._native.render_tree(tree, lang, speaker, addressee, day, style, channel)
        _check_str("sentence", sentence)
        return self._native.translate(sentence, "protocol", lang, speaker, addressee, day, style, channel)

    def translate(
        self,
        text: str,
        source: str,
        target: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
        style: str = "polite",
        channel: str = "talk",
    ) -> str:
        """Any direction, as ``aiwolf-nl translate --from SOURCE --to TARGET`` (``protocol``, ``ja``,
        ``en``; ja ⇄ en goes through the protocol)."""
        _check_str("text", text)
        return self._native.translate(text, source, target, speaker, addressee, day, style, channel)

    def understand(
        self,
        text: str,
        lang: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
    ) -> Understanding:
        """What a player's ``lang`` (``"ja"`` or ``"en"``) utterance means in protocol: the sentences with
        canonical text, tree, confidence, span and alternatives; names that match nobody; ``skip`` when
        nothing was understood. ``Understanding.text`` is what ``aiwolf-nl translate --to protocol`` prints.
        ``speaker`` is who said it (私/I reads as them)."""
        _check_str("text", text)
        line, raw = self._native.understand(text, lang, speaker, addressee, day)
        return _understanding(line, json.loads(raw))

    def render_log(self, log_text: str, lang: str, format: str = "text", style: str = "polite") -> str:
        """A whole AIWolf game log as a transcript in ``lang`` (``"ja"``/``"en"``), written as ``"text"``,
        ``"html"`` (one fragment) or ``"json"``, as ``aiwolf-nl log`` writes it (which adds a newline after json).
        Raises ``ValueError`` for a log with no readable line."""
        _check_str("log_text", log_text)
        return self._native.render_log(log_text, lang, format, style)
