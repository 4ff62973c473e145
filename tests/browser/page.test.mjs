// The page at `/` in Debian's chromium, driven by playwright-core (which never downloads a browser).
// Run by tests/browser.rs, which starts the real binary and passes:
//   AIWOLF_NL_URL          the server, e.g. http://127.0.0.1:41234
//   CHROMIUM               the browser executable (default /usr/bin/chromium)
//   SCREENSHOT_DIR         where screenshots go (under target/, never git)
//   AIWOLF_NL_SHARED_LOG   a shared 5-player ANAC2020 log, or unset to skip that part
//   AIWOLF_NL_REQUIRE_UNDERSTANDING=1  makes a refused ja/en → protocol translation a failure
// (tests/browser.rs sets it when the service's language table says the direction exists.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const baseUrl = process.env.AIWOLF_NL_URL;
const screenshots = process.env.SCREENSHOT_DIR ?? path.join(here, "../../target/browser-screenshots");
const hostileLog = path.join(here, "fixtures/hostile.log");
const sharedLog = process.env.AIWOLF_NL_SHARED_LOG || null;
const requireUnderstanding = process.env.AIWOLF_NL_REQUIRE_UNDERSTANDING === "1";
const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

assert.ok(baseUrl, "AIWOLF_NL_URL must name the running server");

let profile;
let context;
let page;
const pageErrors = [];
const cspViolations = [];

before(async () => {
  await mkdir(screenshots, { recursive: true });
  // A fresh profile every run: nothing remembered from an earlier run (language, cache) leaks in.
  profile = await mkdtemp(path.join(tmpdir(), "aiwolf-nl-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    locale: "en-US",
    viewport: { width: 1100, height: 900 },
    timeout: 60_000,
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

after(async () => {
  await context?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

const shot = (name) => page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
const pwned = () => page.evaluate(() => window.__pwned);

async function chooseLanguage(code) {
  await page.locator(".switch label").filter({ has: page.locator(`#lang-${code}`) }).click();
  await page.waitForFunction((c) => document.documentElement.lang === c, code);
}

async function translate(text, from, to) {
  await page.selectOption("#play-from", from);
  await page.selectOption("#play-to", to);
  await page.fill("#play-text", text);
  await page.click("#play-submit");
  // Done when a result or an error (not the progress message) is on show.
  await page.waitForFunction(() => {
    const error = document.getElementById("play-error");
    return document.getElementById("play-result").textContent !== "" || error.classList.contains("error");
  });
  return {
    result: await page.textContent("#play-result"),
    readings: await page.textContent("#play-readings"),
    error: await page.textContent("#play-error"),
  };
}

test("the page loads under its security policy and speaks both languages", async () => {
  const response = await page.goto(`${baseUrl}/`);
  assert.equal(response.status(), 200);
  const headers = response.headers();
  assert.match(headers["content-type"], /^text\/html; charset=utf-8/);
  assert.match(headers["content-security-policy"], /script-src 'self'/);
  assert.doesNotMatch(headers["content-security-policy"], /unsafe-inline/);
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.title(), "aiwolf-nl");
  assert.equal(await page.textContent("#viewer-title"), "Game log");
  await chooseLanguage("ja");
  assert.equal(await page.textContent("#viewer-title"), "ゲームログ");
  assert.equal(await page.textContent("#playground-title"), "一文翻訳");
  await shot("page-ja");
  await chooseLanguage("en");
  assert.equal(await page.textContent("#viewer-title"), "Game log");
});

test("the playground translates protocol into Japanese and English", async () => {
  const ja = await translate("VOTE Agent[3]", "protocol", "ja");
  assert.match(ja.result, /Agent\[03\]/);
  assert.match(ja.result, /投票/);
  assert.match(ja.readings, /Agent\[03\]/, "the normalization of Agent[3] is listed");
  const en = await translate("Agent[01] COMINGOUT Agent[01] SEER", "protocol", "en");
  assert.match(en.result, /seer/i);
  assert.match(en.result, /Agent\[01\]/);
  assert.equal(en.error, "");
  await shot("playground-en");
});

test("the playground reads Japanese and English into protocol, or says why not", async () => {
  for (const [text, from] of [["Agent[03]に投票します。", "ja"], ["I will vote for Agent[03].", "en"]]) {
    const answer = await translate(text, from, "protocol");
    if (answer.result) {
      assert.match(answer.result, /VOTE Agent\[03\]/);
      assert.match(answer.readings, /VOTE Agent\[03\]/, "the canonical reading is listed");
      console.log(`${from} → protocol: ${answer.result}`);
    } else {
      assert.ok(!requireUnderstanding, `${from} → protocol refused although the service supports it: ${answer.error}`);
      assert.ok(answer.error.length > 10, "the service's reason is shown");
      console.log(`${from} → protocol is not available on this server: ${answer.error}`);
    }
  }
});

test("the playground shows markup in a bad line as text", async () => {
  const answer = await translate(`<img src=x onerror="window.__pwned='play'">`, "protocol", "ja");
  assert.equal(answer.result, "");
  assert.match(answer.error, /`<img`/, "the offending word is quoted literally");
  assert.equal(await page.textContent("#play-where mark"), "<img", "the error's span is marked");
  assert.match(await page.textContent("#play-where"), /onerror="window.__pwned='play'"/);
  assert.equal(await page.locator("#playground img").count(), 0);
  assert.equal(await pwned(), undefined);
});

test("the log viewer refuses a file far too large to be a log, without sending it", async () => {
  const requests = [];
  const track = (request) => requests.push(request.url());
  page.on("request", track);
  const buffer = Buffer.alloc(5 * 1024 * 1024, "0,talk,0,0,1,Over\n");
  await page.setInputFiles("#log-file", { name: "huge.log", mimeType: "text/plain", buffer });
  await page.waitForSelector("#log-status.error");
  page.off("request", track);
  assert.match(await page.textContent("#log-status"), /huge\.log is too large/);
  assert.deepEqual(requests, []);
});

async function waitForTranscript(code) {
  await page.waitForSelector(`#transcript article.transcript[lang=${code}]`);
  await page.waitForFunction(() => !document.getElementById("transcript").hasAttribute("aria-busy"));
}

test("the log viewer shows a hostile log as text", async () => {
  await page.setInputFiles("#log-file", hostileLog);
  await waitForTranscript("en");
  const talks = page.locator("#transcript .talk");
  assert.ok((await talks.count()) >= 10, "every talk of the fixture is shown");
  assert.ok((await page.locator("#transcript .talk.whisper").count()) >= 1, "the whisper is marked");
  const scriptTalk = talks.filter({ hasText: "<script>window.__pwned = 'talk'</script>" });
  assert.equal(await scriptTalk.count(), 1, "the <script> talk is shown as text");
  assert.equal(await talks.filter({ hasText: `<img src=x onerror="window.__pwned = 'img'">` }).count(), 1);
  assert.equal(await page.locator("#transcript script, #transcript img").count(), 0);
  assert.ok((await page.locator("#transcript section.result").count()) === 1, "the end of the game is shown");
  assert.equal(await pwned(), undefined, "no script of the log ran");
  await shot("transcript-hostile-en");
});

test("the log viewer shows a real game in Japanese and English", async (t) => {
  if (!sharedLog) {
    t.skip("no shared log (../shared is absent)");
    return;
  }
  const log = await readFile(sharedLog, "utf8");
  const talkLines = log.split("\n").filter((line) => /^\d+,(talk|whisper),/.test(line)).length;
  await page.fill("#log-text", log);
  await page.click("#log-submit");
  await waitForTranscript("en");
  const english = await page.textContent("#transcript");
  const talks = await page.locator("#transcript .talk").count();
  assert.ok(talks > 0 && talks <= talkLines, `${talks} talks shown for ${talkLines} talk lines`);
  assert.equal(await page.locator("#transcript .talk code.protocol").count(), talks, "each talk keeps its protocol");
  assert.ok((await page.locator("#transcript section.day").count()) >= 3, "a section per day");
  assert.equal(await page.locator("#transcript section.result").count(), 1);
  assert.match(english, /wasabi/, "speakers are named");
  await shot("transcript-en");

  await chooseLanguage("ja");
  await waitForTranscript("ja");
  const japanese = await page.textContent("#transcript");
  assert.notEqual(japanese, english);
  assert.match(japanese, /[\u3040-\u30ff]/, "the transcript is in Japanese");
  assert.equal(await page.locator("#transcript .talk").count(), talks);
  await shot("transcript-ja");

  // Over and Skip are collapsed from the start; the toggle says how many and brings them back.
  assert.equal(await page.isChecked("#hide-filler"), true, "Over and Skip are hidden by default");
  assert.ok(await page.isVisible("#hide-filler"), "the toggle is visible");
  const visible = page.locator("#transcript .talk:visible");
  const hidden = talks - (await visible.count());
  assert.ok(hidden > 0, "Over and Skip are hidden");
  assert.equal(await page.textContent("#filler-count"), `(${hidden})`, "the toggle counts the hidden lines");
  const shown = await visible.locator("code.protocol").allTextContents();
  assert.ok(shown.length > 0 && shown.every((text) => !["Over", "Skip"].includes(text.trim())), shown.join(" | "));
  assert.ok(
    (await page.locator("#transcript .talk.whisper:visible .whisper-mark").allTextContents()).every((m) => m === "（囁き）"),
    "a whisper is marked in the text",
  );
  await page.uncheck("#hide-filler");
  assert.equal(await visible.count(), talks);
  await page.check("#hide-filler");

  await page.uncheck("#show-protocol");
  assert.equal(await page.locator("#transcript code.protocol").first().isVisible(), false);
  await page.check("#show-protocol");
  await chooseLanguage("en");
  await waitForTranscript("en");
});

test("nothing ran that should not have", () => {
  assert.deepEqual(pageErrors, [], "uncaught errors in the page");
  assert.deepEqual(cspViolations, [], "Content-Security-Policy violations");
});
