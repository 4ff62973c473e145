//! The command line: `serve`, `normalize`.

mod lines;
pub mod normalize;

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

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
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "AIWOLF_NL_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,
    /// Log format.
    #[arg(long, env = "AIWOLF_NL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
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
