// node tests/browser/replay-open.js PAGE.html... — how long replay pages
// take to open in headless Chromium: for each page, five fresh tabs, the
// time from navigation to the first picture in the board (a MutationObserver
// set before the page loads, performance.now()) and to the frame that
// draws it (the next requestAnimationFrame), and how long the End key
// takes to put the last position's picture in. Prints the page's size and
// the median and range of each. A measurement, not a test: docs/speed.md
// keeps the figures.
"use strict";
const fs = require("fs");
const { cannotRun, launch, close } = require("./lib");

const RUNS = Number(process.env.RUNS || 5);

async function once(browser, file) {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(() => {
    window.__opened = new Promise((resolve) => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector("#board svg")) return;
        seen.disconnect();
        const inserted = performance.now();
        requestAnimationFrame(() => resolve({ inserted, drawn: performance.now() }));
      });
      seen.observe(document, { childList: true, subtree: true });
    });
  });
  await page.goto("file://" + fs.realpathSync(file), { waitUntil: "load", timeout: 120000 });
  const t = await page.evaluate(() => window.__opened);
  t.last = await page.evaluate(() => {         // the End key: the last position, drawn at once
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "End" }));
    return performance.now() - start;
  });
  await page.close();
  return t;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;

async function main() {
  const why = cannotRun();
  if (why) { console.log("replay-open: cannot run: " + why); return 1; }
  const browser = await launch();
  try {
    for (const file of process.argv.slice(2)) {
      const inserted = [], drawn = [], last = [];
      for (let i = 0; i < RUNS; i++) {
        const t = await once(browser, file);
        inserted.push(t.inserted);
        drawn.push(t.drawn);
        last.push(t.last);
      }
      const mb = (fs.statSync(file).size / 1e6).toFixed(2);
      console.log(`${file}: ${mb} MB, first picture in the page ${fmt(inserted)}, drawn ${fmt(drawn)}; to the last position ${fmt(last)}`);
    }
  } finally {
    await close(browser);
  }
  return 0;
}

main().then((code) => process.exit(code), (e) => { console.log(String(e && e.stack || e)); process.exit(1); });
