use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Parser;

use std::time::Duration;

use aiwolf_nl::cli::{Cli, Command, LogFormat, healthcheck, log, normalize, translate};

// Parsing allocates one small node per operand; mimalloc makes that several times cheaper than glibc.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve(args),
        Command::Normalize(args) => {
            let options = args.limits.parse_options(args.strict);
            normalize::run(io::stdin().lock(), io::stdout().lock(), &options, args.json, args.expand_any.as_ref())
        }
        Command::Translate(args) => translate::main(&args),
        Command::Log(args) => log::main(&args),
        Command::Healthcheck(args) => healthcheck::run(args.bind, Duration::from_millis(args.timeout_ms)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("aiwolf-nl: {error}");
            ExitCode::FAILURE
        }
    }
}

fn serve(args: aiwolf_nl::cli::ServeArgs) -> io::Result<()> {
    // Held to the end: dropping it flushes the log lines still queued.
    let _log_writer = init_tracing(args.log_format);
    // A broken template set or phrase file fails here, at start-up, never mid-request.
    let translator = translate::load_translator(&args.templates, &args.phrases)?;
    let state = aiwolf_nl::AppState::with_translator(args.api_config(), translator);
    // All blocking work goes through the CPU pool, which runs at most `workers` pieces at once: as many
    // blocking threads suffice. Tokio's default (512) lets a burst start a thread for a piece queued just as
    // another finished; each new thread builds its own allocator heap and regex caches, which the process
    // keeps (the soak bench's RSS grew with its thread count).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(state.config().pool.workers.max(1))
        .build()?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.bind)
            .await
            .map_err(|error| io::Error::new(error.kind(), format!("cannot listen on {}: {error}", args.bind)))?;
        tracing::info!(address = %listener.local_addr()?, "listening");
        aiwolf_nl::serve(listener, state, shutdown_signal()).await
    });
    // Work still on the CPU pool after the drain stops at its next budget check; it must not hold the exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}

/// Lines the log queue holds at most: tracing-appender's default (128,000 lines of ~200 bytes) lets a log
/// collector that stalls make the service hold ~25 MB of queued lines; a few thousand absorb a pause of a second
/// or so at the bench's request rates, and the rest are dropped (counted).
const LOG_QUEUE_LINES: usize = 8_192;

/// Logs to stdout through a background thread: a request never waits for the terminal or the log
/// collector. When they fall behind, lines are dropped (counted by tracing-appender) rather than queued without
/// bound or blocking the service.
fn init_tracing(format: LogFormat) -> tracing_appender::non_blocking::WorkerGuard {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .buffered_lines_limit(LOG_QUEUE_LINES)
        .finish(io::stdout());
    // Colour only on a terminal: log collectors get plain text.
    let builder =
        tracing_subscriber::fmt().with_env_filter(filter).with_ansi(io::stdout().is_terminal()).with_writer(writer);
    match format {
        LogFormat::Json => builder.json().init(),
        LogFormat::Text => builder.init(),
    }
    guard
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
