//! Where the idle memory of `aiwolf-nl serve` goes: the heap in use (and its peak) and the resident anonymous
//! and file-backed memory after loading each half of the translator, and after a first utterance in each
//! language (which fills the lazy regex caches). The gap between the heap in use and `RssAnon` is what the
//! allocator holds (with transparent huge pages, a touched 2 MiB page counts whole).
//! Run: `cargo run --release --example idle_memory`.

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use aiwolf_nl::protocol::{Agent, Context};
use aiwolf_nl::render::Renderer;
use aiwolf_nl::understand::{Lang, Understander};

fn report(step: &str) {
    println!(
        "{step:<32} heap in use {:>6.1} MB (peak {:>6.1})  RssAnon {:>6.1} MB  RssFile {:>6.1} MB",
        counting_alloc::live_mb(),
        counting_alloc::take_peak_mb(),
        counting_alloc::status_mb("RssAnon:"),
        counting_alloc::status_mb("RssFile:")
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
