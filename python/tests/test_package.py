"""The package's own contract: results, errors, bad arguments, pickling, threads. Needs no shared data."""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

import aiwolf_nl
from aiwolf_nl import ProtocolError, Translator


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator(names={"Agent[03]": "ミナト", "Agent[04]": ["シオン", "Shion"]})


def test_parse_gives_canonical_text_tree_and_warnings() -> None:
    sentence = aiwolf_nl.parse("Agent[01] REQUEST Agent[02] (Agent[02] VOTE Agent[3])")
    assert sentence.canonical == "Agent[01] REQUEST Agent[02] (VOTE Agent[03])"
    assert sentence.ast == {
        "type": "REQUEST", "subject": "Agent[01]", "target": "Agent[02]",
        "sentence": {"type": "VOTE", "target": "Agent[03]"},
    }
    assert [w.code for w in sentence.warnings] == ["redundant_subject", "number_format"]
    assert pickle.loads(pickle.dumps(sentence)) == sentence


def test_errors_carry_code_span_expected_message() -> None:
    with pytest.raises(ProtocolError) as caught:
        aiwolf_nl.parse("VOTX Agent[01]")
    error = caught.value
    assert (error.code, error.span) == ("unknown_verb", (0, 4))
    assert "VOTE" in error.expected
    assert str(error) == "unknown_verb 0..4: `VOTX` is not a verb or operator"
    again = pickle.loads(pickle.dumps(error))
    assert (again.code, again.span, again.expected, again.message) == (error.code, error.span, error.expected,
                                                                       error.message)
    assert copy.copy(error).code == "unknown_verb"
    with pytest.raises(ProtocolError, match="not_canonical"):
        aiwolf_nl.parse("VOTE Agent[3]", strict=True)
    with pytest.raises(ProtocolError, match="too_long"):
        aiwolf_nl.normalize("Over " * 5000)


def test_spec_examples_of_any_expansion() -> None:
    agents = ["Agent[01]", "Agent[02]", "Agent[03]"]
    assert aiwolf_nl.expand_any("Agent[02] INQUIRE Agent[01] (VOTED ANY)", agents).canonical == (
        "Agent[02] INQUIRE Agent[01] (OR (VOTED Agent[01]) (VOTED Agent[02]) (VOTED Agent[03]))"
    )
    expanded = aiwolf_nl.expand_any("REQUEST ANY (DIVINED Agent[04] HUMAN)", agents)
    assert expanded.canonical == (
        "OR (REQUEST Agent[01] (DIVINED Agent[04] HUMAN)) (REQUEST Agent[02] (DIVINED Agent[04] HUMAN)) "
        "(REQUEST Agent[03] (DIVINED Agent[04] HUMAN))"
    )
    assert expanded.ast["type"] == "OR" and len(expanded.ast["sentences"]) == 3


def test_any_expansion_is_bounded_and_checks_its_agents() -> None:
    many = [f"Agent[{n:02}]" for n in range(1, 31)]
    with pytest.raises(ProtocolError) as caught:
        aiwolf_nl.expand_any("ANY ESTIMATE ANY ANY", many)
    assert caught.value.code == "expansion_too_large"
    assert str(aiwolf_nl.MAX_EXPANDED_SENTENCES) in caught.value.message
    for agents, message in [([], "empty"), (["Agent[01]", "ANY"], "ANY"), (["Bob"], "Bob")]:
        with pytest.raises(ValueError, match=message):
            aiwolf_nl.expand_any("VOTE ANY", agents)
    assert aiwolf_nl.expand_any("VOTE ANY", ["Agent[01]", "Agent[1]"]).canonical == "VOTE Agent[01]"
    with pytest.raises(TypeError, match="list of agents"):
        aiwolf_nl.expand_any("VOTE ANY", "Agent[01]")


def test_render_takes_text_sentence_or_tree(translator: Translator) -> None:
    text = translator.render("VOTE Agent[03]", "ja", speaker="Agent[01]")
    assert "ミナト" in text and "投票" in text
    assert translator.render(aiwolf_nl.parse("VOTE Agent[03]"), "ja", speaker="Agent[01]") == text
    assert translator.render({"type": "VOTE", "target": "Agent[03]"}, "ja", speaker="Agent[01]") == text
    assert translator.render("VOTE Agent[3]", "protocol") == "VOTE Agent[03]"
    assert translator.render("VOTE Agent[03]", "en", style="casual") != ""
    tree: dict = {"type": "VOTE", "target": "Agent[01]"}
    for depth in range(1, 301):
        tree = {"type": "NOT", "sentence": tree}
        if depth == 40:
            with pytest.raises(ProtocolError, match="too_deep"):
                translator.render(tree, "ja")
    with pytest.raises(ValueError, match="recursion limit"):
        translator.render(tree, "ja")
    with pytest.raises(ValueError, match="sentence"):
        translator.render({"type": "VOTE"}, "ja")


def test_understand_gives_sentences_names_and_skip(translator: Translator) -> None:
    understanding = translator.understand("ミナトに投票します。", "ja", speaker="Agent[01]")
    assert understanding.text == "VOTE Agent[03]"
    first = understanding.sentences[0]
    assert (first.canonical, first.ast["type"], first.span[0]) == ("VOTE Agent[03]", "VOTE", 0)
    assert 0 < first.span[1] <= len("ミナトに投票します。".encode())
    assert 0 < first.confidence <= 1
    assert pickle.loads(pickle.dumps(understanding)) == understanding
    nothing = translator.understand("こんにちは", "ja")
    assert (nothing.text, nothing.skip, nothing.sentences) == ("Skip", True, [])
    unknown = translator.understand("I vote for Zed.", "en")
    assert unknown.skip or all(s.ast["type"] != "VOTE" or s.ast["target"] != "Agent[03]" for s in unknown.sentences)


def test_a_whisper_renders_a_claim_as_a_plan(translator: Translator) -> None:
    talk = translator.render("COMINGOUT Agent[01] MEDIUM", "ja", speaker="Agent[01]")
    whisper = translator.render("COMINGOUT Agent[01] MEDIUM", "ja", speaker="Agent[01]", channel="whisper")
    assert talk != whisper
    assert "騙" in whisper
    assert translator.render("VOTE Agent[01]", "en", channel="whisper") == translator.render("VOTE Agent[01]", "en")


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda t: t.render("VOTE Agent[01]", "fr"), ValueError, "lang: unknown language `fr`"),
        (lambda t: t.render("VOTE Agent[01]", "ja", speaker="Bob"), ValueError, "speaker"),
        (lambda t: t.render("VOTE Agent[01]", "ja", addressee="Agent[x]"), ValueError, "addressee"),
        (lambda t: t.render("VOTE Agent[01]", "ja", day=-1), ValueError, "day"),
        (lambda t: t.render("VOTE Agent[01]", "ja", day="one"), TypeError, None),
        (lambda t: t.render("VOTE Agent[01]", "ja", style="rude"), ValueError, "style"),
        (lambda t: t.render("VOTE Agent[01]", "ja", channel="shout"), ValueError, "channel"),
        (lambda t: t.render(5, "ja"), TypeError, "sentence must be a str"),
        (lambda t: t.understand(b"bytes", "ja"), TypeError, "text must be a str"),
        (lambda t: t.understand("hello", 3), TypeError, None),
        (lambda t: t.render_log("x", "ja", format="pdf"), ValueError, "format"),
        (lambda t: t.render_log("", "ja"), ValueError, "the game log cannot be read"),
        (lambda t: aiwolf_nl.parse(None), TypeError, "text must be a str"),
        (lambda t: aiwolf_nl.normalize("VOTE \ud800"), ValueError, None),
        (lambda t: Translator(names=["Agent[01]"]), TypeError, "names must be a mapping"),
        (lambda t: Translator(names={"Bob": "ボブ"}), ValueError, "names"),
        (lambda t: Translator(templates_dir="/nonexistent"), ValueError, "cannot load"),
    ],
)
def test_bad_arguments_raise_value_or_type_errors(translator: Translator, call, error, message) -> None:
    with pytest.raises(error, match=message):
        call(translator)


def test_threads_share_one_translator(translator: Translator) -> None:
    texts = ["ミナトに投票します。", "私は占い師です。", "シオンは人狼だと思う。"] * 50
    sequential = [translator.understand(t, "ja").text for t in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda t: translator.understand(t, "ja").text, texts))
    assert parallel == sequential
