// grove serve over real HTTP, without a browser (node only): it listens on
// 127.0.0.1 unless told otherwise; bad requests — malformed HTTP, a huge
// URL, header or body, no token or a wrong one, another seat's move, a
// flood — are refused with the right status and leave the game unchanged;
// many clients posting moves at once get exactly one move per version;
// every answer carries the headers that keep a token in its tab; a seat's
// page arrives with its picture and state in it, under the same strict
// Content-Security-Policy; the save downloads as a file, hints and bots
// are refused to whom they are not for. Under
// load a seat is still served: 140 connections that never finish a
// request, from 4 addresses, or 140 event streams of one token, take
// only their share (per address, per token), and a seat's request and
// event stream are answered while they are held; a request that never
// completes is closed once it has sent nothing for 10 s. A move's preview is
// the seat to play's to ask, and shows no roll before it is made.
//
// Prints "http: N passed, M failed".
"use strict";
const net = require("net");
const fs = require("fs");
const { check, summary, serve, stop, request } = require("./lib");

// One raw request on its own connection; resolves to the status (0 when
// the server closed without an answer) and the answer's text.
function raw(base, text, timeout = 10000) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const sock = net.connect(Number(port), hostname);
    let got = "";
    const done = () => {
      const m = got.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve({ status: m ? Number(m[1]) : 0, text: got });
    };
    sock.setTimeout(timeout, () => { sock.destroy(); done(); });
    sock.on("connect", () => sock.end(text));
    sock.on("data", (d) => { got += d; });
    sock.on("close", done);
    sock.on("error", () => {});
  });
}

async function view(srv, seat = 0) {
  const r = await request(`${srv.base}/api/${srv.tokens[seat]}/state`);
  return JSON.parse(r.body);
}

// The address the server listens on, from the kernel's table of sockets.
function listening(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const rows = fs.readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1);
  for (const row of rows) {
    const f = row.trim().split(/\s+/);
    if (f.length > 3 && f[3] === "0A" && f[1].endsWith(":" + hex)) {
      const a = f[1].split(":")[0];
      return [3, 2, 1, 0].map((i) => parseInt(a.substr(i * 2, 2), 16)).join(".");
    }
  }
  return null;
}

// Open a raw connection from `from` (a loopback address) and send `text`;
// resolves once it is open (or closed at once) to the socket, whose
// .open says whether the server still holds it and .got what it sent.
function hold(base, from, text) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const sock = net.connect({ port: Number(port), host: hostname, localAddress: from });
    sock.open = false;
    sock.got = "";
    sock.on("connect", () => { sock.open = true; sock.write(text); resolve(sock); });
    sock.on("data", (d) => { sock.got += d; });
    sock.on("close", () => { sock.open = false; resolve(sock); });
    sock.on("error", () => {});
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A seat's request, given up after 10 s: {status} (0: none came).
async function within10s(url) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10000) });
    await r.text();
    return { status: r.status };
  } catch (e) {
    return { status: 0, error: e.message };
  }
}

// The first event of an event stream within 10 s: true if it came.
async function firstEvent(url) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10000) });
    const reader = r.body.getReader();
    let text = "";
    while (!/event: table/.test(text)) {
      const { value, done } = await reader.read();
      if (done) return false;
      text += Buffer.from(value).toString();
    }
    reader.cancel().catch(() => {});
    return r.status === 200;
  } catch (e) {
    return false;
  }
}

// A table under load: a seat is still served (issue 34, item 5).
async function underLoad() {
  const srv = await serve(["onceupon", "--players", "2", "--seed", "4"]);
  const froms = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"];
  try {
    // one more request that never completes, from an address of its own:
    // the server closes it once it has sent nothing for 10 s (checked below)
    const idle = await hold(srv.base, "127.0.0.6", `GET /api/${srv.tokens[1]}/sta`);
    // 140 connections, 35 from each of 4 addresses, that never finish their request
    const partial = await Promise.all(Array.from({ length: 140 },
      (_, i) => hold(srv.base, froms[i % 4], `GET /api/${srv.tokens[1]}/sta`)));
    await sleep(300);                           // the refused ones are closed by now
    const r = await within10s(`${srv.base}/api/${srv.tokens[1]}/state`);
    const held = partial.filter((s) => s.open).length;
    check(r.status === 200, `140 unfinished requests from 4 addresses: seat 1's state still answered (${r.status} ${r.error || ""})`);
    check(held >= 60 && held <= 64, `... while the load held ${held} connections (16 an address, 64 at most)`);
    check(await firstEvent(`${srv.base}/api/${srv.tokens[1]}/events`), "... and seat 1's event stream answered");
    partial.forEach((s) => s.destroy());

    // 140 event streams of seat 2's token, from 4 addresses
    const streams = await Promise.all(Array.from({ length: 140 },
      (_, i) => hold(srv.base, froms[i % 4], `GET /api/${srv.tokens[2]}/events HTTP/1.1\r\nHost: a\r\n\r\n`)));
    await sleep(500);                           // every answer's first line has come
    const open = streams.filter((s) => /^HTTP\/1\.1 200/.test(s.got)).length;
    const refused = streams.filter((s) => /^HTTP\/1\.1 429/.test(s.got)).length;
    check(open <= 4, `140 event streams of one token: ${open} opened (at most 4), ${refused} refused with 429`);
    const r2 = await within10s(`${srv.base}/api/${srv.tokens[1]}/state`);
    check(r2.status === 200, `... seat 1's state still answered (${r2.status} ${r2.error || ""})`);
    check(await firstEvent(`${srv.base}/api/${srv.tokens[1]}/events`), "... and seat 1's event stream answered");
    streams.forEach((s) => s.destroy());
    // their places are free again soon after they close
    let again = false;
    for (let i = 0; i < 20 && !again; i++) {
      again = await firstEvent(`${srv.base}/api/${srv.tokens[2]}/events`);
      if (!again) await sleep(500);
    }
    check(again, "seat 2 opens an event stream again once its streams closed");
    // the unfinished request is closed by the server (10 s idle), not held
    // for ever; given 30 s in all, as a bound for a loaded machine
    for (let i = 0; i < 60 && idle.open; i++) await sleep(500);
    check(!idle.open, "a request that never completes is closed by the server");
    idle.destroy();
  } finally {
    const code = await stop(srv);
    check(code === 0, `grove serve under load stopped on Ctrl-C (exit ${code})`);
  }
}

async function main() {
  const srv = await serve(["logger", "--players", "2", "--seed", "3"]);
  try {
    const port = Number(new URL(srv.base).port);
    check(srv.base.startsWith("http://127.0.0.1:"), `it says it listens on 127.0.0.1 (${srv.base})`);
    check(listening(port) === "127.0.0.1", `the socket is bound to 127.0.0.1 only (${listening(port)})`);
    const start = await view(srv);
    const tok = srv.tokens;
    // what the rules said at setup, on every page and on the terminal
    check((start.said || []).includes("A seedling grows on c3."), `the state holds setup's narration (${JSON.stringify(start.said)})`);
    check(/\n {6}A seedling grows on c3\.\n/.test(srv.output()), "the terminal shows setup's narration");

    // the headers of every answer
    const page = await fetch(srv.urls[1]);
    const html = await page.text();
    check(page.status === 200 && html.includes("<!DOCTYPE html>"), "a seat's page");
    check(page.headers.get("referrer-policy") === "no-referrer", "Referrer-Policy: no-referrer");
    const csp = page.headers.get("content-security-policy") || "";
    check(/default-src 'none'/.test(csp), "a Content-Security-Policy");
    check(/script-src 'self';/.test(csp) && !/script-src[^;]*unsafe/.test(csp), `scripts only from the server's own files: ${csp}`);
    check(page.headers.get("cache-control") === "no-store", "Cache-Control: no-store");
    // the first response holds the board and the state, the seat's own
    const embedded = html.match(/<script type="application\/json" id="state">([^]*?)<\/script>/);
    const mine = JSON.parse((await request(`${srv.base}/api/${srv.tokens[1]}/state`)).body);
    check(embedded && JSON.stringify(JSON.parse(embedded[1])) === JSON.stringify(mine), "the page holds seat 1's state");
    check(html.includes(`<section id="board" aria-label="the table">${mine.picture}</section>`), "the page holds seat 1's picture");
    check((html.match(/<script/g) || []).length === 3 && /<script src="\/page\/board.js" defer><\/script>/.test(html)
      && /<script src="\/page\/table.js" defer><\/script>/.test(html),
      "the page has its two script files (board.js, table.js) and the state's data block, no other script");
    check((await fetch(`${srv.urls[1]}?live=0`)).status === 200, "?live=0 opens the same page");
    // the save, as a file to download; hints and bots refused to whom they are not for
    const save = await fetch(`${srv.base}/api/${srv.tokens[0]}/save`);
    const saveText = await save.text();
    check(save.status === 200 && saveText.startsWith("grove-save "), "the onlooker downloads the save");
    check(/^attachment; filename="logger-\d{8}-\d{6}(-\d+)?\.sav"$/.test(save.headers.get("content-disposition") || ""),
      `... as a file (${save.headers.get("content-disposition")})`);
    check(fs.readFileSync(srv.save, "utf8") === saveText, "... the one the table saved");

    const refusals = [
      ["malformed HTTP", "GARBAGE\r\n\r\n", [400, 0]],      // libmicrohttpd may just close
      ["no HTTP version", "GET /\r\n\r\n", [400, 505]],
      ["a huge URL", `GET /api/${tok[1]}/state${"x".repeat(70000)} HTTP/1.1\r\nHost: a\r\n\r\n`, [414, 431, 400, 0]],
      ["a huge header", `GET /api/${tok[1]}/state HTTP/1.1\r\nHost: a\r\nX-Big: ${"y".repeat(100000)}\r\n\r\n`, [431, 413, 400, 0]],
      ["a huge body", `POST /api/${tok[1]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n${"z".repeat(1000000)}`, [413]],
      ["a body that lies about its length", `POST /api/${tok[1]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nversion=1&move=0`, [400, 409]],
      ["no token", "GET /api//state HTTP/1.1\r\nHost: a\r\n\r\n", [404]],
      ["no token for the page", "GET /play/ HTTP/1.1\r\nHost: a\r\n\r\n", [403]],
      ["a wrong token", "GET /api/0123456789abcdef0123456789abcdef/state HTTP/1.1\r\nHost: a\r\n\r\n", [403]],
      ["a wrong token's move", `POST /api/0123456789abcdef0123456789abcdef/move HTTP/1.1\r\nHost: a\r\nContent-Length: 16\r\n\r\nversion=${start.version}&move=0`, [403]],
      ["another seat's move", `POST /api/${tok[2]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 16\r\n\r\nversion=${start.version}&move=0`, [403]],
      ["the onlooker's move", `POST /api/${tok[0]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 16\r\n\r\nversion=${start.version}&move=0`, [403]],
      ["a stale move", `POST /api/${tok[1]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 16\r\n\r\nversion=${start.version + 5}&move=0`, [409]],
      ["a malformed move", `POST /api/${tok[1]}/move HTTP/1.1\r\nHost: a\r\nContent-Length: 7\r\n\r\nmove=zz`, [400]],
      ["the wrong method", `DELETE /api/${tok[1]}/state HTTP/1.1\r\nHost: a\r\n\r\n`, [405]],
      ["a page that is not there", "GET /etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n", [404]],
      ["a path up the tree", "GET /page/../../etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n", [404]],
      ["a hint to a seat not to play", `POST /api/${tok[2]}/hint HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n`, [409]],
      ["a hint to the onlooker", `POST /api/${tok[0]}/hint HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n`, [403]],
      ["a bot for the onlooker", `POST /api/${tok[0]}/bot HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nkind=random`, [403]],
      ["a bot that thinks too long", `POST /api/${tok[1]}/bot HTTP/1.1\r\nHost: a\r\nContent-Length: 15\r\n\r\nkind=mcts%3A60s`, [400]],
      ["a seat taken back that is no bot's", `POST /api/${tok[1]}/bot HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\nkind=off`, [409]],
      ["a save uploaded", `POST /api/${tok[1]}/save HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx`, [405]],
    ];
    for (const [what, text, want] of refusals) {
      const r = await raw(srv.base, text);
      check(want.includes(r.status), `${what}: ${r.status} (${want.join(" or ")})`);
      const now = await view(srv);
      check(now.version === start.version && now.picture === start.picture, `${what}: the game is unchanged`);
    }

    // many clients at once, all at the same version: one move goes through
    const v = (await view(srv)).version;
    const tries = [];
    for (let i = 0; i < 30; i++) {
      tries.push(request(`${srv.base}/api/${tok[1 + (i % 2)]}/move`, "POST", `version=${v}&move=${i % 4}`)
        .catch(() => ({ status: 0 })));        // a connection past the address's share is closed
    }
    const answers = await Promise.all(tries);
    const ok = answers.filter((a) => a.status === 200).length;
    check(ok === 1, `30 moves posted at once at one version: ${ok} played`);
    check(answers.every((a) => [200, 403, 409, 429, 0].includes(a.status)),
      "the others refused (403, 409 or 429, or their connection past the address's share)");
    const after = await view(srv);
    check(after.position === start.position + 1 && after.log.length === 1, "the history holds that one move");
    check(Array.isArray(after.log[0].say), "a log entry carries what the rules said (say)");
    await new Promise((r) => setTimeout(r, 200));
    check(new RegExp(`\\n {3}1\\. seat [12]: ${after.log[0].text}\\n`).test(srv.output()), "the terminal logs the move");

    // a flood (8 connections from another address, each sending 100
    // requests at once, which the server answers as fast as it can):
    // refused with 429 while it lasts, then answered again
    const flood = await Promise.all(Array.from({ length: 8 }, () => {
      const one = "GET /page/table.css HTTP/1.1\r\nHost: a\r\n\r\n";
      const last = "GET /page/table.css HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";
      return new Promise((resolve) => {
        const { hostname, port } = new URL(srv.base);
        const sock = net.connect({ port: Number(port), host: hostname, localAddress: "127.0.0.6" });
        let text = "";
        sock.setTimeout(20000, () => sock.destroy());
        sock.on("connect", () => sock.write(one.repeat(99) + last));   // no end: the last one closes
        sock.on("data", (d) => { text += d; });
        sock.on("close", () => resolve({ text }));
        sock.on("error", () => {});
      });
    }));
    const statuses = flood.flatMap((r) => [...r.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])));
    const throttled = statuses.filter((s) => s === 429).length;
    check(throttled > 0, `a flood of 800 requests: ${throttled} refused with 429`);
    check(statuses.length === 800 && statuses.every((s) => s === 200 || s === 429),
      `the rest answered (${statuses.length} answers)`);
    await new Promise((r) => setTimeout(r, 2500));
    const later = await view(srv);
    check(later.version === after.version, "the flood changed nothing, and the table answers again");
  } finally {
    const code = await stop(srv);
    check(code === 0, `grove serve stopped on Ctrl-C (exit ${code})`);
  }
  await underLoad();
  await previews();
  // --listen: another address, and one that is none
  const other = await serve(["logger", "--listen", "127.0.0.2"]);
  check(other.base.startsWith("http://127.0.0.2:"), `--listen 127.0.0.2: ${other.base}`);
  check(listening(Number(new URL(other.base).port)) === "127.0.0.2", "bound to 127.0.0.2");
  await stop(other);
  let refused = "";
  try { await serve(["logger", "--listen", "nowhere"]); } catch (e) { refused = e.message; }
  check(/not an IPv4 or IPv6 address/.test(refused), "--listen nowhere: refused with a reason");
  return summary("http");
}

// The previews of moves (POST /api/TOKEN/preview, for board.js): only the
// seat to play asks, at the version shown, for legal moves' numbers, at
// most 16; a preview is the boards alone, the places the move changes
// marked; a move that draws on chance is not drawn before it is played.
async function previews() {
  const srv = await serve(["starfall", "--players", "2", "--seed", "3"]);
  try {
    const ask = (seat, body) => request(`${srv.base}/api/${srv.tokens[seat]}/preview`, "POST", body);
    let st = await view(srv, 1);
    const refusals = [
      ["the onlooker", 0, `version=${st.version}&moves=0`, 403],
      ["the seat not to play", 2, `version=${st.version}&moves=0`, 403],
      ["a stale version", 1, `version=${st.version + 1}&moves=0`, 409],
      ["no move's number", 1, `version=${st.version}&moves=${st.moves.length}`, 400],
      ["17 moves", 1, `version=${st.version}&moves=${Array(17).fill(0).join(",")}`, 400],
      ["no moves", 1, `version=${st.version}&moves=`, 400],
      ["a body of another shape", 1, `moves=0&version=${st.version}`, 400],
    ];
    for (const [what, seat, body, want] of refusals) {
      const r = await ask(seat, body);
      check(r.status === want && JSON.parse(r.body).error, `a preview by ${what}: ${r.status} (${want})`);
    }
    check((await request(`${srv.base}/api/${srv.tokens[1]}/preview`)).status === 405, "a preview is a POST");
    const r = await ask(1, `version=${st.version}&moves=0,1`);
    const got = JSON.parse(r.body).previews;
    check(r.status === 200 && got.length === 2 && got.every((p) => /^<svg[^>]* class="grove-picture preview"/.test(p)),
      `the first knocks previewed (${r.status})`);
    check(got.every((p) => !/class="seat"|class="dice"/.test(p) && /data-changed/.test(p)),
      "a preview is the boards alone, what the move changes marked");
    check(JSON.stringify(await view(srv, 1)) === JSON.stringify(st), "a preview changes nothing");
    // on to a turn's end, which rolls the dice for the next seat: no preview
    for (let i = 0; i < 60 && !st.moves.includes("end"); i++) {
      await request(`${srv.base}/api/${srv.tokens[st.actor]}/move`, "POST", `version=${st.version}&move=0`);
      st = await view(srv, 0);
      st = await view(srv, st.actor);
    }
    const end = st.moves.indexOf("end");
    if (check(end >= 0, "Starfall: a turn's end is offered")) {
      const e = JSON.parse((await ask(st.seat, `version=${st.version}&moves=${end}`)).body);
      check(e.previews.length === 1 && e.previews[0] === null, "a move that rolls the dice is not previewed (null)");
    }
  } finally {
    await stop(srv);
  }
}

main().then((code) => process.exit(code), (e) => {
  console.log("FAIL " + (e && e.stack || e));
  summary("http");
  process.exit(1);
});
