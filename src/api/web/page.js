// The page at `/`: a game-log viewer (POST /v1/gamelog/render) and a one-line playground (POST /v1/translate).
// Text the page inserts itself goes through textContent; the server's transcript fragment, already escaped,
// is copied through an allowlist of elements and attributes, so even a faulty fragment cannot run script.
"use strict";

const MESSAGES = {
  en: {
    tagline: "AIWolf protocol ⇄ Japanese and English, for human players",
    language: "Language",
    viewerTitle: "Game log",
    viewerHint: "Paste a game log or open a .log file, then read the game as a transcript.",
    logPlaceholder: "Paste a log here: 0,status,1,SEER,ALIVE,wasabi …",
    openFile: "Open a file…",
    showProtocol: "Show the original protocol",
    hideFiller: "Hide Over and Skip",
    read: "Read the game",
    playgroundTitle: "Playground",
    playgroundHint: "Translate one line between the protocol and Japanese or English.",
    from: "From",
    to: "To",
    swap: "Swap the direction",
    langProtocol: "Protocol",
    translate: "Translate",
    footer: "Served by aiwolf-nl; works offline.",
    apiDocs: "API documentation",
    reading: "Reading the log…",
    translating: "Translating…",
    emptyLog: "Paste a log or open a file first.",
    emptyLine: "Type a line to translate.",
    loaded: (file) => `Opened ${file}.`,
    tooLarge: (file) => `${file} is too large to be a game log.`,
    summary: (days, talks) => `${days} ${days === 1 ? "day" : "days"}, ${talks} ${talks === 1 ? "talk" : "talks"}.`,
    noEndpoint: "This server cannot render game logs (POST /v1/gamelog/render is missing).",
    network: "The server could not be reached.",
    badAnswer: (status) => `The server answered ${status} without an explanation.`,
    readings: "Read as protocol:",
    warnings: "Normalized:",
    unknownNames: "Names not in the game:",
  },
  ja: {
    tagline: "人狼知能プロトコル ⇄ 日本語・英語（人間のプレイヤー向け）",
    language: "言語",
    viewerTitle: "ゲームログ",
    viewerHint: "ゲームログを貼り付けるか .log ファイルを開くと、会話の記録として読めます。",
    logPlaceholder: "ここにログを貼り付け：0,status,1,SEER,ALIVE,wasabi …",
    openFile: "ファイルを開く…",
    showProtocol: "元のプロトコルを表示",
    hideFiller: "Over・Skip を隠す",
    read: "ゲームを読む",
    playgroundTitle: "一文翻訳",
    playgroundHint: "プロトコルと日本語・英語の間で一文を翻訳します。",
    from: "翻訳元",
    to: "翻訳先",
    swap: "方向を入れ替える",
    langProtocol: "プロトコル",
    translate: "翻訳",
    footer: "aiwolf-nl が配信しています。オフラインでも動作します。",
    apiDocs: "API ドキュメント",
    reading: "ログを読み込んでいます…",
    translating: "翻訳しています…",
    emptyLog: "先にログを貼り付けるか、ファイルを開いてください。",
    emptyLine: "翻訳する文を入力してください。",
    loaded: (file) => `${file} を開きました。`,
    tooLarge: (file) => `${file} はゲームログにしては大きすぎます。`,
    summary: (days, talks) => `${days} 日分、発言 ${talks} 件。`,
    noEndpoint: "このサーバーはゲームログを表示できません（POST /v1/gamelog/render がありません）。",
    network: "サーバーに接続できませんでした。",
    badAnswer: (status) => `サーバーが説明なしで ${status} を返しました。`,
    readings: "プロトコルとしての読み：",
    warnings: "正規化：",
    unknownNames: "ゲームにいない名前：",
  },
};

const STORAGE_KEY = "aiwolf-nl.lang";
const $ = (id) => document.getElementById(id);

let lang = "en";
let logRequest = 0;
let transcriptShown = false; // Switching the language then re-requests the transcript.

// ---- language ---------------------------------------------------------------------------------------------

function initialLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (Object.hasOwn(MESSAGES, asked)) return asked;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (Object.hasOwn(MESSAGES, stored)) return stored;
  } catch (_) {
    // Storage can be disabled; the browser's language decides then.
  }
  return (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
}

function t(key, ...args) {
  const message = MESSAGES[lang][key];
  return typeof message === "function" ? message(...args) : message;
}

function setLanguage(next) {
  lang = next;
  document.documentElement.lang = next;
  $(`lang-${next}`).checked = true;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch (_) {
    // Not remembered; nothing else depends on it.
  }
}

// ---- talking to the API -------------------------------------------------------------------------------------

// POSTs JSON; resolves to {ok, status, body} where body is text, or rejects with a message to show.
async function post(path, payload) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
  } catch (_) {
    throw new Error(t("network"));
  }
  const body = await response.text();
  return { ok: response.ok, status: response.status, body };
}

// The message of the service's error envelope, or a fallback naming the status.
function errorMessage(answer) {
  try {
    const error = JSON.parse(answer.body).error;
    if (error && error.message) return error.message;
  } catch (_) {
    // Not the envelope (a proxy's page, say).
  }
  return t("badAnswer", answer.status);
}

function showStatus(el, text, isError) {
  el.textContent = text;
  el.classList.toggle("error", Boolean(isError));
}

// ---- the transcript fragment ----------------------------------------------------------------------------------

const ALLOWED_ELEMENTS = new Set([
  "ARTICLE", "SECTION", "HEADER", "FOOTER", "H2", "H3", "H4", "P", "DIV", "SPAN", "CODE", "Q", "BLOCKQUOTE",
  "STRONG", "EM", "B", "I", "SMALL", "TIME", "UL", "OL", "LI", "DL", "DT", "DD", "TABLE", "THEAD", "TBODY",
  "TR", "TH", "TD", "BR", "HR", "ABBR", "MARK", "S",
]);
const ALLOWED_ATTRIBUTES = new Set(["class", "lang", "title", "datetime", "colspan", "rowspan"]);

// Copies `source`'s children into `target`, keeping allowed elements and plain attributes; anything else
// (script, img, event handlers, links, styles) is dropped, its text kept as text.
function copySafe(source, target) {
  for (const node of source.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.append(node.textContent);
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      if (node.tagName === "SCRIPT" || node.tagName === "STYLE" || node.tagName === "TEMPLATE") {
        target.append(node.textContent);
      } else if (ALLOWED_ELEMENTS.has(node.tagName)) {
        const copy = document.createElement(node.tagName.toLowerCase());
        for (const attribute of node.attributes) {
          if (ALLOWED_ATTRIBUTES.has(attribute.name) || /^data-[a-z0-9-]+$/.test(attribute.name)) {
            copy.setAttribute(attribute.name, attribute.value);
          }
        }
        copySafe(node, copy);
        target.append(copy);
      } else {
        copySafe(node, target);
      }
    }
  }
}

const FILLER = new Set(["Over", "Skip"]);

function insertTranscript(html) {
  // DOMParser builds an inert document: nothing in it loads or runs.
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const host = $("transcript");
  const fragment = document.createDocumentFragment();
  copySafe(parsed.body, fragment);
  // Over and Skip say nothing: marked so that they are hidden (by default) and counted beside the toggle.
  let fillers = 0;
  for (const code of fragment.querySelectorAll(".talk code.protocol")) {
    if (FILLER.has(code.textContent.trim())) {
      code.closest(".talk").classList.add("filler");
      fillers += 1;
    }
  }
  host.replaceChildren(fragment);
  $("filler-count").textContent = `(${fillers})`;
  return host;
}

// ---- the log viewer -----------------------------------------------------------------------------------------

async function renderLog() {
  const log = $("log-text").value;
  const status = $("log-status");
  if (!log.trim()) {
    showStatus(status, t("emptyLog"), true);
    return;
  }
  const request = ++logRequest;
  const targetLang = lang;
  showStatus(status, t("reading"), false);
  $("transcript").setAttribute("aria-busy", "true");
  try {
    const answer = await post("/v1/gamelog/render", { log, target_lang: targetLang, format: "html" });
    if (request !== logRequest) return; // A newer request (another language, another log) wins.
    if (!answer.ok) {
      const notFound = answer.status === 404;
      showStatus(status, notFound ? t("noEndpoint") : errorMessage(answer), true);
      $("transcript").replaceChildren();
      return;
    }
    const host = insertTranscript(answer.body);
    transcriptShown = true;
    const days = host.querySelectorAll("section.day").length;
    const talks = host.querySelectorAll(".talk").length;
    showStatus(status, t("summary", days, talks), false);
  } catch (error) {
    if (request === logRequest) showStatus(status, error.message, true);
  } finally {
    if (request === logRequest) $("transcript").removeAttribute("aria-busy");
  }
}

// Far above any real log (a 15-player game is about 30 KB); the server's body limit decides below it.
const MAX_FILE_BYTES = 4 * 1024 * 1024;

async function openFile(file) {
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    showStatus($("log-status"), t("tooLarge", file.name), true);
    return;
  }
  $("log-text").value = await file.text();
  showStatus($("log-status"), t("loaded", file.name), false);
  await renderLog();
}

// ---- the playground -----------------------------------------------------------------------------------------

// Appends `label` and one line per item: `{code, note}`, each optional, the code in monospace.
function listItems(list, label, items) {
  if (items.length === 0) return;
  const head = document.createElement("li");
  head.className = "label";
  head.textContent = label;
  list.append(head);
  for (const item of items) {
    const li = document.createElement("li");
    if (item.code !== undefined) {
      const code = document.createElement("code");
      code.textContent = item.code;
      li.append(code, " ");
    }
    if (item.note) li.append(item.note);
    list.append(li);
  }
}

const percent = (confidence) => (typeof confidence === "number" ? `${Math.round(confidence * 100)}%` : "");

// Shows `text` with the bytes `span` (UTF-8 offsets, as the API counts) marked, or hides the line.
function showWhere(text, span) {
  const where = $("play-where");
  const code = where.querySelector("code");
  code.replaceChildren();
  where.hidden = !span;
  if (!span) return;
  const bytes = new TextEncoder().encode(text);
  const decode = (from, to) => new TextDecoder().decode(bytes.slice(from, to));
  const mark = document.createElement("mark");
  mark.textContent = decode(span.start, span.end) || " ";
  code.append(decode(0, span.start), mark, decode(span.end));
}

async function translateLine() {
  const text = $("play-text").value;
  const from = $("play-from").value;
  const to = $("play-to").value;
  const result = $("play-result");
  const readings = $("play-readings");
  const error = $("play-error");
  result.textContent = "";
  readings.replaceChildren();
  showWhere(text, null);
  if (!text.trim()) {
    showStatus(error, t("emptyLine"), true);
    return;
  }
  showStatus(error, t("translating"), false);
  try {
    const answer = await post("/v1/translate", { texts: [text], source_lang: from, target_lang: to });
    if (!answer.ok) {
      showStatus(error, errorMessage(answer), true);
      return;
    }
    const item = JSON.parse(answer.body).results[0];
    if (item.error) {
      showStatus(error, item.error.message, true);
      showWhere(text, item.error.span);
      return;
    }
    showStatus(error, "", false);
    result.textContent = item.text;
    result.lang = to === "protocol" ? "" : to;
    result.classList.toggle("protocol", to === "protocol");
    const sentences = item.sentences || [];
    if (item.detected_source_lang !== "protocol") {
      const read = sentences.flatMap((s) => [
        { code: s.canonical || s.protocol, note: percent(s.confidence) },
        ...(s.alternatives || []).map((a) => ({ code: a.canonical || a.protocol, note: `(${percent(a.confidence)})` })),
      ]);
      listItems(readings, t("readings"), read);
      const unknown = (item.unknown_names || []).map((u) => ({ code: typeof u === "string" ? u : u.name }));
      listItems(readings, t("unknownNames"), unknown);
    }
    listItems(readings, t("warnings"), (item.warnings || []).map((w) => ({ note: w.message })));
  } catch (failure) {
    showStatus(error, failure.message, true);
  }
}

function swapDirection() {
  const from = $("play-from");
  const to = $("play-to");
  [from.value, to.value] = [to.value, from.value];
  const result = $("play-result").textContent;
  if (result) $("play-text").value = result;
  $("play-result").textContent = "";
  $("play-readings").replaceChildren();
  showStatus($("play-error"), "", false);
  showWhere("", null);
}

// ---- wiring -------------------------------------------------------------------------------------------------

function start() {
  setLanguage(initialLanguage());
  for (const radio of document.querySelectorAll('input[name="lang"]')) {
    radio.addEventListener("change", () => {
      setLanguage(radio.value);
      if (transcriptShown) renderLog();
    });
  }
  $("log-form").addEventListener("submit", (event) => {
    event.preventDefault();
    renderLog();
  });
  $("log-file").addEventListener("change", async (event) => {
    await openFile(event.target.files[0]);
    event.target.value = ""; // Choosing the same file again reads it again.
  });
  const area = $("log-text");
  area.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      renderLog();
    }
  });
  area.addEventListener("dragover", (event) => event.preventDefault());
  area.addEventListener("drop", (event) => {
    event.preventDefault();
    openFile(event.dataTransfer.files[0]);
  });
  $("show-protocol").addEventListener("change", (event) => {
    $("transcript").classList.toggle("hide-protocol", !event.target.checked);
  });
  // A browser may restore the checkbox of a reloaded page: the transcript follows it.
  $("transcript").classList.toggle("hide-filler", $("hide-filler").checked);
  $("hide-filler").addEventListener("change", (event) => {
    $("transcript").classList.toggle("hide-filler", event.target.checked);
  });
  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    translateLine();
  });
  $("play-swap").addEventListener("click", swapDirection);
  document.body.dataset.ready = "true";
}

start();
