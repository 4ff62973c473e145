//! Always-run fixtures: one or more utterances per meaning convention (C1–C17 of meaning-conventions.md) in
//! Japanese and English, with the convention's name table (Agent[01] ミナト/Minato … Agent[09] ダイスケ/Daisuke).

use aiwolf_nl::protocol::{Agent, Context};
use aiwolf_nl::understand::{Lang, MAX_INPUT_BYTES, Understander};

mod common;

use common::convention_names as names;

/// (convention, language, speaker seat, utterance, expected sentences joined by " ; " or "Skip").
const CASES: &[(&str, Lang, u32, &str, &str)] = &[
    // C1: the speaker's own claims carry no subject, a third party's do.
    ("C1", Lang::Ja, 9, "リンを占ったら人狼だった。", "DIVINED Agent[07] WEREWOLF"),
    ("C1", Lang::Ja, 9, "サクラがミヅキに人間判定", "Agent[02] DIVINED Agent[05] HUMAN"),
    ("C1", Lang::En, 9, "Sakura divined Mizuki as human.", "Agent[02] DIVINED Agent[05] HUMAN"),
    // C2: pronouns resolve to the speaker and the addressee.
    ("C2", Lang::Ja, 3, "@シオン あなたは狩人なの？", "INQUIRE Agent[04] (COMINGOUT Agent[04] BODYGUARD)"),
    ("C2", Lang::En, 3, "@Shion are you the bodyguard?", "INQUIRE Agent[04] (COMINGOUT Agent[04] BODYGUARD)"),
    // C3: self claims.
    ("C3", Lang::Ja, 9, "霊能COします。", "COMINGOUT Agent[09] MEDIUM"),
    ("C3", Lang::Ja, 9, "私は騎士です。", "COMINGOUT Agent[09] BODYGUARD"),
    ("C3", Lang::En, 9, "Seer CO.", "COMINGOUT Agent[09] SEER"),
    ("C3", Lang::En, 9, "I'm the medium.", "COMINGOUT Agent[09] MEDIUM"),
    // C4: results; the source word decides DIVINED vs IDENTIFIED.
    ("C4", Lang::Ja, 9, "占い結果：ケンジは黒", "DIVINED Agent[03] WEREWOLF"),
    ("C4", Lang::Ja, 9, "霊能結果はタクミが人間だった", "IDENTIFIED Agent[06] HUMAN"),
    ("C4", Lang::En, 9, "N1: Kenji=Human", "DIVINED Agent[03] HUMAN"),
    ("C4", Lang::En, 9, "Medium result: Takumi was a werewolf.", "IDENTIFIED Agent[06] WEREWOLF"),
    // C5: third-party reports; hearsay is Skip.
    ("C5", Lang::Ja, 9, "サクラさんの占い結果はミヅキ白", "Agent[02] DIVINED Agent[05] HUMAN"),
    ("C5", Lang::Ja, 6, "シオンさんから白をもらってます", "Agent[04] DIVINED Agent[06] HUMAN"),
    ("C5", Lang::Ja, 9, "誰かがケンジは黒だって言ってた気がする", "Skip"),
    ("C5", Lang::En, 9, "Kenji didn't vote for Takumi.", "NOT (Agent[03] VOTED Agent[06])"),
    // C6: estimates take a role; hedges are never results.
    ("C6", Lang::Ja, 9, "ケンジは狼っぽい", "ESTIMATE Agent[03] WEREWOLF"),
    ("C6", Lang::Ja, 9, "タクミは狂人目", "ESTIMATE Agent[06] POSSESSED"),
    ("C6", Lang::Ja, 9, "ミナトは村目", "ESTIMATE Agent[01] VILLAGER"),
    ("C6", Lang::Ja, 9, "ケンジは人狼だと思う", "ESTIMATE Agent[03] WEREWOLF"),
    ("C6", Lang::Ja, 9, "確白のミナトさんを護衛して", "REQUEST ANY (GUARD Agent[01])"),
    ("C6", Lang::En, 9, "Kenji reads as wolf.", "ESTIMATE Agent[03] WEREWOLF"),
    ("C6", Lang::En, 9, "Mizuki might be a wolf, I think.", "ESTIMATE Agent[05] WEREWOLF"),
    ("C6", Lang::En, 9, "Minato seems like a villager.", "ESTIMATE Agent[01] VILLAGER"),
    // C7: negation.
    ("C7", Lang::Ja, 9, "俺は人狼じゃない", "NOT (COMINGOUT Agent[09] WEREWOLF)"),
    ("C7", Lang::Ja, 9, "ミヅキさんは占いCOしていません", "NOT (Agent[05] COMINGOUT Agent[05] SEER)"),
    ("C7", Lang::Ja, 9, "リンのこと、別に疑ってないよ", "NOT (ESTIMATE Agent[07] WEREWOLF)"),
    ("C7", Lang::Ja, 9, "ミヅキは狼じゃないと思う", "Skip"),
    ("C7", Lang::Ja, 9, "ユミには投票しないで", "REQUEST ANY (NOT (VOTE Agent[08]))"),
    ("C7", Lang::En, 9, "I didn't vote for Kenji.", "NOT (VOTED Agent[03])"),
    ("C7", Lang::En, 9, "I won't vote for Sakura.", "NOT (VOTE Agent[02])"),
    ("C7", Lang::En, 9, "I'm not a werewolf.", "NOT (COMINGOUT Agent[09] WEREWOLF)"),
    ("C7", Lang::En, 9, "I'm not suspecting Rin at all.", "NOT (ESTIMATE Agent[07] WEREWOLF)"),
    ("C7", Lang::En, 9, "Mizuki is not a werewolf, I think.", "Skip"),
    ("C7", Lang::En, 9, "Nobody vote for Yumi.", "REQUEST ANY (NOT (VOTE Agent[08]))"),
    // C8: own intent vs request.
    ("C8", Lang::Ja, 9, "リンに投票します", "VOTE Agent[07]"),
    ("C8", Lang::Ja, 9, "タクミ吊りに一票", "VOTE Agent[06]"),
    ("C8", Lang::Ja, 9, "今夜はタクミを占います", "DIVINATION Agent[06]"),
    // Nobody votes for or divines themselves: the speaker (Agent[09], ダイスケ) naming their own seat took one
    // player for two.
    ("C8", Lang::Ja, 9, "今夜はダイスケを占います", "Skip"),
    ("C8", Lang::En, 9, "I vote for Daisuke.", "Skip"),
    ("C8", Lang::Ja, 1, "サクラ噛もうぜ", "REQUEST ANY (ATTACK Agent[02])"),
    ("C8", Lang::Ja, 9, "みんなでケンジに投票しよう", "REQUEST ANY (VOTE Agent[03])"),
    ("C8", Lang::Ja, 9, "@シオン ケンジに投票してくれない？", "REQUEST Agent[04] (VOTE Agent[03])"),
    ("C8", Lang::Ja, 9, "ケンジ吊りで", "Skip"),
    ("C8", Lang::En, 9, "I vote Kenji.", "VOTE Agent[03]"),
    ("C8", Lang::En, 9, "Tonight I'm guarding Yumi.", "GUARD Agent[08]"),
    ("C8", Lang::En, 1, "Let's attack Sakura.", "REQUEST ANY (ATTACK Agent[02])"),
    ("C8", Lang::En, 9, "Please consider that Kenji is a wolf.", "REQUEST ANY (ESTIMATE Agent[03] WEREWOLF)"),
    ("C8", Lang::En, 9, "Seer, please come out.", "Skip"),
    // C9: questions.
    ("C9", Lang::Ja, 9, "@シオン 誰に投票する？", "INQUIRE Agent[04] (VOTE ANY)"),
    ("C9", Lang::Ja, 9, "今日って何日目だっけ？", "Skip"),
    ("C9", Lang::En, 9, "@Shion who will you vote for?", "INQUIRE Agent[04] (VOTE ANY)"),
    ("C9", Lang::En, 9, "Shion, who did you vote for?", "INQUIRE Agent[04] (VOTED ANY)"),
    // C10: BECAUSE with an explicit marker, in logical order.
    (
        "C10",
        Lang::Ja,
        9,
        "ミナトが占い師COしたので、ミナトは人狼だと思います",
        "BECAUSE (Agent[01] COMINGOUT Agent[01] SEER) (ESTIMATE Agent[01] WEREWOLF)",
    ),
    (
        "C10",
        Lang::Ja,
        9,
        "リンを占ったら人狼だったから、リンに投票します",
        "BECAUSE (DIVINED Agent[07] WEREWOLF) (VOTE Agent[07])",
    ),
    (
        "C10",
        Lang::En,
        9,
        "I'm voting Kenji because Sakura divined Kenji as a werewolf.",
        "BECAUSE (Agent[02] DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])",
    ),
    // C11: DAY only with a stated number.
    ("C11", Lang::Ja, 9, "2日目にケンジに投票した", "DAY 2 (VOTED Agent[03])"),
    ("C11", Lang::Ja, 9, "昨夜はシオンを護衛しました", "GUARDED Agent[04]"),
    ("C11", Lang::En, 9, "On day 3 I voted for Rin.", "DAY 3 (VOTED Agent[07])"),
    // C12: coordination.
    (
        "C12",
        Lang::Ja,
        9,
        "ケンジとサクラはどっちも人狼だと思う",
        "AND (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[02] WEREWOLF)",
    ),
    (
        "C12",
        Lang::En,
        9,
        "Exactly one of Kenji and Sakura is a wolf.",
        "XOR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[02] WEREWOLF)",
    ),
    // C13: AGREE only with a talk number.
    ("C13", Lang::Ja, 9, "2日目のID:5の発言に同意", "AGREE TALK day2 ID:5"),
    ("C13", Lang::Ja, 9, "ケンジさんの意見に賛成", "Skip"),
    ("C13", Lang::En, 9, "+1 to day1 ID:7", "AGREE TALK day1 ID:7"),
    ("C13", Lang::En, 9, "I agree with what Sakura said.", "Skip"),
    // C14: action reports.
    ("C14", Lang::Ja, 9, "ミヅキさんが噛まれました", "ANY ATTACKED Agent[05]"),
    ("C14", Lang::Ja, 1, "ユミを噛んだのは俺だ", "ATTACKED Agent[08]"),
    ("C14", Lang::En, 9, "Daisuke voted for Kenji.", "VOTED Agent[03]"),
    ("C14", Lang::En, 1, "Mizuki was attacked.", "ANY ATTACKED Agent[05]"),
    // C15: several sentences in order; chit-chat dropped.
    (
        "C15",
        Lang::Ja,
        9,
        "おはよう！占いCO。ケンジは人狼でした。",
        "COMINGOUT Agent[09] SEER ; DIVINED Agent[03] WEREWOLF",
    ),
    (
        "C15",
        Lang::En,
        9,
        "Good morning! Seer CO. I divined Kenji as human.",
        "COMINGOUT Agent[09] SEER ; DIVINED Agent[03] HUMAN",
    ),
    // C16: a trailing stand-alone Over.
    ("C16", Lang::Ja, 9, "今日はミナトくんに投票するよ。Over", "VOTE Agent[01] ; Over"),
    ("C16", Lang::En, 9, "I vote Minato. over", "VOTE Agent[01] ; Over"),
    ("C16", Lang::En, 9, "The game is over", "Skip"),
    // C17: not protocol.
    ("C17", Lang::Ja, 9, "ありがとう、よろしくね", "Skip"),
    ("C17", Lang::Ja, 9, "狼が2匹残ってるなら、ケンジは人狼だ", "Skip"),
    ("C17", Lang::En, 9, "If Kenji is the seer, Sakura is a werewolf.", "Skip"),
    ("C17", Lang::En, 9, "Suppose Mizuki is the possessed.", "Skip"),
    ("C17", Lang::En, 9, "Fair enough.", "Skip"),
];

#[test]
fn meaning_conventions_hold() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let mut failures = Vec::new();
    for &(convention, lang, speaker, utterance, expected) in CASES {
        let got = said(&understander, lang, speaker, utterance);
        if got != expected {
            failures.push(format!("{convention} {lang:?} {utterance:?}\n    expected {expected}\n    got      {got}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} fixtures fail:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

/// Phenomena of real talk that gave wrong sentences (real-talk-dev.md's house rules, C1–C18), speaker Agent[09]:
/// phenomenon, language, utterance and expected sentences (or `Skip`), tab-separated. Why each holds:
/// reconsidering undoes (C17); thanks for a claim acknowledge it; a clause turned noun by «のは» asserts nothing
/// (C18); a result with no source word is no opinion either (C4); an object after a conjugated Japanese verb is a
/// later verb's; a role said to exist names nobody; a topic several sentences back is not a bare statement's
/// subject; «いたします» is no past; «公開しておこう» tells; a restatement is said once; a third party's act is no
/// BECAUSE conclusion (C10); «みんな» opening a sentence calls on everyone (C8); the addressee is not a result's
/// left-out player; quoted words and "X says" reports are someone else's (C5); trusting a result is no estimate
/// (house rule 6); no vote is cast "tonight"; a verb after a dash is a command; a result mark asked for after its
/// source asks for the result (C9); a count of wolves says nothing; a player named but not as the target keeps a
/// vote open (C8); a reason said first, alone, explains the request after it (house rule 8); trusting a deed
/// is no trust in the player; an opinion of a result is nothing protocol asks; "pushed to lynch" describes.
const REAL_TALK_CASES: &str = "\
reconsider	ja	ケンジへの投票をご再検討ください	Skip
reconsider	ja	サクラさんの真を再考すべきかと。	Skip
reconsider	en	Please reconsider your vote on Kenji.	Skip
thanks	ja	サクラ占い師COありがとう！	Skip
nominalised	ja	ケンジが素村COを続けるのは怪しい	ESTIMATE Agent[03] WEREWOLF
no source	ja	俺の結果はケンジが人間。	Skip
later object	ja	逆に僕を疑ってケンジを残したら負けちゃう。僕はケンジに投票する。	VOTE Agent[03]
attributive	ja	ケンジが怪しい。黒を引いた相手に投票しない占い師がいると思うかい？	ESTIMATE Agent[03] WEREWOLF
far topic	ja	ケンジが狂人だって言ってたね！ちょっと混乱しちゃった。状況を整理しよう。一緒に人狼やっつけよう！	Agent[03] COMINGOUT Agent[03] POSSESSED
prohibitive	ja	リンには入れるなよ	REQUEST ANY (NOT (VOTE Agent[07]))
a condition, no prohibitive	ja	ユミに投票するなら、俺も入れる	Skip
emphatic なんか, no question	ja	ケンジになんか入れてないよ	NOT (VOTED Agent[03])
contrast after a polite past	ja	昨夜はリンを守りましたが襲撃はありませんでした	GUARDED Agent[07]
according to a player	ja	ユミが言うには、占いでケンジは黒だって	Agent[08] DIVINED Agent[03] WEREWOLF
according to a player	ja	ミナトいわく、霊能でサクラは人狼	Agent[01] IDENTIFIED Agent[02] WEREWOLF
according to nobody named	ja	ケンジは白らしい、占いの人によると	Skip
hearsay	ja	聞いた話だと、ミナトが占いで白だったらしい	Skip
a result received	ja	サクラから黒判定を受けました	Agent[02] DIVINED Agent[09] WEREWOLF
a claim named as a noun	ja	ケンジの狩人COには驚いた	Skip
pitch black	ja	占いの結果、タクミは真っ黒だった	DIVINED Agent[06] WEREWOLF
a tentative volitional	ja	次はユミを噛もうかな	Skip
another's result, hedged	ja	リンの占いだとユミは白みたい	Agent[07] DIVINED Agent[08] HUMAN
a look by the medium	ja	霊能でミナトを調べるつもり	Skip
調べる is divining	ja	占い師さん、今夜はユミを調べてください	REQUEST ANY (DIVINATION Agent[08])
どこ asks whom	ja	@ケンジ 今日はどこに投票するの？	INQUIRE Agent[03] (VOTE ANY)
a denial, no tag	ja	私は狼じゃねーから	NOT (COMINGOUT Agent[09] WEREWOLF)
hearsay framing the sentence	ja	噂だと、サクラは占い師らしい	Skip
an opinion of oneself is not asked	ja	@リン 君の意見はどう思う？	Skip
the object of a nominalised clause	ja	ユミさん、ケンジさんに票を入れたのは怪しい	ESTIMATE Agent[08] WEREWOLF
the speaker set off is who votes	ja	僕はサクラ吊りに一票	VOTE Agent[02]
who are you	ja	ミナト、あんた何者？	INQUIRE Agent[01] (COMINGOUT Agent[01] ANY)
a role as a 役 word	ja	霊媒役はユミだと思う	ESTIMATE Agent[08] MEDIUM
a vote for a noun, not for the addressee	ja	@ユミ 僕は怪しい人に投票するだけだよ	Skip
a vote for the one talked about, not the addressee	ja	@ミナト @リン 同感。ケンジの主張は変だ。奴に票を入れる。	VOTE Agent[03]
an adverb in っと is no quote	ja	リンのこと、ちょっと信じられないな	NOT (ESTIMATE Agent[07] VILLAGER)
in a player's view, asked	ja	サクラ的には誰が怪しい？	INQUIRE Agent[02] (ESTIMATE ANY WEREWOLF)
a view from another's seat	ja	サクラから見てミナトは怪しい	Skip
humble verb	ja	本日はケンジ様に投票いたします。	VOTE Agent[03]
telling	ja	今日の投票先を公開しておこうかな。私はケンジに投票するつもりだよ。	VOTE Agent[03]
restated	ja	昨夜の占い結果を報告します。ケンジを占ったところ、黒判定が出ました。つまりケンジは人狼ということです。	DIVINED Agent[03] WEREWOLF
reported conclusion	ja	リンも占い師って言ってるけど・・・僕が本物の占い師だから・・・。	Agent[07] COMINGOUT Agent[07] SEER ; COMINGOUT Agent[09] SEER
everyone	ja	>>Agent[02] ケンジは人狼だ。みんなケンジに投票するんだ！	ESTIMATE Agent[03] WEREWOLF ; REQUEST ANY (VOTE Agent[03])
result target	ja	>>Agent[04] ケンジからは敵の匂いがする。占いで黒を引いているからね。	Skip
quoted	en	Sakura’s “Kenji is a wolf” came out too quick.	Skip
trust result	en	Trust Mizuki's divination.	Skip
report	en	Sakura claimed seer and says Kenji is human.	Agent[02] COMINGOUT Agent[02] SEER ; Agent[02] DIVINED Agent[03] HUMAN
tonight	en	We eliminate Kenji tonight.	Skip
asked result	ja	@ミヅキ 占い結果気になるね。誰が白だったのか早く教えてよー！	INQUIRE Agent[05] (DIVINED ANY HUMAN)
count	ja	今日はケンジ吊りで狼1確実に減らせます。	Skip
open vote	ja	@ケンジ 投票先はケンジで固定し	Skip
dash command	en	Confirmed—kill Kenji tonight.	REQUEST ANY (ATTACK Agent[03])
reason first	ja	>>Agent[02] ケンジは人狼だからね。みんなケンジに投票するんだ！	BECAUSE (ESTIMATE Agent[03] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))
trusted deed	ja	ケンジが慎重なのは信用できる	Skip
result opinion	ja	占い結果はミヅキ白でした。皆さん、この結果についてどう思いますか？	DIVINED Agent[05] HUMAN
pushed	en	Kenji, you pushed to lynch Yumi and now she is dead.	Skip
last value	ja	狂人こわいなーぼくは霊能者！	COMINGOUT Agent[09] MEDIUM
modifier value	ja	僕がこの村の霊能者だよ	COMINGOUT Agent[09] MEDIUM
role topic	ja	人狼は役職が多くて楽しいね	Skip
role topic	ja	人狼って変わった役職もあるんだね	Skip
role vocative	ja	人狼、よくやったな！	Skip
exclaimed copula	ja	私が霊能者です！ケンジの霊能結果は人間でした！	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[03] HUMAN
result in piece	ja	私が占い師だよ。ユミを占って結果は白だったよ。	COMINGOUT Agent[09] SEER ; DIVINED Agent[08] HUMAN
inverted claim	ja	ケンジとリン、霊能者は私です！	COMINGOUT Agent[09] MEDIUM
revealed	ja	実は俺が狂人だったんだ。	COMINGOUT Agent[09] POSSESSED
revealed	ja	俺、狂人だったんだ。	Skip
quoted reason	ja	よその村によると霊能COしているからと報告されています	Skip
wondered	ja	今ケンジに投票すべきかは迷うところだ。	Skip
plain form noun	ja	白を出して吊れる範囲を減らしているケンジは占い師に見えるね	ESTIMATE Agent[03] SEER
if not	ja	@ケンジ お前を吊らなきゃ村が負けるぞ	Skip
role as subject	ja	@ケンジ このままだと村が負けるよ	Skip
named suspicion	ja	ケンジの発言は疑わしいな、狂人の可能性が高いと思う	ESTIMATE Agent[03] POSSESSED
asked you	en	Rin are you the seer? Please tell us your result.	INQUIRE Agent[07] (COMINGOUT Agent[07] SEER) ; INQUIRE Agent[07] (DIVINED ANY ANY)
wolves safe	en	@Kenji your silence keeps wolves safe.	Skip
pronoun after name	en	Yumi is quiet. Rin  she claimed villager early.	Agent[07] COMINGOUT Agent[07] VILLAGER
pronoun after name	en	Yumi voted for Rin. She is the most suspicious one.	Agent[08] VOTED Agent[07] ; ESTIMATE Agent[08] WEREWOLF
own question	en	@Kenji you claimed seer — what's your divination result?	Agent[03] COMINGOUT Agent[03] SEER ; INQUIRE Agent[03] (DIVINED ANY ANY)
peeked	en	I peeked at Kenji and he is a wolf	Skip
done as reason	ja	ユミが霊能COしたことでケンジは村人確定だね	BECAUSE (Agent[08] COMINGOUT Agent[08] MEDIUM) (ESTIMATE Agent[03] VILLAGER)
our attack	ja	ミナトは僕たちが襲撃したよ	ATTACKED Agent[01]
call before a wh word	ja	ケンジさん、誰を占ったか教えて	INQUIRE Agent[03] (DIVINED ANY ANY)
call after a question	en	Who are you voting for, Kenji?	INQUIRE Agent[03] (VOTE ANY)
either of two roles	ja	ケンジは人狼か狂人のどちらかだと思う	XOR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[03] POSSESSED)
either of two players	ja	ケンジかリンのどちらかが人狼だと思う	XOR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[07] WEREWOLF)
either of two players	en	Either Kenji or Rin is a wolf.	XOR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[07] WEREWOLF)
or without how many	ja	ケンジかリンが狼だと思う	Skip
or without how many	en	Kenji or Rin is a wolf.	Skip
coming forward	ja	ここで霊能者として名乗り出ます。	COMINGOUT Agent[09] MEDIUM
polite request	ja	ケンジさんに投票していただきたい	REQUEST ANY (VOTE Agent[03])
polite call to come out	ja	占い師の方は名乗り出ていただきたい。	Skip
reason closing its sentence	ja	昨日ケンジに投票したのは、彼が怪しかったからです。	BECAUSE (ESTIMATE Agent[03] WEREWOLF) (VOTED Agent[03])
role holder asked to act	en	Could the bodyguard protect Sakura tonight?	REQUEST ANY (GUARD Agent[02])
which of two roles	en	Rin, are you a Seer or Villager?	Skip
a claim reported, not called for	en	Sakura claims medium.	Agent[02] COMINGOUT Agent[02] MEDIUM
a claim reported, not called for	en	Sakura claims seer.	Agent[02] COMINGOUT Agent[02] SEER
a call to claim	en	Sakura, claim seer please.	REQUEST Agent[02] (COMINGOUT Agent[02] SEER)
a role a claim took	en	Sakura co seer.	Skip
belief in a clause	ja	シオンさんは人狼ではないと信じています。	Skip
belief in a clause	en	I trust that Shion is not a wolf.	Skip
whether to act, weighed	ja	ケンジさんに投票するか、リンさんに投票するか、まだ決めていません。	Skip
a polite therefore	ja	私の占いでは、リンさんは人間でした。ですので、リンさんを信じてあげてください。	BECAUSE (DIVINED Agent[07] HUMAN) (REQUEST ANY (ESTIMATE Agent[07] VILLAGER))
chat results after a space	ja	占いCO ケンジ● リン○	COMINGOUT Agent[09] SEER ; DIVINED Agent[03] WEREWOLF ; DIVINED Agent[07] HUMAN
a role coming forward	ja	占い師が名乗り出ていないのは興味深いな。	Skip
an ally trusted	ja	@ケンジ 君は味方だと信じているよ。	ESTIMATE Agent[03] VILLAGER
two reasons, not a cleft	ja	私はケンジに投票する。リンが人間であり、ケンジが疑わしい存在だからだ。	VOTE Agent[03] ; ESTIMATE Agent[07] VILLAGER ; ESTIMATE Agent[03] WEREWOLF
a claim by 'who'	en	Let's hold off on CO until we see who claims Seer first.	Skip
'who' never a player	en	Who is your wolf pick and what's your evidence this time?	INQUIRE ANY (ESTIMATE ANY WEREWOLF)
negative tag question	ja	タクミさんって人狼っぽくないですか？	ESTIMATE Agent[06] WEREWOLF
whose behaviour	en	I find @Rin's shifting suspicious.	ESTIMATE Agent[07] WEREWOLF
who is, not whose	en	We have to vote Rin. He acts just like a wolf who's hiding.	REQUEST ANY (VOTE Agent[07]) ; ESTIMATE Agent[07] WEREWOLF
an invitation	ja	皆さん、今日はリンさんに投票しませんか？	REQUEST ANY (VOTE Agent[07])
a polite request	ja	サクラさん、ケンジを占ってくれませんか？	REQUEST Agent[02] (DIVINATION Agent[03])
a polite request	ja	ミナトさん、今夜はサクラさんを護衛していただけませんか？	REQUEST Agent[01] (GUARD Agent[02])
not voted, asked	ja	ケンジに投票していませんか？	INQUIRE ANY (NOT (VOTED Agent[03]))
a mention with a particle	ja	@シオン の沈黙は不自然。人狼の可能性が高い。今日は彼女を吊るべき。	ESTIMATE Agent[04] WEREWOLF ; REQUEST ANY (VOTE Agent[04])
a mention before a word, still a call	ja	@ケンジ はい、あなたは誰に投票する？	INQUIRE Agent[03] (VOTE ANY)
a mention calling at the end	ja	怪しいのはサクラへの追随だよ、 @ケンジ 。私は予定通り君に投票する。	ESTIMATE Agent[02] WEREWOLF ; VOTE Agent[03]
a final vote, no call	en	My final vote: @Kenji . Kenji claimed seer.	VOTE Agent[03] ; Agent[03] COMINGOUT Agent[03] SEER
asking about one's own vote	en	Your vote pattern is odd, @Kenji.	Skip
a result denying a species	ja	昨晩の占い結果をお伝えします。タクミさんは人狼ではありませんでした。	DIVINED Agent[06] HUMAN
a result denying a species	ja	霊能結果、ケンジは白じゃなかった。	IDENTIFIED Agent[03] WEREWOLF
a result denying a species	en	My divination result: Kenji is not a werewolf.	DIVINED Agent[03] HUMAN
a denial, no result	ja	占い結果はまだだけど、タクミさんは人狼ではないと思う。	Skip
a source as an object	ja	ケンジは私の占いを疑っている。人狼だからだろう。	ESTIMATE Agent[03] WEREWOLF
a clause talked about	ja	ミオを急に疑うのは根拠が薄い。	Skip
a clause talked about	ja	リンとユミが占い師を名乗るのは面白い状況だね。	Skip
a stop request, not talked about	ja	サクラさん、リンに投票するのはやめて	REQUEST Agent[02] (NOT (VOTE Agent[07]))
weighing one's vote	ja	ケンジは白だった。だから彼は村人だと思う。投票先をよく考えるよ。	ESTIMATE Agent[03] VILLAGER
a decision taken	ja	私は今日、ケンジさんに投票することに決めました。	VOTE Agent[03]
a volitional plan	ja	今夜はミヅキさんを占おうと思います。	DIVINATION Agent[05]
a result asked of its owner	ja	シオンさんの占い結果を教えていただけますか？	INQUIRE Agent[04] (DIVINED ANY ANY)
a cleft list of claimants	ja	占い師を名乗っているのはサクラさんとユミさんの二人ですね。	AND (Agent[02] COMINGOUT Agent[02] SEER) (Agent[08] COMINGOUT Agent[08] SEER)
opposing a vote	ja	リンさんに投票するのは反対です。彼女は村側だと思います。	ESTIMATE Agent[07] VILLAGER
a divination denied a species	en	I'm the seer. Last night I divined Mizuki, and she is not a werewolf.	COMINGOUT Agent[09] SEER ; DIVINED Agent[05] HUMAN
claimants described	en	The ones claiming seer are Sakura and Yumi.	Skip
words reported after 'and'	en	Kenji came out as seer and said Shion is a werewolf.	Agent[03] COMINGOUT Agent[03] SEER
a reported self-claim	en	Sakura says she is the seer.	Agent[02] COMINGOUT Agent[02] SEER
an embedded question	en	Would you mind telling us who you suspect, Sakura?	INQUIRE Agent[02] (ESTIMATE ANY WEREWOLF)
a role holder called at the end	ja	ケンジさんを占ってほしいです、占い師さん。	REQUEST ANY (DIVINATION Agent[03])
a role claimed after a comma	ja	俺、霊能者。リンは●だった。	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[07] WEREWOLF
one seer, two players	ja	占い師はサクラとケンジの二人か。どっちが本物だろう。	Skip
condition after a dash	en	I'll protect Kenji tonight — if you're the seer please share your check now.	GUARD Agent[03]
embedded question, not a condition	en	@Kenji say if you're the bodyguard.	INQUIRE Agent[03] (COMINGOUT Agent[03] BODYGUARD)
embedded question, not a condition	en	@Kenji tell us what role you are.	INQUIRE Agent[03] (COMINGOUT Agent[03] ANY)
a condition after an asked sentence	en	@Kenji anything to share? If the seer is here please reveal your divination.	Skip
a role asked about	en	@Kenji what role are you claiming?	INQUIRE Agent[03] (COMINGOUT Agent[03] ANY)
a role asked about	en	I don't know what role Kenji is claiming.	Skip
looking for, no hedge	en	I'm just a villager looking for adventure!	COMINGOUT Agent[09] VILLAGER
clear as a result mark	en	Kenji divined Sakura as clear.	Agent[03] DIVINED Agent[02] HUMAN
suspicion said to come from the player before	en	@Kenji you've been quiet since the start and that makes me really suspicious.	ESTIMATE Agent[03] WEREWOLF
a name called at the end goes on addressing	en	Rin is our best move, Takumi. Vote for her today.	REQUEST Agent[06] (VOTE Agent[07])
suspicions asked of everyone	en	I vote Rin. Anyone else have early suspicions?	VOTE Agent[07] ; INQUIRE ANY (ESTIMATE ANY WEREWOLF)
said plainly, no hedge	en	I have to say I'm actually the seer.	COMINGOUT Agent[09] SEER
a result told of is the teller's	en	Rin told me her divination on Kenji came back human.	Agent[07] DIVINED Agent[03] HUMAN
a result told of by nobody named	en	Everyone says her divination on Kenji came back werewolf.	Skip
a role in apposition	en	Kenji, as seer, divined Rin as human.	Agent[03] DIVINED Agent[07] HUMAN
a role in apposition to a call	en	Kenji, as the seer, what's your result?	INQUIRE Agent[03] (DIVINED ANY ANY)
a role in apposition to the addressee	en	Rin, you as the medium should tell us.	Skip
a role the speaker acts as	en	I serve the wolves as the Possessed.	COMINGOUT Agent[09] POSSESSED
a result said with as	en	I divined Rin last night. She's confirmed as human.	DIVINED Agent[07] HUMAN
a role after a preposition	en	I'm grateful to the bodyguard.	Skip
a role called at the end	en	Nice work, seer.	Skip
a role called at the end	en	Guard Takumi tonight, whoever you are, bodyguard.	REQUEST ANY (GUARD Agent[06])
a cleft	en	It was Kenji who voted for Rin.	Agent[03] VOTED Agent[07]
a cleft	en	It was me who killed Shion.	ATTACKED Agent[04]
an opinion across an attributive clause	en	Rin's divination on Takumi came back human, so I think Kenji, who pushed him, is a wolf.	BECAUSE (Agent[07] DIVINED Agent[06] HUMAN) (ESTIMATE Agent[03] WEREWOLF)
a feeling, not a result	en	Kenji gives me major werewolf vibes.	Skip
a role felt from a player	en	I'm getting bodyguard vibes from Shion.	ESTIMATE Agent[04] BODYGUARD
a player read as a role	en	Honestly I read Yumi as the possessed.	ESTIMATE Agent[08] POSSESSED
hearsay from everyone is nobody's	en	Everyone's saying Rin is a wolf.	Skip
a third party's plan	en	Minato plans to vote Shion, he told me.	Agent[01] VOTE Agent[04]
a role called before a request claims nothing	en	True seer, please step forward.	Skip
stepping forward as a role claims it	en	I will step forward as the medium.	COMINGOUT Agent[09] MEDIUM
a bodyguard claim withdrawn	en	Shion withdrew his bodyguard claim.	Agent[04] NOT (COMINGOUT Agent[04] BODYGUARD)
a subject pronoun after a clause with its own subject	en	Medium result: Rin was human. Kenji defended her, so he is suspicious.	IDENTIFIED Agent[07] HUMAN ; ESTIMATE Agent[03] WEREWOLF
a possessive time makes the act a noun	en	Last night's guard: Sakura.	GUARDED Agent[02]
a bare role denied	en	Not the seer, sorry.	NOT (COMINGOUT Agent[09] SEER)
also after a subject keeps it	en	Rin voted Kenji yesterday. She also claimed seer.	Agent[07] VOTED Agent[03] ; Agent[07] COMINGOUT Agent[07] SEER
steering clear of a vote denies it	en	Let's steer clear of voting Mizuki today.	REQUEST ANY (NOT (VOTE Agent[05]))
a name and its value after a comma	en	Seer result: Shion, werewolf.	DIVINED Agent[04] WEREWOLF
players described as claiming claim nothing themselves	en	Two players are claiming medium right now.	Skip
trust withheld	en	Shion doesn't have my trust anymore.	NOT (ESTIMATE Agent[04] VILLAGER)
keep safe said to one player	en	@Rin keep Kenji safe tonight.	Skip
keep safe said to the bodyguard	en	Keep Yumi safe tonight, bodyguard.	REQUEST ANY (GUARD Agent[08])
a role set off after a name	en	Rin, the seer, divined Kenji as human.	Agent[07] DIVINED Agent[03] HUMAN
a role set off after a name	en	Rin, the seer, please divine Kenji.	REQUEST Agent[07] (DIVINATION Agent[03])
another's result by nobody named	en	According to Rin, her divination of Kenji came back white.	Skip
others' words	en	Kenji and Rin say Takumi is human.	Skip
others' words	en	They say her divination on Kenji came back werewolf.	Skip
another's results announced	en	Rin posted her divination result: Kenji is human.	Agent[07] DIVINED Agent[03] HUMAN
results of someone unnamed	en	Everyone knows her seer result: Kenji is a werewolf.	Skip
kept from the lynch	en	Let's keep Rin safe from the vote.	Skip
an idiom, no call	en	Kenji, spare me the drama.	Skip
a role called at the end	en	Protect me tonight, dear bodyguard.	REQUEST ANY (GUARD Agent[09])
keep safe with a role before the player	en	Bodyguard, keep our seer Rin safe.	REQUEST ANY (GUARD Agent[07])
a tentative vote	en	Right now I'm leaning towards voting Mizuki, but I could change my mind.	Skip
a vote that leans	en	Honestly my vote is leaning toward Takumi.	Skip
a past vote said with went with	en	On day 2 I went with Rin like most of you.	DAY 2 (VOTED Agent[07])
another claimant in apposition	en	Sakura, the other medium, says she identified Kenji as human.	Agent[02] IDENTIFIED Agent[03] HUMAN
a cheer to the bodyguard	en	gg guard, what a save last night	Skip
chat spelling of I am	en	ok im the seer then	COMINGOUT Agent[09] SEER
chat spelling of are you	en	rin r u the medium	INQUIRE Agent[07] (COMINGOUT Agent[07] MEDIUM)
a request to everyone as a conclusion	en	Mizuki is a werewolf by my divination, so I'm asking everyone to vote Mizuki.	BECAUSE (DIVINED Agent[05] WEREWOLF) (REQUEST ANY (VOTE Agent[05]))
refrain from as a negative request	en	Since I'm the seer, I'd like everyone to refrain from voting me today.	BECAUSE (COMINGOUT Agent[09] SEER) (REQUEST ANY (NOT (VOTE Agent[09])))
the speaker after a comma is no list	en	Because Rin blacked Shion, I'm voting Shion.	BECAUSE (Agent[07] DIVINED Agent[04] WEREWOLF) (VOTE Agent[04])
a medium's result handed back	en	I am the medium. Last night's executed Kenji came back a werewolf.	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[03] WEREWOLF
a lynch talked about as a thing	en	Honestly, Takumi's execution scares me a little.	Skip
a hedge worded as a condition	en	If you ask me, Shion is our werewolf.	ESTIMATE Agent[04] WEREWOLF
a rhetorical who-question	en	Come on, who would ever trust Mizuki after that?	Skip
a polite embedded question	en	Yumi, could I ask whom you voted for yesterday?	INQUIRE Agent[08] (VOTED ANY)
trust as a noun	en	Honestly I have a lot of confidence in Yumi.	ESTIMATE Agent[08] VILLAGER
trust as a noun, lost	en	After yesterday I lost faith in Takumi.	NOT (ESTIMATE Agent[06] VILLAGER)
a -y trust adjective	en	shion is pretty villagery imo	ESTIMATE Agent[04] VILLAGER
speaking as the medium names the source	ja	霊能者として報告します。ケンジは白でした。	IDENTIFIED Agent[03] HUMAN
speaking as the seer names the source	en	As the seer: Kenji is black.	DIVINED Agent[03] WEREWOLF
as medium calls no role holder	en	As medium, I can confirm Kenji was human.	IDENTIFIED Agent[03] HUMAN
coming out as a role still claims it	ja	私は占い師として名乗り出ます	COMINGOUT Agent[09] SEER
an honorific attributive claim	ja	占い師を名乗っておられるミナト様は怪しいと思います	ESTIMATE Agent[01] WEREWOLF
a continuing attributive act	ja	ケンジに投票し続けていたユミさんは村だと思う	ESTIMATE Agent[08] VILLAGER
a vote done beforehand	ja	昨日はリンに入れといた	VOTED Agent[07]
an honorific past question	ja	リンさん、昨日はどなたに投票なさったのですか？	INQUIRE Agent[07] (VOTED ANY)
the humble お…する form	ja	今夜はミヅキ様をお守りいたします	GUARD Agent[05]
an intensifier, no denial	ja	シオンさんが狼に思えてなりません	ESTIMATE Agent[04] WEREWOLF
an act word naming a kind	ja	リンは怪しいね。投票の流れを見てみよう	ESTIMATE Agent[07] WEREWOLF
a clause said in full before a question	ja	ユミは占いCOしてないよ、見間違いじゃない？	NOT (Agent[08] COMINGOUT Agent[08] SEER)
a Kansai therefore	ja	ミナトは黒やと思う。せやからミナトに入れるで	BECAUSE (ESTIMATE Agent[01] WEREWOLF) (VOTE Agent[01])
a day stated with a divination dates its result	ja	2日目の夜にタクミを占った。結果は黒。	DAY 2 (DIVINED Agent[06] WEREWOLF)
agreement as 賛同	ja	2日目の発言番号4に賛同します	AGREE TALK day2 ID:4
a casual volitional with か	ja	今夜はリン噛もっか	REQUEST ANY (ATTACK Agent[07])
eating as the attack	ja	ゆうべミナトを食ったのは俺だ	ATTACKED Agent[01]
a divination target chosen with にする	ja	今夜の占い先はタクミにしてください	REQUEST ANY (DIVINATION Agent[06])
the honorific copula	ja	霊能結果です。ユミ様は人狼でいらっしゃいました。	IDENTIFIED Agent[08] WEREWOLF
asked to weigh a possibility	ja	ミナトが人狼である可能性を考えてみてください	REQUEST ANY (ESTIMATE Agent[01] WEREWOLF)
asked whether, not that	ja	ミナトが人狼かどうか考えて	Skip
a past vote left without subject is the topic's	ja	ユミは怪しい。昨日ミナトに投票してたし	ESTIMATE Agent[08] WEREWOLF ; Agent[08] VOTED Agent[01]
a past vote on the topic is the speaker's	ja	ユミは人狼だと思う。昨日ユミに投票した	ESTIMATE Agent[08] WEREWOLF ; VOTED Agent[08]
the opinion holder is not the subject of a も…も list	ja	私はミナトさんもリンさんも人狼ではないかと疑っています	AND (ESTIMATE Agent[01] WEREWOLF) (ESTIMATE Agent[07] WEREWOLF)
the nearest topic is the subject	ja	私もミナトは人狼だと思う	ESTIMATE Agent[01] WEREWOLF
certainty of a nominalised state	ja	ミナトが人狼なのは間違いない	ESTIMATE Agent[01] WEREWOLF
an idea waved away with だなんて	ja	私が人狼だなんて、ひどい言いがかりだ	Skip
genuine in the role a source word names	ja	霊能のユミは真っぽい	ESTIMATE Agent[08] MEDIUM
genuine in the role a role word names	ja	狩人のケンジは真目だと思う	ESTIMATE Agent[03] BODYGUARD
the player held genuine is the one marked が	ja	僕はユミさんが真だと思う	ESTIMATE Agent[08] SEER
a vote another player has cast	ja	シオンさんがミナトさんに入れてる	Agent[04] VOTED Agent[01]
the speaker's own vote in the perfect is no report	ja	僕はミナトに投票してる	VOTE Agent[01]
a past vote the addressee is asked to confirm	ja	シオン、昨日ユミに投票したよね	Agent[04] VOTED Agent[08]
the voiced て-form asks too	ja	ユミ、今夜はシオンを噛んでくれ	REQUEST Agent[08] (ATTACK Agent[04])
the speaker's role given as a reason	ja	霊能者なので、結果を言います。ミナトは白でした。	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[01] HUMAN
a werewolf as a reason claims nothing	ja	人狼なので吊りましょう	Skip
an intention denied with 気	ja	リンに投票する気はないよ	NOT (VOTE Agent[07])
a player's forecast asked for	ja	ユミさんの人狼予想も聞かせてほしい	INQUIRE Agent[08] (ESTIMATE ANY WEREWOLF)
coming forward as a role	ja	霊能者として出ます	COMINGOUT Agent[09] MEDIUM
a white mark received	ja	ケンジからは○もらってる	Agent[03] DIVINED Agent[09] HUMAN
a quote everyone says is hearsay	ja	シオンが怪しいってみんな言ってたよ	Skip
a bare role denied	ja	占い師じゃないです	NOT (COMINGOUT Agent[09] SEER)
a favour already done is no request	ja	リンさんは私に白を出してくれていました	Agent[07] DIVINED Agent[09] HUMAN
a possessor before a comma is not who votes	ja	サクラの遺志を継いで、今日はケンジに投票する	VOTE Agent[03]
gathering the votes together	ja	みんなでミナトに票を揃えよう	REQUEST ANY (VOTE Agent[01])
a supposition said with なんでしょう is no why	ja	シオンさんが人狼なんでしょう	ESTIMATE Agent[04] WEREWOLF
both players of one divination	ja	ミナトとシオンを占ったけど、どっちも人間だったよ	AND (DIVINED Agent[01] HUMAN) (DIVINED Agent[04] HUMAN)
one of the players of a divination	ja	ミナトとシオンを占ったよ。ミナトは白でした。	DIVINED Agent[01] HUMAN
agreement phrased as on board	en	I'm on board with day3 ID:2.	AGREE TALK day3 ID:2
the speaker telling a result later	en	Tonight I'm divining Rin, and I'll share the result in the morning.	DIVINATION Agent[07]
standing by a vote denies nothing	en	I voted for Shion last night, no regrets at all.	VOTED Agent[04]
entertaining an idea is a call	en	Everyone, please entertain the possibility that Sakura is the werewolf.	REQUEST ANY (ESTIMATE Agent[02] WEREWOLF)
because of that looks back	en	My divination says Kenji is a werewolf. Because of that, I think Rin, his closest ally, is a wolf too.	BECAUSE (DIVINED Agent[03] WEREWOLF) (ESTIMATE Agent[07] WEREWOLF)
urging everyone is a request	en	I'm urging all of you to vote for Mizuki.	REQUEST ANY (VOTE Agent[05])
the speaker wanting us all to act	en	I'd like us all to vote for Takumi today.	REQUEST ANY (VOTE Agent[06])
a medium reading said as reads	en	my medium reads: rin=human	IDENTIFIED Agent[07] HUMAN
overheard talk is hearsay	en	I overheard that someone here is the seer.	Skip
a role as a kind claims nothing	en	Honestly the medium role is no fun at all.	Skip
a result on its own reporter	en	My medium reading for Rin, whom we executed: she was human.	Skip
a consequence of a hypothesis	en	Let's say Kenji is the real seer. Then Mizuki must be a wolf.	Skip
a vote named as a thing	en	That vote really surprised me.	Skip
a vote named by its day	en	Yesterday's vote still worries me, honestly.	Skip
a vote label	en	Vote: Takumi.	VOTE Agent[06]
a result told with his after its cue	en	Rin stated that Takumi came back a werewolf from her divination.	Agent[07] DIVINED Agent[06] WEREWOLF
a result told with his, nobody named	en	Sakura came back human from his divination.	Skip
announcing a request lends no subject	en	Shion, I have a favor to ask: please don't vote for Kenji today.	REQUEST Agent[04] (NOT (VOTE Agent[03]))
votes kept away from a player	en	Please keep your votes away from Takumi today.	REQUEST ANY (NOT (VOTE Agent[06]))
a vote's owner cast it	en	Shion's vote went to Yumi yesterday.	Agent[04] VOTED Agent[08]
a possessor after a preposition is not voted for	en	I voted for Shion's pick yesterday.	Skip
a result clause's he's is he is	en	Last night I divined Shion and she's a WEREWOLF!	DIVINED Agent[04] WEREWOLF
the medium held genuine	en	Our medium Shion seems real.	ESTIMATE Agent[04] MEDIUM
seeming off is suspicion	en	honestly shion seems off	ESTIMATE Agent[04] WEREWOLF
doubting a player	en	I doubt Shion.	ESTIMATE Agent[04] WEREWOLF
doubting a clause denies it	en	I doubt Shion is a wolf.	Skip
one result said twice is one reason	en	Yumi gets my vote, because I divined her and she's a werewolf.	BECAUSE (DIVINED Agent[08] WEREWOLF) (VOTE Agent[08])
an opinion according to another player	en	According to Sakura's notes, Rin is a werewolf.	Agent[02] ESTIMATE Agent[07] WEREWOLF
the last round is past	en	For the record, I cast my vote on Shion last round.	VOTED Agent[04]
a guard that was on a player	en	Last night my guard was on Shion.	GUARDED Agent[04]
both players of one divination	en	I divined Shion and Minato, and both came back human.	AND (DIVINED Agent[04] HUMAN) (DIVINED Agent[01] HUMAN)
each player of one divination	en	I divined Shion and Minato: Shion is human and Minato is a wolf.	DIVINED Agent[04] HUMAN ; DIVINED Agent[01] WEREWOLF
giving up a vote, proposed	ja	ミナトに投票するのはやめとこうよ	REQUEST ANY (NOT (VOTE Agent[01]))
giving up a vote, decided	ja	リンに入れるのはやめた	NOT (VOTE Agent[07])
a call not to suspect	ja	ユミを疑うのはやめてください	REQUEST ANY (NOT (ESTIMATE Agent[08] WEREWOLF))
a reason pointed back at	ja	占いでミナト黒。ということはミナトに白出ししたケンジは狼	BECAUSE (DIVINED Agent[01] WEREWOLF) (ESTIMATE Agent[03] WEREWOLF)
a favour confirmed to the player called	ja	ユミ、僕に白くれたよね	Agent[08] DIVINED Agent[09] HUMAN
a retraction told to the player called	ja	シオン、占いCO取り下げたよね	Agent[04] NOT (COMINGOUT Agent[04] SEER)
a vote told to the player called needs a tag	ja	リン、昨日タクミに投票した	VOTED Agent[06]
an act noun left to the others	ja	タクミ吊りでよろしく	REQUEST ANY (VOTE Agent[06])
a choice settled by a call	ja	>>Agent[04] 護衛先はリンでお願い	REQUEST Agent[04] (GUARD Agent[07])
a verdict after the medium's word	ja	霊能の結果です。タクミは人狼判定	IDENTIFIED Agent[06] WEREWOLF
an archaic opinion	ja	ケンジ殿を吊るべきと存じます	REQUEST ANY (VOTE Agent[03])
a call with a confirming tag	en	Everyone vote Rin, alright?	REQUEST ANY (VOTE Agent[07])
a proposal said as I say we	en	I say we lynch Kenji.	REQUEST ANY (VOTE Agent[03])
a claim walked back	en	Takumi walked back his medium claim.	Agent[06] NOT (COMINGOUT Agent[06] MEDIUM)
an act dated in the past with no subject	en	Voted Takumi yesterday.	VOTED Agent[06]
a medium read with its value	en	Yumi's medium read on Kenji: werewolf.	Agent[08] IDENTIFIED Agent[03] WEREWOLF
a divination not yet done is asked as a plan	en	Rin, tomorrow's divination, who will it be?	INQUIRE Agent[07] (DIVINATION ANY)
a question about another player's result	en	Did everyone catch Mizuki's result?	Skip
a sigh after a look is no prohibition	ja	リンは村っぽく見えるなぁ	ESTIMATE Agent[07] VILLAGER
a disagreement said as cannot agree	ja	3日目のID:7には同意できません	DISAGREE TALK day3 ID:7
a scent of a wolf	ja	ケンジの発言は人狼の匂いがする	ESTIMATE Agent[03] WEREWOLF
a plan asked with 気	ja	@サクラ 今日もリンに投票する気？	INQUIRE Agent[02] (VOTE Agent[07])
a filler after an at-mark is no particle	ja	@ユミ で、役職は？	INQUIRE Agent[08] (COMINGOUT Agent[08] ANY)
a particle after an at-mark still marks it	ja	@ユミ を占います	DIVINATION Agent[08]
an agreement endorsed	en	Endorsing day2 ID:4.	AGREE TALK day2 ID:4
a disagreement said as cannot get behind	en	I can't get behind day3 ID:1.	DISAGREE TALK day3 ID:1
a black dropped on a player	en	Shion dropped a black on Kenji.	Agent[04] DIVINED Agent[03] WEREWOLF
a shield put on a player	en	I'm putting my shield on Rin tonight.	GUARD Agent[07]
a why-word set off after a claim is because	ja	僕は狩人なんで、今夜はミナトを守る	COMINGOUT Agent[09] BODYGUARD ; GUARD Agent[01]
a why-word set off at the head of a question	ja	なんで、ケンジに入れたの？	Skip
a claim came out with だって	ja	さっきユミが占い師だって出てきた	Agent[08] COMINGOUT Agent[08] SEER
everyone called after a comma	en	Vote Rin, everyone.	REQUEST ANY (VOTE Agent[07])
a second subject after and opens a clause	en	Kenji blacked Rin and Yumi blacked Shion.	Agent[03] DIVINED Agent[07] WEREWOLF ; Agent[08] DIVINED Agent[04] WEREWOLF
a list before one verb stays a list	en	Kenji and Rin voted for Yumi.	Agent[03] VOTED Agent[08] ; Agent[07] VOTED Agent[08]
the medium's word closing a sentence claims the role	ja	実は僕が霊能だよ。	COMINGOUT Agent[09] MEDIUM
the medium's word before more words says whose result	ja	霊能です、ミナトは黒でした	IDENTIFIED Agent[01] WEREWOLF
hearsay about what a named player thinks is theirs	en	Rin thinks Kenji is the possessed, apparently.	Agent[07] ESTIMATE Agent[03] POSSESSED
hearsay with nobody named stays unattributed	en	Apparently Kenji is a wolf.	Skip
a question mark on a tail of no content asks only the tail	en	Fine, I'm the medium, pleased now?	COMINGOUT Agent[09] MEDIUM
an act offered as one of two alternatives	ja	今日はリンに入れるかユミに入れるかだね	Skip
one act said with か is still the speaker's	ja	今日はリンに入れるか	VOTE Agent[07]
tonight's divination given to a player	en	Tonight's divination goes to Shion.	DIVINATION Agent[04]
a wh-word before you asks without a question mark	en	@rin who u suspecting	INQUIRE Agent[07] (ESTIMATE ANY WEREWOLF)
an embedded wh-clause stays unasked	en	Who you vote for is up to you.	Skip
a player for my vote	en	Still Shion for my vote.	VOTE Agent[04]
a cue before a colon names the player after it	en	Top wolf read: Yumi.	ESTIMATE Agent[08] WEREWOLF
examined as a look	en	Seer here. I examined Rin and the result was werewolf.	COMINGOUT Agent[09] SEER ; DIVINED Agent[07] WEREWOLF
the speaker vouching calls nobody	en	As the medium, I can tell you Kenji was human.	IDENTIFIED Agent[03] HUMAN
one's own view with 的に	ja	僕的に最黒はユミかな	ESTIMATE Agent[08] WEREWOLF
a list set off before its quantifier is the topic	ja	リンとユミ、二人ともタクミに入れてたよ	AND (Agent[07] VOTED Agent[06]) (Agent[08] VOTED Agent[06])
a list set off before its quantifier stays the object	ja	ケンジとリン、両方とも占いたい	AND (DIVINATION Agent[03]) (DIVINATION Agent[07])
a reason for speaking up is no because	ja	霊能者だから言うけど、ケンジは白だった	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[03] HUMAN
a reason for speaking up is no because	en	I'm the seer, so I'll say it: Rin is black.	COMINGOUT Agent[09] SEER ; DIVINED Agent[07] WEREWOLF
a cleft names who gave the result	ja	ユミに黒を出したのはシオンだよ	Agent[04] DIVINED Agent[08] WEREWOLF
a cleft names who voted	ja	昨日ミナトに入れたのはサクラです	Agent[02] VOTED Agent[01]
a cleft names who suspects	ja	ケンジを疑ってるのはリンだけ	Agent[07] ESTIMATE Agent[03] WEREWOLF
the speaker after a comma acts	ja	今夜はリン、俺が噛む	ATTACK Agent[07]
whose mind is asked with の中で	ja	シオン、あなたの中で一番怪しいのは誰？	INQUIRE Agent[04] (ESTIMATE ANY WEREWOLF)
もそう repeats an opinion	ja	リンは怪しい。ケンジもそう	ESTIMATE Agent[07] WEREWOLF ; ESTIMATE Agent[03] WEREWOLF
same goes for repeats an opinion	en	Rin seems sus. Same goes for Kenji.	ESTIMATE Agent[07] WEREWOLF ; ESTIMATE Agent[03] WEREWOLF
a claim pulled back	ja	ユミが占いCOを引っ込めた	Agent[08] NOT (COMINGOUT Agent[08] SEER)
what a player is quoted as saying is theirs	ja	サクラによると、タクミが怪しいって	Agent[02] ESTIMATE Agent[06] WEREWOLF
what a player is quoted as saying is theirs	ja	ケンジが狩人COした。本人いわく、昨夜はリンを守ったと	Agent[03] COMINGOUT Agent[03] BODYGUARD ; Agent[03] GUARDED Agent[07]
a medium check named beats a verdict handed back	en	Rin came back human on my medium check.	IDENTIFIED Agent[07] HUMAN
the wolves went for a player	en	The werewolves went for Sakura last night.	ANY ATTACKED Agent[02]
I'd rather you didn't asks not to	en	Yumi, I'd rather you didn't vote for Rin.	REQUEST Agent[08] (NOT (VOTE Agent[07]))
a result a player says came back is theirs	en	Shion says Kenji came back black.	Agent[04] DIVINED Agent[03] WEREWOLF
like werewolves	en	Rin and Yumi both act like werewolves.	AND (ESTIMATE Agent[07] WEREWOLF) (ESTIMATE Agent[08] WEREWOLF)
a player gets my protection	en	Tonight Shion gets my protection.	GUARD Agent[04]
covered as guarded	en	I covered Minato last night.	GUARDED Agent[01]
covering for a player is no guard	en	Rin keeps covering for Kenji.	Skip
a ballot cast for a player	en	Yumi cast her ballot for Rin yesterday.	Agent[08] VOTED Agent[07]
my kill tonight	en	Minato is my kill tonight.	ATTACK Agent[01]
my read is that	en	My read is that Yumi's a wolf.	ESTIMATE Agent[08] WEREWOLF
a preposition inside the cue	en	Going with Takumi today.	VOTE Agent[06]
a preposition inside the cue	en	Tonight I'll look into Sakura.	DIVINATION Agent[02]
a player named after a verb's linking form acts in the next clause too	ja	ユミが占いCOして、ケンジに黒を出してる	Agent[08] COMINGOUT Agent[08] SEER ; Agent[08] DIVINED Agent[03] WEREWOLF
a verb's continuative stem links like the te-form	ja	リンが狩人を名乗り、ユミも狩人を名乗った	Agent[07] COMINGOUT Agent[07] BODYGUARD ; Agent[08] COMINGOUT Agent[08] BODYGUARD
a claim put forward	ja	私も霊能者として名乗りを上げます	COMINGOUT Agent[09] MEDIUM
the victim of the wolves	ja	昨夜は人狼にユミがやられた	ANY ATTACKED Agent[08]
the scent of a wolf	ja	タクミは人狼の気配がする	ESTIMATE Agent[06] WEREWOLF
a wolf's feast proposed	ja	今夜はサクラを喰らおう	REQUEST ANY (ATTACK Agent[02])
whom the holder thinks is the seer	ja	僕はシオンが本物の占い師だと思う	ESTIMATE Agent[04] SEER
a divination told as when I looked	ja	占ってみたらユミは白だった	DIVINED Agent[08] HUMAN
a negated own vote as a noun	en	My vote is not going to Kenji today.	NOT (VOTE Agent[03])
a negated own vote as a noun	en	Rin didn't get my vote.	NOT (VOTED Agent[07])
which way asks	en	Yumi, which way is your vote leaning?	INQUIRE Agent[08] (VOTE ANY)
a vote thrown	en	Could you all throw a vote at Shion?	REQUEST ANY (VOTE Agent[04])
a role holder called after so keeps the reason	en	Rin is confirmed white, so seer, please check Yumi instead.	BECAUSE (ESTIMATE Agent[07] VILLAGER) (REQUEST ANY (DIVINATION Agent[08]))
the speaker answers their own question	ja	シオン、誰に投票する？ 俺はケンジ	INQUIRE Agent[04] (VOTE ANY) ; VOTE Agent[03]
what a named player thinks of the speaker	ja	ミナトは私のことを狂人だと思ってるらしい	Agent[01] ESTIMATE Agent[09] POSSESSED
a result by another seer too	ja	サクラの占いでもケンジは黒	Agent[02] DIVINED Agent[03] WEREWOLF
a verb linked by its te-form takes the past of the sentence's end	ja	リンがユミに投票して、ユミが吊られた	Agent[07] VOTED Agent[08]
a result owned by the player who claimed before	en	Rin claimed medium. Her result: Takumi was human.	Agent[07] COMINGOUT Agent[07] MEDIUM ; Agent[07] IDENTIFIED Agent[06] HUMAN
a result pointed back to with その	ja	シオンが占いCOした。その結果、ユミは黒	Agent[04] COMINGOUT Agent[04] SEER ; Agent[04] DIVINED Agent[08] WEREWOLF
a description set off by dashes says nothing	en	Medium here. Shion — the girl we lynched — was a wolf.	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[04] WEREWOLF
a description set off by a comma before the result	en	As the seer I checked Yumi, the one who kept quiet — werewolf.	DIVINED Agent[08] WEREWOLF
a reflexive told as what a player says is that player	ja	シオン、自分は霊能者だって言ってたよ	Agent[04] COMINGOUT Agent[04] MEDIUM
a reflexive after a call is still the speaker	ja	ユミ、自分は狩人です	COMINGOUT Agent[09] BODYGUARD
a reflexive in the speaker's own declaration is the speaker	ja	ケンジ、自分は占い師だと言っておく	COMINGOUT Agent[09] SEER
a result a player is said to give themself says nothing	ja	ケンジが自分を白と言ってる	Skip
a call alone in its sentence addresses the next	ja	ミナトさん、ひとつ伺いたいことがございます。あなたは誰を疑っていますか？	INQUIRE Agent[01] (ESTIMATE ANY WEREWOLF)
a call alone in its sentence addresses the next	en	Shion, one question. Who are you voting for today?	INQUIRE Agent[04] (VOTE ANY)
a player set off with wa before a guard verb is guarded	ja	今晩サクラは守らないことにする	NOT (GUARD Agent[02])
an act done for the speaker names its doer	ja	ミナトは守ってくれた	Skip
a claimant is never the object of a later verb	ja	狩人CO 昨晩シオン守ったけど平和だった	COMINGOUT Agent[09] BODYGUARD ; GUARDED Agent[04]
a drawn-out copula	ja	狂人でーす	COMINGOUT Agent[09] POSSESSED
a smell of suspicion	ja	なんかシオンくさいんだよね	ESTIMATE Agent[04] WEREWOLF
a tedious thing is no suspicion	ja	毎回投票するのめんどくさい	Skip
a quoted player's copula is their opinion	ja	ケンジによれば、ミヅキは狂人	Agent[03] ESTIMATE Agent[05] POSSESSED
a quoted player's result mark is their divination	ja	リンによると、タクミは黒	Agent[07] DIVINED Agent[06] WEREWOLF
agreement with a talk said as that's right	ja	2日目ID:4、その通りだと思う	AGREE TALK day2 ID:4
a result told as heard after a claim is the claimant's	ja	シオンが占いCO、ユミは白だったって	Agent[04] COMINGOUT Agent[04] SEER ; Agent[04] DIVINED Agent[08] HUMAN
a result told as heard after a claim is the claimant's	en	Shion claimed seer and says Yumi came out white.	Agent[04] COMINGOUT Agent[04] SEER ; Agent[04] DIVINED Agent[08] HUMAN
a guard told as heard after a claim is the claimant's	ja	ケンジが狩人CO、昨夜はリンを守ったらしい	Agent[03] COMINGOUT Agent[03] BODYGUARD ; Agent[03] GUARDED Agent[07]
a guard told as heard after a claim is the claimant's	en	Kenji came out as bodyguard; apparently he protected Rin last night.	Agent[03] COMINGOUT Agent[03] BODYGUARD ; Agent[03] GUARDED Agent[07]
out as a role is a claim	en	Takumi's out as seer now.	Agent[06] COMINGOUT Agent[06] SEER
smells like a wolf	en	Rin's silence smells like a wolf to me.	ESTIMATE Agent[07] WEREWOLF
treating a player as a role	en	I'm treating Sakura as the real medium.	ESTIMATE Agent[02] MEDIUM
ended up is past	en	Yumi ended up voting Kenji.	Agent[08] VOTED Agent[03]
a vote from me	en	Shion gets a vote from me today.	VOTE Agent[04]
the addressee's ballot asked	en	Takumi, where did your ballot go yesterday?	INQUIRE Agent[06] (VOTED ANY)
whether a player got the addressee's vote	en	Rin, did Kenji get your vote?	INQUIRE Agent[07] (VOTED Agent[03])
support for a talk	en	I support day 3 ID:2.	AGREE TALK day3 ID:2
bg is bodyguard	en	bg co, guarded rin last night	COMINGOUT Agent[09] BODYGUARD ; GUARDED Agent[07]
whos asks who	en	@kenji whos ur top wolf?	INQUIRE Agent[03] (ESTIMATE ANY WEREWOLF)
apparently a named player's act is theirs	en	Apparently Minato voted for Yumi.	Agent[01] VOTED Agent[08]
nothing more to say denies nothing	ja	村人です、特に何もありません	COMINGOUT Agent[09] VILLAGER
a reason ending the next sentence	ja	ユミに投票する。ユミが一番怪しいので	BECAUSE (ESTIMATE Agent[08] WEREWOLF) (VOTE Agent[08])
a result given as the reason of an opinion is about its player	ja	シオンは人狼で間違いない。なぜなら私の占いで黒が出たから	BECAUSE (DIVINED Agent[04] WEREWOLF) (ESTIMATE Agent[04] WEREWOLF)
a result said with ga deru	ja	ミナトは占いで白が出たよ	DIVINED Agent[01] HUMAN
a role said as tte koto de	ja	じゃあ霊能者ってことで名乗り出ます	COMINGOUT Agent[09] MEDIUM
what a named player sees the speaker as	ja	サクラは私のことを狂人と見ている	Agent[02] ESTIMATE Agent[09] POSSESSED
a past role no result shows is an opinion	en	Shion was the real medium, I'm sure of it now.	ESTIMATE Agent[04] MEDIUM
a past role no result shows is an opinion	en	The wolves got Rin, which means Rin was our true seer.	BECAUSE (ANY ATTACKED Agent[07]) (ESTIMATE Agent[07] SEER)
medium checks	en	My medium checks on Rin and Kenji both came out white.	AND (IDENTIFIED Agent[07] HUMAN) (IDENTIFIED Agent[03] HUMAN)
a labelled vote of today	en	Today's vote: Rin.	VOTE Agent[07]
a labelled divination of tonight	en	Tonight's divination: Takumi.	DIVINATION Agent[06]
one vote for	en	One vote for Kenji from me.	VOTE Agent[03]
pile onto	en	Everyone, pile onto Rin today.	REQUEST ANY (VOTE Agent[07])
a tag no	en	kenji's the possessed no?	ESTIMATE Agent[03] POSSESSED
if you please is polite	en	Seer, do check Mizuki tonight, if you please.	REQUEST ANY (DIVINATION Agent[05])
if you would is still a condition	en	If you would vote Rin, we could win.	Skip
the vote named as a thing is no act on the player called	ja	@サクラ 今日の票、ミナトに回してくれる？	Skip
is it you who asks the addressee	en	Rin, is it you who's the seer?	INQUIRE Agent[07] (COMINGOUT Agent[07] SEER)
the speaker's own past vote said as mine	en	@Kenji who did you vote for? Mine went to Takumi.	INQUIRE Agent[03] (VOTED ANY) ; VOTED Agent[06]
one of the wolves is a wolf	en	Time to come clean: I am one of the wolves.	COMINGOUT Agent[09] WEREWOLF
one of the wolves is a wolf	en	I bet Yumi is one of the werewolves.	ESTIMATE Agent[08] WEREWOLF
an english result named right after a role claim	en	seer co minato ●	COMINGOUT Agent[09] SEER ; DIVINED Agent[01] WEREWOLF
marked names in a row are results each	en	divination: shion ○ rin ●	DIVINED Agent[04] HUMAN ; DIVINED Agent[07] WEREWOLF
found dead is attacked	en	Kenji was found dead this morning.	ANY ATTACKED Agent[03]
never both is exactly one	en	Either Sakura or Yumi is possessed, never both.	XOR (ESTIMATE Agent[02] POSSESSED) (ESTIMATE Agent[08] POSSESSED)
a base verb of seeing opening a call asks for the opinion	en	Minato, see Rin as the medium.	REQUEST Agent[01] (ESTIMATE Agent[07] MEDIUM)
a pronoun after and is the player named before	en	Sakura, give Kenji a chance and read him as a villager.	REQUEST Agent[02] (ESTIMATE Agent[03] VILLAGER)
a named holder before an inflected opinion verb holds it	en	Yumi suspects Shion.	Agent[08] ESTIMATE Agent[04] WEREWOLF
a named holder before an inflected opinion verb holds it	en	Takumi trusts Rin.	Agent[06] ESTIMATE Agent[07] VILLAGER
an infinitive is no past act	en	I've decided to put my vote on Mizuki.	VOTE Agent[05]
a player's vote was for someone	en	Shion's vote was for Kenji.	Agent[04] VOTED Agent[03]
a player's vote landed on someone	en	Yumi's vote landed on Minato yesterday.	Agent[08] VOTED Agent[01]
the day of a divination dates its result told after	en	When I divined Rin on day 2, she came out human.	DAY 2 (DIVINED Agent[07] HUMAN)
a hyphenated day	en	My day-3 divination: Kenji is a werewolf.	DAY 3 (DIVINED Agent[03] WEREWOLF)
sinking teeth into is an attack	en	Tonight I'm sinking my teeth into Shion.	ATTACK Agent[04]
the wolves' victim	en	Sakura was the wolves' victim.	ANY ATTACKED Agent[02]
a thumbs-up agrees	en	day 2 ID:7 gets a thumbs-up	AGREE TALK day2 ID:7
only one is	en	Of Kenji and Minato, only one is the real medium.	XOR (ESTIMATE Agent[03] MEDIUM) (ESTIMATE Agent[01] MEDIUM)
putting mine on	en	putting mine on shion today	VOTE Agent[04]
a player got my ballot	en	Takumi got my vote yesterday.	VOTED Agent[06]
my divination lands on	en	Tonight my divination lands on Sakura.	DIVINATION Agent[02]
chat spellings of your and yesterday	en	@rin who did ur vote go to yday?	INQUIRE Agent[07] (VOTED ANY)
seer checks are a source	en	seer checks: kenji ○ yumi ●	DIVINED Agent[03] HUMAN ; DIVINED Agent[08] WEREWOLF
declining to say asks nothing	en	Bodyguard here. Not saying who I'm protecting tonight.	COMINGOUT Agent[09] BODYGUARD
came forward as is a claim	en	Shion came forward as the seer.	Agent[04] COMINGOUT Agent[04] SEER
at minimum one is at least one	en	At minimum one of Sakura and Takumi is a wolf.	OR (ESTIMATE Agent[02] WEREWOLF) (ESTIMATE Agent[06] WEREWOLF)
a result asked for with please	en	Mizuki, divination result please.	INQUIRE Agent[05] (DIVINED ANY ANY)
a past claim said to a player is theirs	ja	ユミさん、狩人だって名乗り出たよね	Agent[08] COMINGOUT Agent[08] BODYGUARD
someone said it is hearsay	ja	ケンジが怪しいって誰か言ってた気がする	Skip
making sure nobody votes is a request	ja	ユミには誰も投票しないようにね	REQUEST ANY (NOT (VOTE Agent[08]))
thinking for someone asked of them	ja	ミナト、リンを占い師だと思ってあげて	REQUEST Agent[01] (ESTIMATE Agent[07] SEER)
not suspecting as a verb	ja	ケンジのことは別に怪しんでない	NOT (ESTIMATE Agent[03] WEREWOLF)
a medium claim parted by a space	ja	霊能です 昨日のタクミ●	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[06] WEREWOLF
glued marked names are results each	ja	占い結果→シオン○リン●	DIVINED Agent[04] HUMAN ; DIVINED Agent[07] WEREWOLF
doing a role is claiming it	ja	実は占い師やってます	COMINGOUT Agent[09] SEER
a hiragana bodyguard	ja	かりうどです	COMINGOUT Agent[09] BODYGUARD
fangs are an attack	ja	今夜はユミに牙を立てる	ATTACK Agent[08]
a result asked for with yoroshiku	ja	ミナト、占い結果よろしく	INQUIRE Agent[01] (DIVINED ANY ANY)
a vote target asked for with choudai	ja	投票先ちょうだい	INQUIRE ANY (VOTE ANY)
doing it oneself boldly is the act	ja	今夜はシオンを占ってやる	DIVINATION Agent[04]
denied suspicion of a player	en	I'm not suspicious of Takumi at all.	NOT (ESTIMATE Agent[06] WEREWOLF)
tonight's bite should be a player	en	Tonight's bite should be Minato.	REQUEST ANY (ATTACK Agent[01])
a player who votes with a noun as its object is the voter	ja	ユミは毎回多数派に票を合わせてる	Skip
mind asks a favour	en	Shion, mind guarding Rin tonight?	REQUEST Agent[04] (GUARD Agent[07])
never mind asks nothing	en	Never mind, I am voting Takumi.	VOTE Agent[06]
she is not her after a verb	en	I divined Yumi and she's a werewolf.	DIVINED Agent[08] WEREWOLF
a plural role is no claim	en	Rin and Kenji? I'd call them both villagers.	Skip
one of the wolves is still a claim	en	Fine, I'm one of the wolves.	COMINGOUT Agent[09] WEREWOLF
insisting on the real seer is a reported claim	en	Kenji insists he's the real seer.	Agent[03] COMINGOUT Agent[03] SEER
outed as a role is a claim	en	Sakura outed herself as medium earlier.	Agent[02] COMINGOUT Agent[02] MEDIUM
a named possessed overrides suspicion	en	I suspect Rin is the possessed.	ESTIMATE Agent[07] POSSESSED
zero chance denies	en	Zero chance I guard Shion tonight.	NOT (GUARD Agent[04])
can we all agree proposes	en	Can we all agree to vote Kenji today?	REQUEST ANY (VOTE Agent[03])
who said asks nothing	en	Who said Yumi is black?	Skip
a relative clause with said keeps its subject	en	Kenji, who said he's the seer, voted for Rin yesterday.	Agent[03] VOTED Agent[07]
plural bodyguards are no claim	en	Rin and Kenji? I'd call them both bodyguards.	Skip
sorry not sorry denies nothing	en	I voted Minato, sorry not sorry.	VOTED Agent[01]
a verb after a marked name opens a clause	en	medium co rin ● exile her	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[07] WEREWOLF ; REQUEST ANY (VOTE Agent[07])
guard target noun after	en	My guard target tonight: Yumi.	GUARD Agent[08]
guard target said of the player	en	Takumi was my guard target last night.	GUARDED Agent[06]
seems to suspect belongs to its holder	en	Rin seems to suspect Kenji.	Agent[07] ESTIMATE Agent[03] WEREWOLF
keep your vote off	en	Yumi, keep your vote off Rin today.	REQUEST Agent[08] (NOT (VOTE Agent[07]))
gets mine is a vote	en	Mizuki gets mine today.	VOTE Agent[05]
and I'm opens a clause	en	My vote's going to Kenji and I'm sticking with it.	VOTE Agent[03]
lean wolf on a player	en	I lean wolf on Rin.	ESTIMATE Agent[07] WEREWOLF
any wolf reads asks	en	@Kenji any wolf reads?	INQUIRE Agent[03] (ESTIMATE ANY WEREWOLF)
blackest is suspicion	en	Takumi's my blackest right now.	ESTIMATE Agent[06] WEREWOLF
not buying a talk disagrees	en	Not buying day2 ID:3.	DISAGREE TALK day2 ID:3
arrow names the guard target	ja	今夜の護衛→ユミ	GUARD Agent[08]
everyone told by a bare act noun	ja	みんな、タクミ投票ね	REQUEST ANY (VOTE Agent[06])
everyone told is not an announced act	ja	みんな、今日はタクミに投票します	VOTE Agent[06]
humble volitional is inclusive	ja	今夜はミヅキさんを襲撃いたしましょう	REQUEST ANY (ATTACK Agent[05])
saying it again is no request	ja	ケンジが怪しいってずっと言ってるじゃん	ESTIMATE Agent[03] WEREWOLF
insisting on oneself is a reported claim	ja	リン、自分が本物の霊能者だって言い張ってる	Agent[07] COMINGOUT Agent[07] MEDIUM
whose information asks nothing	ja	ユミ●って誰情報？	Skip
please spare me your vote	ja	ケンジ、俺に投票するのは勘弁して	REQUEST Agent[03] (NOT (VOTE Agent[09]))
list them asks	ja	みんな、怪しいと思う人を挙げて	INQUIRE ANY (ESTIMATE ANY WEREWOLF)
at least one with the names between	ja	最低でもミナトかユミの一人は人狼	OR (ESTIMATE Agent[01] WEREWOLF) (ESTIMATE Agent[08] WEREWOLF)
treated as possessed by a holder	ja	サクラは俺のこと狂人扱いしてる	Agent[02] ESTIMATE Agent[09] POSSESSED
possessed-like shorthand	ja	ユミ狂っぽい	ESTIMATE Agent[08] POSSESSED
never claimed	ja	ケンジが占い師を名乗ったことは一度もない	NOT (Agent[03] COMINGOUT Agent[03] SEER)
role quoted before the claim verb	ja	サクラがさっき霊能者って名乗ってたよ	Agent[02] COMINGOUT Agent[02] MEDIUM
possessed by permission	ja	実は狂人やらせてもらってます	COMINGOUT Agent[09] POSSESSED
honorific passive asks whom	ja	ミナトさん、昨日はどなたに投票されましたか？	INQUIRE Agent[01] (VOTED ANY)
reason with the object left out	ja	今日はユミに投票する。だって一番怪しいから	BECAUSE (ESTIMATE Agent[08] WEREWOLF) (VOTE Agent[08])
subject marked ga holds the opinion	ja	ミヅキがタクミを疑ってる	Agent[05] ESTIMATE Agent[06] WEREWOLF
speaker topic before a bare player	ja	俺はケンジ最黒	ESTIMATE Agent[03] WEREWOLF
an attack target noun takes its choice	ja	今夜の噛み先はリンにしよう	REQUEST ANY (ATTACK Agent[07])
a vote target chosen together	ja	投票先はサクラにしよう	REQUEST ANY (VOTE Agent[02])
a claim in the te-form links its subject on	ja	リンが占い師だって出てきて、タクミに白を出してた	Agent[07] COMINGOUT Agent[07] SEER ; Agent[07] DIVINED Agent[06] HUMAN
a holder before a progressive opinion	en	Rin is treating Kenji as a wolf.	Agent[07] ESTIMATE Agent[03] WEREWOLF
start treating asks everyone	en	Everyone, start treating Mizuki as a wolf.	REQUEST ANY (ESTIMATE Agent[05] WEREWOLF)
zero will to doubt denies	ja	ケンジを疑う気持ちはゼロです	NOT (ESTIMATE Agent[03] WEREWOLF)
treated as a wolf is suspicion	ja	タクミはもう狼扱いでいいと思う	ESTIMATE Agent[06] WEREWOLF
treated as confirmed white is trust	ja	ユミはもう白確扱いしてる	ESTIMATE Agent[08] VILLAGER
a degree word before white is an opinion	en	kenji's fairly white	ESTIMATE Agent[03] VILLAGER
the player before a relative clause's head is its object	en	Rin is the one I trust most	ESTIMATE Agent[07] VILLAGER
the player before a relative clause's head is its object	en	Mizuki is the person that I suspect	ESTIMATE Agent[05] WEREWOLF
a player held between holder and cue	en	Kenji has me pegged as a wolf	Agent[03] ESTIMATE Agent[09] WEREWOLF
guard is going on is a plan	en	Guard is going on Yumi tonight	GUARD Agent[08]
accept as is an opinion	en	I accept Kenji as our medium	ESTIMATE Agent[03] MEDIUM
a question mark with an exclamation is surprise	en	Rin voted for me?!	Agent[07] VOTED Agent[09]
a wh-word still asks with an exclamation	en	Who voted for me?!	INQUIRE ANY (VOTED Agent[09])
an owned vote told as past is the owner's	en	Rin's vote wasn't on Kenji	NOT (Agent[07] VOTED Agent[03])
so is carries the opinion	en	Minato is suspicious. So is Takumi.	ESTIMATE Agent[01] WEREWOLF ; ESTIMATE Agent[06] WEREWOLF
the speaker set off before a role holds an opinion of the topic	ja	ケンジは霊能COしたけど、私は狂人だと見ている	Agent[03] COMINGOUT Agent[03] MEDIUM ; ESTIMATE Agent[03] POSSESSED
a fake role is no estimate of the role	ja	サクラは偽の霊能者だ	Skip
taking a player off the guard denies it	ja	リンの護衛は今夜は外す	NOT (GUARD Agent[07])
passing on a vote denies it	ja	ミヅキへの投票は見送る	NOT (VOTE Agent[05])
the player whose view it is is no target	ja	ユミさん、あなた視点で一番怪しいのは誰？	INQUIRE Agent[08] (ESTIMATE ANY WEREWOLF)
a question put to a player with に addresses them	ja	ミナトさんに質問があります。昨日は誰に投票しましたか？	INQUIRE Agent[01] (VOTED ANY)
vote counting is no vote	ja	開票結果だと、サクラの票はタクミに入ってた	Agent[02] VOTED Agent[06]
taking a player off the guard denies it	ja	今夜はリンを護衛から外す	NOT (GUARD Agent[07])
trust placed in a player	ja	ユミには信頼を置いている	ESTIMATE Agent[08] VILLAGER
only looks like a role	ja	シオンは狂人にしか見えない	ESTIMATE Agent[04] POSSESSED
smells too much is suspicion	ja	タクミくさすぎでしょ	ESTIMATE Agent[06] WEREWOLF
considering a vote is undecided	en	I'm considering voting Kenji today.	Skip
consolidate on is a vote	en	let's consolidate on rin	REQUEST ANY (VOTE Agent[07])
a name before is and a progressive is its subject, not a call	en	Rin is trusting Kenji	Agent[07] ESTIMATE Agent[03] VILLAGER
a third party sure of a role holds the opinion	en	Yumi is sure that Takumi is the possessed.	Agent[08] ESTIMATE Agent[06] POSSESSED
a third party who believes holds the opinion	en	Minato believes Rin is a villager.	Agent[01] ESTIMATE Agent[07] VILLAGER
I am sure is still the speaker's opinion	en	I'm sure Sakura is a wolf.	ESTIMATE Agent[02] WEREWOLF
another player's true self is an opinion of them	ja	サクラの正体は狂人だと思う	ESTIMATE Agent[02] POSSESSED
one's own true self is a claim	ja	俺の正体は狩人だ	COMINGOUT Agent[09] BODYGUARD
a true self with a medium source is a result	ja	霊能の結果です。処刑されたミナト、正体は人間でした	IDENTIFIED Agent[01] HUMAN
a player's divination with rashii is their result	ja	サクラの占いだとユミは人狼らしいよ	Agent[02] DIVINED Agent[08] WEREWOLF
rashii alone is the speaker's suspicion	ja	タクミは人狼らしいな	ESTIMATE Agent[06] WEREWOLF
yue gives a reason	ja	ユミは占い師である可能性が高いゆえ、今夜はユミを守る	BECAUSE (ESTIMATE Agent[08] SEER) (GUARD Agent[08])
an owned claim noun reports no claim	en	Sakura's seer claim looks shaky to me.	Skip
kanarazu denies nothing	ja	ケンジは必ず最後に意見を変えるから怪しい	ESTIMATE Agent[03] WEREWOLF
the time of the vote is no vote	ja	リンは投票前になると黙る	Skip
according to a claimed medium, a result is theirs	en	Rin came out as medium, and according to Rin the executed Kenji was white.	Agent[07] COMINGOUT Agent[07] MEDIUM ; Agent[07] IDENTIFIED Agent[03] HUMAN
hikaete asks not to	ja	ミナトに投票するのはみんな控えてください	REQUEST ANY (NOT (VOTE Agent[01]))
oyasumi is no guard	ja	今夜はサクラの護衛はお休みにします	NOT (GUARD Agent[02])
from X's view asks X	ja	ケンジから見て、リンは白い？	INQUIRE Agent[03] (ESTIMATE Agent[07] VILLAGER)
no objection agrees	ja	day1 ID:4に異論はありません	AGREE TALK day1 ID:4
te-yatte asks the one called	ja	サクラ、ユミを信じてやってよ	REQUEST Agent[02] (ESTIMATE Agent[08] VILLAGER)
a decision taken politely is intent	ja	本日はミナトさんに投票することにいたしました	VOTE Agent[01]
a vote declared by the one called is theirs	ja	タクミ、ミヅキに投票するって宣言してたよね	Agent[06] VOTE Agent[05]
a free relative is no question	en	Rin is where my suspicion lands. She's a wolf.	ESTIMATE Agent[07] WEREWOLF ; ESTIMATE Agent[07] WEREWOLF
a verb after my is a noun	en	My vote goes to Shion today.	VOTE Agent[04]
your before a role is no claim of mine	en	Sakura, I need your divination result now.	INQUIRE Agent[02] (DIVINED ANY ANY)
your after a copula still claims	en	I'm your bodyguard, everyone.	COMINGOUT Agent[09] BODYGUARD
your before a role is not what I am	en	I need your medium findings, Yumi.	INQUIRE Agent[08] (IDENTIFIED ANY ANY)
the execution named is no vote	en	Yesterday's lynch hit Minato, and he was human per my medium read.	IDENTIFIED Agent[01] HUMAN
a power word before yattemasu names the role	ja	今回は占いやってます	COMINGOUT Agent[09] SEER
doushitemo is no why	ja	どうしてもタクミを信用できない	NOT (ESTIMATE Agent[06] VILLAGER)
possessed smell is suspicion of possessed	ja	ミナトは狂人の匂いがする	ESTIMATE Agent[01] POSSESSED
cannot bring myself to trust denies trust	ja	リンを信じる気になれない	NOT (ESTIMATE Agent[07] VILLAGER)
i'd love to lynch is a wish, ambiguous	en	I'd love to lynch Kenji.	Skip
down as is an opinion held	en	Takumi has Sakura down as the seer.	Agent[06] ESTIMATE Agent[02] SEER
named himself is a claim	en	Shion named himself the bodyguard yesterday.	Agent[04] COMINGOUT Agent[04] BODYGUARD
cosign agrees	en	I cosign day2 ID:5.	AGREE TALK day2 ID:5
against a talk disagrees	en	I'm against day1 ID:2.	DISAGREE TALK day1 ID:2
I'd like to know asks	en	Rin, I'd like to know who you suspect.	INQUIRE Agent[07] (ESTIMATE ANY WEREWOLF)
nitsuitewa marks the topic	ja	リンについては村人だと思う	ESTIMATE Agent[07] VILLAGER
to kangaeru is an opinion holder	ja	ミヅキは占い師を名乗ってるけど、私は人狼だと考えてる	Agent[05] COMINGOUT Agent[05] SEER ; ESTIMATE Agent[05] WEREWOLF
a name written is the vote's target	ja	昨日はリンの名前を書いて投票した	VOTED Agent[07]
the outcome of thinking is no result	ja	よく考えた結果、今日はサクラに投票します	VOTE Agent[02]
everyone but a player is nobody named, nor the topic	ja	ケンジは白だったね。とりあえず、俺はケンジ以外に人狼がいると思ってる	Skip
a gerund subject names the act and tells nobody	en	Trusting Kenji is beyond me now.	NOT (ESTIMATE Agent[03] VILLAGER)
the victim named was attacked	en	Yumi was the victim last night.	ANY ATTACKED Agent[08]
a name set off before a verb and another name is a call	en	Rin, give Yumi a chance and trust her.	REQUEST Agent[07] (ESTIMATE Agent[08] VILLAGER)
an act owned by his is no act of the speaker's	en	His guard last night was on Yumi.	Skip
med is medium	en	med co. shion ○	COMINGOUT Agent[09] MEDIUM ; IDENTIFIED Agent[04] HUMAN
";

#[test]
fn real_talk_phenomena_hold() {
    let understander = understander();
    let mut failures = Vec::new();
    for line in REAL_TALK_CASES.lines() {
        let [phenomenon, lang, utterance, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a case is four tab-separated fields: {line:?}");
        };
        let lang = if lang == "en" { Lang::En } else { Lang::Ja };
        let got = said(understander, lang, 9, utterance);
        if got != expected {
            failures.push(format!("{phenomenon} {utterance:?}\n    expected {expected}\n    got      {got}"));
        }
    }
    assert!(failures.is_empty(), "{} real-talk cases fail:\n{}", failures.len(), failures.join("\n"));
}

/// The sentences read from an utterance with the convention names, joined by " ; ", or `Skip`.
fn said(understander: &Understander, lang: Lang, speaker: u32, utterance: &str) -> String {
    let ctx = Context { speaker: Some(Agent::Id(speaker)), names: names(), ..Context::default() };
    let result = understander.understand(utterance, lang, &ctx);
    assert_eq!(result.skip, result.sentences.is_empty());
    if result.skip {
        "Skip".to_owned()
    } else {
        result.sentences.iter().map(|s| s.canonical.as_str()).collect::<Vec<_>>().join(" ; ")
    }
}

#[test]
fn without_a_speaker_own_statements_still_read() {
    let ctx = Context { names: names(), ..Context::default() };
    let read = |text: &str, lang| -> Vec<String> {
        understander().understand(text, lang, &ctx).sentences.into_iter().map(|s| s.canonical).collect()
    };
    assert_eq!(read("Agent[03]に投票します。", Lang::Ja), ["VOTE Agent[03]"]);
    assert_eq!(read("I will vote for Kenji.", Lang::En), ["VOTE Agent[03]"]);
    // A claim must name its claimant, and nobody says who is speaking.
    assert!(read("私は占い師です。", Lang::Ja).is_empty());
    assert!(read("Kenji voted for me.", Lang::En).is_empty());
}

#[test]
fn unknown_names_are_reported_not_bound() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let ctx = Context { speaker: Some(Agent::Id(9)), names: names(), ..Context::default() };
    let result = understander.understand("ユキさんを占ったら人狼だった", Lang::Ja, &ctx);
    assert!(result.skip, "{result:?}");
    assert_eq!(result.unknown_names.len(), 1);
    assert_eq!(result.unknown_names[0].name, "ユキ");
    let result = understander.understand("@Yuki I vote Kenji.", Lang::En, &ctx);
    assert_eq!(result.sentences[0].canonical, "VOTE Agent[03]");
    assert_eq!(result.unknown_names[0].name, "Yuki");
    assert!(result.mentions[0].agent.is_none());
    // A question or request to someone nobody knows is not one to everyone.
    for (text, lang) in [("@ユキ 誰に投票する？", Lang::Ja), ("@Yuki please vote for Kenji", Lang::En)] {
        let result = understander.understand(text, lang, &ctx);
        assert!(result.skip, "{text}: {result:?}");
        assert_eq!(result.unknown_names.len(), 1, "{text}");
    }
}

#[test]
fn english_unknown_names_are_reported_and_never_complete_a_list() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let ctx = Context { speaker: Some(Agent::Id(9)), names: names(), ..Context::default() };
    let unknown = |text: &str| {
        let result = understander.understand(text, Lang::En, &ctx);
        let names: Vec<String> = result.unknown_names.iter().map(|n| n.name.clone()).collect();
        (result.sentences.iter().map(|s| s.canonical.clone()).collect::<Vec<_>>(), names)
    };
    // Reported, never bound; a phrase (or list) that needs the name yields nothing rather than a part.
    for (text, name) in [
        ("I vote for Bob", "Bob"),
        ("I vote for Minato and Bob", "Bob"),
        ("I vote for Bob and Minato.", "Bob"),
        ("I suspect Minato, Bob and Carl.", "Bob"),
        ("Sakura divined Bob as human.", "Bob"),
        ("I vote for Minato and @bob", "bob"),
    ] {
        let (sentences, names) = unknown(text);
        assert!(sentences.is_empty(), "{text}: {sentences:?}");
        assert_eq!(names.first().map(String::as_str), Some(name), "{text}: {names:?}");
    }
    // Ordinary capitalised words, sentence starts and vocabulary are not names.
    for (text, expected) in [
        ("Yes, Minato is suspicious.", vec!["ESTIMATE Agent[01] WEREWOLF"]),
        ("I vote for Kenji. Bob is a good guy.", vec!["VOTE Agent[03]"]),
        ("Let's vote for Sakura Today.", vec!["REQUEST ANY (VOTE Agent[02])"]),
        ("I suspect the Seer.", vec![]),
    ] {
        let (sentences, names) = unknown(text);
        assert_eq!(sentences, expected, "{text}");
        assert!(names.is_empty(), "{text}: {names:?}");
    }
}

#[test]
fn results_without_a_source_word_are_skipped_with_both_readings_offered() {
    // C4: «ケンジは黒でした» could be a divination or an identification; nothing is said, both are offered.
    for (text, lang) in [("ケンジは黒でした。", Lang::Ja), ("ケンジ●", Lang::Ja), ("Kenji is black.", Lang::En)]
    {
        let result = understander().understand(text, lang, &speaker_nine());
        assert!(result.skip, "{text}: {result:?}");
        let offered: Vec<&str> = result.alternatives.iter().map(|a| a.canonical.as_str()).collect();
        assert!(offered.contains(&"DIVINED Agent[03] WEREWOLF"), "{text}: {offered:?}");
        assert!(offered.contains(&"IDENTIFIED Agent[03] WEREWOLF"), "{text}: {offered:?}");
    }
    // A source word leaves no doubt.
    let result = understander().understand("ケンジを占った結果、黒でした。", Lang::Ja, &speaker_nine());
    assert_eq!(result.sentences[0].canonical, "DIVINED Agent[03] WEREWOLF");
    assert!(result.alternatives.is_empty());
}

#[test]
fn an_inline_mark_at_a_sentence_start_addresses_the_rest() {
    let read = |text: &str, lang| -> Vec<String> {
        understander().understand(text, lang, &speaker_nine()).sentences.into_iter().map(|s| s.canonical).collect()
    };
    let text = "今日は狼を吊る日だよ！ @ケンジ 不安なのは自然だよ。今日はリンへ入れてほしいな。";
    assert_eq!(read(text, Lang::Ja), ["REQUEST Agent[03] (VOTE Agent[07])"]);
    let text = "@Kenji are you the seer? Others: who did you vote for?";
    assert_eq!(read(text, Lang::En), ["INQUIRE Agent[03] (COMINGOUT Agent[03] SEER)", "INQUIRE ANY (VOTED ANY)"]);
    // Inside a sentence a mark is only a reference.
    let text = "I vote @Kenji. Please vote for Rin.";
    assert_eq!(read(text, Lang::En), ["VOTE Agent[03]", "REQUEST ANY (VOTE Agent[07])"]);
}

/// Agent[09] speaking, with the convention's name table.
fn speaker_nine() -> Context {
    Context { speaker: Some(Agent::Id(9)), names: names(), ..Context::default() }
}

#[test]
fn spans_point_into_the_original_text() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let ctx = Context { speaker: Some(Agent::Id(9)), names: names(), ..Context::default() };
    let text = "おはよう！ｹﾝｼﾞを占った結果、人狼でした。";
    let result = understander.understand(text, Lang::Ja, &ctx);
    let span = result.sentences[0].span;
    assert_eq!(&text[span.start..span.end], "ｹﾝｼﾞを占った結果、人狼");
}

#[test]
fn hostile_input_never_panics() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let ctx = Context::default();
    let long = "占いCO。".repeat(MAX_INPUT_BYTES);
    assert!(understander.understand(&long, Lang::Ja, &ctx).skip);
    for text in ["", " ", "@", ">>", "@@@ over", "\u{E000}\u{E100}は黒", "ﾞﾟ", "agent[99999999999]", "Over over"]
    {
        for lang in [Lang::Ja, Lang::En] {
            let _ = understander.understand(text, lang, &ctx);
        }
    }
}

#[test]
fn from_dir_reads_and_checks_the_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    assert!(Understander::from_dir(&dir).is_ok());
    let broken = std::env::temp_dir().join(format!("aiwolf-nl-locales-{}", std::process::id()));
    std::fs::create_dir_all(&broken).unwrap();
    for file in ["ja.lexicon.toml", "ja.frames.toml", "en.lexicon.toml", "en.frames.toml"] {
        std::fs::copy(dir.join(file), broken.join(file)).unwrap();
    }
    let load_error = || Understander::from_dir(&broken).unwrap_err().to_string();
    // Each mistake names the file, the entry and what was expected.
    let ja = std::fs::read_to_string(dir.join("ja.lexicon.toml")).unwrap();
    std::fs::write(broken.join("ja.lexicon.toml"), ja.replacen("[words.role]\n", "[words.role]\nKING = [\"王\"]\n", 1))
        .unwrap();
    let error = load_error();
    assert!(error.contains("ja.lexicon.toml") && error.contains("`KING` is no role"), "{error}");
    std::fs::write(broken.join("ja.lexicon.toml"), &ja).unwrap();
    let en = std::fs::read_to_string(dir.join("en.frames.toml")).unwrap();
    assert!(en.contains("class = \"vote\""), "the English frames have a vote frame");
    std::fs::write(broken.join("en.frames.toml"), en.replacen("class = \"vote\"", "class = \"sing\"", 1)).unwrap();
    let error = load_error();
    assert!(error.contains("en.frames.toml") && error.contains("sing"), "{error}");
    std::fs::remove_file(broken.join("en.frames.toml")).unwrap();
    let error = load_error();
    assert!(error.contains("en.frames.toml") && error.contains("cannot read"), "{error}");
    std::fs::remove_dir_all(&broken).ok();
    assert!(Understander::from_dir(std::path::Path::new("/nonexistent")).is_err());
}

proptest::proptest! {
    /// Whatever the text, reading it never panics and every span is a valid range of the original text.
    #[test]
    fn any_text_reads_without_panic(text in "[a-zA-Z0-9 @>\\[\\]\\.\\?!、。！？ｱｶﾞﾟーさん占い師CO黒白人狼に投票しようミナトケンジ\u{E000}\u{E100}\u{3099}]{0,80}") {
        let understander = understander();
        let ctx = Context { speaker: Some(Agent::Id(9)), names: names(), ..Context::default() };
        for lang in [Lang::Ja, Lang::En] {
            let result = understander.understand(&text, lang, &ctx);
            for s in &result.sentences {
                proptest::prop_assert!(text.get(s.span.start..s.span.end).is_some());
            }
            for n in &result.unknown_names {
                proptest::prop_assert!(text.get(n.span.start..n.span.end).is_some());
            }
        }
    }
}

/// Built once for the property test (loading compiles every pattern).
fn understander() -> &'static Understander {
    static ONCE: std::sync::OnceLock<Understander> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| Understander::embedded().expect("embedded phrase files load"))
}
