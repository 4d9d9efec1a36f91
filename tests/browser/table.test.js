// grove serve in a real browser (headless Chromium through puppeteer-core):
//
//  1. Once Upon a Forest, 2 players: both seats' pages open; the whole game
//     is played to the result by clicks (move buttons, and cards on the
//     board that pick or filter the moves); seat 1 asks for hints now and
//     then; undo is asked, refused, asked again and agreed. Seat 1's page
//     must never receive seat 2's hand: not in any response it got (the
//     first page with the state in it, every state, every answer, every
//     hint, the events) and not in its DOM.
//  2. Logger, Flooded Forest, Squirrel Island and Starfall Forest, each
//     played to the end by clicks on the seats' pages, never a typed move
//     text (clickMove: the board's places, pieces and cards that name a
//     move, then its button, with its preview, when only a choice is left):
//     the pictures hold the pieces the game's state holds, place by place
//     (a `grove run` script reads them), each hex its coordinates; the last
//     move is marked; the seats' panels show the scores; a card's zoom
//     shows every field of it; exhausted squirrels and unrevealed Island
//     spaces are drawn so; Starfall's fairies and snakes in their seat's
//     colour; a preview holds no hand; a seat sees only its own tiles.
//  3. A table that loses nothing: a plain `chromium --headless
//     --screenshot` of a seat's URL shows the board; a hint goes to the
//     seat that asked alone; a seat handed to a bot (the bot moves for it)
//     and taken back; the save on disk after every move and its download;
//     the server killed with SIGKILL mid-game, then `grove serve --from`
//     resumes the identical position at the same URLs (and new ones, said
//     so, without the seats file).
//  4. A bot's turn: every page says the seat's bot is thinking while it
//     does; the seat taken back, its page says it is its turn.
// (The pictures of docs/screenshots/ are screenshots.js's, plain chromium
// screenshots; GROVE_SCREENSHOTS=DIR also writes each game's page here
// mid-interaction: a rotation's previews, a card zoomed, a card's targets.)
//
// Prints "browser: N passed, M failed"; when Chromium cannot run here it
// says so, SKIPPED, loudly, and exits 0 only if GROVE_BROWSER_OPTIONAL is
// set (CI's machine has Chromium: setup.sh installs it).
// GROVE_BROWSER_ONLY=flooded,squirrel runs those parts only.
"use strict";
const fs = require("fs");
const path = require("path");
const lib = require("./lib");
const { check, summary, cannotRun, stop, launch, close, rng, request, GROVE, ROOT } = lib;

// Every server started, so that a failure stops them too.
const servers = [];
async function serve(args, dir) {
  const srv = await lib.serve(args, dir);
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
  let v = 1, steps = 0, cardClicks = 0, filtered = 0, undoDone = false, hints = 0;
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
    if (seat === 1 && steps % 9 === 0 && hints < 6) {
      // a hint: shown on seat 1's page, its move marked in the list; not on seat 2's
      hints++;
      await front(p1); await p1.click("#hint-ask");
      await p1.waitForFunction(() => /^Hint: /.test(document.getElementById("hint").textContent), { timeout: 20000, polling: 50 });
      const said = await p1.$eval("#hint", (h) => h.textContent);
      const marked = await p1.$$eval("#moves button.move.hinted", (bs) => bs.map((b) => b.textContent));
      check(marked.length === 1 && said.startsWith(`Hint: ${marked[0]} (the mcts bot: `),
        `the hint "${said}" marks its move in seat 1's list (${JSON.stringify(marked)})`);
      check(await p2.$eval("#hint", (h) => h.hidden), "seat 2's page shows no hint of seat 1's");
    }
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
  check(hints >= 3, `seat 1 asked for ${hints} hints`);
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
  let states = 0, leaks = 0, private1Seen = 0, pages = 0;
  // seat 1's own states, by version (a hint's move must be one of its moves then)
  const shown1 = {};
  const stateOf = (r) => {
    if (r.url.endsWith("/state")) return JSON.parse(r.body);
    const html = r.body.match(/<script type="application\/json" id="state">([^]*?)<\/script>/);
    try { return html ? JSON.parse(html[1]) : null; } catch (e) { return null; }
  };
  for (const r of got) {
    const st = (r.url.endsWith("/state") || r.url.includes("/play/")) && stateOf(r);
    if (st) shown1[st.version] = st;
  }
  for (const r of got) {
    const page = r.url.includes("/play/");
    if (!r.url.includes("/api/") && !page) continue;
    if (r.url.endsWith("/hint")) {
      // a hint: one of the moves seat 1 was shown at that version, nothing more
      const h = JSON.parse(r.body);
      check(shown1[h.version] && shown1[h.version].moves[h.index] === h.move,
        `seat 1's hint at version ${h.version} is its own move ${h.index}: ${h.move}`);
      check(Object.keys(h).sort().join() === "bot,index,legal,move,total,version,visits", `a hint holds only its move: ${r.body}`);
      continue;
    }
    if (!r.url.endsWith("/state") && !page) {
      // an answer to a move or an undo: a short text, no card in it
      check(r.body.length < 200, `an answer is short: ${r.body.slice(0, 80)}`);
      continue;
    }
    states++;
    const s1 = stateOf(r);
    if (page) {
      // the first page: its state, and its board drawn with the state's picture
      pages++;
      if (!check(s1, "seat 1's page arrived with its state in it")) continue;
      const board = r.body.match(/<section id="board" aria-label="the table">([^]*?)<\/section>/);
      check(board && board[1] === s1.picture, "seat 1's page arrived with its picture drawn, the state's");
    }
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
  check(states > 50 && pages === 1, `seat 1's page received ${states} states, ${pages} in the page itself`);
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

// ---- 2. playing by clicks ---------------------------------------------------------

// Where to click an element of the board, in the page's coordinates,
// scrolled into view: its middle; a path's a third along it (two paths
// may cross at their middles).
async function clickPoint(page, selector) {
  return page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", inline: "center" });
    if (el.classList.contains("edge")) {
      const line = el.querySelector("line");
      const svg = line.ownerSVGElement, m = line.getScreenCTM();
      const p = svg.createSVGPoint();
      const x1 = Number(line.getAttribute("x1")), y1 = Number(line.getAttribute("y1"));
      const x2 = Number(line.getAttribute("x2")), y2 = Number(line.getAttribute("y2"));
      p.x = x1 + (x2 - x1) / 3; p.y = y1 + (y2 - y1) / 3;
      const q = p.matrixTransform(m);
      return { x: q.x, y: q.y };
    }
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
}

// Play the move `text` on `page` by clicks, as a person would, never
// typing it: the places, pieces and cards of the board that name it, one
// after another (after the first, only those the page highlights as
// targets), until the page plays it; when nothing on the board tells the
// moves left apart, its button among them (with its preview, when the
// host draws one). `stats` counts board clicks, buttons and previews;
// onChoice(page) runs when previews are shown, before the choice.
async function clickMove(page, text, stats, onChoice) {
  await front(page);
  const was = await version(page);
  for (let round = 0; round < 12; round++) {
    const how = await page.evaluate((want) => {
      const board = window.groveBoard;
      const picked = board.picked();
      document.querySelectorAll("[data-test-click]").forEach((e) => e.removeAttribute("data-test-click"));
      const el = [...document.querySelectorAll("#board [data-key]")].find((e) => {
        const key = e.getAttribute("data-key");
        if (picked.includes(key) || !board.names(want, key)) return false;
        if (picked.length && !e.classList.contains("target")) return false;
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      });
      if (el) { el.setAttribute("data-test-click", "board"); return "board"; }
      const button = [...document.querySelectorAll("#moves li:not(.hidden) button.move")].find((b) => b.dataset.text === want);
      if (!button) return "none";
      button.setAttribute("data-test-click", "button");
      return document.getElementById("moves").dataset.previews === "loading" ? "wait" : "button";
    }, text);
    if (how === "none") throw new Error(`no way to click '${text}' (picked: ${await page.evaluate(() => window.groveBoard.picked().join(" + "))})`);
    if (how === "wait") {
      await page.waitForFunction(() => document.getElementById("moves").dataset.previews !== "loading", { timeout: 20000, polling: 50 });
      continue;
    }
    if (how === "button") {
      stats.buttons++;
      const preview = await page.$eval('[data-test-click="button"]', (b) => !!b.querySelector(".preview svg"));
      if (preview) {
        stats.previews++;
        if (onChoice) await onChoice(page);
      }
      await page.click('[data-test-click="button"]');
    } else {
      stats.board++;
      const at = await clickPoint(page, '[data-test-click="board"]');
      await page.mouse.click(at.x, at.y);
    }
    stats.clicks++;
    const left = await page.evaluate(() => window.groveBoard.picked().length);
    if (how === "button" || left === 0) {
      await waitVersion(page, was + 1);
      return;
    }
  }
  throw new Error(`'${text}' was not played after 12 clicks`);
}

// Play a whole game, every seat that has a page by clicks on it (a bot
// plays any other): a random move of those offered each time (clickMove).
// Before each move look(st, step, text, page, played) may check the
// onlooker's state st; the texts of the moves clicked come back with the
// end state.
async function playToEnd(srv, pages, pick, look, onChoice) {
  const stats = { clicks: 0, board: 0, buttons: 0, previews: 0 };
  const played = [];
  for (let step = 0; step < 4000; step++) {
    let st = await state(srv, 0);
    while (!st.over && !pages[st.actor]) {           // a bot's turn
      await new Promise((r) => setTimeout(r, 40));
      st = await state(srv, 0);
    }
    if (st.over) {
      if (process.env.GROVE_BROWSER_VERBOSE) console.log(`  ${step} moves, ${JSON.stringify(stats)}`);
      return { st, steps: step, stats, played };
    }
    const page = pages[st.actor];
    await waitVersion(page, st.version);
    await page.waitForFunction(() => document.querySelectorAll("#moves button.move").length > 0, { timeout: 20000, polling: 50 });
    const moves = await page.$$eval("#moves button.move", (bs) => bs.map((b) => b.dataset.text));
    const text = moves[pick(moves.length)];
    if (look) await look(st, step, text, page, played);
    await clickMove(page, text, stats, onChoice);
    played.push(text);
  }
  throw new Error("the game did not end in 4000 moves");
}

async function openPages(browser, srv, seats, size) {
  const pages = {};
  for (const seat of seats) {
    const p = await browser.newPage();
    await p.setViewport(size);
    p.on("pageerror", (e) => check(false, `a script error on seat ${seat}'s page: ${e.message}`));
    await p.goto(srv.urls[seat]);
    pages[seat] = p;
  }
  return pages;
}

// A `grove run` script on the game after `moves`: `body` is Lua that
// prints, with g the game and s its state; its output's lines.
function lua(game, opts, moves, body) {
  const script = path.join(require("os").tmpdir(), `grove-truth-${process.pid}.lua`);
  fs.writeFileSync(script, `
    local g = games.open(arg[1], { players = tonumber(arg[2]), seed = tonumber(arg[3]) })
    for i = 4, #arg do g:play(arg[i]) end
    local s = g.state
    ${body}
  `);
  const text = execFileSync(GROVE, ["run", script, game, String(opts.players), String(opts.seed), ...moves], { cwd: ROOT }).toString();
  fs.unlinkSync(script);
  return text.trim() === "" ? [] : text.trim().split("\n");
}

// What the game's state holds, place by place.
function truth(game, opts, moves) {
  const places = {};
  for (const line of lua(game, opts, moves, `
    for _, info in ipairs(s:components()) do
      if info.kind == "grid" or info.kind == "hex" then
        local b = s[info.name]
        for _, cell in ipairs({ b:cells() }) do
          local parts = {}
          for _, f in ipairs(info.fields) do
            local v = b:get(cell, f)
            if v ~= 0 then parts[#parts + 1] = f .. "=" .. v end
          end
          if #parts > 0 then print(b:name(cell) .. " " .. table.concat(parts, " ")) end
        end
      end
    end`)) {
    const [name, ...fields] = line.split(" ");
    places[name] = Object.fromEntries(fields.map((f) => f.split("=")).map(([k, n]) => [k, Number(n)]));
  }
  return places;
}

// The final scores, by seat, as result(s) gives them.
function finalScores(game, opts, moves) {
  return lua(game, opts, moves, `local r = g:result() for seat = 1, g.players do print(r.scores[seat]) end`).map(Number);
}

// The score each seat's panel shows (its data-score), by seat.
async function scoresOnPage(page) {
  return page.$$eval("#board .seat[data-seat]", (gs) => gs.map((g) => Number(g.getAttribute("data-score"))));
}

// The pieces each place of the picture holds: {name: [{label, glyph}]}.
async function piecesOnPage(page) {
  return page.$$eval("#board .cell", (cells) => {
    const out = {};
    for (const c of cells) {
      out[c.getAttribute("data-place")] = [...c.querySelectorAll(".piece")].map((p) => ({
        label: (p.querySelector("title") || {}).textContent || "",
        glyph: (p.querySelector("text") || {}).textContent || "",
      }));
    }
    return out;
  });
}

// The last move's mark: the places and cards it changed carry
// data-changed, and the header names the move.
async function lastMark(page) {
  return page.evaluate(() => ({
    places: [...document.querySelectorAll("#board .cell[data-changed]")].map((c) => c.getAttribute("data-place")),
    cards: document.querySelectorAll("#board .card[data-changed], #board .back[data-changed]").length,
    line: ((document.querySelector("#board .last-move") || {}).textContent || ""),
  }));
}

// The card zoom of the first card `selector` finds: what the card says
// (its data-zoom, the lines of the look) and what the zoom shows.
async function zoomOf(page, selector) {
  await front(page);
  await page.hover(selector);
  await page.waitForFunction(() => !document.getElementById("zoom").hidden, { timeout: 5000, polling: 50 });
  return page.evaluate((sel) => {
    const card = document.querySelector(sel);
    const z = document.getElementById("zoom");
    return {
      lines: (card.getAttribute("data-zoom") || "").split("\n"),
      title: z.querySelector("h3").textContent,
      items: [...z.querySelectorAll("li")].map((li) => li.textContent),
      drawn: !!z.querySelector("svg .card, svg g"),
    };
  }, selector);
}

async function logger(browser, shots) {
  const opts = { players: 2, seed: 4 };
  const srv = await serve(["logger", "--players", "2", "--seed", "4"]);
  const pages = await openPages(browser, srv, [1, 2, 0], { width: 1100, height: 800 });
  const pick = rng(5);
  let checked = false;
  const { st, steps, stats, played } = await playToEnd(srv, pages, pick, async (now, step) => {
    if (step === 24 && shots) await shot(pages[now.actor], shots, "logger");
    if (step === 2) {
      // a logger placed: the last move's mark on its square, and the header names the move
      await waitVersion(pages[0], now.version);
      const last = now.log[now.log.length - 1].text;
      const mark = await lastMark(pages[0]);
      check(/^place [a-e][1-5]$/.test(last) && mark.places.includes(last.slice(6)) && mark.places.length === 1,
        `Logger: the last move (${last}) is marked on its square, and only there (${mark.places})`);
      check(mark.line.includes(last), `Logger: the header names the last move: ${mark.line}`);
    }
    if (step !== 24) return;
    checked = true;
    // the pieces, place by place, as the game's state has them
    await waitVersion(pages[0], now.version);
    const places = truth("logger", opts, now.log.map((e) => e.text));
    const shown = await piecesOnPage(pages[0]);
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
  });
  check(checked && st.over, `Logger: played to the end by clicks (${steps} moves, ${stats.board} clicks on the board)`);
  check(played[0].startsWith("place ") && stats.board >= steps / 2, "Logger: the squares were clicked");
  const want = finalScores("logger", opts, played);
  check(JSON.stringify(await scoresOnPage(pages[0])) === JSON.stringify(want), `Logger: the seats' panels show the final scores ${want}`);
  for (const p of Object.values(pages)) await p.close();
  await stop(srv);
}

async function flooded(browser, shots) {
  const opts = { players: 3, seed: 2 };
  const srv = await serve(["flooded", "--players", "3", "--seed", "2"]);
  const pages = await openPages(browser, srv, [1, 2, 3, 0], { width: 1300, height: 950 });
  const previews = [];                     // every preview a page received
  for (const seat of [1, 2, 3]) {
    pages[seat].on("response", (res) => {
      if (res.url().endsWith("/preview")) previews.push(res.text().then((b) => b, () => ""));
    });
  }
  const pick = rng(9);
  let placements = 0, zoomed = false, shotTaken = !shots;
  const onChoice = async (page) => {
    if (shotTaken || placements < 6) return;
    shotTaken = true;
    await shot(page, shots, "flooded");
  };
  const { st, steps, stats, played } = await playToEnd(srv, pages, pick, async (now, step, text, page) => {
    const last = now.log.length ? now.log[now.log.length - 1].text : "";
    // a tile placed: the last move's mark on its hex, on every page
    const placed = last.match(/^place \d+ r\d (-?\d+,-?\d+)$/);
    if (placed) {
      placements++;
      for (const seat of [0, 1, 2, 3]) {
        await waitVersion(pages[seat], now.version);
        const mark = await lastMark(pages[seat]);
        check(mark.places.includes(placed[1]), `Flooded, seat ${seat}: ${last} is marked on ${placed[1]} (${mark.places})`);
      }
    }
    if (!zoomed && /^place /.test(text)) {
      // the zoom of a tile in hand: every field of its face
      zoomed = true;
      const z = await zoomOf(page, `#board .zone[data-component="hand${now.actor}"] .card`);
      check(/^\d+$/.test(z.title) && z.drawn, `Flooded: the zoom draws tile ${z.title}`);
      check(JSON.stringify(z.items) === JSON.stringify(z.lines.slice(1)), `Flooded: the zoom shows every line of the tile: ${z.items.join(" / ")}`);
      check(["sides: ", "circles: ", "back: "].every((f) => z.items.some((i) => i.startsWith(f))), "Flooded: the zoom holds the tile's sides, circles and back");
    }
    if (step !== 12) return;
    await floodedPieces(pages[0], now, opts);
    // each seat's hand: faces to its owner only
    for (const seat of [1, 2, 3]) {
      const s = await state(srv, seat);
      for (const other of [1, 2, 3]) {
        const n = faces(zone(s.picture, `hand${other}`)).length;
        if (other === seat) check(n > 0 || s.over, `Flooded: seat ${seat} sees its own tiles`);
        else check(n === 0, `Flooded: seat ${seat} sees no face of seat ${other}'s tiles`);
      }
    }
  }, onChoice);
  check(st.over, `Flooded Forest: played to the end by clicks (${steps} moves: ${stats.board} clicks on the board, ${stats.buttons} on moves, ${stats.previews} chosen from previews)`);
  check(stats.previews > 0, "Flooded: a rotation was chosen from previews");
  check(played.filter((t) => /^place /.test(t)).length > 5, "Flooded: tiles were placed by clicks");
  const want = finalScores("flooded", opts, played);
  check(JSON.stringify(await scoresOnPage(pages[0])) === JSON.stringify(want), `Flooded: the seats' panels show the final scores ${want}`);
  // a preview holds the boards only: no card zone, no hand
  const bodies = await Promise.all(previews);
  check(bodies.length > 0 && bodies.every((b) => !/data-component=\\?"(hand|deck)/.test(b)), `Flooded: the ${bodies.length} previews hold no hand or deck`);
  for (const p of Object.values(pages)) await p.close();
  await stop(srv);
}

// Flooded Forest's map, place by place, against the game's state.
async function floodedPieces(watch, now, opts) {
  await waitVersion(watch, now.version);
  const places = truth("flooded", opts, now.log.map((e) => e.text));
  const shown = await piecesOnPage(watch);
  const PRED = { 1: "caiman", 2: "piranhas", 3: "jaguar" };
  const COMPUTED = /circle/;                   // the look's computed pieces: free and river circles
  let fish = 0, hexes = 0;
  for (const [hex, want] of Object.entries(places)) {
    if (!(hex in shown)) continue;                  // a hex off the board holds area 0 only
    hexes++;
    const expect = [];
    for (const colour of ["red", "green", "blue", "purple"]) {
      if (want[colour]) {
        expect.push(`${colour} fish ${want[colour] > 1 ? want[colour] : ""}`.trim());
        fish += want[colour];
      }
    }
    if (want.predator) expect.push(PRED[want.predator]);
    if (want.hungry) expect.push("hungry");
    const labels = shown[hex].filter((p) => !COMPUTED.test(p.label))
      .map((p) => (p.label.endsWith(" fish") && p.glyph ? `${p.label} ${p.glyph}` : p.label)).sort();
    check(JSON.stringify(labels) === JSON.stringify(expect.sort()), `Flooded ${hex}: ${JSON.stringify(labels)} = ${JSON.stringify(expect)}`);
  }
  check(fish > 0 && hexes > 20, `Flooded: ${fish} fish on ${hexes} hexes checked`);
  const tiles = Object.values(places).filter((p) => p.tile && p.tile !== 100).length;
  const fills = await watch.$$eval("#board .cell polygon", (ps) => ps.filter((p) => p.getAttribute("fill") === "#cfe3b0").length);
  check(fills === tiles, `Flooded: the ${tiles} flood tiles laid are drawn (${fills})`);
  const names = await watch.$$eval("#board .cell", (cs) => cs.filter((c) => [...c.querySelectorAll("text")].some((t) => t.textContent === c.getAttribute("data-place"))).length);
  check(names === Object.keys(shown).length, `Flooded: every hex shows its coordinates as moves write them (${names})`);
}

async function squirrel(browser, shots) {
  const opts = { players: 2, seed: 6 };
  const srv = await serve(["squirrel", "--players", "2", "--seed", "6"]);
  const pages = await openPages(browser, srv, [1, 2, 0], { width: 1300, height: 950 });
  const pick = rng(3);
  const start = await state(srv, 0);
  const hidden = (start.picture.match(/<g class="zone unrevealed" data-component="island\d"/g) || []).length;
  check(hidden === 4, `Squirrel: Island spaces 5 to 8 are drawn unrevealed on day 1 (${hidden})`);
  let zoomed = false, exhausted = 0, shotTaken = !shots;
  const { st, steps, stats, played } = await playToEnd(srv, pages, pick, async (now, step, text, page, sofar) => {
    const last = now.log.length ? now.log[now.log.length - 1].text : "";
    if (/^exhaust /.test(last)) {
      // exhausted squirrels: marked on the picture where the state has them
      await waitVersion(pages[0], now.version);
      const want = lua("squirrel", opts, sofar, `
        for seat = 1, g.players do
          for pos = 1, s["squirrels" .. seat]:count() do
            if (s.mat["exhausted" .. seat] >> (pos - 1)) & 1 == 1 then print(seat .. " " .. pos) end
          end
        end`);
      const shown = await pages[0].evaluate(() => {
        const out = [];
        for (const z of document.querySelectorAll('#board .zone[data-component^="squirrels"]')) {
          const seat = z.getAttribute("data-component").slice(9);
          [...z.querySelectorAll(".card")].forEach((c, i) => { if (c.getAttribute("data-mark") === "exhausted") out.push(`${seat} ${i + 1}`); });
        }
        return out;
      });
      exhausted += shown.length;
      check(JSON.stringify(shown) === JSON.stringify(want), `Squirrel after '${last}': exhausted ${JSON.stringify(shown)} = ${JSON.stringify(want)}`);
    }
    if (!zoomed && /^play /.test(text)) {
      zoomed = true;
      const sel = `#board .zone[data-component="hand${now.actor}"] .card`;
      const z = await zoomOf(page, sel);
      check(z.drawn && z.title.length > 0, `Squirrel: the zoom draws ${z.title}`);
      check(JSON.stringify(z.items) === JSON.stringify(z.lines.slice(1)), `Squirrel: the zoom shows every line of the card: ${z.items.join(" / ")}`);
      const card = lua("squirrel", opts, [], `
        for _, c in ipairs(g.definition.data.cards) do
          if c.name == ${JSON.stringify(z.title)} then print(c.kind .. " " .. c.cost .. " " .. c.stash) break end
        end`)[0].split(" ");
      const unit = card[0] === "squirrel" ? "stamina" : "coin";
      check(z.items.some((i) => i.startsWith("cost: ") && i.includes(`${card[1]} ${unit}`)), `Squirrel: the zoom gives ${z.title}'s cost, ${card[1]} ${unit}`);
      check(z.items.some((i) => i === `stash: ${card[2]} nut${card[2] === "1" ? "" : "s"}`), `Squirrel: the zoom gives ${z.title}'s stash value, ${card[2]}`);
      check(z.items.some((i) => i.startsWith("play: ")), `Squirrel: the zoom gives ${z.title}'s play effect`);
    }
    if (!shotTaken && step >= 18 && /^play /.test(text)) {
      // mid-game: squirrels in play, one zoomed
      shotTaken = true;
      await zoomOf(page, `#board .zone[data-component="hand${now.actor}"] .card`);
      await shot(page, shots, "squirrel");
    }
  });
  check(st.over, `Squirrel Island: played to the end by clicks (${steps} moves: ${stats.board} clicks on the board, ${stats.buttons} on moves)`);
  check(stats.board > steps / 3, "Squirrel: cards and spaces were clicked");
  check(exhausted > 0, `Squirrel: exhausted squirrels were seen marked (${exhausted})`);
  const want = finalScores("squirrel", opts, played);
  check(JSON.stringify(await scoresOnPage(pages[0])) === JSON.stringify(want), `Squirrel: the seats' panels show the final scores ${want}`);
  for (const p of Object.values(pages)) await p.close();
  await stop(srv);
}

// Starfall Forest is long (some 200 moves): seat 2 is a bot, seat 1 plays
// every move of its own by clicks.
async function starfall(browser, shots) {
  const srv = await serve(["starfall", "--players", "2", "--seed", "6", "--bot", "2=random"]);
  const pages = await openPages(browser, srv, [1], { width: 1300, height: 950 });
  pages[0] = pages[1];
  const pick = rng(11);
  let colours = 0;
  const { st, steps, stats, played } = await playToEnd(srv, pages, pick, async (now, step, text, page) => {
    if (step === 40) {
      // fairies and snakes in their seat's colour, at a readable size
      await waitVersion(pages[0], now.version);
      const pieces = await pages[0].$$eval("#board .cell .piece", (ps) => ps.map((p) => ({
        label: p.querySelector("title").textContent, r: Number((p.querySelector("circle") || { getAttribute: () => 0 }).getAttribute("r")),
        fill: (p.querySelector("circle") || { getAttribute: () => "" }).getAttribute("fill") })));
      const SEAT = { 1: "#d62728", 2: "#1f77b4" };
      for (const p of pieces) {
        const m = p.label.match(/^(fairy|snake|fairy lying down) of seat (\d)$/);
        if (!m) continue;
        colours++;
        check(p.fill === SEAT[m[2]] && p.r >= 7, `Starfall: the ${p.label} is drawn in its seat's colour, radius ${p.r}`);
      }
    }
    if (step === 30 && shots) await shot(page, shots, "starfall");
  });
  check(st.over, `Starfall Forest: played to the end by clicks (${steps} moves: ${stats.board} clicks on the board, ${stats.buttons} on moves)`);
  check(colours >= 2, `Starfall: fairies and snakes checked (${colours})`);
  const stars = lua("starfall", { players: 2, seed: 6 }, st.log.map((e) => e.text), `for seat = 1, 2 do print(s.stars:get(seat)) end`).map(Number);
  check(JSON.stringify(await scoresOnPage(pages[1])) === JSON.stringify(stars), `Starfall: each seat's panel shows its stars (${stars})`);
  await pages[1].close();
  await stop(srv);
}

// ---- 3. a table that loses nothing ------------------------------------------------------

// The pixels of a PNG, in the browser: how many are dark (a line, a
// card, a letter) in the part of the page left of the side panel, below
// the header, where the board is.
async function darkOnBoard(browser, file) {
  const page = await browser.newPage();
  const data = fs.readFileSync(file).toString("base64");
  const n = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const w = Math.min(img.width - 360, 900), px = g.getImageData(0, 60, w, img.height - 60).data;
    let dark = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 3 * 150) dark++;
    return dark;
  }, `data:image/png;base64,${data}`);
  await page.close();
  return n;
}

// What a state shows of the game: the version, the saving and the hints
// asked (counted since the table started) left out.
function game(st) {
  const { version, saving, save_error, seats, ...rest } = st;      // eslint-disable-line no-unused-vars
  return JSON.stringify([rest, seats.map((s) => s.bot)]);
}

// Play seat `seat`'s move by clicking its first button, once the page is at version v.
async function clickFirstMove(page, v) {
  await waitVersion(page, v);
  await page.waitForFunction(() => document.querySelector("#moves button.move"), { timeout: 20000, polling: 50 });
  await clickNth(page, "#moves button.move", 0);
}

async function keeping(browser) {
  const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "grove-keep-"));
  try {
    const srv = await serve(["onceupon", "--players", "2", "--seed", "12", "--save", "table.sav"], dir);
    check(srv.save === path.join(dir, "table.sav") && fs.existsSync(srv.save), `the table says where it saves: ${srv.save}`);
    check((fs.statSync(srv.save + ".seats").mode & 0o777) === 0o600, "the seats file is private (0600)");

    // the first response holds the board, and a plain screenshot shows it
    const first = await request(srv.urls[1]);
    check(/<section id="board" aria-label="the table"><svg /.test(first.body), "the page's first response holds the board (SVG)");
    const png = path.join(dir, "seat1.png");
    lib.screenshot(srv.urls[1], png, 1300, 1000);
    const dark = await darkOnBoard(browser, png);
    check(dark > 5000, `a plain chromium --screenshot of seat 1's page shows the board (${dark} dark pixels on it)`);
    // so does the page with no script run: the board is in the first response, not fetched after it
    const still = path.join(dir, "seat1-noscript.png"), bare = await browser.newPage();
    await bare.setJavaScriptEnabled(false);
    await bare.setViewport({ width: 1300, height: 1000 });
    await bare.goto(srv.urls[1]);
    await bare.screenshot({ path: still });
    await bare.close();
    const darkStill = await darkOnBoard(browser, still);
    check(darkStill > 5000, `... and with no script run at all (${darkStill} dark pixels)`);

    const p1 = await browser.newPage(), p2 = await browser.newPage();
    await Promise.all([p1.goto(srv.urls[1]), p2.goto(srv.urls[2])]);
    let st = await state(srv, 0);
    let v = st.version;
    check(st.actor === 1, "seat 1 plays first");

    // a hint, to seat 1 alone
    await front(p1); await p1.click("#hint-ask");
    await p1.waitForFunction(() => /^Hint: /.test(document.getElementById("hint").textContent), { timeout: 20000, polling: 50 });
    check(await p2.$eval("#hint", (h) => h.hidden) && !(await p2.$eval("#hint-ask", (b) => !b.hidden)),
      "seat 2, not to play, has no hint and no button for one");
    check(JSON.stringify(await state(srv, 2)).indexOf("Hint") < 0, "seat 2's state holds no hint");
    await clickFirstMove(p1, v);
    v++;

    // seat 2 hands its seat to the random bot: the bot moves for it
    await waitVersion(p2, v);
    await front(p2);
    await p2.select("#bot-kind", "random");
    await p2.click("#bot-on");
    await p2.waitForFunction(() => !document.getElementById("bot-back").hidden, { timeout: 20000, polling: 50 });
    check(/The random bot plays your seat/.test(await p2.$eval("#bot-back", (e) => e.textContent)), "seat 2's page says the bot plays it");
    // seat 1 plays on (its turn may be several moves) until the bot has moved for seat 2
    for (let i = 0; i < 400; i++) {
      st = await state(srv, 0);
      if (st.actor === 1 && st.log.some((e) => e.seat === 2)) break;
      if (st.actor === 1 && !st.over) {
        await clickFirstMove(p1, st.version);
        await stateAt(srv, st.version + 1);
        continue;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    check(st.actor === 1 && st.log.some((e) => e.seat === 2), `the bot moved for seat 2 (${st.log.map((e) => e.text).join(", ")})`);
    check(st.seats[1].bot === "random", "every seat sees that a bot plays seat 2");
    // and takes it back
    v = st.version;
    await waitVersion(p2, v);
    await front(p2); await p2.click("#bot-off");
    await p2.waitForFunction(() => document.getElementById("bot-back").hidden, { timeout: 20000, polling: 50 });
    st = await state(srv, 0);
    check(st.seats[1].bot === null, "seat 2 took its seat back");
    v = st.version;

    // a few moves by clicks, both seats
    for (let i = 0; i < 6; i++) {
      st = await stateAt(srv, v);
      await clickFirstMove(st.actor === 1 ? p1 : p2, v);
      v++;
    }
    st = await stateAt(srv, v);
    // the save: on disk after every move, and downloaded from a seat's page
    const saved = fs.readFileSync(srv.save, "utf8");
    const movesSaved = (saved.match(/^move /gm) || []).length;
    check(movesSaved === st.position, `the save holds the ${st.position} moves played (${movesSaved})`);
    const download = await p1.evaluate(() => fetch(document.getElementById("save").href).then((r) => r.text()));
    check(download === saved, "seat 1's page downloads the save");

    // the server killed mid-game: nothing answered is lost
    const before = {};
    for (const seat of [0, 1, 2]) before[seat] = await state(srv, seat);
    await p1.close();
    await p2.close();
    const killed = await stop(srv, "SIGKILL");
    check(killed === "SIGKILL", `the server was killed (${killed})`);
    const again = await serve(["--from", "table.sav"], dir);
    check(new RegExp(`resumed table\\.sav: ${st.position} moves played`).test(again.output()), "it resumes the save");
    check(/the seats keep their tokens/.test(again.output()), "... at the same URLs");
    for (const seat of [0, 1, 2]) {
      check(again.tokens[seat] === srv.tokens[seat], `seat ${seat}'s token is the same`);
      const now = await state(again, seat);
      check(game(now) === game(before[seat]), `seat ${seat} sees the identical position after the resume`);
      check(now.version > before[seat].version + 1000, "a page left from before cannot play at a version of the new table");
    }
    const p = await browser.newPage();
    await p.goto(again.urls[1]);
    check((await p.$$("#board svg")).length === 1 && (await p.$$eval("#log li", (l) => l.length)) >= st.position,
      "seat 1's page at the same token shows the board and the log");
    await p.close();
    check(await stop(again) === 0, "the resumed table stops on Ctrl-C");
    // without the seats file: new tokens, said plainly
    fs.unlinkSync(path.join(dir, "table.sav.seats"));
    const fresh = await serve(["--from", "table.sav"], dir);
    check(/NEW TOKENS: /.test(fresh.output()), "without its seats file the table says its tokens are new");
    check([0, 1, 2].every((seat) => fresh.tokens[seat] !== srv.tokens[seat]), "... and they are");
    await stop(fresh);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- 4. pages mid-interaction (GROVE_SCREENSHOTS) --------------------------------------

// A bot's turn says so on every page while the bot thinks (mcts:30s: long
// enough that every check below runs meanwhile); taken back, the seat's
// page says it is its turn again.
async function thinking(browser) {
  const srv = await serve(["logger", "--players", "2", "--seed", "3", "--bot", "1=mcts:30s"]);
  const pages = await openPages(browser, srv, [1, 2, 0], { width: 1100, height: 800 });
  const status = (page) => page.$eval("#status", (e) => e.textContent);
  const becomes = (page, text) => page.waitForFunction((t) => document.getElementById("status").textContent === t,
    { timeout: 20000, polling: 50 }, text).then(() => true, () => false);
  for (const p of Object.values(pages)) await p.waitForFunction(() => document.body.dataset.ready === "yes", { timeout: 20000, polling: 50 });
  check(await status(pages[1]) === "your seat's mcts:30s bot is thinking…", `seat 1's page: ${await status(pages[1])}`);
  check(await status(pages[2]) === "seat 1: the mcts:30s bot is thinking…", `seat 2's page: ${await status(pages[2])}`);
  check(await status(pages[0]) === "seat 1: the mcts:30s bot is thinking…", `the onlooker's page: ${await status(pages[0])}`);
  await front(pages[1]); await pages[1].click("#bot-off");
  check(await becomes(pages[1], "your turn"), `seat 1 took its seat back: its page says it is its turn (${await status(pages[1])})`);
  check(await becomes(pages[2], "seat 1 to play"), `... and seat 2's page that seat 1 is to play (${await status(pages[2])})`);
  const st = await state(srv, 1);
  check(st.log.length === 0 && st.seats[0].bot === null, "the bot made no move once the seat was taken back");
  for (const p of Object.values(pages)) await p.close();
  await stop(srv);
}

async function shot(page, dir, name) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await front(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  check(fs.statSync(file).size > 10000, `screenshot ${file}`);
}

// Once Upon a Forest's page mid-game, a card picked and its targets shown.
async function onceuponShot(browser, dir) {
  const srv = await serve(["onceupon", "--players", "2", "--seed", "6", "--bot", "2=random"]);
  const page = await browser.newPage();
  await page.setViewport({ width: 1300, height: 900 });
  await page.goto(srv.urls[1]);
  const pick = rng(3);
  const stats = { clicks: 0, board: 0, buttons: 0, previews: 0 };
  for (let i = 0; i < 14; i++) {
    await page.waitForFunction(() => document.body.dataset.ready === "yes" &&
      (document.querySelectorAll("#moves button.move").length > 0 || document.getElementById("result").hidden === false), { timeout: 30000, polling: 50 });
    const moves = await page.$$eval("#moves button.move", (bs) => bs.map((b) => b.dataset.text));
    if (moves.length === 0) break;
    await clickMove(page, moves[pick(moves.length)], stats);
  }
  // a card of the hand with several moves: picked, its targets shown, and zoomed
  for (let i = 0; i < 20; i++) {
    await page.waitForFunction(() => document.querySelectorAll("#moves button.move").length > 0, { timeout: 30000, polling: 50 });
    const card = await page.evaluate(() => {
      const texts = [...document.querySelectorAll("#moves button.move")].map((b) => b.dataset.text);
      const cards = [...document.querySelectorAll('#board .zone[data-component="hand1"] .card')];
      const k = cards.findIndex((c) => texts.filter((t) => window.groveBoard.names(t, c.getAttribute("data-key"))).length > 1);
      if (k >= 0) cards[k].setAttribute("data-test-click", "shot");
      return k >= 0;
    });
    if (card) {
      await page.click('[data-test-click="shot"]');
      await page.hover('[data-test-click="shot"]');
      break;
    }
    const moves = await page.$$eval("#moves button.move", (bs) => bs.map((b) => b.dataset.text));
    await clickMove(page, moves[pick(moves.length)], stats);
  }
  await new Promise((r) => setTimeout(r, 300));
  await shot(page, dir, "onceupon");
  await page.close();
  await stop(srv);
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
    const lap = (what) => console.log(`browser: ${what} (${Math.round((Date.now() - started) / 1000)} s)`);
    const only = (process.env.GROVE_BROWSER_ONLY || "").split(",").filter(Boolean);
    const part = (name) => only.length === 0 || only.includes(name);
    if (part("onceupon")) {
      const { steps } = await onceupon(browser);
      lap(`Once Upon a Forest played to the end by clicks: ${steps} steps`);
      await onceuponDom(browser);
    }
    if (part("logger")) { await logger(browser, shots); lap("Logger played to the end by clicks"); }
    if (part("flooded")) { await flooded(browser, shots); lap("Flooded Forest played to the end by clicks"); }
    if (part("squirrel")) { await squirrel(browser, shots); lap("Squirrel Island played to the end by clicks"); }
    if (part("starfall")) { await starfall(browser, shots); lap("Starfall Forest played to the end by clicks"); }
    if (part("keeping")) { await keeping(browser); lap("a table that loses nothing"); }
    if (part("thinking")) { await thinking(browser); lap("a bot's turn says it is thinking"); }
    if (shots && part("onceupon")) await onceuponShot(browser, shots);
    lap("done");
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
