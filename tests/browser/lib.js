// What the browser tests share: finding grove and Chromium, starting
// `grove serve` on a free port and reading the seats' URLs, launching
// headless Chromium through puppeteer-core (never downloading a browser),
// and counting checks.
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const ROOT = path.resolve(__dirname, "../..");
const GROVE = path.resolve(ROOT, process.env.GROVE || "build/grove");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

let passed = 0, failed = 0;

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

// Start `grove serve ARGS --port 0`; resolves to {proc, base, urls: {seat: url}, tokens, out}.
function serve(args) {
  return new Promise((resolve, reject) => {
    const proc = spawn(GROVE, ["serve", ...args, "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    const timer = setTimeout(() => reject(new Error("grove serve printed no URLs in 20 s:\n" + out + err)), 20000);
    proc.stdout.on("data", (d) => {
      out += d;
      if (/Ctrl-C stops the table/.test(out)) {
        clearTimeout(timer);
        const urls = {}, tokens = {};
        for (const m of out.matchAll(/^ {2}(seat (\d+)|onlooker): (http\S+)/gm)) {
          const seat = m[2] ? Number(m[2]) : 0;
          urls[seat] = m[3];
          tokens[seat] = m[3].split("/").pop();
        }
        const base = out.match(/on (http:\/\/\S+)/)[1];
        resolve({ proc, base, urls, tokens, output: () => out });
      }
    });
    proc.stderr.on("data", (d) => { err += d; });
    proc.on("exit", (code) => { clearTimeout(timer); if (!/Ctrl-C/.test(out)) reject(new Error(`grove serve exited ${code}: ${err}`)); });
  });
}

// Ctrl-C (SIGINT); SIGTERM, then SIGKILL, if it does not stop (a test
// reports the exit code: only SIGINT's clean 0 passes).
function stop(server) {
  return new Promise((resolve) => {
    if (server.proc.exitCode !== null) { resolve(server.proc.exitCode); return; }
    const later = [setTimeout(() => server.proc.kill("SIGTERM"), 10000), setTimeout(() => server.proc.kill("SIGKILL"), 20000)];
    server.proc.on("exit", (code, signal) => { later.forEach(clearTimeout); resolve(signal ? signal : code); });
    server.proc.kill("SIGINT");
  });
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
async function request(url, method, body) {
  const r = await fetch(url, {
    method: method || "GET", body,
    headers: body ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
  });
  return { status: r.status, body: await r.text() };
}

module.exports = { ROOT, GROVE, CHROMIUM, check, summary, cannotRun, serve, stop, launch, close, rng, request };
