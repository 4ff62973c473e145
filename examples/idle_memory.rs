//! Where the idle memory of `aiwolf-nl serve` goes: the heap in use (and its peak) and the resident anonymous
//! and file-backed memory after loading each half of the translator, and after a first utterance in each
//! language (which fills the lazy regex caches). The gap between the heap in use and `RssAnon` is what the
//! allocator holds (with transparent huge pages, a touched 2 MiB page counts whole).
//! Run: `cargo run --release --example idle_memory`.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

/// mimalloc (as in the binary), counting the bytes in use: what the heap holds, apart from what the
/// allocator keeps for reuse.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

use aiwolf_nl::protocol::{Agent, Context};
use aiwolf_nl::render::Renderer;
use aiwolf_nl::understand::{Lang, Understander};

/// `RssAnon` and `RssFile` of this process in kB (Linux; zeros elsewhere).
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status.lines().find_map(|l| l.strip_prefix(name)?.trim().strip_suffix("kB")?.trim().parse().ok()).unwrap_or(0)
    };
    (field("RssAnon:"), field("RssFile:"))
}

fn report(step: &str) {
    let (rss, hwm) = memory();
    let live = LIVE.load(Ordering::Relaxed) as f64 / 1048576.0;
    let peak = PEAK.swap(0, Ordering::Relaxed) as f64 / 1048576.0;
    println!(
        "{step:<32} heap in use {live:>6.1} MB (peak {peak:>6.1})  RssAnon {:>6.1} MB  RssFile {:>6.1} MB",
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
}

fn main() {
    report("start");
    let understander = Understander::embedded().expect("phrase files load");
    report("Understander::embedded");
    let renderer = Renderer::embedded().expect("templates load");
    report("+ Renderer::embedded");
    let ctx = Context { speaker: Some(Agent::Id(9)), ..Context::default() };
    understander.understand("占い師COします。Agent[01]を占った結果、人狼でした。", Lang::Ja, &ctx);
    report("+ one Japanese utterance");
    understander.understand("Seer CO. I divined Agent[01] and found a werewolf.", Lang::En, &ctx);
    report("+ one English utterance");
    drop(renderer);
    drop(understander);
    report("both dropped");
}
