// The pictures of docs/screenshots/ (make screenshots): each game's table a
// few moves in, as seat 1's page shows it, taken by a plain `chromium
// --headless --screenshot=FILE URL`: the page arrives with the position
// drawn, so nothing is waited for. Seat 1's moves are chosen by a seeded
// generator and posted over HTTP; the other seats are the random bot, so
// the same pictures come every time.
//
//   GROVE=build/grove node tests/browser/screenshots.js [DIR]   (default docs/screenshots)
"use strict";
const fs = require("fs");
const path = require("path");
const { ROOT, CHROMIUM, check, summary, serve, stop, screenshot, rng, request } = require("./lib");

// game, its command line, seat 1's moves before the picture, the window
const GAMES = [
  ["logger", ["--players", "2", "--seed", "4"], 12, [1100, 800]],
  ["flooded", ["--players", "3", "--seed", "2"], 4, [1300, 1100]],
  ["onceupon", ["--players", "2", "--seed", "6"], 7, [1300, 1100]],
  ["squirrel", ["--players", "2", "--seed", "6"], 7, [1300, 900]],
  ["starfall", ["--players", "2", "--seed", "6"], 7, [1300, 1150]],
];

async function state(srv, seat) {
  return JSON.parse((await request(`${srv.base}/api/${srv.tokens[seat]}/state`)).body);
}

// Seat 1's state once it is to play (or the game is over), within 30 s.
async function seat1ToPlay(srv) {
  for (let i = 0; i < 600; i++) {
    const st = await state(srv, 1);
    if (st.over || st.moves.length > 0) return st;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("seat 1 was not to play within 30 s");
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`screenshots: no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)`);
    return 1;
  }
  const dir = path.resolve(ROOT, process.argv[2] || "docs/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  for (const [game, args, moves, [width, height]] of GAMES) {
    const players = Number(args[1]);
    const bots = [];
    for (let seat = 2; seat <= players; seat++) bots.push("--bot", `${seat}=random`);
    const srv = await serve([game, ...args, ...bots]);
    try {
      const pick = rng(3);
      for (let i = 0; i < moves; i++) {
        const st = await seat1ToPlay(srv);
        if (st.over) break;
        const r = await request(`${srv.base}/api/${srv.tokens[1]}/move`, "POST",
          `version=${st.version}&move=${pick(st.moves.length)}`);
        if (r.status !== 200) throw new Error(`${game}: seat 1's move was refused: ${r.body}`);
      }
      await seat1ToPlay(srv);
      const file = path.join(dir, `${game}.png`);
      screenshot(srv.urls[1], file, width, height);
      check(fs.statSync(file).size > 10000, `${path.relative(ROOT, file)}: ${width}x${height}`);
      console.log(`screenshots: ${path.relative(ROOT, file)}`);
    } finally {
      await stop(srv);
    }
  }
  return summary("screenshots");
}

main().then((code) => process.exit(code), (e) => {
  console.log("FAIL " + (e && e.stack || e));
  summary("screenshots");
  process.exit(1);
});
