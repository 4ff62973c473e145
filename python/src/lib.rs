//! `aiwolf_nl._native`: the library's functions for Python, with no logic of their own. Every call goes to the
//! function the command line uses (`protocol::parse`/`normalize`, `Translator::translate`,
//! `gamelog::transcribe`/`write`, `protocol::expand_any`), with the GIL released while it runs. Results cross
//! as strings and JSON text; `aiwolf_nl/__init__.py` turns them into plain, picklable Python objects.

use std::path::PathBuf;

use aiwolf_nl::cli::translate::load_translator;
use aiwolf_nl::cli::{PhraseArgs, TemplateArgs};
use aiwolf_nl::gamelog::{self, GamelogError, LogLimits, TranscriptOptions};
use aiwolf_nl::protocol::{
    Agent, AnyAgents, Context, NameTable, ParseError, ParseOptions, Sentence, Span, expand_any, normalize, parse,
    validate_tree,
};
use aiwolf_nl::render::{self, Channel, RenderOptions, Style};
use aiwolf_nl::translator::{Format, Settings, TranslateError, Translation, Translator};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// A [`ParseError`] as `aiwolf_nl.ProtocolError(code, (start, end), expected, message)`.
fn protocol_error(py: Python<'_>, error: ParseError) -> PyErr {
    let class = match py.import("aiwolf_nl._errors").and_then(|module| module.getattr("ProtocolError")) {
        Ok(class) => class,
        Err(import_error) => return import_error,
    };
    let span = (error.span.start, error.span.end);
    match class.call1((error.code.as_str(), span, error.expected, error.message)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(call_error) => call_error,
    }
}

fn translate_error(py: Python<'_>, error: TranslateError) -> PyErr {
    match error {
        TranslateError::Parse(error) => protocol_error(py, error),
        // A template bug, not bad input: the message names the template.
        TranslateError::Render(error) => PyRuntimeError::new_err(format!("rendering failed: {error}")),
        // `translate` runs without a budget, so this cannot happen here; the match stays exhaustive.
        TranslateError::OutOfBudget(error) => PyRuntimeError::new_err(error.to_string()),
    }
}

fn value_error(argument: &str, reason: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{argument}: {reason}"))
}

fn agent(argument: &str, text: Option<&str>) -> PyResult<Option<Agent>> {
    text.map(|text| text.parse::<Agent>().map_err(|reason| value_error(argument, reason))).transpose()
}

fn language(argument: &str, text: &str) -> PyResult<Format> {
    text.parse::<Format>().map_err(|reason| value_error(argument, reason))
}

fn day(value: Option<i64>) -> PyResult<Option<u32>> {
    value
        .map(|day| {
            u32::try_from(day)
                .ok()
                .filter(|&day| day <= aiwolf_nl::protocol::MAX_NUMBER)
                .ok_or_else(|| value_error("day", format!("{day} is not a day number (0 to 2147483647)")))
        })
        .transpose()
}

fn parse_options(strict: bool) -> ParseOptions {
    if strict { ParseOptions::strict() } else { ParseOptions::default() }
}

/// Parses protocol text: `(canonical, ast_json, warnings_json)`; raises `ProtocolError`.
#[pyfunction]
#[pyo3(signature = (text, strict = false))]
fn parse_text(py: Python<'_>, text: &str, strict: bool) -> PyResult<(String, String, String)> {
    let parsed = py.detach(|| parse(text, &parse_options(strict))).map_err(|error| protocol_error(py, error))?;
    Ok((parsed.sentence.to_canonical(), to_json(&parsed.sentence)?, to_json(&parsed.warnings)?))
}

/// The canonical 3.6 text of protocol `text`; raises `ProtocolError`.
#[pyfunction]
#[pyo3(signature = (text, strict = false))]
fn normalize_text(py: Python<'_>, text: &str, strict: bool) -> PyResult<String> {
    py.detach(|| normalize(text, &parse_options(strict))).map_err(|error| protocol_error(py, error))
}

/// Protocol `text` with every ANY expanded over `agents`: `(canonical, ast_json)`.
#[pyfunction]
#[pyo3(signature = (text, agents, strict = false))]
fn expand_any_text(py: Python<'_>, text: &str, agents: Vec<String>, strict: bool) -> PyResult<(String, String)> {
    let agents = agents
        .iter()
        .map(|agent| agent.parse::<Agent>())
        .collect::<Result<Vec<_>, _>>()
        .and_then(AnyAgents::new)
        .map_err(|reason| value_error("agents", reason))?;
    let expanded = py
        .detach(|| {
            let parsed = parse(text, &parse_options(strict))?;
            expand_any(&parsed.sentence, &agents, Span::new(0, text.len()))
        })
        .map_err(|error| protocol_error(py, error))?;
    Ok((expanded.to_canonical(), to_json(&expanded)?))
}

fn to_json(value: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(value).map_err(|error| PyRuntimeError::new_err(error.to_string()))
}

/// Renderer and understander, loaded once; shared by threads.
#[pyclass(frozen, module = "aiwolf_nl._native")]
struct NativeTranslator {
    translator: Translator,
    names: NameTable,
}

#[pymethods]
impl NativeTranslator {
    /// `names_json`: the name table as the CLI's `--names` file holds it; the directories as `--templates` and
    /// `--phrases`.
    #[new]
    #[pyo3(signature = (names_json = None, templates_dir = None, phrases_dir = None))]
    fn new(
        py: Python<'_>,
        names_json: Option<&str>,
        templates_dir: Option<PathBuf>,
        phrases_dir: Option<PathBuf>,
    ) -> PyResult<Self> {
        let names = match names_json {
            Some(json) => serde_json::from_str(json).map_err(|error| value_error("names", error))?,
            None => NameTable::new(),
        };
        let templates = TemplateArgs { dir: templates_dir };
        let phrases = PhraseArgs { phrases_dir };
        let translator = py
            .detach(|| load_translator(&templates, &phrases))
            .map_err(|error| PyValueError::new_err(format!("cannot load the templates or phrase files: {error}")))?;
        Ok(NativeTranslator { translator, names })
    }

    /// Translates `text` from `source` into `target` as `aiwolf-nl translate` does; returns the text.
    #[pyo3(signature = (text, source, target, speaker = None, addressee = None, day = None, style = "polite", channel = "talk"))]
    #[allow(clippy::too_many_arguments)]
    fn translate(
        &self,
        py: Python<'_>,
        text: &str,
        source: &str,
        target: &str,
        speaker: Option<&str>,
        addressee: Option<&str>,
        day: Option<i64>,
        style: &str,
        channel: &str,
    ) -> PyResult<String> {
        let job = self.job(source, target, speaker, addressee, day, (style, channel))?;
        Ok(self.run(py, text, &job)?.text)
    }

    /// A syntax tree (JSON, as `parse` gives it) rendered into `target`; raises `ProtocolError` for a tree the
    /// protocol cannot write.
    #[pyo3(signature = (tree_json, target, speaker = None, addressee = None, day = None, style = "polite", channel = "talk"))]
    #[allow(clippy::too_many_arguments)]
    fn render_tree(
        &self,
        py: Python<'_>,
        tree_json: &str,
        target: &str,
        speaker: Option<&str>,
        addressee: Option<&str>,
        day: Option<i64>,
        style: &str,
        channel: &str,
    ) -> PyResult<String> {
        let tree: Sentence = serde_json::from_str(tree_json).map_err(|error| value_error("sentence", error))?;
        let options = ParseOptions::default();
        // As `POST /v1/render`: the tree is checked, and its printed text must read back.
        let canonical = py
            .detach(|| {
                validate_tree(&tree, options.max_depth)?;
                let canonical = tree.to_canonical();
                parse(&canonical, &options).map(|_| canonical)
            })
            .map_err(|error| protocol_error(py, error))?;
        let job = self.job("protocol", target, speaker, addressee, day, (style, channel))?;
        Ok(self.run(py, &canonical, &job)?.text)
    }

    /// Natural language (or protocol) → protocol: `(canonical line, understanding_json)`.
    #[pyo3(signature = (text, source, speaker = None, addressee = None, day = None))]
    fn understand(
        &self,
        py: Python<'_>,
        text: &str,
        source: &str,
        speaker: Option<&str>,
        addressee: Option<&str>,
        day: Option<i64>,
    ) -> PyResult<(String, String)> {
        let job = self.job(source, "protocol", speaker, addressee, day, ("polite", "talk"))?;
        let translation = self.run(py, text, &job)?;
        Ok((translation.text, to_json(&translation.reading)?))
    }

    /// A whole game log as a transcript, as `aiwolf-nl log` writes it.
    #[pyo3(signature = (log_text, lang, format = "text", style = "polite"))]
    fn render_log(&self, py: Python<'_>, log_text: &str, lang: &str, format: &str, style: &str) -> PyResult<String> {
        let lang = lang.parse::<render::Lang>().map_err(|reason| value_error("lang", reason))?;
        let format = format.parse::<gamelog::Format>().map_err(|reason| value_error("format", reason))?;
        let mut options = TranscriptOptions::new(lang);
        options.style = style.parse::<Style>().map_err(|reason| value_error("style", reason))?;
        options.names = self.names.clone();
        let renderer = self.translator.renderer();
        py.detach(|| {
            let transcript = gamelog::transcribe(log_text, renderer, &options, &LogLimits::default())?;
            gamelog::write(&transcript, format)
        })
        .map_err(|error: GamelogError| PyValueError::new_err(format!("the game log cannot be read: {error}")))
    }
}

/// One translation's settings, checked.
struct Job {
    source: Format,
    target: Format,
    ctx: Context,
    render: RenderOptions,
}

impl NativeTranslator {
    fn job(
        &self,
        source: &str,
        target: &str,
        speaker: Option<&str>,
        addressee: Option<&str>,
        day_number: Option<i64>,
        (style, channel): (&str, &str),
    ) -> PyResult<Job> {
        let ctx = Context {
            speaker: agent("speaker", speaker)?,
            addressee: agent("addressee", addressee)?,
            names: self.names.clone(),
            day: day(day_number)?,
        };
        let style = style.parse::<Style>().map_err(|reason| value_error("style", reason))?;
        let channel = channel.parse::<Channel>().map_err(|reason| value_error("channel", reason))?;
        Ok(Job {
            source: language("lang", source)?,
            target: language("lang", target)?,
            ctx,
            render: RenderOptions { style, channel, ..RenderOptions::default() },
        })
    }

    /// `Translator::translate` with the GIL released.
    fn run(&self, py: Python<'_>, text: &str, job: &Job) -> PyResult<Translation> {
        let parse = ParseOptions::default();
        let settings = Settings { ctx: &job.ctx, render: &job.render, parse: &parse, explain: false };
        py.detach(|| self.translator.translate(text, Some(job.source), job.target, &settings))
            .map_err(|error| translate_error(py, error))
    }
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(parse_text, module)?)?;
    module.add_function(wrap_pyfunction!(normalize_text, module)?)?;
    module.add_function(wrap_pyfunction!(expand_any_text, module)?)?;
    module.add_class::<NativeTranslator>()?;
    module.add("MAX_EXPANDED_SENTENCES", aiwolf_nl::protocol::MAX_EXPANDED_SENTENCES)?;
    Ok(())
}
