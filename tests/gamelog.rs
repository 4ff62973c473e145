//! Game logs → transcripts: the five shared logs (one per era, 2014 to 2020) read with zero errors and every
//! talk translated; our own fixtures for what must always hold (2014 layout and dialect, revotes,
//! `attack,-1,false`, malformed lines, truncated games, HTML escaping); and no input makes the reader panic.

mod common;

use std::collections::HashMap;

use aiwolf_nl::gamelog::{
    Entry, Event, Format, LogLimits, Transcript, TranscriptOptions, Winner, read_log, transcribe, write,
};
use aiwolf_nl::protocol::{Agent, Dialect, Role};
use aiwolf_nl::render::{Lang, Renderer};
use proptest::prelude::*;

fn renderer() -> &'static Renderer {
    static RENDERER: std::sync::OnceLock<Renderer> = std::sync::OnceLock::new();
    RENDERER.get_or_init(|| Renderer::embedded().expect("embedded templates"))
}

fn transcript_of(log: &str, lang: Lang) -> Transcript {
    transcribe(log, renderer(), &TranscriptOptions::new(lang), &LogLimits::default()).expect("transcript")
}

fn talks(transcript: &Transcript) -> impl Iterator<Item = &aiwolf_nl::gamelog::Talk> {
    transcript.days.iter().flat_map(|d| &d.entries).filter_map(|e| match e {
        Entry::Talk(talk) => Some(talk),
        _ => None,
    })
}

/// (file prefix, lines with events, talk lines, whisper lines, winner)
const SHARED_LOGS: &[(&str, usize, usize, usize, Winner)] = &[
    ("2014_", 350, 135, 30, Winner::Werewolf),
    ("2016_", 1244, 820, 185, Winner::Werewolf),
    ("2018_", 849, 594, 36, Winner::Werewolf),
    ("2019_", 975, 757, 38, Winner::Villager),
    ("2020_", 118, 78, 0, Winner::Villager),
];

fn shared_log(prefix: &str) -> Option<String> {
    let dir = common::shared_dir()?.join("data/game-logs");
    let entry = std::fs::read_dir(&dir)
        .expect("game-logs folder")
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .unwrap_or_else(|| panic!("no log {prefix}* in {}", dir.display()));
    Some(std::fs::read_to_string(entry.path()).expect("read log"))
}

#[test]
fn every_shared_log_reads_with_zero_errors() {
    for &(prefix, lines, talk, whisper, winner) in SHARED_LOGS {
        let Some(text) = shared_log(prefix) else {
            return;
        };
        let log = read_log(&text, &LogLimits::default()).unwrap();
        assert!(log.errors.is_empty(), "{prefix}: {:?}", log.errors);
        assert_eq!(log.lines.len(), lines, "{prefix}");
        let count = |whisper_wanted: bool| {
            log.lines
                .iter()
                .filter(|l| matches!(l.event, Event::Talk { whisper, .. } if whisper == whisper_wanted))
                .count()
        };
        assert_eq!((count(false), count(true)), (talk, whisper), "{prefix}");
        let winners: Vec<Winner> = log
            .lines
            .iter()
            .filter_map(|l| match l.event {
                Event::Result { winner, .. } => Some(winner),
                _ => None,
            })
            .collect();
        assert_eq!(winners, [winner], "{prefix}");
    }
}

#[test]
fn every_shared_log_transcribes_with_every_talk_translated() {
    for &(prefix, _, talk, whisper, winner) in SHARED_LOGS {
        let Some(text) = shared_log(prefix) else {
            return;
        };
        for lang in Lang::ALL {
            let transcript = transcript_of(&text, lang);
            assert!(transcript.errors.is_empty());
            assert_eq!(talks(&transcript).count(), talk + whisper, "{prefix}");
            let untranslated: Vec<_> = talks(&transcript).filter(|t| t.translation.is_none()).collect();
            assert!(untranslated.is_empty(), "{prefix} {lang}: {untranslated:?}");
            assert_eq!(transcript.result.winner, Some(winner));
            assert!(transcript.players.len() == 5 || transcript.players.len() >= 12, "{prefix}");
            let html = write(&transcript, Format::Html).unwrap();
            assert_eq!(html.matches("<section class=\"day\"").count(), transcript.days.len());
            assert_eq!(html.matches("<code class=\"protocol\">").count(), talk + whisper);
            assert_eq!(html.matches("<div class=\"talk whisper\"").count(), whisper);
        }
    }
}

#[test]
fn shared_logs_show_their_era() {
    let Some(text) = shared_log("2014_") else {
        return;
    };
    let transcript = transcript_of(&text, Lang::En);
    // 2014: the pre-protocol dialect, votes on day 0, lower-case roles.
    let first = talks(&transcript).next().unwrap();
    assert_eq!(
        (first.protocol.as_str(), first.canonical.as_deref()),
        ("4 werewolf", Some("ESTIMATE Agent[04] WEREWOLF"))
    );
    assert_eq!(first.dialect, Some(Dialect::PreProtocol2014));
    assert!(first.turn.is_none());
    assert!(transcript.days[0].entries.iter().any(|e| matches!(e, Entry::Votes(r) if !r.attack)));
    assert_eq!(transcript.players[10].role, Role::Seer);

    let Some(text) = shared_log("2016_") else {
        return;
    };
    let transcript = transcript_of(&text, Lang::En);
    let dialects: HashMap<_, usize> = talks(&transcript).filter_map(|t| t.dialect).fold(HashMap::new(), |mut m, d| {
        *m.entry(d).or_default() += 1;
        m
    });
    assert!(dialects.contains_key(&Dialect::Protocol2Inquested), "{dialects:?}");
    let nobody_attacked =
        transcript.days.iter().flat_map(|d| &d.entries).any(|e| matches!(e, Entry::Attack(a) if a.target.is_none()));
    assert!(nobody_attacked, "GAT2016 has `attack,-1,false`");
    let agree = talks(&transcript).find(|t| t.verb.as_deref() == Some("AGREE")).unwrap();
    assert!(agree.translation.as_deref().unwrap().contains('“'), "AGREE quotes: {agree:?}");

    let Some(text) = shared_log("2020_") else {
        return;
    };
    let transcript = transcript_of(&text, Lang::Ja);
    let day1_rounds: Vec<u32> = transcript.days[1]
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Votes(r) if !r.attack => Some(r.round),
            _ => None,
        })
        .collect();
    assert_eq!(day1_rounds, [1, 2], "the tied vote on day 1 is followed by a revote");
}

/// A 12-player 2014-style game, cut short: 5-field talk, lower-case words, day-0 votes, a guarded attack.
const LOG_2014: &str = "\
0,status,1,villager,alive,SamplePlayer
0,status,2,werewolf,alive,SamplePlayer
0,status,3,seer,alive,SamplePlayer
0,talk,0,3,( 2 werewolf ) and ( 3 comingout seer ) and ( 2 inspected werewolf ) 
0,whisper,0,2,Over
0,talk,1,1,2 werewolf
0,vote,1,2
0,vote,2,3
0,vote,3,2
0,divine,3,2,Werewolf
0,execute,2,werewolf
0,attack,3,false
0,cursed,4,FOX
";

#[test]
fn a_2014_game_reads_and_translates() {
    let transcript = transcript_of(LOG_2014, Lang::En);
    assert_eq!(transcript.errors.len(), 1);
    assert_eq!(transcript.errors[0].line, 13);
    assert!(transcript.errors[0].message.contains("cursed"));
    let all: Vec<_> = talks(&transcript).collect();
    assert_eq!(all.len(), 3);
    assert_eq!(
        all[0].canonical.as_deref(),
        Some("AND (ESTIMATE Agent[02] WEREWOLF) (COMINGOUT Agent[03] SEER) (DIVINED Agent[02] WEREWOLF)")
    );
    assert!(all[1].whisper);
    assert!(all.iter().all(|t| t.translation.is_some()));
    // No result line: the end says the log stops first, and still reveals the roles.
    assert_eq!(transcript.result.winner, None);
    assert_eq!(
        transcript.players.iter().map(|p| p.role).collect::<Vec<_>>(),
        [Role::Villager, Role::Werewolf, Role::Seer]
    );
    let html = write(&transcript, Format::Html).unwrap();
    assert!(html.contains("<section class=\"result\">"));
    assert!(html.contains("data-line=\"13\""));
}

/// 2014 order (the server's): divination, guard and attack votes during the day, then the execution, then the
/// attack on whoever the wolves chose, here the executed player (once logged `true`, once `false`).
const LOG_2014_ATTACK_ON_EXECUTED: &str = "\
1,status,1,seer,alive,SamplePlayer
1,status,2,werewolf,alive,SamplePlayer
1,status,3,bodyguard,alive,SamplePlayer
1,status,4,villager,alive,SamplePlayer
1,vote,1,4
1,vote,2,4
1,vote,3,4
1,vote,4,1
1,divine,1,2,Werewolf
1,guard,3,1,seer
1,attackVote,2,4
1,execute,4,villager
1,attack,4,true
2,vote,1,2
2,vote,2,1
2,vote,3,1
2,guard,3,1,seer
2,attackVote,2,1
2,execute,1,seer
2,attack,1,false
3,attackVote,2,3
3,attack,3,false
";

#[test]
fn an_attack_on_the_player_executed_that_day_is_told_as_such() {
    for lang in [Lang::En, Lang::Ja] {
        let transcript = transcript_of(LOG_2014_ATTACK_ON_EXECUTED, lang);
        let attacks: Vec<_> = transcript
            .days
            .iter()
            .flat_map(|d| &d.entries)
            .filter_map(|e| match e {
                Entry::Attack(a) => Some(a),
                _ => None,
            })
            .collect();
        let details: Vec<_> = attacks.iter().map(|a| a.detail.as_str()).collect();
        // Neither "found dead" nor "survived" for a player already executed; a guarded one still survives.
        assert_eq!(details, ["target_executed", "target_executed", "failed"], "{lang:?}");
        let text = write(&transcript, Format::Text).unwrap();
        let executed = text.find(&attacks[1].text).unwrap();
        assert!(text[..executed].contains(if lang == Lang::En {
            "Agent[01] was executed"
        } else {
            "Agent[01]さんが処刑"
        }));
        assert!(!attacks[0].text.contains("dead") && !attacks[0].text.contains("無残"), "{}", attacks[0].text);
    }
}

#[test]
fn whispers_are_marked_in_the_text_not_only_by_colour() {
    let transcript = transcript_of(LOG_2014, Lang::Ja);
    let text = write(&transcript, Format::Text).unwrap();
    assert!(text.lines().any(|l| l.starts_with("（囁き） Agent[02]")), "{text}");
    let english = write(&transcript_of(LOG_2014, Lang::En), Format::Html).unwrap();
    assert!(english.contains("<span class=\"whisper-mark\">(whisper)</span>"), "{english}");
}

#[test]
fn names_come_from_the_table_then_the_character_field() {
    let log = "0,status,1,SEER,ALIVE,kanolab,George\n0,status,2,WEREWOLF,ALIVE,x\n1,vote,1,2\n";
    let mut options = TranscriptOptions::new(Lang::En);
    options.names.insert(Agent::Id(2), "Sakura");
    let transcript = transcribe(log, renderer(), &options, &LogLimits::default()).unwrap();
    match &transcript.days[0].entries[0] {
        Entry::Votes(round) => assert_eq!(round.votes[0].text, "George voted for Sakura."),
        other => panic!("{other:?}"),
    }
}

#[test]
fn html_escapes_every_agent_string() {
    let log = "0,status,1,SEER,ALIVE,<img src=x onerror=alert(1)>\n\
               1,talk,0,0,1,<script>alert(\"x\")</script>\n\
               1,talk,1,0,1,COMINGOUT Agent[01] SEER\n";
    for lang in Lang::ALL {
        let html = write(&transcript_of(log, lang), Format::Html).unwrap();
        assert!(!html.contains("<script") && !html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    }
}

/// Narration and structure only (no talk that parses), so the snapshot does not depend on talk templates.
const NARRATION_LOG: &str = "\
0,status,1,SEER,ALIVE,alice
0,status,2,WEREWOLF,ALIVE,bob
0,status,3,BODYGUARD,ALIVE,carol
0,divine,1,2,WEREWOLF
1,talk,0,0,1,hello there
1,whisper,0,0,2,<b>psst</b>
1,vote,1,2
1,vote,2,3
1,vote,1,2
1,vote,2,1
1,vote,3,2
1,execute,2,WEREWOLF
1,guard,3,1,SEER
1,attack,-1,false
2,result,2,0,VILLAGER
";

#[test]
fn narration_snapshots() {
    for lang in Lang::ALL {
        let transcript = transcript_of(NARRATION_LOG, lang);
        insta::assert_snapshot!(format!("narration_text_{lang}"), write(&transcript, Format::Text).unwrap());
        insta::assert_snapshot!(format!("narration_html_{lang}"), write(&transcript, Format::Html).unwrap());
    }
}

#[test]
fn a_log_without_status_lines_has_no_roles_section() {
    let log = "1,talk,0,0,1,COMINGOUT Agent[01] SEER\n1,vote,1,2\n1,vote,2,1\n";
    for lang in Lang::ALL {
        let transcript = transcript_of(log, lang);
        assert!(transcript.players.is_empty());
        let title = &transcript.result.roles_title;
        let text = write(&transcript, Format::Text).unwrap();
        assert!(!text.contains(&format!("-- {title} --")), "{text}");
        let html = write(&transcript, Format::Html).unwrap();
        assert!(!html.contains("roles-title") && !html.contains("<table class=\"roles\""), "{html}");
        assert!(html.contains("<section class=\"result\">") && html.contains("</section>"), "{html}");
    }
    // With status lines the section stays.
    let text = write(&transcript_of(NARRATION_LOG, Lang::En), Format::Text).unwrap();
    assert!(text.contains("-- Roles --"), "{text}");
}

#[test]
fn empty_unreadable_and_oversized_logs_fail_clearly() {
    let options = TranscriptOptions::new(Lang::En);
    let limits = LogLimits::default();
    assert_eq!(transcribe(" \n", renderer(), &options, &limits).unwrap_err().to_string(), "the log is empty");
    let error = transcribe("hello\nworld\n", renderer(), &options, &limits).unwrap_err().to_string();
    assert!(error.contains("line 1") && error.contains("no comma"), "{error}");
    let small = LogLimits { max_bytes: 10, ..LogLimits::default() };
    let error = transcribe("1,vote,1,2\n1,vote,2,1\n", renderer(), &options, &small).unwrap_err().to_string();
    assert_eq!(error, "the log is 22 bytes, the limit is 10");
}

#[test]
fn vote_rounds_open_after_other_entries_and_on_a_second_vote() {
    let log = "1,vote,1,2\n1,vote,2,1\n2,vote,1,2\n1,vote,3,1\n1,attackVote,4,1\n1,vote,1,3\n1,vote,2,3\n1,vote,1,2\n";
    let transcript = transcript_of(log, Lang::En);
    let rounds: Vec<(bool, u32, Vec<u32>)> = transcript.days[0]
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Votes(r) => Some((r.attack, r.round, r.votes.iter().map(|v| v.voter.number()).collect())),
            _ => None,
        })
        .collect();
    // Day 2's vote between them does not close day 1's round; the attack vote does; Agent[01] voting again
    // opens the revote.
    assert_eq!(rounds, [(false, 1, vec![1, 2, 3]), (true, 1, vec![4]), (false, 2, vec![1, 2]), (false, 3, vec![1])]);
}

#[test]
fn quotes_are_cut_short_so_chains_of_agreement_stay_linear() {
    // Each AGREE quotes the one before it, and the first quotes a talk line far over the parse limit: whole
    // quotes would make the last translation hold every earlier one.
    let mut log = format!("1,talk,0,0,1,{}\n", "Agent[01] VOTE Agent[02] ".repeat(400));
    for id in 1..60 {
        log.push_str(&format!("1,talk,{id},0,{},AGREE TALK day1 ID:{}\n", id % 5 + 1, id - 1));
    }
    for lang in Lang::ALL {
        let transcript = transcript_of(&log, lang);
        for talk in talks(&transcript).skip(1) {
            let length = talk.translation.as_deref().expect("AGREE translates").chars().count();
            assert!(length < 400, "talk {} is {length} characters long", talk.id);
        }
    }
}

fn log_line() -> impl Strategy<Value = String> {
    let kind = prop::sample::select(vec![
        "status",
        "talk",
        "whisper",
        "vote",
        "attackVote",
        "divine",
        "guard",
        "execute",
        "attack",
        "result",
        "x",
        "",
    ]);
    let field = prop::sample::select(vec![
        "0",
        "1",
        "-1",
        "15",
        "99999999999",
        "",
        "werewolf",
        "HUMAN",
        "alive",
        "DEAD",
        "true",
        "false",
        "VILLAGER",
        "4 werewolf",
        "( 1 seer ) and (",
        "VOTE Agent[01]",
        "AGREE TALK day1 ID:0",
        "<script>",
        "é",
    ]);
    (0u32..4, kind, prop::collection::vec(field, 0..6))
        .prop_map(|(day, kind, fields)| format!("{day},{kind},{}", fields.join(",")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_log_makes_the_reader_or_transcript_panic(lines in prop::collection::vec(log_line(), 0..40), junk in ".{0,40}") {
        let log = format!("{}\n{junk}", lines.join("\n"));
        let read = read_log(&log, &LogLimits::default()).unwrap();
        prop_assert!(read.errors.iter().all(|e| e.line >= 1 && e.line <= log.split('\n').count()));
        if let Ok(transcript) = transcribe(&log, renderer(), &TranscriptOptions::new(Lang::Ja), &LogLimits::default()) {
            let html = write(&transcript, Format::Html).unwrap();
            prop_assert!(!html.contains("<script"));
        }
    }
}

#[test]
fn the_log_command_writes_a_transcript_and_fails_only_on_unreadable_logs() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gamelog-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("2014.log");
    std::fs::write(&log, LOG_2014).unwrap();
    let names = dir.join("names.json");
    std::fs::write(&names, r#"{"Agent[03]": "ミナト"}"#).unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_aiwolf-nl")).arg("log").args(args).output().unwrap()
    };
    let output = run(&[
        log.as_os_str(),
        "--to".as_ref(),
        "ja".as_ref(),
        "--format".as_ref(),
        "html".as_ref(),
        "--names".as_ref(),
        names.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.starts_with("<article class=\"transcript\" lang=\"ja\">"), "{html}");
    assert!(html.contains("<span class=\"speaker\">ミナト</span>"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("1 line(s) could not be read"));

    let output = run(&[log.as_os_str(), "--to".as_ref(), "en".as_ref(), "--format".as_ref(), "json".as_ref()]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["errors"][0]["line"], 13);

    let bad = dir.join("bad.log");
    std::fs::write(&bad, "not a log\n").unwrap();
    let output = run(&[bad.as_os_str(), "--to".as_ref(), "en".as_ref()]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 1"), "{}", String::from_utf8_lossy(&output.stderr));
}
