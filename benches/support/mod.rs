//! Shared by the benchmarks: generated input, CPU-time measurement, child-process memory.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `gen_protocol.py <n> --seed <seed>` output, generated once into `target/bench-data/`.
/// `None` (with a message) when ../shared is not beside the crate.
pub fn generated_protocol(n: usize, seed: u64) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let generator = root.join("../shared/tools/gen_protocol.py");
    if !generator.is_file() {
        eprintln!("SKIPPED: {} not found; the benchmarks generate their input with it", generator.display());
        return None;
    }
    let dir = root.join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("create target/bench-data");
    let path = dir.join(format!("protocol-{n}-seed{seed}.txt"));
    if !path.is_file() {
        let output = Command::new("python3")
            .arg(&generator)
            .args([n.to_string(), "--seed".into(), seed.to_string()])
            .output()
            .expect("run python3 gen_protocol.py");
        assert!(output.status.success(), "gen_protocol.py failed");
        std::fs::write(&path, output.stdout).expect("write generated input");
    }
    Some(path)
}

/// CPU time used by the calling thread.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Runs `f` once to warm up and `passes` times measured; returns the median (thread CPU, wall) durations.
pub fn measure(passes: usize, mut f: impl FnMut() -> usize) -> (Duration, Duration) {
    std::hint::black_box(f());
    let mut cpu = Vec::with_capacity(passes);
    let mut wall = Vec::with_capacity(passes);
    for _ in 0..passes {
        let (c0, w0) = (thread_cpu_time(), Instant::now());
        std::hint::black_box(f());
        cpu.push(thread_cpu_time() - c0);
        wall.push(w0.elapsed());
    }
    cpu.sort();
    wall.sort();
    (cpu[passes / 2], wall[passes / 2])
}

/// Runs `program args < input > /dev/null`; returns (wall time, peak RSS in KiB, exit status success).
#[expect(clippy::zombie_processes, reason = "the child is reaped by wait4, which also reports its peak RSS")]
pub fn run_child(program: &str, args: &[&str], input: &Path) -> (Duration, u64, bool) {
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(std::fs::File::open(input).expect("open input"))
        .stdout(Stdio::null())
        .spawn()
        .expect("spawn child");
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it for the child we spawned.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waiting on our own child's pid with valid out-pointers.
    unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (start.elapsed(), usage.ru_maxrss as u64, ok)
}

pub fn per_second(count: usize, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64()
}

/// This process's peak resident set size so far, in KiB.
pub fn peak_rss_kib() -> u64 {
    // SAFETY: an all-zero rusage is valid; getrusage fills it for this process.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: RUSAGE_SELF with a valid out-pointer.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    usage.ru_maxrss as u64
}
