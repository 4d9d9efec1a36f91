---@meta
-- What trusted scripts see besides the sandbox's API: the `games` table and
-- the Game objects it opens. Test files, `grove run` scripts and the REPL's
-- Lua prompt have them (the prompt's `game` is the Game being played and `s`
-- its State); rule scripts do not. Bound in host/engine/lua_game.c.

---A game being played, for tools and tests: play moves by text or number,
---look at the state, undo, play out, ask a bot. Moves are checked: an
---illegal one changes nothing.
---@class Game
---@field state State the live state (g.state.board:get("c3", "tree"))
---@field players integer how many seats play
---@field name string the game's name
---@field seed integer the seed it started from
---@field variants string the variants in play, comma-separated ("" for none)
---@field definition GameDefinition the definition it runs
local Game = {}

---Play a legal move, given as its text ("place a1") or as an integer; raises with the reason if it is not legal now.
---@param move string|Move the move
---@return Move move the move played
function Game:play(move) end

---Play a move if it is legal; never raises for a bad move, but says why it was refused.
---@param move string|Move the move
---@return boolean played
---@return string? why the reason, when refused
function Game:try(move) end

---The legal moves now, as integers.
---@return Move[] moves
function Game:legal() end

---The legal moves now, as the texts a player types, in the script's order;
---with a viewer, as that seat (0: an onlooker) may read them.
---@param viewer? Seat whose reading (default: the full texts)
---@return string[] moves
function Game:moves(viewer) end

---A move as a player reads it ("chop e3"): the full text, or as `viewer`
---may read it (0: an onlooker), which hides what that seat may not see.
---@param move Move the move
---@param viewer? Seat whose reading (default: the full text)
---@return string text
function Game:describe(move, viewer) end

---The legal move a text names, or nil and why it names none.
---@param text string what a player typed
---@return Move? move
---@return string? why when no legal move matches
function Game:parse(text) end

---The seat that decides next, or nil once the game is over.
---@return Seat? seat
function Game:actor() end

---The result of the game: nil while it runs, then the final scores and ranks.
---@return GameResult? result
function Game:result() end

---Is the game over (no legal move left)?
---@return boolean
function Game:over() end

---The board as text, as a seat sees it (0, the default: an onlooker, who sees no hidden card).
---@param viewer? Seat whose view
---@return string text
function Game:render(viewer) end

---The position as a picture (SVG text) drawn from the components and the definition's look table, as a seat sees it (0, the default: an onlooker, who sees no hidden card).
---@param viewer? Seat whose view
---@param status? string a line under the title ("after move 12")
---@return string svg
function Game:picture(viewer, status) end

---Take back the last move; false when there is none.
---@return boolean undone
function Game:undo() end

---Play again the last move undone; false when there is none.
---@return boolean redone
function Game:redo() end

---The state's 64-bit hash: equal states have equal hashes.
---@return integer hash
function Game:hash() end

---The position component by component, as saves and recorded sessions compare it: each component's name, kind, size in 32-bit words and a 32-bit hash of its words, in the order setup declared them. A component added or grown leaves the others' hashes as they were.
---@return GameComponent[] components
function Game:components() end

---The moves played so far, as integers, first first; an edit (g:edit, or a change typed at the REPL) is its Lua source.
---@return (Move|string)[] moves
function Game:history() end

---Change the state by hand, as an entry of the history: Lua code run in the rules' sandbox with `s` the State (print says nothing), as a transaction. Undo takes it back, saves keep it and loading replays it; a test sets up a position this way. Raises on a Lua error, with the state unchanged.
---@param code string Lua, e.g. 's.board:set("b4", "tree", 3)'
function Game:edit(code) end

---What the rules said (s:say) at a move of the history, as the lines `viewer` may read.
---@param viewer? Seat|0 a seat, or 0 for an onlooker (default: every line, as the designer reads it)
---@param move? integer the move: 1 is the first, 0 setup (default: the last played)
---@return string[] lines
function Game:said(viewer, move) end

---Play random legal moves to the end of the game (or max_moves), recorded in the history so they can be inspected and undone.
---@param seed? integer the seed of the random choices (default 1)
---@param max_moves? integer stop after this many moves (default 100000)
---@return integer played how many moves were played
function Game:playout(seed, max_moves) end

---Re-deal the cards a seat cannot see, consistently with what it sees, and reseed the game's chance: one sample of what that seat cannot know. Not a move: undo goes back past it.
---@param seat Seat the seat whose view is kept, or 0 for an onlooker's
---@param seed integer the seed of the new deal
function Game:redeal(seat, seed) end

---The move a bot would choose here, seeing only its seat's view, and its text; the game is left as it was: `local m, text = game:choose("mcts")`, then `game:play(text)` plays it. As the last argument of a call, `(game:choose(bot))` in parentheses passes the move alone.
---@param bot string "random", "greedy", "mcts", "mcts:500" (iterations) or "mcts:2s" (seconds)
---@param seed? integer the seed of the bot's own chance (default 1)
---@return Move move the move, as g:legal() lists it
---@return string text its full text, which g:play reads back
function Game:choose(bot, seed) end

---How often a condition holds some moves from here: each sample re-deals what the viewer cannot see (as the mcts bot does, so the real hidden cards never count), reseeds the game's chance, plays on with one bot for every seat, and asks the condition. Samples are seeded from `seed` and their number alone: the same question gives the same answer. The game is left exactly as it was. Raises, naming the condition and the sample, when the condition is no Lua, fails or gives neither true, false nor nil; when a rule fails in a sample; or when the game or turn does not end within 10000 moves.
---@param condition string Lua, in the rules' sandbox, with the locals `s` (the sample's State), `winner` (the seat ranked first alone once the game is over, else nil), `result` (what result(s) says) and `played` (the moves the sample played): "s.hand1:count() >= 4", "winner == 1"
---@param options? OddsOptions how far ahead, how many samples, who plays, whose view
---@return number share the share of samples where it held
---@return number low the 95% (Wilson) interval of that share: low ...
---@return number high ... to high
---@return integer samples how many samples were played
function Game:odds(condition, options) end

---What Game:odds samples.
---@class OddsOptions
---@field moves? integer|"turn"|"end" moves ahead, every seat's and forced ones counted (0: none, only the re-deal); "turn" (the default): until grove.turns' s.turn.seat or s.turn.round changes, or in a game without them until another seat is to play; "end": to the end of the game
---@field samples? integer how many (default: until the 95% interval is within 0.02 either side, 100 to 10000 samples)
---@field bot? string who plays every seat, as --bot reads it: "random" (the default), "greedy", "mcts:100" (slower)
---@field viewer? Seat|0 whose view is kept: a seat, or 0 for an onlooker's (default: the seat to play)
---@field seed? integer the samples' seed (default: the game's own)

---Does some card zone hide its faces from some seat?
---@return boolean
function Game:hidden() end

---The game as the text of a save file (the REPL's save writes it; games.load reads it).
---@return string text
function Game:save_text() end

---Close the game now instead of when it is collected; the Game, its State and its handles can no longer be used.
function Game:close() end

---Opening and listing games, for tools and tests (not rule scripts).
---@class games
games = {}

---Open a new game by name, set up and ready for its first move; raises if the name, the player count, a variant or an option is wrong.
---@param name string the game's folder name ("logger")
---@param options? GameOpenOptions players, seed, variants and the game's own options
---@return Game game
function games.open(name, options) end

---Every game on the search path, by name, with its definition or why it does not load.
---@return GameInfo[] games
function games.list() end

---Open a game from the text of a save file by playing its moves and edits again under the rules now; nil and why when it cannot be loaded (damaged, or no save file). When the rules changed since the save, the game is loaded as far as its moves still play, the rest waiting to be redone, and the note says what happened.
---@param text string the save file's text
---@return Game? game
---@return string? why why it failed; with a game, the note (nil when the moves replay to the very positions saved under the same rule files)
---@return SaveReport? report what loading found
function games.load(text) end

---Also look for games (scripts/NAME/ or NAME/, holding game.lua) and stdlib modules in this folder.
---@param dir string a folder holding games, in scripts/ or not (and perhaps stdlib/)
function games.add_path(dir) end

---A component of the position, as Game:components() gives it.
---@class GameComponent
---@field name string as setup declared it
---@field kind string "grid", "deck", "vars" ...
---@field words integer its size, in 32-bit words
---@field hash integer a 32-bit hash of its words

---What games.load found: how the save's moves and edits replayed under the
---rules now, and whether its positions are the ones saved. Positions are
---compared component by component, on the components both the save and
---the rules now have alike (same name, kind and size): every position for
---a save of format 4, only the last one for older saves.
---@class SaveReport
---@field format integer the file's format
---@field rules_changed boolean its rule files differ from those read now
---@field version? string its rules version, when the rules now give another
---@field moves integer the moves and edits it played
---@field replayed integer of them, replayed under the rules now
---@field failed? integer the first that no longer plays (1 is the first); it and those after it wait to be redone
---@field text? string that move's text (or the edit's Lua)
---@field why? string why it no longer plays
---@field edit? boolean it is an edit
---@field seat? integer the seat that was to play it (0 for an edit)
---@field layout? string how the state's layout differs from the save's
---@field compared integer positions compared with the saved ones
---@field differs_after? integer the first position that differs: after that many moves (0: after setup)
---@field differs_in? string the components it differs in

---How to open a game: the seat count, the seed, the variants, and any of
---the game's own options by name.
---@class GameOpenOptions
---@field players? integer how many seats play (default: the game's usual count, its players.default, as the variants allow it)
---@field seed? integer the seed of the game's chance (default 1)
---@field variants? string the variants to play, comma-separated: "solo,semi-coop"
---@field [string] any a game option declared in its definition, by name

---What games.list says about each game on the search path.
---@class GameInfo
---@field name string the game's name (its folder)
---@field folder string where its scripts are
---@field definition? GameDefinition its definition, when it loads
---@field error? string why its definition does not load
---@field overlay_variants string[] the variants other folders of the search path add (scripts/NAME/V.lua or NAME/V.lua there), sorted
