// What the browser tests share: finding grove and Chromium, starting
// `grove serve` on a free port in a folder of its own (where it saves the
// game) and reading the seats' URLs, launching headless Chromium through
// puppeteer-core (never downloading a browser), a plain `chromium
// --headless --screenshot` of a page, and counting checks.
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const ROOT = path.resolve(__dirname, "../..");
const GROVE = path.resolve(ROOT, process.env.GROVE || "build/grove");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

let passed = 0, failed = 0;
const started = [];      // every server serve() started, for serversSaid()

function check(ok, what) {
  if (ok) passed++;
  else { failed++; console.log("FAIL " + what); }
  return ok;
}

function summary(name) {
  console.log(`${name}: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

// Why the browser tests cannot run here, or null when they can.
function cannotRun() {
  if (!fs.existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (Debian: apt-get install chromium; or set CHROMIUM)`;
  try { require.resolve("puppeteer-core"); } catch (e) {
    return "puppeteer-core is not installed (cd tests/browser && npm ci)";
  }
  try {
    execFileSync(CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--version"], { stdio: "pipe", timeout: 30000 });
  } catch (e) {
    return `${CHROMIUM} does not start: ${String(e.message).split("\n")[0]}`;
  }
  return null;
}

// Start `grove serve ARGS --port 0` in `dir` (default: a new folder of its
// own, removed by stop), where it saves the game; resolves to {proc, base,
// urls: {seat: url}, tokens, save (the save file's path), dir, output(),
// errors() (its stderr so far)}.
function serve(args, dir) {
  const own = !dir;
  if (own) dir = fs.mkdtempSync(path.join(os.tmpdir(), "grove-serve-"));
  return new Promise((resolve, reject) => {
    const proc = spawn(GROVE, ["serve", ...args, "--port", "0"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "", ready = false;
    const timer = setTimeout(() => reject(new Error("grove serve printed no URLs in 20 s:\n" + out + err)), 20000);
    proc.stdout.on("data", (d) => {
      out += d;
      if (!ready && /Ctrl-C stops the table/.test(out)) {
        ready = true;
        clearTimeout(timer);
        const urls = {}, tokens = {};
        for (const m of out.matchAll(/^ {2}(seat (\d+)|onlooker): (http\S+)/gm)) {
          const seat = m[2] ? Number(m[2]) : 0;
          urls[seat] = m[3];
          tokens[seat] = m[3].split("/").pop();
        }
        const base = out.match(/on (http:\/\/\S+)/)[1];
        const saved = out.match(/^saving to (.*) after every move/m);
        const srv = { proc, base, urls, tokens, dir, own, save: saved ? path.resolve(dir, saved[1]) : null,
                      output: () => out, errors: () => err };
        started.push(srv);
        resolve(srv);
      }
    });
    proc.stderr.on("data", (d) => { err += d; });
    proc.on("exit", (code) => { clearTimeout(timer); if (!/Ctrl-C/.test(out)) reject(new Error(`grove serve exited ${code}: ${err}`)); });
  });
}

// Ctrl-C (SIGINT); SIGTERM, then SIGKILL, if it does not stop (a test
// reports the exit code: only SIGINT's clean 0 passes).
// Its own folder is removed once it stopped.
function stop(server, how) {
  return new Promise((resolve) => {
    const done = (code) => {
      if (server.own) fs.rmSync(server.dir, { recursive: true, force: true });
      resolve(code);
    };
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
      done(server.proc.exitCode !== null ? server.proc.exitCode : server.proc.signalCode);
      return;
    }
    const later = [setTimeout(() => server.proc.kill("SIGTERM"), 10000), setTimeout(() => server.proc.kill("SIGKILL"), 20000)];
    server.proc.on("exit", (code, signal) => { later.forEach(clearTimeout); done(signal ? signal : code); });
    server.proc.kill(how || "SIGINT");
  });
}

// A plain `chromium --headless --screenshot=FILE URL` (no puppeteer, no
// waiting on the page's script), of a window width x height.
function screenshot(url, file, width, height) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grove-shot-"));
  try {
    execFileSync(CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${dir}`,
      `--window-size=${width},${height}`, `--screenshot=${file}`, url], { stdio: "pipe", timeout: 60000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function launch() {
  const puppeteer = require("puppeteer-core");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grove-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: dir,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", `--user-data-dir=${dir}`,
           // several seats' pages at once: none of them is a background tab
           "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
           "--disable-background-timer-throttling"],
  });
  browser.userDir = dir;
  return browser;
}

async function close(browser) {
  await browser.close();
  fs.rmSync(browser.userDir, { recursive: true, force: true });
}

// A small seeded generator, so a test run is the same every time.
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s >>> 16) % n;          // the low bits of an LCG cycle: use the high ones
  };
}

// GET/POST from the test itself (not a page), answering {status, body}.
// What the servers started here have done, for a failed request's message:
// each one's port, whether it still runs, and the end of what it printed.
function serversSaid() {
  return started.map((srv) => {
    const p = srv.proc, ended = p.exitCode !== null ? `exited ${p.exitCode}` : p.signalCode ? `killed by ${p.signalCode}` : "running";
    const err = srv.errors().trim().split("\n").slice(-5).join("\n    ");
    return `  ${srv.base}: ${ended}${err ? "; its stderr ends:\n    " + err : ""}`;
  }).join("\n");
}

// GET/POST from the test itself (not a page), answering {status, body}. A
// failure names its cause (node's "fetch failed" alone says none) and what
// the servers did. A GET that could not connect or was cut off is tried
// once more, a second later, and says so: a failure of the test's own
// client (it was seen once, in CI, on a table's first request) is then
// told apart from the server's, which fails the second time too.
async function request(url, method, body) {
  const once = async () => {
    const r = await fetch(url, {
      method: method || "GET", body,
      headers: body ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
    });
    return { status: r.status, body: await r.text() };
  };
  const why = (e) => `${e.message}${e.cause ? ` (${e.cause.code || ""} ${e.cause.message || e.cause})` : ""}`;
  try {
    return await once();
  } catch (e) {
    const first = `${method || "GET"} ${url}: ${why(e)}`;
    if (method && method !== "GET") throw new Error(`${first}\nthe servers:\n${serversSaid()}`);
    console.log(`browser: note: ${first}; trying once more\n${serversSaid()}`);
    await new Promise((r) => setTimeout(r, 1000));
    try {
      return await once();
    } catch (e2) {
      throw new Error(`${first}, and again: ${why(e2)}\nthe servers:\n${serversSaid()}`);
    }
  }
}

module.exports = { ROOT, GROVE, CHROMIUM, check, summary, cannotRun, serve, stop, screenshot, launch, close, rng, request };
