---@meta
-- The globals of a scenario test file, run by `grove test` (the runner is
-- stdlib/grove/testing.lua). Test files are trusted: they also have `games`,
-- io and os. A test fails when it raises; the expect.* checks raise with the
-- test file's line. Helpers the tests of one game share go in tests/lib/NAME.lua
-- and are loaded with require "NAME".

---Declare a scenario: grove test runs fn and reports it by name, failed if it raises.
---@param name string what the scenario checks, as the report shows it
---@param fn fun() the scenario
function test(name, fn) end

---The checks of a test file; each raises with the test file's line when it fails.
---@class expect
expect = {}

---Check that a value equals the expected one (tables compared by content).
---@param actual any what the game gave
---@param expected any what the rules say
---@param what? string what is compared, to start the failure message
function expect.eq(actual, expected, what) end

---Check that a value is anything but the given one (tables compared by content).
---@param actual any what the game gave
---@param unexpected any what it must not be
---@param what? string what is compared, to start the failure message
function expect.ne(actual, unexpected, what) end

---Check that a value is true (neither nil nor false).
---@param value any
---@param what? string the failure message
function expect.truthy(value, what) end

---Check that a value is nil or false.
---@param value any
---@param what? string the failure message
function expect.falsy(value, what) end

---Check that fn raises an error containing a fragment of text, and return the message.
---@param fn fun() the code that must fail
---@param fragment? string plain text the message must contain
---@param what? string what is checked, for the failure message
---@return string message the error raised
function expect.error(fn, fragment, what) end

---Check that a move text is among the game's legal moves now.
---@param g Game the game
---@param text string the move as a player types it
function expect.legal(g, text) end

---Check that a move text is not among the game's legal moves now.
---@param g Game the game
---@param text string the move as a player types it
function expect.illegal(g, text) end

---Check that a move is refused with a reason (containing fragment, if given) and changes nothing: the state, the history and the legal moves stay as they were. Returns the reason.
---@param g Game the game
---@param move string|Move the move to try
---@param fragment? string plain text the reason must contain
---@return string why the reason given
function expect.refused(g, move, fragment) end

---Check that a typed move is refused (as expect.refused) for the rule it breaks: the reason names the move and holds the rule, in the game's words (its why). Returns the reason.
---@param g Game the game
---@param text string the move as a player types it
---@param rule string plain text the reason must contain
---@return string why the reason given
function expect.breaks_rule(g, text, rule) end

---Check that a typed move of another phase is refused (as expect.breaks_rule) with what the current phase asks: "not now: now is the time to PROMPT". Returns the reason.
---@param g Game the game
---@param text string the move as a player types it
---@param prompt string the current phase's prompt (game.phases)
---@return string why the reason given
function expect.not_now(g, text, prompt) end

---Check a whole-number option's range as the game declares it: `least` and `most` each open the game with that value, and one past either end is refused with the host's message ("option NAME of GAME takes a whole number from LEAST to MOST, not N").
---@param game string the game's name
---@param name string the option
---@param least integer its least value
---@param most integer its most value
---@param others? table more options to open with (a variant, a player count the option needs: {players = 1})
function expect.option_range(game, name, least, most, others) end

---Check that integers given as moves (0, -1, 1, 255, 999999999, the largest and the smallest integer, and those in more) that are no legal move are refused as an "illegal move" (as expect.refused), and that the first legal move is accepted (it is then taken back).
---@param g Game the game
---@param more? Move[] more integers to try
function expect.integers_refused(g, more) end

---Check that refused moves change nothing, now or later: two games from open() play the same moves, one of them trying every bad move before each; their states and histories end the same.
---@param open fun(): Game a fresh game, the same each time
---@param moves string[]|integer the move texts to play, or how many times to play the first legal move
---@param bad (string|Move)[] the moves to try (and see refused) before each
function expect.refusals_change_nothing(open, moves, bad) end

---Check that the game's invariants(s) hold on its state now.
---@param g Game the game
---@param what? string when, to start the failure message
function expect.invariants_hold(g, what) end

---Check that the game's invariants(s) fire on its state now (a test broke it on purpose), naming what broke: the message holds the fragment. Returns the message.
---@param g Game the game
---@param fragment string plain text the message must contain
---@param what? string the state broken, to start the failure message
---@return string message the error raised
function expect.invariant_fires(g, fragment, what) end

---Check that the legal moves now are exactly these texts, in any order.
---@param g Game the game
---@param list string[] the move texts expected
function expect.moves(g, list) end

---Check the positions of a recorded session (the REPL's `record` writes these), component by component: `all` names every component after setup as NAME:WORDS=HASH (Game:components(), the hash in 8 hex digits); the function returned takes the components the next move or edit changed ("NAME=HASH ...") and checks the position after it. A component the game now lays out otherwise (added, removed or grown since the recording) is not compared, and grove test notes it once; a position that differs in the others fails, naming them.
---@param g Game the game
---@param all string every component after setup: NAME:WORDS=HASH, space-separated
---@param what? string to start the failure message
---@return fun(changes: string, what?: string) position
function expect.position(g, all, what) end

---How many random playouts a test should run: n, or fewer when the environment variable GROVE_PLAYOUTS asks (make asan does).
---@param n integer the number a full run plays
---@return integer count
function playouts(n) end

---A small seeded random source for playout tests (math.random belongs to the game): the function returned gives 1..n.
---@param seed integer the seed
---@return fun(n: integer): integer pick
function random_picker(seed) end

---The id of the card (or tile) with this name in the game's catalog (definition.catalog.names, ignoring case): the lowest such id, since copies may share a name. Raises, naming the nearest name, for a name the catalog lacks.
---@param g Game the game
---@param name string the card's name, as the catalog has it ("acorn picker")
---@return integer id
function card(g, name) end

---Fix chance for a scenario, as an edit of the game (undo takes it back, saves keep it): the next dice rolled show these symbols (Dice:rig), or the next cards a zone deals are these (Deck:rig), the first given first. A card is its catalog name (of the copies sharing it, one the zone holds) or its id; with nothing after the component the rig is cleared. Raises, changing nothing, for a symbol no face shows or a card the zone does not hold.
---@param g Game the game
---@param component string the dice's or the zone's name ("cup", "draw_pile")
---@param ... string|integer the symbols, or the cards, the next first
function rig(g, component, ...) end

---Lay named cards into named zones in one call, as an edit of the game (undo takes it back, saves keep it): each zone gets its cards on top, the first named on top. Each card comes from wherever a copy lies, so every card stays in the game: one the zone holds, else a face-down zone's, then a hand's, then a face-up zone's. With others, each zone named ends holding exactly its cards, the ones it held besides going under the zone others names.
---@param g Game the game
---@param where table<string, (string|integer)[]> each zone's cards, by catalog name or id: { hand1 = { "fox", "owl" }, pile2 = { "bear" } }
---@param options? {others: string} where a zone's other cards go (default: they stay)
function lay(g, where, options) end

---Set the phase of the turn by its name (the definition's phases.names, from game.phases), as an edit of the game (undo takes it back, saves keep it), and whose turn it is when a seat is given. It is grove.turns' phase (s.turn.phase).
---@param g Game the game
---@param name string the phase, as game.phases names it ("move")
---@param seat? Seat whose turn it becomes (default: it stays)
function set_phase(g, name, seat) end
