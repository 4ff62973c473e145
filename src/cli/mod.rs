//! The command line: `serve`, `normalize`, `translate`, `log`, `healthcheck`.

pub mod healthcheck;
mod lines;
pub mod log;
pub mod normalize;
pub mod translate;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::api::ApiConfig;
use crate::api::config::{ConnectionLimits, PoolLimits};
use crate::protocol::{Agent, AnyAgents, HARD_MAX_DEPTH, ParseOptions};
use crate::render::{Channel, Style};
use crate::translator::Format;

#[derive(Debug, Parser)]
#[command(name = "aiwolf-nl", version, about = "Translate between the AIWolf protocol and Japanese or English")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service.
    Serve(ServeArgs),
    /// Read protocol lines on stdin and print each in canonical 3.6 form (or `ERROR <code> <span>: <message>`),
    /// optionally with ANY expanded.
    Normalize(NormalizeArgs),
    /// Translate lines on stdin between the protocol, Japanese and English, one output line per input line.
    Translate(TranslateArgs),
    /// Turn a whole game log into a transcript in Japanese or English (text, html or json).
    Log(log::LogArgs),
    /// Exit 0 when the service at `--bind` answers `GET /healthz` with 200 (for container health checks).
    Healthcheck(HealthcheckArgs),
}

#[derive(Debug, Args)]
pub struct TranslateArgs {
    /// Input language: protocol, ja or en.
    #[arg(long, value_parser = |s: &str| s.parse::<Format>())]
    pub from: Format,
    /// Output language: protocol, ja or en (ja ↔ en goes through the protocol).
    #[arg(long, value_parser = |s: &str| s.parse::<Format>())]
    pub to: Format,
    /// Who speaks (`Agent[02]`): their own subject reads as 私 / I, and 私 / I reads as them.
    #[arg(long, value_parser = |s: &str| s.parse::<Agent>())]
    pub speaker: Option<Agent>,
    /// Who is spoken to: あなた / you.
    #[arg(long, value_parser = |s: &str| s.parse::<Agent>())]
    pub addressee: Option<Agent>,
    /// Name table, JSON: `{"Agent[03]": "ミナト", "Agent[04]": ["シオン", "Shion"]}`.
    #[arg(long, value_name = "FILE.json")]
    pub names: Option<PathBuf>,
    /// Register of ja/en output: polite (です/ます), casual, or chat (「占いCO」「ケンジ吊りに一票」).
    #[arg(long, default_value = "polite", value_parser = |s: &str| s.parse::<Style>())]
    pub style: Style,
    /// Where the lines are said: talk, or whisper (a werewolf's COMINGOUT in a whisper is a plan: 「霊媒師を騙ります」).
    #[arg(long, default_value = "talk", value_parser = |s: &str| s.parse::<Channel>())]
    pub channel: Channel,
    /// The current day, for 昨日 / 今日 ("yesterday" / "today").
    #[arg(long)]
    pub day: Option<u32>,
    /// First-person word of a persona (僕, 俺, あたし).
    #[arg(long)]
    pub pronoun: Option<String>,
    /// Names without さん.
    #[arg(long)]
    pub no_honorific: bool,
    /// Pick among the templates' extra phrasings with this seed (otherwise the canonical phrasing).
    #[arg(long)]
    pub variant_seed: Option<u64>,
    /// One JSON request per line in, one JSON result per line out.
    #[arg(long)]
    pub jsonl: bool,
    /// ja/en → protocol: after each line, how it was read (the frame and words behind each sentence, and why
    /// each other clause gave nothing), as indented `#` lines; with --jsonl, an `explanation` field.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub templates: TemplateArgs,
    #[command(flatten)]
    pub phrases: PhraseArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Where phrase files come from; shared by the commands that read natural language.
#[derive(Debug, Args)]
pub struct PhraseArgs {
    /// Load DIR/<lang>.lexicon.toml and DIR/<lang>.frames.toml (ja, en) instead of the embedded ones.
    #[arg(long = "phrases", env = "AIWOLF_NL_PHRASES", value_name = "DIR")]
    pub phrases_dir: Option<PathBuf>,
}

/// Where templates come from; shared by the commands that render.
#[derive(Debug, Args)]
pub struct TemplateArgs {
    /// Load templates from DIR/<lang>/*.txt instead of the embedded ones (vocabulary from
    /// DIR/../locales/<lang>.render.toml when present).
    #[arg(long = "templates", env = "AIWOLF_NL_TEMPLATES", value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "AIWOLF_NL_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Log format.
    #[arg(long, env = "AIWOLF_NL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Largest request body in bytes (413 above it).
    #[arg(long, env = "AIWOLF_NL_BODY_LIMIT", default_value_t = 256 * 1024,
          value_parser = clap::value_parser!(u32).range(1024..=1 << 30))]
    pub body_limit: u32,
    /// Most texts in one batch request (400 `batch_too_large` above it).
    #[arg(long, env = "AIWOLF_NL_MAX_BATCH", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    pub max_batch: u32,
    /// Time limit for one request, in milliseconds (408 above it).
    #[arg(long, env = "AIWOLF_NL_REQUEST_TIMEOUT_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub request_timeout_ms: u64,
    /// Translations, parses and renders running at once (default: the number of CPUs).
    #[arg(long, env = "AIWOLF_NL_WORKERS", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub workers: Option<u16>,
    /// Game logs rendered at once (each holds its log, transcript and output in memory).
    #[arg(long, env = "AIWOLF_NL_HEAVY_WORKERS", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub heavy_workers: u16,
    /// How long a request waits for a free worker, in milliseconds (503 `overloaded` after it).
    #[arg(long, env = "AIWOLF_NL_QUEUE_TIMEOUT_MS", default_value_t = 2_000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub queue_timeout_ms: u64,
    /// Time a client has to send a request's header section, in milliseconds.
    #[arg(long, env = "AIWOLF_NL_HEADER_READ_TIMEOUT_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub header_read_timeout_ms: u64,
    /// An idle keep-alive connection is closed after this many milliseconds without traffic.
    #[arg(long, env = "AIWOLF_NL_IDLE_TIMEOUT_MS", default_value_t = 60_000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub idle_timeout_ms: u64,
    /// Connections served at once; more wait in the listen backlog.
    #[arg(long, env = "AIWOLF_NL_MAX_CONNECTIONS", default_value_t = 1024,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: u32,
    /// After SIGTERM or Ctrl-C, milliseconds in-flight requests get before every connection is closed.
    #[arg(long, env = "AIWOLF_NL_SHUTDOWN_DRAIN_MS", default_value_t = 30_000,
          value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    pub shutdown_drain_ms: u64,
    /// Largest request header section in bytes (431 above it).
    #[arg(long, env = "AIWOLF_NL_MAX_HEADER_BYTES", default_value_t = 16 * 1024,
          value_parser = clap::value_parser!(u32).range(1024..=256 * 1024))]
    pub max_header_bytes: u32,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub templates: TemplateArgs,
    #[command(flatten)]
    pub phrases: PhraseArgs,
}

impl ServeArgs {
    /// The service limits these flags describe.
    pub fn api_config(&self) -> ApiConfig {
        ApiConfig {
            body_limit: self.body_limit as usize,
            max_batch: self.max_batch as usize,
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            parse_options: self.limits.parse_options(false),
            pool: PoolLimits {
                workers: self.workers.map_or(PoolLimits::default().workers, usize::from),
                heavy_workers: usize::from(self.heavy_workers),
                queue_timeout: Duration::from_millis(self.queue_timeout_ms),
            },
            connections: ConnectionLimits {
                header_read_timeout: Duration::from_millis(self.header_read_timeout_ms),
                idle_timeout: Duration::from_millis(self.idle_timeout_ms),
                max_connections: self.max_connections as usize,
                shutdown_drain: Duration::from_millis(self.shutdown_drain_ms),
                max_header_bytes: self.max_header_bytes as usize,
            },
        }
    }
}

#[derive(Debug, Args)]
pub struct HealthcheckArgs {
    /// The service's address (an unspecified address such as 0.0.0.0 means this host's loopback).
    #[arg(long, env = "AIWOLF_NL_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Give up after this many milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub timeout_ms: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Args)]
pub struct NormalizeArgs {
    /// Reject everything that is not already canonical 3.6.
    #[arg(long)]
    pub strict: bool,
    /// One JSON object per line: the syntax tree, canonical text and warnings, or the error.
    #[arg(long)]
    pub json: bool,
    /// Print each sentence with every ANY expanded into the OR over these agents (and the six roles, two
    /// species), as spec 3.6 reads ANY: `--expand-any Agent[01],Agent[02],Agent[03]`.
    #[arg(long, value_name = "AGENTS", value_parser = |s: &str| s.parse::<AnyAgents>())]
    pub expand_any: Option<AnyAgents>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Input limits shared by the commands that parse protocol.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Maximum operator nesting depth.
    #[arg(long, env = "AIWOLF_NL_MAX_DEPTH", default_value_t = 32,
          value_parser = clap::value_parser!(u16).range(1..=HARD_MAX_DEPTH as i64))]
    pub max_depth: u16,
    /// Maximum length of one utterance in bytes.
    #[arg(long, env = "AIWOLF_NL_MAX_LEN", default_value_t = 8192,
          value_parser = clap::value_parser!(u32).range(1..=1 << 24))]
    pub max_len: u32,
}

impl LimitArgs {
    pub fn parse_options(&self, strict: bool) -> ParseOptions {
        ParseOptions { strict, max_depth: usize::from(self.max_depth), max_len: self.max_len as usize }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
