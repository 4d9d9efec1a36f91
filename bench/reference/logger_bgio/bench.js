// bench.js — random Logger playouts per second through boardgame.io 0.50.2.
//
// Plays uniformly random 2-player games of game.js for N seconds, counted as
// ../logger_plain.lua and `grove bench logger` count them: a playout starts
// from the initial position; at every decision the player to act picks
// uniformly (Math.random) among the moves `ai.enumerate` lists, forced moves
// and the two setup moves included, until the game is over; "winning score"
// is the best score at the end.
//
// Every move goes through boardgame.io's own machinery: the headless Client
// of 'boardgame.io/client' (no multiplayer, no debug panel: nothing needs a
// browser), one client for the whole run, `client.reset()` before each
// playout, `client.getState()` to read G and ctx, `client.moves[name](...)`
// to play. That is the Redux store with boardgame.io's game reducer, its
// plugins (Immer, random, log, events, and the serializability check outside
// production) and the client's log, as a user's client or test runs them.
//
// NODE_ENV: boardgame.io checks after every move that G is JSON-serializable
// and logs INFO lines unless NODE_ENV is "production". A deployed game runs
// in production, so this script sets NODE_ENV=production when it is not set;
// `NODE_ENV=development node bench.js 3` measures the development mode.
//
// Time is process.cpuUsage() (user + system processor time of this process,
// every thread: Node's garbage collector and compiler threads included), as
// logger_plain.lua uses os.clock().
//
// Usage: node bench.js [seconds=3]

'use strict';

if (process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';

const { Client } = require('boardgame.io/client');
const { Logger, winningScore } = require('./game');

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

// One random playout from the start; returns the moves played and the best score.
function playout(client) {
  client.reset();
  let played = 0;
  for (;;) {
    const { G, ctx, _stateID } = client.getState();
    if (ctx.gameover) return [played, winningScore(G)];
    const moves = Logger.ai.enumerate(G, ctx, ctx.currentPlayer);
    if (moves.length === 0) {
      throw new Error(`no legal move but the game is not over (turn ${ctx.turn}, phase ${ctx.phase})`);
    }
    const { move, args } = moves[Math.floor(Math.random() * moves.length)];
    client.moves[move](...args);
    if (client.getState()._stateID === _stateID) {
      throw new Error(`boardgame.io refused the move ${move}(${args.join(', ')}) that ai.enumerate listed`);
    }
    played += 1;
  }
}

function main() {
  const seconds = Number(process.argv[2] || 3);
  if (!(seconds > 0)) {
    console.error('usage: node bench.js [seconds=3]  (seconds: a number above 0)');
    process.exit(2);
  }
  const client = Client({ game: Logger, numPlayers: 2, debug: false });
  client.start();
  let playouts = 0, moves = 0, winSum = 0;
  const t0 = cpuSeconds();
  let elapsed = 0;
  while (elapsed < seconds) {
    const [n, best] = playout(client);
    playouts += 1;
    moves += n;
    winSum += best;
    elapsed = cpuSeconds() - t0;
  }
  client.stop();
  console.log(`boardgame.io logger: ${(playouts / elapsed).toFixed(0)} playouts/s, ` +
    `${(moves / elapsed).toFixed(0)} moves/s, ${(moves / playouts).toFixed(1)} mean moves/playout, ` +
    `${(winSum / playouts).toFixed(2)} mean winning score`);
}

main();
