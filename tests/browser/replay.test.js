// The replay page of `grove replay FILE --html OUT.html` in a real browser
// (headless Chromium through puppeteer-core), on the fixture game
// tests/fixtures/scripts/inject, whose title, labels, card names, move
// texts, narration and result hold markup, script end tags, quotes and
// bytes that are not UTF-8; any of them that ran would set window.pwned.
//
//  1. The page of a whole game: stepped through to the end, no script of
//     the game's runs, the page's own script does (it fills the title, the
//     moves and the board, an <svg> element), nothing breaks the policy,
//     and the texts show as the text they are. The policy's hashes are the
//     SHA-256 of the page's script and style blocks (node's crypto).
//  2. The same page with a script and an event handler written into it by
//     hand: the Content-Security-Policy stops both.
//  3. The pictures: the page holds them packed (each distinct line once,
//     a picture mostly runs of the one before); at every position, for
//     every viewer, the board shows the very picture grove draws there
//     (replay.lua's page_data, the pictures whole, through `grove run`),
//     on 30 moves of a 3-player Flooded Forest game and on the inject game.
//  4. A record of the variant `badcolor` (seat 1's colour closes the fill
//     attribute and adds an <image> whose onerror runs): refused, naming
//     look.seats[1]; a page written would have to run nothing.
//
// Prints "replay page: N passed, M failed"; SKIPPED as table.test.js says
// when Chromium cannot run.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const crypto = require("crypto");
const { spawnSync } = require("child_process");
const { check, summary, cannotRun, launch, close, GROVE, ROOT } = require("./lib");

const env = { ...process.env, GROVE_PATH: path.join(ROOT, "tests/fixtures"), LANG: "C" };

function grove(args, input) {
  const r = spawnSync(GROVE, args, { cwd: ROOT, env, input: input || "", encoding: "utf8" });
  return { code: r.status, out: (r.stdout || "") + (r.stderr || "") };
}

// Open a page file; returns {page, said: [console lines], errors: [page errors]}.
async function open(browser, file) {
  const page = await browser.newPage();
  const said = [], errors = [];
  page.on("console", (m) => said.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("file://" + file, { waitUntil: "load" });
  return { page, said, errors };
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

// Step through every position by the keyboard and by clicking each move.
async function stepThrough(page) {
  await page.keyboard.press("Home");
  const n = await page.evaluate(() => document.querySelectorAll("#moves li").length);
  for (let i = 0; i < n; i++) { await page.keyboard.press("ArrowRight"); await pause(50); }
  for (let i = 0; i < n; i++) {
    await page.evaluate((k) => document.querySelectorAll("#moves li")[k].click(), i);
    await pause(50);
  }
  await page.keyboard.press("End");
  await pause(300);
  return n;
}

const CSP = /Content Security Policy/;

async function wholeGame(browser, dir) {
  const save = path.join(dir, "inject.sav"), html = path.join(dir, "inject.html");
  let r = grove(["play", "inject", "--seed", "1"], `1\n1\nsave ${save}\n`);
  check(fs.existsSync(save), "the inject game was saved: " + r.out);
  r = grove(["replay", save, "--html", html]);
  check(r.code === 0, "grove replay --html inject: " + r.out);
  const text = fs.readFileSync(html, "latin1");

  // the policy names the page's own blocks by their SHA-256
  const policy = (text.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/) || [])[1] || "";
  check(/default-src 'none'/.test(policy) && !/unsafe-inline/.test(policy), "a strict policy: " + policy);
  const hash = (body) => "'sha256-" + crypto.createHash("sha256").update(Buffer.from(body, "latin1")).digest("base64") + "'";
  const scripts = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => hash(m[1]));
  const styles = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]));
  check(scripts.length === 1 && policy.includes("script-src " + scripts[0] + ";"), "the policy's script hash is the script's");
  check(styles.length === 1 && policy.includes("style-src " + styles[0] + ";"), "the policy's style hash is the style's");

  const { page, said, errors } = await open(browser, html);
  const n = await stepThrough(page);
  check(n === 4, `the moves listed (the start, 2 moves and the last, forced): ${n}`);
  const seen = await page.evaluate(() => ({
    pwned: window.pwned,
    title: document.getElementById("title").textContent,
    svg: document.querySelectorAll("#board svg").length,
    moves: document.getElementById("moves").textContent,
    result: document.getElementById("result").textContent,
    scripts: document.querySelectorAll("script").length,
    handlers: [...document.querySelectorAll("#board *")].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
  }));
  check(seen.pwned === undefined, "no script of the game ran: window.pwned = " + seen.pwned);
  check(seen.title.startsWith("Inject <script>window.pwned='title'</script> \ufffd"), "the title reads as text: " + seen.title);
  check(seen.svg === 1, "the board holds the picture, an <svg>");
  check(seen.moves.includes("mark a1 </script><script>window.pwned='move'</script><!--"), "a move text reads as text");
  check(seen.moves.includes("mark b1 \ufffd \ufffd"), "bytes that are no UTF-8 read as U+FFFD");
  check(seen.result.startsWith("seat 1 wins <script>"), "the result reads as text: " + seen.result.slice(0, 40));
  check(seen.scripts === 2, `the page's two script elements only (the data and the code): ${seen.scripts}`);
  check(seen.handlers === 0, "no element of the picture has an event handler");
  check(errors.length === 0, "no error on the page: " + errors.join("; "));
  check(!said.some((l) => CSP.test(l)), "nothing the page does breaks its policy: " + said.filter((l) => CSP.test(l)).join("; "));
  await page.close();

  // 2. the policy stops what was written into the page by hand
  const tampered = path.join(dir, "tampered.html");
  fs.writeFileSync(tampered, text.replace("</body>",
    "<script>window.pwned='inline'</script><img src=\"x\" onerror=\"window.pwned='handler'\"></body>"), "latin1");
  const t = await open(browser, tampered);
  await pause(300);
  const pwned = await t.page.evaluate(() => window.pwned);
  check(pwned === undefined, "the policy stops a script and a handler written into the page: window.pwned = " + pwned);
  check(t.said.some((l) => CSP.test(l)), "the browser says it refused them (the policy is in force)");
  await t.page.close();
}

// The pictures a record's page should show, whole, as grove draws them:
// {viewers, positions, pictures} of replay.lua's page_data, written to OUT.
const WHOLE = `
local f = assert(io.open(arg[1])) local text = f:read("a") f:close()
local g, moves, count
if text:sub(1, 10) == "grove-save" then
  g = assert(games.load(text))
  count = #g:history()
  while g:undo() do end
else
  local rec = json.decode(text)
  g = games.open(rec.game, { players = rec.players, seed = rec.seed, variants = rec.variants or "" })
  moves, count = rec.moves, #rec.moves
end
local data = require("grove.replay").page_data(g, moves, count, "", "")
local out = assert(io.open(arg[2], "w"))
out:write(json.encode({ viewers = data.viewers, positions = data.positions, pictures = data.pictures }))
out:close()
`;

// Every position of a record's page, for every viewer, shows the picture
// grove draws there: the board's <svg> and the whole picture parsed in the
// same page serialize to the same text.
async function samePictures(browser, dir, record, name) {
  const html = path.join(dir, name + ".html"), whole = path.join(dir, name + ".whole.json");
  let r = grove(["replay", record, "--html", html]);
  check(r.code === 0, `grove replay --html ${name}: ` + r.out);
  const script = path.join(dir, "whole.lua");
  fs.writeFileSync(script, WHOLE);
  r = grove(["run", script, record, whole]);
  check(r.code === 0 && fs.existsSync(whole), `the whole pictures of ${name}: ` + r.out);
  if (!fs.existsSync(html) || !fs.existsSync(whole)) return;
  const want = JSON.parse(fs.readFileSync(whole, "utf8"));
  const { page, errors } = await open(browser, html);
  let compared = 0;
  for (const v of want.viewers) {
    const texts = want.positions.map((at) => want.pictures[at[String(v)]]);
    const differ = await page.evaluate((viewer, wanted) => {
      const choose = document.getElementById("viewer");
      choose.value = String(viewer);
      choose.dispatchEvent(new Event("change"));
      const items = document.querySelectorAll("#moves li"), xml = new XMLSerializer(), bad = [];
      wanted.forEach((text, at) => {
        items[at].click();
        const board = document.querySelector("#board svg");
        const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
        if (!board || xml.serializeToString(board) !== xml.serializeToString(document.importNode(svg, true))) bad.push(at);
      });
      return bad;
    }, v, texts);
    compared += texts.length;
    check(differ.length === 0, `${name}, viewer ${v}: the board shows grove's picture at every position; not at ${differ.join(", ")}`);
  }
  check(compared === want.positions.length * want.viewers.length && compared > 0,
    `${name}: every position for every viewer compared (${compared})`);
  check(errors.length === 0, `no error on the page of ${name}: ` + errors.join("; "));
  await page.close();
}

async function pictures(browser, dir) {
  const lines = path.join(dir, "flooded.jsonl"), record = path.join(dir, "flooded.json");
  const r = grove(["sim", "flooded", "--players", "3", "-n", "1", "--seed", "2", "--records", lines]);
  check(r.code === 0, "grove sim flooded: " + r.out);
  const game = JSON.parse(fs.readFileSync(lines, "utf8").split("\n")[0]);
  check(game.moves.length >= 30, `the Flooded game is 30 moves or more: ${game.moves.length}`);
  fs.writeFileSync(record, JSON.stringify({ game: "flooded", players: 3, seed: game.seed, moves: game.moves.slice(0, 30) }));
  await samePictures(browser, dir, record, "flooded");
  await samePictures(browser, dir, path.join(dir, "inject.sav"), "inject");
}

async function badColour(browser, dir) {
  const record = path.join(dir, "badcolor.json"), html = path.join(dir, "badcolor.html");
  fs.writeFileSync(record, JSON.stringify({ game: "inject", variants: "badcolor", players: 2, seed: 1, moves: [] }));
  const r = grove(["replay", record, "--html", html]);
  if (r.code === 0 && fs.existsSync(html)) {
    check(false, "a look whose seat colour closes its attribute was refused (a page was written)");
    const { page } = await open(browser, html);
    await pause(500);
    const pwned = await page.evaluate(() => window.pwned);
    check(pwned === undefined, "the page of a look with a hostile seat colour runs nothing: window.pwned = " + pwned);
    await page.close();
    return;
  }
  check(r.code === 1 && r.out.includes("look.seats[1] is '#000\"/><image"), "the hostile seat colour is refused, naming look.seats[1]: " + r.out);
  check(!fs.existsSync(html), "no page written for it");
}

async function main() {
  const why = cannotRun();
  if (why) {
    console.log("=".repeat(72));
    console.log(`replay page: SKIPPED: ${why}`);
    console.log("The replay page was not checked in a browser.");
    console.log("=".repeat(72));
    return process.env.GROVE_BROWSER_OPTIONAL ? 0 : 1;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grove-replay-"));
  const browser = await launch();
  try {
    await wholeGame(browser, dir);
    await pictures(browser, dir);
    await badColour(browser, dir);
  } finally {
    await close(browser);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return summary("replay page");
}

main().then((code) => process.exit(code), (e) => {
  console.log("FAIL " + (e && e.stack || e));
  summary("replay page");
  process.exit(1);
});
