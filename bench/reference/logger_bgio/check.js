// check.js — game.js against ../logger_plain.lua, move by move.
//
// trace_plain.lua plays GAMES random games with logger_plain.lua's rule
// functions and writes every decision (the legal move list and the choice).
// This script replays each game through boardgame.io's headless Client with
// game.js: at every decision `ai.enumerate` must list the same moves in the
// same order, boardgame.io must accept the chosen move, the game must end
// exactly where logger_plain's ends, with the same scores and protesters in
// supply. Any difference stops it with the game and the decision.
//
// Usage: node check.js [games=3000] [seed=1]   (needs lua5.4 on PATH)

'use strict';

if (process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';

const { execFileSync } = require('child_process');
const path = require('path');
const { Client } = require('boardgame.io/client');
const { Logger } = require('./game');

function fail(message) {
  console.error(`check.js: ${message}`);
  process.exit(1);
}

const games = Number(process.argv[2] || 3000);
const seed = Number(process.argv[3] || 1);
if (!(games >= 1) || !Number.isInteger(seed)) fail('usage: node check.js [games=3000] [seed=1]');

let trace;
try {
  trace = execFileSync('lua5.4', [path.join(__dirname, 'trace_plain.lua'), String(games), String(seed)],
    { encoding: 'utf8', maxBuffer: 1 << 30 });
} catch (err) {
  fail(`could not run lua5.4 trace_plain.lua: ${err.message}`);
}

const client = Client({ game: Logger, numPlayers: 2, debug: false });
client.start();
client.reset();
let game = 0, decision = 0, decisions = 0, stalled = 0, draws = 0;
for (const line of trace.trim().split('\n')) {
  const { G, ctx, _stateID } = client.getState();
  const where = `game ${game + 1}, decision ${decision + 1}`;
  if (line.startsWith('END ')) {
    if (!ctx.gameover) fail(`${where}: logger_plain.lua's game is over, boardgame.io's is not`);
    const want = line.slice(4);
    const got = `${G.score[0]} ${G.score[1]} ${G.protesters[0]} ${G.protesters[1]}`;
    if (got !== want) fail(`${where}: the end (scores, protesters) is ${got} here, ${want} in logger_plain.lua`);
    if (Math.max(G.score[0], G.score[1]) < 10) stalled += 1;
    if (ctx.gameover.draw) draws += 1;
    game += 1;
    decision = 0;
    client.reset();
    continue;
  }
  if (ctx.gameover) fail(`${where}: boardgame.io's game is over, logger_plain.lua's is not`);
  const [want, pick] = line.split('|');
  const moves = Logger.ai.enumerate(G, ctx, ctx.currentPlayer);
  const got = moves.map((m) => (m.args.length > 0 ? `${m.move} ${m.args[0]}` : m.move)).join(',');
  if (got !== want) fail(`${where}: ai.enumerate lists [${got}], logger_plain.lua [${want}]`);
  const { move, args } = moves[Number(pick)];
  client.moves[move](...args);
  if (client.getState()._stateID === _stateID) fail(`${where}: boardgame.io refused ${move}(${args.join(', ')})`);
  decision += 1;
  decisions += 1;
}
client.stop();
if (game !== games) fail(`the trace held ${game} games, ${games} were asked for`);
console.log(`check.js: ${games} games (seed ${seed}), ${decisions} decisions: every legal move list and every end ` +
  `identical to logger_plain.lua's (${stalled} ended by the stall rule below 10 points, ${draws} draws)`);
