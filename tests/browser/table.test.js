// grove serve in a real browser (headless Chromium through puppeteer-core):
//
//  1. Once Upon a Forest, 2 players: both seats' pages open; the whole game
//     is played to the result by clicks (move buttons, and cards on the
//     board that pick or filter the moves); undo is asked, refused, asked
//     again and agreed. Seat 1's page must never receive seat 2's hand:
//     not in any response it got (every state, every answer, the events)
//     and not in its DOM.
//  2. Logger and Flooded Forest: the picture on an onlooker's page holds
//     the board's pieces, place by place, as the game's state has them
//     (Logger's first moves are played by clicking the board's squares).
//  3. Screenshots of each game's page, when GROVE_SCREENSHOTS names a
//     folder (docs/screenshots: make screenshots).
//
// Prints "browser: N passed, M failed"; when Chromium cannot run here it
// says so, SKIPPED, loudly, and exits 0 only if GROVE_BROWSER_OPTIONAL is
// set (CI's machine has Chromium: setup.sh installs it).
"use strict";
const fs = require("fs");
const path = require("path");
const lib = require("./lib");
const { check, summary, cannotRun, stop, launch, close, rng, request, GROVE, ROOT } = lib;

// Every server started, so that a failure stops them too.
const servers = [];
async function serve(args) {
  const srv = await lib.serve(args);
  servers.push(srv);
  return srv;
}
const { execFileSync } = require("child_process");

// ---- reading what a seat is shown -------------------------------------------------

// The SVG of one zone (a <g class="zone" data-component=NAME> ... </g>,
// balanced), or "".
function zone(svg, name) {
  const start = svg.indexOf(`<g class="zone" data-component="${name}">`);
  if (start < 0) return "";
  let depth = 0, i = start;
  const re = /<g[\s>]|<\/g>/g;
  re.lastIndex = start;
  let m;
  while ((m = re.exec(svg))) {
    depth += m[0] === "</g>" ? -1 : 1;
    if (depth === 0) { i = m.index + 4; break; }
  }
  return svg.slice(start, i);
}

// The card faces a zone shows (their names), in order.
function faces(zoneSvg) {
  return [...zoneSvg.matchAll(/<g class="card" data-key="([^"]*)"/g)].map((m) => m[1]);
}

// How often a card name stands in a text as a whole name.
function occurrences(text, name) {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return (text.match(new RegExp(`(^|[^a-z0-9-])${esc}(?![a-z0-9-])`, "g")) || []).length;
}

async function state(srv, seat) {
  const r = await request(`${srv.base}/api/${srv.tokens[seat]}/state`);
  return JSON.parse(r.body);
}

// Headless Chromium runs only the front tab's clicks: bring the page forward.
async function front(page) {
  await page.bringToFront();
}

// Click the i-th (0-based; -1: a random one by pick) of the elements
// `selector` finds, with the mouse; once more if the page redrew them
// in between (the handle is then detached).
async function clickNth(page, selector, i, pick) {
  await front(page);
  for (let tries = 0; ; tries++) {
    const all = await page.$$(selector);
    if (all.length === 0) throw new Error(`nothing to click: ${selector}`);
    const k = i >= 0 ? i : pick(all.length);
    try {
      await all[k].click();
      return;
    } catch (e) {
      if (tries >= 3 || !/detached|not clickable|no longer/i.test(e.message)) throw e;
    }
  }
}

async function version(page) {
  return page.evaluate(() => Number(document.body.dataset.version || 0));
}

// The onlooker's state once the table reached version v (a click's POST
// may still be on its way when the click returns).
async function stateAt(srv, v) {
  for (let i = 0; i < 400; i++) {
    const st = await state(srv, 0);
    if (st.version >= v) return st;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the table did not reach version ${v}`);
}

async function waitVersion(page, v) {
  await page.waitForFunction((want) => Number(document.body.dataset.version || 0) >= want, { timeout: 20000, polling: 50 }, v);
}

// ---- 1. a whole game of Once Upon a Forest -----------------------------------------

async function onceupon(browser) {
  const srv = await serve(["onceupon", "--players", "2", "--seed", "11"]);
  const p1 = await browser.newPage(), p2 = await browser.newPage();
  await p1.setViewport({ width: 1400, height: 1000 });
  await p2.setViewport({ width: 1400, height: 1000 });
  // every response seat 1's page receives, and every event
  const received = [];
  p1.on("response", (res) => {
    if (res.url().includes("/events")) return;
    received.push(res.text().then((body) => ({ url: res.url(), body }), () => ({ url: res.url(), body: "" })));
  });
  await p1.evaluateOnNewDocument(() => {
    const Real = window.EventSource;
    window.__events = [];
    window.EventSource = function (url) {
      const es = new Real(url);
      es.addEventListener("table", (e) => window.__events.push(e.data));
      return es;
    };
  });
  await Promise.all([p1.goto(srv.urls[1]), p2.goto(srv.urls[2])]);
  const pick = rng(20261124);
  const seen = {};                 // version -> {onlooker, seat2} states, as the test fetched them
  let v = 1, steps = 0, cardClicks = 0, filtered = 0, undoDone = false;
  let last;
  for (; steps < 2000; steps++) {
    await waitVersion(p1, v);
    await waitVersion(p2, v);
    const st0 = await state(srv, 0), st2 = await state(srv, 2);
    check(st0.version === v && st2.version === v, `step ${steps}: the table is at version ${v}`);
    seen[v] = { onlooker: st0, seat2: st2 };
    last = st0;
    if (st0.over) break;
    const seat = st0.actor, page = seat === 1 ? p1 : p2;
    // after seat 1's 5th move: ask to undo it; seat 2 refuses, then agrees
    if (!undoDone && seat === 2 && st0.log.filter((e) => e.seat === 1).length >= 5) {
      undoDone = true;
      const before = st0.position, to = st0.log.map((e) => e.seat).lastIndexOf(1);
      const saw = async (at) => {
        await waitVersion(p1, at);
        await waitVersion(p2, at);
        seen[at] = { onlooker: await state(srv, 0), seat2: await state(srv, 2) };
        return seen[at].onlooker;
      };
      await front(p1); await p1.click("#undo-ask");
      await saw(v + 1);
      await p2.waitForFunction(() => !document.getElementById("undo-request").hidden &&
        !document.getElementById("undo-yes").hidden, { timeout: 20000, polling: 50 });
      check((await state(srv, 0)).position === before, "an undo asked changes nothing yet");
      await front(p2); await p2.click("#undo-no");
      check((await saw(v + 2)).position === before, "an undo refused changes nothing");
      await front(p1); await p1.click("#undo-ask");
      await saw(v + 3);
      await p2.waitForFunction(() => !document.getElementById("undo-request").hidden &&
        !document.getElementById("undo-yes").hidden, { timeout: 20000, polling: 50 });
      await front(p2); await p2.click("#undo-yes");
      const after = await saw(v + 4);
      check(after.position === to && after.actor === 1, `undo agreed: back to move ${to} (at ${after.position}), seat 1 to play`);
      v = after.version;
      continue;
    }
    await page.waitForFunction(() => document.querySelectorAll("#moves button.move").length > 0, { timeout: 20000, polling: 50 });
    const moves = await page.$$eval("#moves button.move", (bs) => bs.map((b) => b.textContent));
    const handCards = await page.$$(`#board .zone[data-component="hand${seat}"] .card`);
    const cardMove = moves.some((t) => /^(place|give) /.test(t));
    if (cardMove && handCards.length > 0 && pick(2) === 0) {
      // a card on the board: it plays its only move, or filters the list
      cardClicks++;
      await clickNth(page, `#board .zone[data-component="hand${seat}"] .card`, -1, pick);
      await page.waitForFunction((was) => Number(document.body.dataset.version) > was ||
        !document.getElementById("filter").hidden || !document.getElementById("message").hidden, { timeout: 20000, polling: 50 }, v);
      if (await version(page) === v && await page.$eval("#filter", (f) => !f.hidden)) {
        filtered++;
        const shown = await page.$$("#moves li:not(.hidden) button.move");
        check(shown.length > 1, "a card with several moves shows them");
        await clickNth(page, "#moves li:not(.hidden) button.move", -1, pick);
      } else if (await version(page) === v) {
        await clickNth(page, "#moves button.move", -1, pick);
      }
    } else {
      await clickNth(page, "#moves button.move", -1, pick);
    }
    v += 1;
  }
  check(last && last.over, `the game ended (after ${steps} steps)`);
  check(cardClicks > 5 && filtered > 0, `cards on the board were clicked (${cardClicks}, ${filtered} filtered)`);
  // the result on both pages
  for (const [n, page] of [[1, p1], [2, p2]]) {
    await waitVersion(page, v);
    const shown = await page.$eval("#result", (r) => (r.hidden ? "" : r.textContent));
    check(shown && shown === last.result, `seat ${n}'s page shows the result: ${JSON.stringify(shown.split("\n")[0])}`);
    check(await page.$$eval("#moves button.move", (bs) => bs.length) === 0, `seat ${n}'s page offers no move after the end`);
  }
  // a move after the end is refused, and changes nothing
  const late = await request(`${srv.base}/api/${srv.tokens[1]}/move`, "POST", `version=${v}&move=0`);
  check(late.status === 409, `a move after the end: 409 (got ${late.status})`);
  check((await state(srv, 0)).version === v, "a move after the end changes nothing");

  // ---- what seat 1 received -----------------------------------------------------------
  const got = await Promise.all(received);
  let states = 0, leaks = 0, private1Seen = 0;
  for (const r of got) {
    if (!r.url.includes("/api/")) continue;
    if (!r.url.endsWith("/state")) {
      // an answer to a move or an undo: a short text, no card in it
      check(r.body.length < 200, `an answer is short: ${r.body.slice(0, 80)}`);
      continue;
    }
    states++;
    const s1 = JSON.parse(r.body);
    const ref = seen[s1.version];
    if (!check(ref, `seat 1 got a state of version ${s1.version}, which the test saw`)) continue;
    const hand2 = faces(zone(ref.seat2.picture, "hand2"));
    check(faces(zone(s1.picture, "hand2")).length === 0, `version ${s1.version}: seat 1's picture shows no face of seat 2's hand`);
    check(!/data-component="hand2"[^]*?class="card"/.test(zone(s1.picture, "hand2")), "seat 2's hand is backs only");
    check(s1.actor === 1 || s1.moves.length === 0, "moves go only to the seat to act");
    // What the rules told seat 1 alone (a line the onlooker's log lacks) is
    // seat 1's own: Once Upon a Forest tells a card's drawer its name
    // ("You draw bush (level 1) from pile 4."), which may be in seat 2's
    // hand by now (given, or another copy). Every such line must be one of
    // those, and none of seat 2's own lines may reach seat 1.
    const lines = (st) => [[...(st.said || [])], ...st.log.map((e) => e.say || [])];
    const mine = lines(s1), theirs = lines(ref.onlooker), seat2s = lines(ref.seat2);
    const privateTo = (a, b) => a.flatMap((say, i) => say.filter((line) => !(b[i] || []).includes(line)));
    const private1 = privateTo(mine, theirs);
    private1Seen += private1.length;
    for (const line of private1) check(/^You draw /.test(line), `a line told to seat 1 alone is its own draw: ${line}`);
    seat2s.forEach((say, i) => say.forEach((line) => {
      if ((theirs[i] || []).includes(line) || !(mine[i] || []).includes(line)) return;
      leaks++;
      check(false, `version ${s1.version}: seat 2's own line "${line}" (entry ${i}) reached seat 1`);
    }));
    const own = zone(s1.picture, "hand1") + s1.moves.join("\n") + private1.join("\n");
    const plain = (x) => JSON.stringify(x).replace(/\\"/g, '"');
    for (const name of new Set(hand2)) {
      const allowed = occurrences(plain(ref.onlooker), name) + occurrences(own, name);
      const have = occurrences(plain(s1), name);
      if (have > allowed) {
        leaks++;
        if (process.env.GROVE_BROWSER_DUMP) {
          fs.writeFileSync(`${process.env.GROVE_BROWSER_DUMP}-seat1.json`, r.body);
          fs.writeFileSync(`${process.env.GROVE_BROWSER_DUMP}-onlooker.json`, JSON.stringify(ref.onlooker));
          fs.writeFileSync(`${process.env.GROVE_BROWSER_DUMP}-seat2.json`, JSON.stringify(ref.seat2));
        }
        check(false, `version ${s1.version}: "${name}" (in seat 2's hand) is in seat 1's state ${have} times, ${allowed} allowed`);
      }
    }
  }
  check(states > 50, `seat 1's page received ${states} states`);
  check(leaks === 0, "seat 1 never received a card of seat 2's hand");
  check(private1Seen > 0, `seat 1's log holds what the rules told it alone (${private1Seen} lines over all states)`);
  const events = await p1.evaluate(() => window.__events);
  check(events.length > 10 && events.every((e) => /^\d+$/.test(e)), `seat 1's events are versions only (${events.length})`);
  // the DOM now and the final hands (empty) are no test: look mid-game too
  const dom = await p1.content();
  check(/class="say">You draw /.test(dom), "seat 1's log shows what the rules told it");
  check(faces(zone(dom, "hand2")).length === 0, "seat 1's DOM shows no face of seat 2's hand");
  await p1.close();
  await p2.close();
  const code = await stop(srv);
  check(code === 0, `grove serve stopped cleanly on Ctrl-C (exit ${code})`);
  check(/game over: /.test(srv.output()), "the serve log ends with the result");
  return { steps, v };
}

// A mid-game look at seat 1's DOM: a fresh table, a few moves in, when
// seat 2 holds cards.
async function onceuponDom(browser) {
  const srv = await serve(["onceupon", "--players", "2", "--seed", "3"]);
  const p1 = await browser.newPage(), p2 = await browser.newPage();
  await Promise.all([p1.goto(srv.urls[1]), p2.goto(srv.urls[2])]);
  let v = 1;
  for (let i = 0; i < 8; i++) {
    const st = await stateAt(srv, v);
    const page = st.actor === 1 ? p1 : p2;
    await waitVersion(page, v);
    await page.waitForFunction(() => document.querySelector("#moves button.move"), { timeout: 20000, polling: 50 });
    await clickNth(page, "#moves button.move", 0);
    v++;
  }
  await waitVersion(p1, v);
  const st2 = await state(srv, 2);
  const hand2 = faces(zone(st2.picture, "hand2"));
  check(hand2.length > 0, `seat 2 holds cards mid-game (${hand2.join(", ")})`);
  const html = await p1.evaluate(() => document.documentElement.outerHTML);
  check(faces(zone(html, "hand2")).length === 0, "seat 1's DOM mid-game: no face of seat 2's hand");
  const backs = (zone(html, "hand2").match(/class="back"/g) || []).length;
  check(backs === hand2.length, `seat 1's DOM shows seat 2's ${hand2.length} cards as backs (${backs})`);
  await p1.close();
  await p2.close();
  await stop(srv);
}

// ---- 2. the pieces of Logger and Flooded Forest ---------------------------------------

// What the game's state holds, place by place: a `grove run` script.
function truth(game, players, seed, moves) {
  const script = path.join(require("os").tmpdir(), `grove-truth-${process.pid}.lua`);
  fs.writeFileSync(script, `
    local g = games.open(arg[1], { players = tonumber(arg[2]), seed = tonumber(arg[3]) })
    for i = 4, #arg do g:play(arg[i]) end
    local s = g.state
    local out = {}
    for _, info in ipairs(s:components()) do
      if info.kind == "grid" or info.kind == "hex" then
        local b = s[info.name]
        for _, cell in ipairs({ b:cells() }) do
          local parts = {}
          for _, f in ipairs(info.fields) do
            local v = b:get(cell, f)
            if v ~= 0 then parts[#parts + 1] = f .. "=" .. v end
          end
          if #parts > 0 then out[#out + 1] = b:name(cell) .. " " .. table.concat(parts, " ") end
        end
      end
    end
    print(table.concat(out, "\\n"))
  `);
  const text = execFileSync(GROVE, ["run", script, game, String(players), String(seed), ...moves], { cwd: ROOT }).toString();
  fs.unlinkSync(script);
  const places = {};
  for (const line of text.trim().split("\n")) {
    const [name, ...fields] = line.split(" ");
    places[name] = Object.fromEntries(fields.map((f) => f.split("=")).map(([k, n]) => [k, Number(n)]));
  }
  return places;
}

// The pieces each place of the picture holds: {name: [{label, glyph}]}.
async function piecesOnPage(page) {
  return page.$$eval("#board .cell", (cells) => {
    const out = {};
    for (const c of cells) {
      out[c.getAttribute("data-key")] = [...c.querySelectorAll(".piece")].map((p) => ({
        label: p.querySelector("title").textContent,
        glyph: (p.querySelector("text") || {}).textContent || "",
      }));
    }
    return out;
  });
}

async function logger(browser, shots) {
  const srv = await serve(["logger", "--players", "2", "--seed", "4"]);
  const p1 = await browser.newPage(), p2 = await browser.newPage(), watch = await browser.newPage();
  for (const p of [p1, p2, watch]) await p.setViewport({ width: 1100, height: 800 });
  await Promise.all([p1.goto(srv.urls[1]), p2.goto(srv.urls[2]), watch.goto(srv.urls[0])]);
  // the loggers' first squares, by clicking them on the board; then moves by button
  let v = 1;
  const clicks = [[p1, "a1"], [p2, "e5"]];
  for (const [page, square] of clicks) {
    await waitVersion(page, v);
    await page.waitForFunction(() => document.querySelector("#moves button.move"), { timeout: 20000, polling: 50 });
    await front(page); await page.click(`#board .cell[data-key="${square}"]`);
    v++;
    await waitVersion(page, v);
  }
  const pick = rng(5);
  for (let i = 0; i < 24; i++) {
    const st = await stateAt(srv, v);
    if (st.over) break;
    const page = st.actor === 1 ? p1 : p2;
    await waitVersion(page, v);
    await page.waitForFunction(() => document.querySelector("#moves button.move"), { timeout: 20000, polling: 50 });
    await clickNth(page, "#moves button.move", -1, pick);
    v++;
  }
  await waitVersion(watch, v);
  const st = await state(srv, 0);
  check(st.log[0].text === "place a1" && st.log[1].text === "place e5", "Logger: clicking a square placed the logger there");
  const places = truth("logger", 2, 4, st.log.map((e) => e.text));
  const shown = await piecesOnPage(watch);
  check(Object.keys(shown).length === 25, `Logger: the picture has 25 squares (${Object.keys(shown).length})`);
  const TREE = { 1: "seedling", 2: "sapling", 3: "mature tree" };
  let pieces = 0;
  for (const [square, want] of Object.entries(places)) {
    const labels = (shown[square] || []).map((p) => p.label).sort();
    const expect = [];
    if (want.tree) expect.push(TREE[want.tree]);
    if (want.protester) expect.push("protester");
    if (want.logger) expect.push(`logger of seat ${want.logger}`);
    if (want.spawner) expect.push("spawns now");
    expect.sort();
    pieces += expect.length;
    check(JSON.stringify(labels) === JSON.stringify(expect), `Logger ${square}: ${JSON.stringify(labels)} = ${JSON.stringify(expect)}`);
  }
  for (const [square, got] of Object.entries(shown)) {
    if (!places[square]) check(got.length === 0, `Logger ${square}: empty on the board and in the picture`);
  }
  check(pieces >= 4, `Logger: ${pieces} pieces checked`);
  if (shots) await shot(p1, shots, "logger");
  for (const p of [p1, p2, watch]) await p.close();
  await stop(srv);
}

async function flooded(browser, shots) {
  const srv = await serve(["flooded", "--players", "3", "--seed", "2"]);
  const pages = [];
  for (const seat of [0, 1, 2, 3]) {
    const p = await browser.newPage();
    await p.setViewport({ width: 1100, height: 900 });
    await p.goto(srv.urls[seat]);
    pages[seat] = p;
  }
  const pick = rng(9);
  let v = 1;
  for (let i = 0; i < 12; i++) {
    const st = await stateAt(srv, v);
    if (st.over) break;
    const page = pages[st.actor];
    await waitVersion(page, v);
    await page.waitForFunction(() => document.querySelector("#moves button.move"), { timeout: 20000, polling: 50 });
    await clickNth(page, "#moves button.move", -1, pick);
    v++;
  }
  await waitVersion(pages[0], v);
  const st = await state(srv, 0);
  const places = truth("flooded", 3, 2, st.log.map((e) => e.text));
  const shown = await piecesOnPage(pages[0]);
  const PRED = { 1: "caiman", 2: "piranhas", 3: "jaguar" };
  let fish = 0, hexes = 0;
  for (const [hex, want] of Object.entries(places)) {
    if (!(hex in shown)) continue;                  // a hex off the board holds area 0 only
    hexes++;
    const got = shown[hex];
    const expect = [];
    for (const colour of ["red", "green", "blue", "purple"]) {
      if (want[colour]) {
        expect.push(`${colour} fish ${want[colour] > 1 ? want[colour] : ""}`.trim());
        fish += want[colour];
      }
    }
    if (want.predator) expect.push(PRED[want.predator]);
    if (want.hungry) expect.push("hungry");
    const labels = got.map((p) => (p.label.endsWith(" fish") && p.glyph ? `${p.label} ${p.glyph}` : p.label)).sort();
    check(JSON.stringify(labels) === JSON.stringify(expect.sort()), `Flooded ${hex}: ${JSON.stringify(labels)} = ${JSON.stringify(expect)}`);
  }
  check(fish > 0 && hexes > 20, `Flooded: ${fish} fish on ${hexes} hexes checked`);
  const tiles = Object.values(places).filter((p) => p.tile && p.tile !== 100).length;
  const fills = await pages[0].$$eval("#board .cell polygon", (ps) => ps.filter((p) => p.getAttribute("fill") === "#cfe3b0").length);
  check(fills === tiles, `Flooded: the ${tiles} flood tiles laid are drawn (${fills})`);
  // each seat's hand: faces to its owner only
  for (const seat of [1, 2, 3]) {
    const s = await state(srv, seat);
    for (const other of [1, 2, 3]) {
      const n = faces(zone(s.picture, `hand${other}`)).length;
      if (other === seat) check(n > 0 || s.over, `Flooded: seat ${seat} sees its own tiles`);
      else check(n === 0, `Flooded: seat ${seat} sees no face of seat ${other}'s tiles`);
    }
  }
  if (shots) await shot(pages[1], shots, "flooded");
  for (const p of pages) await p.close();
  await stop(srv);
}

// ---- 3. screenshots ---------------------------------------------------------------------

async function shot(page, dir, name) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  check(fs.statSync(file).size > 10000, `screenshot ${file}`);
}

async function screenshots(browser, dir) {
  for (const [game, args] of [["onceupon", ["--players", "2"]], ["squirrel", ["--players", "2"]], ["starfall", ["--players", "2"]]]) {
    const srv = await serve([game, ...args, "--seed", "6", "--bot", "2=random"]);
    const page = await browser.newPage();
    await page.setViewport({ width: 1300, height: 900 });
    await page.goto(srv.urls[1]);
    const pick = rng(3);
    for (let i = 0; i < 14; i++) {
      await page.waitForFunction(() => document.body.dataset.ready === "yes" &&
        (document.querySelectorAll("#moves button.move").length > 0 || document.getElementById("result").hidden === false), { timeout: 30000, polling: 50 });
      if ((await page.$$("#moves button.move")).length === 0) break;
      const was = await version(page);
      await clickNth(page, "#moves button.move", -1, pick);
      await page.waitForFunction((w) => Number(document.body.dataset.version) > w, { timeout: 30000, polling: 50 }, was);
    }
    await new Promise((r) => setTimeout(r, 300));
    await shot(page, dir, game);
    await page.close();
    await stop(srv);
  }
}

async function main() {
  const why = cannotRun();
  if (why) {
    console.log("=".repeat(72));
    console.log(`browser: SKIPPED: ${why}`);
    console.log("The browser tests of grove serve did not run: nothing about the page was checked.");
    console.log("=".repeat(72));
    return process.env.GROVE_BROWSER_OPTIONAL ? 0 : 1;
  }
  const shots = process.env.GROVE_SCREENSHOTS ? path.resolve(ROOT, process.env.GROVE_SCREENSHOTS) : null;
  const browser = await launch();
  try {
    const started = Date.now();
    const { steps } = await onceupon(browser);
    console.log(`browser: Once Upon a Forest played to the end by clicks: ${steps} steps`);
    await onceuponDom(browser);
    await logger(browser, shots);
    await flooded(browser, shots);
    if (shots) await screenshots(browser, shots);
    console.log(`browser: done in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await close(browser);
    for (const srv of servers) await stop(srv);
  }
  return summary("browser");
}

main().then((code) => process.exit(code), (e) => {
  console.log("FAIL " + (e && e.stack || e));
  summary("browser");
  process.exit(1);
});
