// game.js — Logger for boardgame.io 0.50.2, a reference for `grove bench logger`.
//
// What it is: Logger (2 players) written the way a boardgame.io user writes a
// game: the state is G (plain JSON: 25 squares, each a small object), the
// moves are functions of ({ G, ctx, playerID, events }, square) that change G
// in place (boardgame.io runs them through Immer) and return INVALID_MOVE
// when the square is not allowed, the turn structure is a `place` phase and a
// `play` phase whose turn walks through stages (movement, spawn, action,
// protestMore) with events.setStage / events.endTurn, the game ends through
// `endIf`, and `ai.enumerate` lists every legal move. bench.js plays random
// playouts with it through boardgame.io's headless Client.
//
// The rules and the move granularity are those of ../logger_plain.lua, ported
// one rule function for one rule function (same names in camelCase;
// new_game is `setup`, legal_moves is `ai.enumerate`, and apply's branches
// are the moves, each ending as apply's branch does): the rules of
// /work/shared/rules/logger.txt with the Logger decisions of
// /work/shared/rules/DECISIONS.md and grove's stall rule (a whole round in
// which no tree grew or spawned and nobody planted, protested or chopped ends
// the game). The moves are grove's, one for one: a setup move per logger (a
// free corner); a movement move (any square within 0-2 orthogonal steps
// through empty squares, staying put included); automatic growth; one spawn
// move per spawning tree in board order a1, b1, ... e5; then the action
// (plant / protest / chop), mandatory when possible and skipped otherwise;
// after a protest, "protest another" or "stop" while another protest is
// possible. Every decision counts as a move, forced or not, and the two setup
// moves count too. The ranking at the end (endIf's result): most points,
// then more protesters in supply, then shared (a draw).
//
// Where boardgame.io's words differ from logger_plain.lua's: a seat is a
// playerID "0" or "1" (logger_plain's seat 1 or 2); squares are numbered 0..24
// in board order (a1 = 0, e5 = 24); logger_plain's `phase` is ctx.phase
// ("place") or, in the "play" phase, the current player's stage; its
// `phase = "over"` is G.over, which makes endIf end the game.
//
// How it was checked: (1) move by move: `node check.js 3000` has
// trace_plain.lua play 3000 random games with logger_plain.lua's own rule
// functions and replays each through boardgame.io's Client with this file;
// every legal move list (same moves, same order: 241,361 decisions, seed 1),
// every end (scores and protesters in supply) and the point where each game
// ends were identical, the 7 games that the stall rule ended below 10 points
// and the 56 draws included (seed 2: 3000 games, 240,601 decisions, also
// identical). The check can fail: with the stall rule removed it stops at
// game 176, with protested trees listed as protestable at game 1.
// (2) statistics, as logger_plain.lua was checked against grove: over 120 s
// (about 10,900 playouts) bench.js gave 80.4 moves per playout and a winning
// score of 10.74; logger_plain.lua over 40 s (163,000 playouts) 80.3 and
// 10.74. The standard error over 10,900 playouts is 0.08 moves and 0.01
// points, so the two agree within sampling noise (0.1%).
//
// Usage: require('./game').Logger, e.g. Client({ game: Logger, numPlayers: 2 }).

'use strict';

const { INVALID_MOVE, TurnOrder } = require('boardgame.io/core');

const SIZE = 5;
const NONE = 0, SEEDLING = 1, SAPLING = 2, MATURE = 3;
const PYRAMIDS_OF_EACH_SIZE = 20;
const WINNING_SCORE = 10;
const PLAYERS = 2;
const PROTESTERS_EACH = 2;              // 2 each with 2 players (4 in all)
const CORNERS = ['a1', 'e1', 'a5', 'e5'];
const FIRST_SEEDLING = 'c3';

// The pyramid a tree takes from the pool to reach each stage.
const PIECE = { [SEEDLING]: 'large', [SAPLING]: 'medium', [MATURE]: 'small' };

// Squares are numbered 0..24 in board order: a1, b1, ... e1, a2, ... e5.
function squareOf(x, y) { return y * SIZE + x; }           // x, y in 0..4
function xyOf(square) { return [square % SIZE, Math.floor(square / SIZE)]; }

function squareNamed(name) {
  return squareOf(name.charCodeAt(0) - 'a'.charCodeAt(0), Number(name.slice(1)) - 1);
}

// The orthogonal neighbours of every square (no diagonals in Logger).
const NEIGHBOURS = [];
for (let square = 0; square < SIZE * SIZE; square++) {
  const [x, y] = xyOf(square);
  const list = [];
  for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
    const nx = x + dx, ny = y + dy;
    if (nx >= 0 && nx < SIZE && ny >= 0 && ny < SIZE) list.push(squareOf(nx, ny));
  }
  NEIGHBOURS[square] = list;
}

// The squares of each square's row and column (itself once), in board order.
const LINES = [];
for (let square = 0; square < SIZE * SIZE; square++) {
  const [x, y] = xyOf(square);
  const list = [];
  for (let other = 0; other < SIZE * SIZE; other++) {
    const [ox, oy] = xyOf(other);
    if (ox === x || oy === y) list.push(other);
  }
  LINES[square] = list;
}

// Setup -----------------------------------------------------------------------

function setup() {
  const board = [];
  for (let square = 0; square < SIZE * SIZE; square++) {
    board.push({ tree: NONE, protester: false, logger: null });
  }
  const G = {
    board,
    pool: { large: PYRAMIDS_OF_EACH_SIZE, medium: PYRAMIDS_OF_EACH_SIZE, small: PYRAMIDS_OF_EACH_SIZE },
    score: [],
    protesters: [],
    loggerAt: [],            // seat -> square
    spawners: [],            // trees still to spawn this turn, in board order
    ending: false,           // someone reached 10: finish the round
    busy: false,             // the forest changed this round
    over: false,             // the game is over (endIf)
  };
  for (let seat = 0; seat < PLAYERS; seat++) {
    G.score.push(0);
    G.protesters.push(PROTESTERS_EACH);
    G.loggerAt.push(null);
  }
  G.pool.large -= 1;
  G.board[squareNamed(FIRST_SEEDLING)].tree = SEEDLING;
  return G;
}

// Questions about the board ---------------------------------------------------

function isEmpty(G, square) {
  const sq = G.board[square];
  return sq.tree === NONE && sq.logger === null;
}

function emptyNeighbours(G, square) {
  return NEIGHBOURS[square].filter((n) => isEmpty(G, n));
}

function choppableNeighbours(G, square) {
  return NEIGHBOURS[square].filter((n) => G.board[n].tree === MATURE && !G.board[n].protester);
}

function protestableTrees(G) {
  const list = [];
  G.board.forEach((sq, square) => {
    if (sq.tree === MATURE && !sq.protester) list.push(square);
  });
  return list;
}

// Every square within 2 orthogonal steps through empty squares, and the
// logger's own square (staying put is a move).
function reachable(G, from) {
  const seen = new Set([from]);
  const list = [from];
  let frontier = [from];
  for (let step = 1; step <= 2; step++) {
    const nextFrontier = [];
    for (const square of frontier) {
      for (const n of NEIGHBOURS[square]) {
        if (!seen.has(n) && isEmpty(G, n)) {
          seen.add(n);
          list.push(n);
          nextFrontier.push(n);
        }
      }
    }
    frontier = nextFrontier;
  }
  return list;
}

function canPlant(G, seat) {
  return G.pool.large > 0 && emptyNeighbours(G, G.loggerAt[seat]).length > 0;
}

function canProtest(G, seat) {
  return G.protesters[seat] > 0 && protestableTrees(G).length > 0;
}

function canChop(G, seat) {
  return choppableNeighbours(G, G.loggerAt[seat]).length > 0;
}

// Turn order ------------------------------------------------------------------

// The last player of the round ends the game if someone reached 10 this round
// or if the forest did not change all round; otherwise the next player moves
// (the play phase's turn starts in the movement stage).
function endTurn(G, ctx, events) {
  const seat = Number(ctx.currentPlayer);
  if (G.score[seat] >= WINNING_SCORE) G.ending = true;
  const lastInRound = ctx.playOrderPos === ctx.playOrder.length - 1;
  if (lastInRound) {
    if (!G.busy) G.ending = true;          // the forest is stuck
    G.busy = false;
  }
  if (G.ending && lastInRound) {
    G.over = true;                         // endIf ends the game
  } else {
    events.endTurn();
  }
}

function beginAction(G, ctx, events) {
  const seat = Number(ctx.currentPlayer);
  if (canPlant(G, seat) || canProtest(G, seat) || canChop(G, seat)) {
    events.setStage('action');
  } else {
    endTurn(G, ctx, events);
  }
}

// Drop trees that can no longer spawn (no empty neighbour, no seedling left);
// they cost no move. Then spawn with the next one, or go on to the action.
function spawnOrAct(G, ctx, events) {
  const spawners = G.spawners;
  while (spawners.length > 0) {
    if (G.pool.large > 0 && emptyNeighbours(G, spawners[0]).length > 0) {
      events.setStage('spawn');
      return;
    }
    spawners.shift();
  }
  beginAction(G, ctx, events);
}

// Every tree in the logger's row and column grows one stage at once; trees
// already mature are queued to spawn. The pool may run short (board order).
function grow(G, loggerAt) {
  for (const square of LINES[loggerAt]) {
    const sq = G.board[square];
    if (sq.tree === MATURE) {
      G.spawners.push(square);
    } else if (sq.tree !== NONE) {
      const piece = PIECE[sq.tree + 1];
      if (G.pool[piece] > 0) {
        G.pool[piece] -= 1;
        sq.tree += 1;
        G.busy = true;
      }
    }
  }
}

function putSeedling(G, square) {
  G.pool.large -= 1;
  G.board[square].tree = SEEDLING;
  G.busy = true;
}

// Fell one tree: its pyramids go back to the pool, its protester to the
// chopper's supply, and the chopper scores 1.
function fell(G, seat, square) {
  const sq = G.board[square];
  for (let stage = SEEDLING; stage <= sq.tree; stage++) G.pool[PIECE[stage]] += 1;
  sq.tree = NONE;
  if (sq.protester) {
    sq.protester = false;
    G.protesters[seat] += 1;
  }
  G.score[seat] += 1;
  G.busy = true;
}

function chop(G, seat, first) {
  const [lx, ly] = xyOf(G.loggerAt[seat]);
  const [fx, fy] = xyOf(first);
  const dx = fx - lx, dy = fy - ly;
  fell(G, seat, first);
  let x = fx + dx, y = fy + dy;
  while (x >= 0 && x < SIZE && y >= 0 && y < SIZE && G.board[squareOf(x, y)].tree === MATURE) {
    fell(G, seat, squareOf(x, y));
    x += dx;
    y += dy;
  }
}

// The ranking at the end: most points, then more protesters in supply; a tie
// after that is shared (with 2 players, a draw).
function ranking(G) {
  const key = (seat) => [G.score[seat], G.protesters[seat]];
  let best = [];
  for (let seat = 0; seat < PLAYERS; seat++) {
    const [score, protesters] = key(seat);
    const top = best.length > 0 ? key(best[0]) : null;
    if (top === null || score > top[0] || (score === top[0] && protesters > top[1])) {
      best = [seat];
    } else if (score === top[0] && protesters === top[1]) {
      best.push(seat);
    }
  }
  const scores = G.score.slice();
  return best.length === 1 ? { winner: String(best[0]), scores } : { draw: true, scores };
}

// The moves -------------------------------------------------------------------

function place({ G, playerID }, square) {
  if (!CORNERS.map(squareNamed).includes(square) || G.board[square].logger !== null) {
    return INVALID_MOVE;
  }
  const seat = Number(playerID);
  G.board[square].logger = seat;
  G.loggerAt[seat] = square;
  // The turn ends after this one move (turn.maxMoves); the phase ends when
  // every logger is placed: placing the loggers is not a round of play.
}

function move({ G, ctx, playerID, events }, square) {
  const seat = Number(playerID);
  if (!reachable(G, G.loggerAt[seat]).includes(square)) return INVALID_MOVE;
  G.board[G.loggerAt[seat]].logger = null;
  G.board[square].logger = seat;
  G.loggerAt[seat] = square;
  grow(G, square);
  spawnOrAct(G, ctx, events);
}

function spawn({ G, ctx, events }, square) {
  if (!emptyNeighbours(G, G.spawners[0]).includes(square)) return INVALID_MOVE;
  G.spawners.shift();
  putSeedling(G, square);
  spawnOrAct(G, ctx, events);
}

function plant({ G, ctx, playerID, events }, square) {
  const seat = Number(playerID);
  if (G.pool.large === 0 || !emptyNeighbours(G, G.loggerAt[seat]).includes(square)) {
    return INVALID_MOVE;
  }
  putSeedling(G, square);
  endTurn(G, ctx, events);
}

function protest({ G, ctx, playerID, events }, square) {
  const seat = Number(playerID);
  if (G.protesters[seat] === 0 || !protestableTrees(G).includes(square)) return INVALID_MOVE;
  G.protesters[seat] -= 1;
  G.board[square].protester = true;
  G.busy = true;
  if (canProtest(G, seat)) events.setStage('protestMore');
  else endTurn(G, ctx, events);
}

function chopMove({ G, ctx, playerID, events }, square) {
  const seat = Number(playerID);
  if (!choppableNeighbours(G, G.loggerAt[seat]).includes(square)) return INVALID_MOVE;
  chop(G, seat, square);
  endTurn(G, ctx, events);
}

function stop({ G, ctx, events }) {
  endTurn(G, ctx, events);
}

// Every legal move of the player to act, as boardgame.io's bots want them.
function enumerate(G, ctx) {
  const moves = [];
  const addAll = (name, squares) => {
    for (const square of squares) moves.push({ move: name, args: [square] });
  };
  const seat = Number(ctx.currentPlayer);
  if (ctx.phase === 'place') {
    addAll('place', CORNERS.map(squareNamed).filter((corner) => G.board[corner].logger === null));
    return moves;
  }
  const stage = ctx.activePlayers && ctx.activePlayers[ctx.currentPlayer];
  const here = G.loggerAt[seat];
  if (stage === 'movement') {
    addAll('move', reachable(G, here));
  } else if (stage === 'spawn') {
    addAll('spawn', emptyNeighbours(G, G.spawners[0]));
  } else if (stage === 'action') {
    if (G.pool.large > 0) addAll('plant', emptyNeighbours(G, here));
    if (canProtest(G, seat)) addAll('protest', protestableTrees(G));
    addAll('chop', choppableNeighbours(G, here));
  } else if (stage === 'protestMore') {
    addAll('protest', protestableTrees(G));
    moves.push({ move: 'stop', args: [] });
  }
  return moves;
}

const Logger = {
  name: 'logger',
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,

  setup,

  phases: {
    place: {
      start: true,
      moves: { place },
      turn: { maxMoves: 1 },
      endIf: ({ G }) => G.loggerAt.every((square) => square !== null),
      next: 'play',
    },
    play: {
      turn: {
        order: TurnOrder.RESET,                     // seat "0" moves first
        activePlayers: { currentPlayer: 'movement' },
        stages: {
          movement: { moves: { move } },
          spawn: { moves: { spawn } },
          action: { moves: { plant, protest, chop: chopMove } },
          protestMore: { moves: { protest, stop } },
        },
      },
    },
  },

  endIf: ({ G }) => (G.over ? ranking(G) : undefined),

  ai: { enumerate },
};

// The best score at the end (bench.js averages it as logger_plain.lua does).
function winningScore(G) {
  return Math.max(...G.score);
}

module.exports = { Logger, winningScore };
