//! Prints what the understander reads in each line of stdin (`lang speaker text`), for phrase-file work.
use std::io::BufRead;

use aiwolf_nl::protocol::{Agent, Context};
use aiwolf_nl::understand::{Lang, Understander};

fn main() {
    let understander = Understander::embedded().expect("phrase files load");
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let lang = if line.starts_with("en ") { Lang::En } else { Lang::Ja };
        let text = line.trim_start_matches("en ").trim_start_matches("ja ");
        let ctx = Context { speaker: Some(Agent::Id(99)), ..Context::default() };
        let u = understander.understand(text, lang, &ctx);
        println!("{text}\n  {:?}", u.sentences.iter().map(|s| s.canonical.as_str()).collect::<Vec<_>>());
    }
}
