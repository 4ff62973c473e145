//! The command line: `serve`, `normalize`.

pub mod healthcheck;
mod lines;
pub mod normalize;

use std::net::SocketAddr;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::api::ApiConfig;
use crate::protocol::{HARD_MAX_DEPTH, ParseOptions};

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
    /// Read protocol lines on stdin and print each in canonical 3.6 form (or `ERROR <code> <span>: <message>`).
    Normalize(NormalizeArgs),
    /// Exit 0 when the service at `--bind` answers `GET /healthz` with 200 (for container health checks).
    Healthcheck(HealthcheckArgs),
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
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl ServeArgs {
    /// The service limits these flags describe.
    pub fn api_config(&self) -> ApiConfig {
        ApiConfig {
            body_limit: self.body_limit as usize,
            max_batch: self.max_batch as usize,
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            parse_options: self.limits.parse_options(false),
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
