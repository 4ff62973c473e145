//! `aiwolf-nl log FILE --to ja|en [--format text|html|json] [--names FILE.json]`: a whole game log as a
//! transcript (see docs/gamelog.md). Lines that cannot be read are listed in the transcript and counted on
//! stderr; the command fails only when no line reads.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use super::TemplateArgs;
use super::translate::{load_renderer, read_names};
use crate::gamelog::{Format, LogLimits, TranscriptOptions, transcribe, write};
use crate::render::{Lang, Style};

#[derive(Debug, Args)]
pub struct LogArgs {
    /// The game log (`-` for stdin).
    pub file: PathBuf,
    /// Language of the transcript: ja or en.
    #[arg(long, value_parser = |s: &str| s.parse::<Lang>())]
    pub to: Lang,
    /// Output: text, html (one fragment) or json.
    #[arg(long, default_value = "text", value_parser = |s: &str| s.parse::<Format>())]
    pub format: Format,
    /// Name table, JSON: `{"Agent[03]": "ミナト"}`.
    #[arg(long, value_name = "FILE.json")]
    pub names: Option<PathBuf>,
    /// Register of the translated talk: polite (です/ます), casual, or chat (「占いCO」「ケンジ吊りに一票」).
    #[arg(long, default_value = "polite", value_parser = |s: &str| s.parse::<Style>())]
    pub style: Style,
    /// Largest log in bytes.
    #[arg(long, default_value_t = 4 * 1024 * 1024)]
    pub max_bytes: usize,
    #[command(flatten)]
    pub templates: TemplateArgs,
}

pub fn main(args: &LogArgs) -> io::Result<()> {
    let limits = LogLimits { max_bytes: args.max_bytes, ..LogLimits::default() };
    let text = read_bounded(&args.file, limits.max_bytes)?;
    let renderer = load_renderer(args.templates.dir.as_deref()).map_err(io::Error::other)?;
    let mut options = TranscriptOptions::new(args.to);
    options.style = args.style;
    if let Some(path) = &args.names {
        options.names = read_names(path)?;
    }
    let transcript = transcribe(&text, &renderer, &options, &limits)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", args.file.display())))?;
    if !transcript.errors.is_empty() {
        eprintln!("aiwolf-nl: {}: {} line(s) could not be read", args.file.display(), transcript.errors.len());
    }
    let out = write(&transcript, args.format).map_err(io::Error::other)?;
    let mut stdout = io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    if args.format == Format::Json {
        stdout.write_all(b"\n")?;
    }
    stdout.flush()
}

/// The file (or stdin) as UTF-8, refusing more than `max` bytes before reading them all.
fn read_bounded(path: &PathBuf, max: usize) -> io::Result<String> {
    use std::io::Read;
    let reader: Box<dyn Read> =
        if path.as_os_str() == "-" { Box::new(io::stdin().lock()) } else { Box::new(std::fs::File::open(path)?) };
    let mut bytes = Vec::new();
    reader.take(max as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: the log is larger than {max} bytes (--max-bytes)", path.display()),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: not UTF-8 at byte {}", path.display(), e.utf8_error().valid_up_to()),
        )
    })
}
