//! Runs schemathesis (PyPI) against `openapi/openapi.json` and the real server on 127.0.0.1:0: every
//! check, 200 examples per operation, zero failures allowed.
//!
//! The `st` binary comes from `$SCHEMATHESIS`, else `target/ci-venv/bin/st` (made by
//! `.ci/install-schemathesis.sh`), else `PATH`. Without it the test prints `SKIPPED:` and passes, unless
//! `AIWOLF_NL_REQUIRE_TOOLS=1`, which makes a missing tool a failure (CI sets it).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use aiwolf_nl::api::{AppState, serve};

fn find_st() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SCHEMATHESIS") {
        return Some(PathBuf::from(path));
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/ci-venv/bin/st");
    if venv.is_file() {
        return Some(venv);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("st")).find(|candidate| candidate.is_file())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schemathesis_finds_no_failures() {
    let Some(st) = find_st() else {
        assert!(
            std::env::var_os("AIWOLF_NL_REQUIRE_TOOLS").is_none(),
            "schemathesis (`st`) not found but AIWOLF_NL_REQUIRE_TOOLS is set: run .ci/install-schemathesis.sh"
        );
        common::report_skip("schemathesis (`st`) not found; run .ci/install-schemathesis.sh or set SCHEMATHESIS");
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, AppState::default(), async {
        let _ = stopped.await;
    }));

    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/openapi.json");
    let output = tokio::task::spawn_blocking(move || {
        Command::new(&st)
            .arg("run")
            .arg(&spec)
            .args(["--url", &url, "--max-examples", "200", "--checks", "all", "--seed", "20261122"])
            .args(["--workers", "2", "--request-timeout", "10"])
            .env("NO_COLOR", "1")
            .output()
    })
    .await
    .expect("task")
    .expect("run schemathesis");

    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(10), server).await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary: Vec<&str> = stdout.lines().rev().take(25).collect::<Vec<_>>().into_iter().rev().collect();
    eprintln!("{}", summary.join("\n"));
    assert!(output.status.success(), "schemathesis failed:\n{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
}
