/*
 * help.c — the help topics of `help TOPIC` at the REPL and `grove help
 * TOPIC`: short pages on what a person needs while playing or writing a
 * game. The topic "commands" is the REPL's command table, written by the
 * function its callers pass (help.h).
 */
#include <stdio.h>
#include <string.h>

#include "bots.h"
#include "help.h"

/* The MCTS defaults as the help states them (bots.h holds the numbers). */
#define DEFAULT_ITERATIONS_TEXT BOT_TEXT(BOT_DEFAULT_ITERATIONS)
#define DEFAULT_DEPTH_TEXT BOT_TEXT(BOT_DEFAULT_DEPTH)
#define DEFAULT_EXPLORE_TEXT BOT_TEXT(BOT_DEFAULT_EXPLORE)
#define DEFAULT_TAIL_TEXT BOT_TEXT(BOT_DEFAULT_TAIL)
#define BOT_TEXT(x) BOT_TEXT_(x)
#define BOT_TEXT_(x) #x

typedef struct { const char *name, *summary, *text; } topic;

static const topic topics[] = {
    { "commands", "what you can type at the REPL prompt", NULL },    /* the command table's */
    { "moves", "how moves are typed, numbered and checked",
      "Moves\n"
      "  Each prompt lists the legal moves, numbered. Type the number, or the move's\n"
      "  text as the list shows it ('place a1', 'chop c3'); Tab completes the text.\n"
      "  A move that is not legal now is refused with the reason (the rule it\n"
      "  breaks, when the game says; else the legal moves of that kind) and nothing\n"
      "  changes. Moves a bot makes and forced moves (the only legal one) are played\n"
      "  by themselves and shown with the reason: 'seat 2: move b3 (mcts)'; between\n"
      "  such turns the board is shown. 'auto off' leaves forced moves to you.\n"
      "  'undo' takes back one of your moves together with the bot and forced moves\n"
      "  after it; while undone moves wait for 'redo', nothing plays by itself.\n"
      "  Under a move, indented, is what the rules did by themselves (a roll, a\n"
      "  bite, a tree growing, a card drawn: only what your seat may read); 'log'\n"
      "  shows it again beside each move.\n"
      "  With hidden cards you read the others' moves only as far as you may see\n"
      "  them ('seat 2: stash a card'). People sharing the keyboard: at each turn\n"
      "  grove clears the screen (and the line history), says whose turn it is, and\n"
      "  lists the moves played since that player's last turn.\n" },
    { "lua", "Lua at the prompt: looking at and changing the live game",
      "Lua at the prompt\n"
      "  A line that is not a command or a move is Lua, run against the live game:\n"
      "    s.board:get(\"c3\", \"tree\")        an expression prints its value\n"
      "    s.score:set(1, 9)                 a change by hand: an edit, a move of the\n"
      "                                      history that undo takes back, save keeps\n"
      "                                      and load and reload replay\n"
      "    expect.eq(s.score:get(1), 9)      a check: 'ok', or the error; 'record'\n"
      "                                      writes the checks that passed into the test\n"
      "    for _, m in ipairs(game:moves()) do print(m) end\n"
      "  `s` is the State (the components the game declared in setup), `game` the\n"
      "  Game (moves, play, undo, result, hash, playout ...). An unfinished line\n"
      "  asks for more (>>). A line that fails, or leaves a var holding a\n"
      "  non-integer, changes nothing. An edit is kept if running it again in the\n"
      "  rules' sandbox, where only `s` is there, gives the same state (else a note\n"
      "  says why not). After an edit the game's invariants run: a position they\n"
      "  refuse is kept, with a note naming what broke. The whole API: docs/api.md.\n" },
    { "bots", "the bots, and how to play against them",
      "Bots\n"
      "  grove play GAME --bot 2=mcts      seat 2 is a bot; give --bot once per bot seat\n"
      "  bot 2 mcts, bot 2 off             at the prompt: a bot plays seat 2 from now on,\n"
      "                                    or a person again; bot alone: who plays each\n"
      "  hint                              what mcts would play for the seat to act, from\n"
      "                                    that seat's view, and the share of its visits\n"
      "                                    the move got (hint KIND asks another bot)\n"
      "  game:choose(\"mcts\")               in Lua: the move and its text (m, text)\n"
      "  grove sim GAME --bots mcts,random one kind for every seat, or one per seat\n"
      "  random          a legal move at random\n"
      "  greedy          the move after which the game's score(s, seat) is best (or, if\n"
      "                  the game has none, the best average of a few random playouts)\n"
      "  mcts            Monte Carlo tree search. Each iteration re-deals what its seat\n"
      "                  cannot see, so it does not cheat at hidden cards, walks down\n"
      "                  its tree, then plays a few random moves and asks the game's\n"
      "                  evaluate(s) how each seat stands; a game without evaluate reads\n"
      "                  the learned.lua grove learn wrote in its folder, or, without\n"
      "                  one, is played to its end instead, and so is any game once its\n"
      "                  end is near (tail below). It keeps its tree from one move to the next\n"
      "                  in a game, and plays the move it visited most.\n"
      "  mcts:PARAM,...  the same with parameters (any order; a bare number is the\n"
      "                  iterations, a number and s the seconds):\n"
      "    iterations=N  visits of the root a move, those kept from the last move\n"
      "                  counting (default " DEFAULT_ITERATIONS_TEXT "): mcts:500\n"
      "    seconds=T     thinking time a move instead: mcts:2s; with iterations too,\n"
      "                  it stops at whichever comes first\n"
      "    depth=D       random moves after the tree before evaluate (default " DEFAULT_DEPTH_TEXT ");\n"
      "                  depth=end plays every rollout to the end of the game\n"
      "    tail=N        play rollouts to the end when the end is near: when 4 random\n"
      "                  games from the position all end within N moves (default " DEFAULT_TAIL_TEXT ");\n"
      "                  every game is then played out whole in its last moves;\n"
      "                  tail=0 always stops at depth\n"
      "    c=C           the exploration constant (default " DEFAULT_EXPLORE_TEXT ")\n"
      "    threads=T     think on T threads, one tree each (default 1)\n"
      "    reuse=no      start a new tree every move\n"
      "    eval=NAME     end the rollouts in evaluates.NAME(s) of the game's definition\n"
      "    eval=F.lua    ... or in the function the file F.lua returns, not evaluate(s),\n"
      "                  or in the model it holds (grove learn -o F.lua)\n"
      "    eval=learned  ... in the model of the game's learned.lua (help learn)\n"
      "  mcts:1000,depth=end,reuse=no plays as mcts did before evaluate(s) existed.\n"
      "  grove duel GAME A B  bot A against bot B, every seat in turn: A's score, 0.5 even\n"
      "  grove check GAME --bots  is the bot stronger than random, and not weaker than\n"
      "                  rollouts to the end at its CPU time? (a misleading evaluate)\n"
      "  grove bench GAME --bots mcts times whole bot games: games per hour.\n"
      "  Ctrl-C while a bot thinks stops it; Enter lets it move again.\n" },
    { "learn", "an evaluate for the bots, learned from games they play",
      "Learning an evaluate\n"
      "  grove learn GAME [--games 200] [--rounds 2] [--iterations 100] [-o F.lua]\n"
      "  plays rounds of games (random moves, then mcts ending in the last round's\n"
      "  model), and fits how each seat finished from what grove reads of any state.\n"
      "  It writes learned.lua in the game's folder: a table of weights, one per\n"
      "  feature, with each one's share of the model; a seat's value is the sum of\n"
      "  weight times feature, and the bot compares seats, so only differences\n"
      "  count. The default bot reads it when the game gives no evaluate(s);\n"
      "  mcts:eval=learned reads it in any game: grove duel GAME mcts:eval=learned mcts\n"
      "  says whether it beats the game's own. Seeded: the same command writes the\n"
      "  same file. Edit a weight by hand and duel again. The features, each one\n"
      "  number per seat (a family is one component per seat, named by the seat's\n"
      "  number: hand1, hand2 ... is `hand#`; what all seats share is left out):\n"
      "    to move                       1 for the seat to act\n"
      "    score                         score(s, seat), when the game gives one\n"
      "    pool NAME                     the seat's value of a per-seat pool\n"
      "    pool KEY                      the seat's own pool of a family\n"
      "    vars NAME.KEY                 the seat's own var of a family of vars\n"
      "    deck KEY cards                the cards in the seat's own zone\n"
      "    deck KEY card ID              ... of card ID (ids 0 to 63)\n"
      "    grid NAME FIELD=seat          cells whose FIELD is the seat's number\n"
      "    grid KEY FIELD filled|total   the seat's own grid: cells whose FIELD is\n"
      "                                  not 0, and their sum (hex: the same)\n"
      "    graph NAME FIELD=seat         live nodes whose FIELD is the seat's number\n"
      "    graph NAME edge FIELD=seat    ... live edges\n"
      "  A bot reads them on its own re-dealt state, as it reads evaluate(s): never\n"
      "  a hidden card of the real deal. What it cannot see: a card's value apart\n"
      "  from its id, anything in a Lua table, distances and threats on a board.\n"
      "  After a rule change that renames a component the model says so: learn again.\n" },
    { "sim", "bot games in bulk: balance, variants, plots",
      "Simulating\n"
      "  grove sim GAME -n 1000 [--players P] [--bots mcts,random] [--threads 2]\n"
      "  prints each seat's wins with a 95% interval (a solo game lost to the game\n"
      "  is a loss), scores, game lengths and the moves played by kind, at the\n"
      "  game's usual player count unless --players says otherwise. --compare A B\n"
      "  plays the same seeds under two variant lists ('-' for none) and says what\n"
      "  changed, with intervals and p-values adjusted over all the measures (Holm),\n"
      "  so a false 'significant' anywhere is at most 5% likely; r says how alike\n"
      "  each seed's two games were.\n"
      "  --sprt MEASURE plays until a sequential test (SPRT) decides one question:\n"
      "  --compare A B --sprt win1 (does B move seat 1's win rate by 5 points?),\n"
      "  --sprt first alone (does seat 1 win more than its share?), length:10,\n"
      "  score2:0.5; it says how many games that took. --plot FILE.svg\n"
      "  draws it; --json/--csv write one record per game (grove replay reads them);\n"
      "  --coverage shows the rule lines no game reached; '-' as a file is the\n"
      "  standard output. At the REPL, 'sim -n 500' does the same for the game at\n"
      "  hand. Ctrl-C stops it and reports the games finished; twice ends it.\n"
      "  --sweep NAME=A,B,C plays one study per value of an option (or of the\n"
      "  player count: --sweep players=2,3,4) on the same seeds and prints one table,\n"
      "  a row per value: win rates, the first seat's edge, ties, length and scores\n"
      "  with 95% intervals; --plot draws each measure against the value, --json\n"
      "  keeps every study. Values are checked as --set checks them, before any game;\n"
      "  a line after the table says when every value played out the same games.\n"
      "  Beyond one machine: --records FILE writes each game as a JSON line as it\n"
      "  ends, with the options (--set) it plays; --shard I/N plays shard I of N of\n"
      "  the study into it (--resume: only the games it lacks); grove merge FILES...\n"
      "  prints and writes what the whole study on one machine would, and refuses\n"
      "  shards of other options (examples/cluster/: GNU parallel, Slurm).\n" },
    { "odds", "how likely something is a few moves from here",
      "Odds\n"
      "  odds [OPTIONS] [N|turn|end] CONDITION             at the REPL\n"
      "  game:odds(CONDITION, {moves =, samples =, bot =, viewer =, seed =})   in Lua\n"
      "  From the position now, grove plays on many times and counts the samples in\n"
      "  which CONDITION, Lua, holds:\n"
      "    odds 3 s.hand1:count() >= 4     three moves ahead (every seat's, forced too)\n"
      "    odds s.cup:count(\"fairy\") > 0   to the end of the turn (the default)\n"
      "    odds end winner == 1            to the end of the game\n"
      "    odds 0 s.hand2:find(12) ~= nil  no move: only what you cannot see, re-dealt\n"
      "  In it, s is the sample's State, winner the seat ranked first alone once the\n"
      "  game is over (else nil), result what result(s) says, played the moves the\n"
      "  sample played; it gives true or false (or nil). Each sample re-deals the\n"
      "  cards you cannot see (as the mcts bot does: the real ones never count),\n"
      "  reseeds the dice, and plays random moves for every seat. It prints the share\n"
      "  with its 95% interval (Logger, at the start):\n"
      "    odds end winner == 1: 0.459 (0.439-0.479), 2381 samples, to the end of\n"
      "    the game, random play, over chance\n"
      "  -n SAMPLES     how many (default: until the interval is within 0.02 either\n"
      "                 side: 100 to 10000)\n"
      "  --bot KIND     who plays every seat: greedy, mcts:100 ... (help bots; slower)\n"
      "  --viewer SEAT  whose view is kept: the seat on the screen unless given\n"
      "                 (0: an onlooker's, who sees no hidden card)\n"
      "  --seed S       other samples; without it the same question asked again gives\n"
      "                 the same answer (the game's seed and the sample's number)\n"
      "  A turn ends when grove.turns' s.turn.seat or s.turn.round changes, or in a\n"
      "  game without them when another seat is to play (a solo game whose turns\n"
      "  change neither, as Squirrel Island's, is one turn: give N). The game is not\n"
      "  changed: a condition that fails is an error naming it and the sample, and\n"
      "  Ctrl-C stops the samples and prints the odds of those played.\n" },
    { "save", "save files: what they hold and what loading checks",
      "Saving and loading\n"
      "  'save FILE' writes the game (game, variants, players, seed, every move and\n"
      "  edit as text with what the rules said and the position after it, the moves\n"
      "  waiting to be redone, the state, the rules' version and a checksum) through\n"
      "  a temporary file, so a failed save never destroys the last one.\n"
      "  'load FILE' replays the moves and edits (edits in the rules' sandbox) and\n"
      "  compares each position with the saved one. A damaged or hand-edited file is\n"
      "  refused with the reason and the game in progress is unchanged. When the\n"
      "  rules changed since the save (a rule, a component added, another version),\n"
      "  the moves replay as far as they still play, the rest wait to be redone as\n"
      "  after a reload, and a note says what happened: the move that no longer plays\n"
      "  and why, the components that differ, the first position that changed.\n"
      "  'grove play GAME --from FILE' starts a session from a save (a position set\n"
      "  up by hand, say); 'grove replay FILE' checks one from the shell, and\n"
      "  'grove replay --check FILE' says whether a rule edit changed any position.\n" },
    { "record", "a session turned into a scenario test",
      "Recording a session as a test\n"
      "  'record FILE.lua' writes the session so far as a test grove test runs: the\n"
      "  game opened as this one was, every move and edit, the position after each\n"
      "  (each component's hash), and the expect lines you typed that passed, each\n"
      "  where you typed it:\n"
      "    logger seat 1> expect.eq(s.board:get(\"c3\", \"tree\"), 2)\n"
      "    ok\n"
      "    logger seat 1> record scripts/logger/tests/my_session.lua\n"
      "  grove test plays it again; a position that differs means the rules now play\n"
      "  the session differently (a component added to the rules is not compared, and\n"
      "  is noted). A scripted session (grove play GAME < FILE) that hits\n"
      "  a refused move, a Lua error or a failed expect exits 1: a session file can\n"
      "  guard a rule in CI too.\n" },
    { "reload", "re-reading the rule files mid-game",
      "Reloading the rules\n"
      "  'reload' reads the rule files again and replays every move and edit so far\n"
      "  by its text, under the new rules. A move that no longer replays stops it:\n"
      "  the game goes on from the move before, and the moves from it on wait as the\n"
      "  redo tail (log shows them): fix the rules and 'reload' again to replay them\n"
      "  all, or 'redo' them one by one, or play on, which drops them. Nothing plays\n"
      "  by itself while they wait. A save keeps them.\n" },
    { "variants", "variants and player counts",
      "Variants\n"
      "  grove list shows each game's player counts and variants.\n"
      "  grove play starfall --variant scaredy-snake,star-fluke   (comma-separated)\n"
      "  A variant is a file VARIANT.lua beside the game's game.lua returning\n"
      "  function(game) ... end: it changes the definition it is given, usually\n"
      "  with grove.game.extend, wrapping only the rules it changes. A variant that\n"
      "  takes only some player counts says so, game.extend(base, {players =\n"
      "  {min = 2, max = 4}}): other counts, and variants that share none, are\n"
      "  refused, naming it. Without --players a game is played at its usual count\n"
      "  (players.default) if its variants take it, else at their smallest. A house\n"
      "  rule can live outside the game: GAME/VARIANT.lua (or scripts/GAME/...) in\n"
      "  a folder on GROVE_PATH (an overlay; grove list marks its variants\n"
      "  \"(overlay)\").\n"
      "  Example: examples/overlay/.\n" },
    { "options", "a game's options: the numbers a designer varies",
      "Options\n"
      "  A game declares the numbers a designer may vary (Logger's winning score,\n"
      "  Starfall's hearts ...), each with a default, the values it takes and a line\n"
      "  saying what it changes. grove list --options GAME lists them; at the REPL,\n"
      "  'help GAME' (or 'help options') lists them with the values this game plays\n"
      "  with. Choose them when the game starts:\n"
      "    grove play logger --set winning_score=15 --set movement=3\n"
      "    grove sim logger -n 500 --set winning_score=15   (both sides of --compare)\n"
      "    grove bench logger --set pyramids=10\n"
      "  A name the game does not declare is refused naming the nearest one, a value\n"
      "  of the wrong type or out of range naming the values it takes. Save files and\n"
      "  sim --json records keep every option's value, so load and grove replay play\n"
      "  the same game. In a rule script: options = {{name =, default =, min =, max =,\n"
      "  help =}, ...} in the definition, read as s.options.NAME (types/definition.lua).\n" },
    { "serve", "pictures, the replay page and the table in the browser",
      "Pictures and the browser table\n"
      "  picture FILE.svg       at the REPL: the position as a picture, as last shown\n"
      "  grove show GAME|FILE.sav [--viewer SEAT] [-o FILE.svg]\n"
      "  grove replay FILE --html OUT.html   one page stepping through every position\n"
      "  grove serve GAME [--players N] [--bot SEAT=KIND] [--set NAME=VALUE]\n"
      "                   [--save FILE] [--port P] [--listen ADDR]\n"
      "  grove serve --from FILE.sav     resume a table that was stopped or killed\n"
      "  grove serve prints one URL per seat, each with a secret token: give each\n"
      "  player their own. A page shows that seat's view only, offers its moves\n"
      "  (click a square, a card or a move), and updates when anyone moves; its\n"
      "  log and the replay page show what the rules said, as that seat may read\n"
      "  it. A player may ask to undo their last move, the others must agree; ask\n"
      "  for a hint (seen by that player alone); hand the seat to a bot and take\n"
      "  it back; download the save. The table saves itself after every move (to\n"
      "  GAME-DATE-TIME.sav here, or --save FILE; FILE.seats keeps the tokens), so\n"
      "  --from FILE resumes it at the same URLs. It listens on 127.0.0.1 unless\n"
      "  --listen says otherwise. The pictures are drawn from the components; a\n"
      "  game's look table says how its pieces read (docs/designing.md,\n"
      "  docs/api.md: grove.picture).\n" },
    { "writing", "writing a new game: where to start",
      "Writing a game\n"
      "  grove new NAME       a working game to change: game.lua, README.md, tests/\n"
      "  grove test NAME      run its tests (a folder path) after each change\n"
      "  grove check NAME     what every game must get right, on random games:\n"
      "                       determinism, undo and saves, move texts, hidden cards,\n"
      "                       invariants(s) (help check)\n"
      "  reload               at the REPL: the new rules, the moves so far replayed\n"
      "  The tutorial: examples/tutorial/README.md. The API: docs/api.md, with\n"
      "  editor completion from types/ (see types/README.md). A game NAME/ is\n"
      "  found in the data folder, each GROVE_PATH folder, then the working\n"
      "  directory: in each, as scripts/NAME/ or as NAME/.\n" },
    { "check", "grove check: what every game must get right",
      "Checking a game\n"
      "  grove check NAME [--players N] [--variant V] [-n GAMES] [--seed S]\n"
      "  plays GAMES random games (10) of every player count and variant, and at\n"
      "  every move checks what any rule script must get right:\n"
      "    determinism    played again in fresh Lua states, the game gives the same\n"
      "                   states, moves and texts (a pairs loop over string keys,\n"
      "                   whose order changes from run to run, is named)\n"
      "    undo, saves    undo and redo, save and load, and replaying the moves'\n"
      "                   texts give back the identical states (a Lua value kept\n"
      "                   outside the components is named with the line that sets it)\n"
      "    move texts     one line each, unique, no number or REPL command, read back\n"
      "                   as the same move; a text no legal move has changes nothing\n"
      "    legal moves    every one applies without an error\n"
      "    hidden cards   re-dealing what a seat cannot see changes neither its board\n"
      "                   nor its own moves, and moves it cannot tell apart once\n"
      "                   played read the same to it (describe(s, move, viewer))\n"
      "    the rules      invariants(s) after every move; the end, with a rank for\n"
      "                   every seat, within --cap moves (10000)\n"
      "  The first failure gives the seed, the move and its text, the script line to\n"
      "  fix, and the command that shows it again (exit status 1). At the end it\n"
      "  names the move kinds never played, and the cards no seat saw or played of\n"
      "  a game that declares its catalog (catalog = {what =, names =}).\n" },
};

#define NTOPICS (sizeof topics / sizeof topics[0])

void help_print(FILE *out, const char *name, void (*commands)(FILE *out))
{
    if (!name || !*name) name = "commands";
    if (!strcmp(name, "topics")) {
        fprintf(out, "Help topics (help TOPIC):\n");
        for (size_t i = 0; i < NTOPICS; i++) fprintf(out, "  %-10s %s\n", topics[i].name, topics[i].summary);
        return;
    }
    for (size_t i = 0; i < NTOPICS; i++)
        if (!strcmp(name, topics[i].name)) {
            if (topics[i].text) {
                fputs(topics[i].text, out);
            } else {
                commands(out);
                fprintf(out, "More: help topics\n");
            }
            return;
        }
    fprintf(out, "no help topic '%s' (help GAME lists a game's options); the topics:", name);
    for (size_t i = 0; i < NTOPICS; i++) fprintf(out, " %s", topics[i].name);
    fprintf(out, "\n");
}

bool help_has(const char *name)
{
    if (!strcmp(name, "topics")) return true;
    for (size_t i = 0; i < NTOPICS; i++)
        if (!strcmp(name, topics[i].name)) return true;
    return false;
}

const char *help_topic(int i)
{
    if (i == 0) return "topics";
    return i >= 1 && (size_t)i <= NTOPICS ? topics[i - 1].name : NULL;
}
