//! The page at `/` in a real browser: starts the real binary on 127.0.0.1 (a free port), then runs
//! `node --test tests/browser/page.test.mjs`, which drives Debian's chromium through playwright-core
//! (the playground both ways, a hostile log, a shared log in both languages) and saves screenshots to
//! `target/browser-screenshots/`.
//!
//! Needs `chromium` (`$CHROMIUM`, else /usr/bin/chromium), `node`, and `npm ci` run in tests/browser.
//! Without them the test prints `SKIPPED:` and passes, unless `AIWOLF_NL_REQUIRE_TOOLS=1` (CI sets it).
//! The playground accepts a refused ja/en → protocol only while `lang::supported` does not allow the direction.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use aiwolf_nl::api::lang::{Language, supported};

/// The whole browser run; chromium starts in about a second, the checks take a few more.
const RUN_LIMIT: Duration = Duration::from_secs(240);
/// The checks of page.test.mjs that need nothing but the server (all but the shared-log one).
const ALWAYS_RUN: u32 = 7;
/// How long the binary may take to print its address.
const START_LIMIT: Duration = Duration::from_secs(30);

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `None` after printing why the test is skipped; panics instead when CI requires the tools.
fn require(found: Option<PathBuf>, what: &str, how: &str) -> Option<PathBuf> {
    if found.is_some() {
        return found;
    }
    assert!(
        std::env::var_os("AIWOLF_NL_REQUIRE_TOOLS").is_none(),
        "{what} is missing but AIWOLF_NL_REQUIRE_TOOLS is set: {how}"
    );
    common::report_skip(&format!("{what} is missing ({how})"));
    None
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| candidate.is_file())
}

/// The 5-player ANAC2020 log of ../shared, or `None` when ../shared is absent (and not required).
fn shared_log() -> Option<PathBuf> {
    let dir = common::shared_dir()?.join("data/game-logs");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    let log = entries.filter_map(|entry| entry.ok().map(|e| e.path())).find(|path| {
        path.file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| name.starts_with("2020_ANAC2020_5p_") && name.ends_with(".log"))
    });
    Some(log.unwrap_or_else(|| panic!("no 2020_ANAC2020_5p_*.log in {}", dir.display())))
}

/// The real binary serving on 127.0.0.1:0; killed when dropped.
struct Server {
    child: Child,
    url: String,
    _drain: JoinHandle<()>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_aiwolf-nl"))
            .args(["serve", "--bind", "127.0.0.1:0", "--log-format", "json"])
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start aiwolf-nl serve");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let started = Instant::now();
        let address = loop {
            assert!(started.elapsed() < START_LIMIT, "aiwolf-nl serve printed no address in {START_LIMIT:?}");
            let line = lines.next().expect("aiwolf-nl serve exited before listening").expect("read its log");
            let Ok(record) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
            if record["fields"]["message"] == "listening" {
                break record["fields"]["address"].as_str().expect("address").to_owned();
            }
        };
        // Keep reading the log so the server never blocks on a full pipe.
        let drain = std::thread::spawn(move || lines.map_while(Result::ok).for_each(drop));
        Server { child, url: format!("http://{address}"), _drain: drain }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_all(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

/// SIGTERM first, so that playwright closes chromium; SIGKILL if node is still there after 5 s.
fn stop(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) on our own child's pid has no memory effects.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    let asked = Instant::now();
    while asked.elapsed() < Duration::from_secs(5) {
        if matches!(child.try_wait(), Ok(Some(_))) {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The `N` of node's `ℹ pass N` summary line.
fn passed(output: &str) -> Option<u32> {
    output.lines().find_map(|line| line.trim().strip_prefix("ℹ pass ")?.trim().parse().ok())
}

#[test]
fn page_works_in_chromium() {
    let browser_dir = manifest_dir().join("tests/browser");
    let chromium = std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let Some(chromium) = require(chromium.is_file().then_some(chromium), "chromium", "apt-get install -y chromium")
    else {
        return;
    };
    let Some(node) = require(on_path("node"), "node", "apt-get install -y nodejs npm") else { return };
    let playwright = browser_dir.join("node_modules/playwright-core/package.json");
    if require(playwright.is_file().then_some(playwright), "playwright-core", "run `npm ci` in tests/browser").is_none()
    {
        return;
    }
    let shared_log = shared_log();
    let screenshots = manifest_dir().join("target/browser-screenshots");
    let server = Server::start();

    let mut command = Command::new(node);
    command
        .args(["--test", "--test-reporter=spec", "page.test.mjs"])
        .current_dir(&browser_dir)
        .env("AIWOLF_NL_URL", &server.url)
        .env("CHROMIUM", &chromium)
        .env("SCREENSHOT_DIR", &screenshots)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // The service's own language table decides how strict the playground is: once it supports ja/en →
    // protocol, the page must read them.
    if [Language::Ja, Language::En].into_iter().all(|source| supported(source, Language::Protocol)) {
        command.env("AIWOLF_NL_REQUIRE_UNDERSTANDING", "1");
    }
    match &shared_log {
        Some(log) => command.env("AIWOLF_NL_SHARED_LOG", log),
        None => command.env_remove("AIWOLF_NL_SHARED_LOG"),
    };
    let mut child = command.spawn().expect("run node");
    let stdout = read_all(child.stdout.take().expect("stdout"));
    let stderr = read_all(child.stderr.take().expect("stderr"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for node") {
            break Some(status);
        }
        if started.elapsed() > RUN_LIMIT {
            stop(&mut child);
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = format!("{}{}", stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    drop(server);
    eprintln!("{output}");
    let status = status.unwrap_or_else(|| panic!("the browser test ran over {RUN_LIMIT:?}:\n{output}"));
    assert!(status.success(), "the browser test failed ({status}):\n{output}");
    // Every check runs; only the shared-log one needs ../shared.
    let expected = ALWAYS_RUN + u32::from(shared_log.is_some());
    assert_eq!(passed(&output), Some(expected), "not every browser check passed:\n{output}");
}
