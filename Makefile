# grove — the one entry point: build, test, install, bench, sanitizers.
#
#   make            build build/grove
#   make check      build and run every test (lint, the layering, cmocka, grove test,
#                   grove check on every game, transcripts, the fuzzers' inputs,
#                   grove serve over HTTP and in headless Chromium)
#   make lint       luacheck over every Lua file (rule scripts, stdlib, tests, examples)
#   make asan       the same suite under AddressSanitizer + UBSan
#   make valgrind   the cmocka tests and a Logger playout run under valgrind
#   make test-cluster  a sharded study on a single-node Slurm started by the test (root)
#   make fuzz       libFuzzer (clang) on move texts, REPL lines, save files,
#                   game records, sim's records files, grove serve's requests,
#                   patterns (grove's matcher against Lua's) and the pictures and
#                   replay page of any texts, FUZZ_SECONDS (default 60) per target
#   make screenshots  each game's page in Chromium, into docs/screenshots/
#   make bench      playouts per second, written to bench/results.json
#   make bench-reference  the same beside Logger in hand-written C, plain Lua
#                   and boardgame.io
#   make install PREFIX=/usr/local

PREFIX  ?= /usr/local
BUILD   ?= build
CC      ?= cc

STD     = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
          -Wpointer-arith -Wwrite-strings -Wno-format-truncation
OPT    ?= -O2
DEBUG  ?= -g
SAN    ?=

LUA_PKG := $(shell for p in lua5.4 lua-5.4 lua54; do pkg-config --exists $$p && { echo $$p; break; }; done)
ifeq ($(LUA_PKG),)
$(error Lua 5.4 not found by pkg-config: install liblua5.4-dev (see README))
endif

LUA_CFLAGS   := $(shell pkg-config --cflags $(LUA_PKG))
# Link Lua statically when the static library is there: calls across the
# Lua/C boundary are the executor's hot path, and a PLT hop per call shows.
LUA_LIBDIR   := $(shell pkg-config --variable=libdir $(LUA_PKG))
LUA_STATIC   := $(wildcard $(LUA_LIBDIR)/liblua5.4.a)
LUA_LIBS     := $(if $(LUA_STATIC),$(LUA_STATIC) -ldl,$(shell pkg-config --libs $(LUA_PKG)))
EDIT_CFLAGS  := $(shell pkg-config --cflags readline 2>/dev/null)
EDIT_LIBS    := $(shell pkg-config --libs readline 2>/dev/null || echo -lreadline)
MHD_CFLAGS   := $(shell pkg-config --cflags libmicrohttpd 2>/dev/null)
MHD_LIBS     := $(shell pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS  := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

DATADIR  = $(PREFIX)/share/grove
MANDIR   = $(PREFIX)/share/man
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
CFLAGS_ALL = $(STD) $(WARN) $(OPT) $(DEBUG) $(SAN) -pthread -MMD -MP \
             -DGROVE_DATADIR='"$(DATADIR)"' $(CFLAGS)
LDFLAGS_ALL = $(SAN) -pthread $(LDFLAGS)

# The layers (docs/architecture.md), each compiled with the include paths
# of itself and the layers below it only, so an include that points up
# does not compile; tests/layers.sh (make check) also refuses include
# cycles, and any circle of files calling each other.
#   host/core     components, state block, RNG: plain C, no Lua include path
#   host/lua      the sandboxed VM, the bindings, the API tables
#   host/engine   the executor, saves, bots, coverage, composing the host
#   serve         grove serve's table and HTTP server (libmicrohttpd)
#   the grove program, in rooms:
#   repl/cli      what every room shares: the data folder, the common
#                 options, opening a game, reading files, the help topics
#   repl/study    grove sim and grove merge: games in bulk, statistics,
#                 records, shards, plots
#   repl/session  the REPL (grove play); readline only here
#   repl          the entry (main.c, the table of subcommands) and a file
#                 per other subcommand
CORE_INC    = -Ihost/core
LUA_INC     = $(CORE_INC) -Ihost/lua $(LUA_CFLAGS)
ENGINE_INC  = $(LUA_INC) -Ihost/engine
SERVE_INC   = $(ENGINE_INC) -Iserve $(MHD_CFLAGS)
CLI_INC     = $(SERVE_INC) -Irepl/cli
STUDY_INC   = $(CLI_INC) -Irepl/study
SESSION_INC = $(STUDY_INC) -Irepl/session $(EDIT_CFLAGS)
REPL_INC    = $(SESSION_INC) -Irepl

CORE_SRC   = $(wildcard host/core/*.c)
LUA_SRC    = $(wildcard host/lua/*.c)
ENGINE_SRC = $(wildcard host/engine/*.c)
SERVE_SRC  = $(wildcard serve/*.c)
REPL_SRC   = $(wildcard repl/*.c repl/cli/*.c repl/study/*.c repl/session/*.c)
# cmocka tests: of the cores alone (no Lua), and through the whole host
CORE_TEST_SRC = $(wildcard tests/core/test_*.c)
HOST_TEST_SRC = $(wildcard tests/host/test_*.c)
SERVE_TEST_SRC = $(wildcard tests/serve/test_*.c)

CORE_OBJ   = $(CORE_SRC:%.c=$(BUILD)/%.o)
LUA_OBJ    = $(LUA_SRC:%.c=$(BUILD)/%.o)
ENGINE_OBJ = $(ENGINE_SRC:%.c=$(BUILD)/%.o)
HOST_OBJ   = $(ENGINE_OBJ) $(LUA_OBJ) $(CORE_OBJ)
SERVE_OBJ  = $(SERVE_SRC:%.c=$(BUILD)/%.o)
REPL_OBJ   = $(REPL_SRC:%.c=$(BUILD)/%.o)
CORE_TEST_BIN = $(CORE_TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HOST_TEST_BIN = $(HOST_TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SERVE_TEST_BIN = $(SERVE_TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_BIN   = $(CORE_TEST_BIN) $(HOST_TEST_BIN) $(SERVE_TEST_BIN)

GROVE = $(BUILD)/grove

.SECONDARY:

.PHONY: all build check lint layers fuzz test-fuzz test-c test-lua test-check test-repl test-browser screenshots asan valgrind test-cluster bench bench-reference install uninstall clean

all: $(GROVE)

$(GROVE): $(REPL_OBJ) $(SERVE_OBJ) $(HOST_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LUA_LIBS) $(EDIT_LIBS) $(MHD_LIBS) -llinear -lm

$(BUILD)/host/core/%.o: host/core/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(CORE_INC) -c -o $@ $<

$(BUILD)/host/lua/%.o: host/lua/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(LUA_INC) -c -o $@ $<

$(BUILD)/host/engine/%.o: host/engine/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(ENGINE_INC) -c -o $@ $<

$(BUILD)/serve/%.o: serve/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(SERVE_INC) -c -o $@ $<

$(BUILD)/repl/cli/%.o: repl/cli/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(CLI_INC) -c -o $@ $<

$(BUILD)/repl/study/%.o: repl/study/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(STUDY_INC) -c -o $@ $<

$(BUILD)/repl/session/%.o: repl/session/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(SESSION_INC) -c -o $@ $<

# (make takes the rule with the shortest stem: a room's own rule above
# before this one for the files directly in repl/)
$(BUILD)/repl/%.o: repl/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(REPL_INC) -c -o $@ $<

$(BUILD)/tests/core/%.o: tests/core/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(CORE_INC) $(CMOCKA_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

$(BUILD)/tests/host/%.o: tests/host/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(ENGINE_INC) $(CMOCKA_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

$(BUILD)/tests/serve/%.o: tests/serve/%.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(CFLAGS_ALL) $(SERVE_INC) $(CMOCKA_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

# The core tests link the cores only; the host tests the whole host (not
# the REPL); the serve tests the host and the server.
$(BUILD)/tests/core/%: $(BUILD)/tests/core/%.o $(CORE_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS) -lm

$(BUILD)/tests/host/%: $(BUILD)/tests/host/%.o $(HOST_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LUA_LIBS) $(CMOCKA_LIBS) -lm

$(BUILD)/tests/serve/%: $(BUILD)/tests/serve/%.o $(SERVE_OBJ) $(HOST_OBJ)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(LUA_LIBS) $(MHD_LIBS) $(CMOCKA_LIBS) -lm

check: build lint layers test-c test-lua test-check test-repl test-fuzz test-browser

# The program and the cmocka tests, compiled one job a processor unless
# make was given its own -j (the tests that follow then find them made).
NPROC := $(shell nproc 2>/dev/null || echo 1)
build:
	@$(MAKE) -s --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC)) $(GROVE) $(TEST_BIN)

# Includes only point down the layers and never round in a circle; nor do
# calls between files (read from the objects' symbols, so after a build).
layers: $(GROVE)
	bash tests/layers.sh $(BUILD)

# .luacheckrc knows grove's globals: the sandbox's, and the trusted ones of
# tests, tools and `grove run` scripts.
lint:
	luacheck --no-color -q .

test-c: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done

test-lua: $(GROVE)
	$(GROVE) test

# grove check (determinism, undo and replay, saves, move texts, hidden
# cards, invariants, the end) on every game in scripts/, every player count
# and variant, CHECK_GAMES random games each.
CHECK_GAMES ?= 2
test-check: $(GROVE)
	GROVE_PATH= $(GROVE) check -n $(CHECK_GAMES) $(notdir $(wildcard scripts/*))

# Every tests/repl/*.sh but lib.sh (their shared helpers) checks transcripts,
# laid out as the program is: tests/repl/ for the subcommands of repl/,
# tests/repl/cli/, study/ and session/ for those rooms. They run one a
# processor at a time (tests/side_by_side.sh), the slowest first:
# botcheck.sh plays a few hundred bot games; hang.sh and interrupt.sh
# mostly wait on timers while the others work.
REPL_SLOW = tests/repl/botcheck.sh tests/repl/session/hang.sh tests/repl/session/interrupt.sh tests/repl/study/sim.sh
REPL_TESTS = $(REPL_SLOW) $(filter-out tests/repl/lib.sh $(REPL_SLOW),$(sort $(wildcard tests/repl/*.sh tests/repl/*/*.sh)))
test-repl: $(GROVE)
	@GROVE=$(GROVE) bash tests/side_by_side.sh $(REPL_TESTS)

# A single-node Slurm (munge, slurmctld, slurmd on localhost, started by
# the test) runs a sharded study as a job array: root and ./setup.sh
# --cluster needed, so it is not part of make check (README says so).
test-cluster: $(GROVE)
	GROVE=$(GROVE) bash tests/cluster/slurm.sh

# The sanitizers look for memory errors, not rule bugs: the random playout
# tests run 30 games each there (make check runs them all), grove check one
# game per setting, and grove serve is driven over HTTP only (the Chromium
# run is make check's).
asan:
	GROVE_PLAYOUTS=30 CHECK_GAMES=1 GROVE_BROWSER=http $(MAKE) BUILD=build-asan OPT=-O1 SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check

VALGRIND = valgrind -q --leak-check=full --error-exitcode=1
# test_oom fails the Nth allocation for every N of each call, and
# test_serve's nine clients each render their seat's page hundreds of
# times: 4 and 2 minutes under valgrind for what make asan (LeakSanitizer
# included) checks in seconds, so valgrind runs every host test but those,
# one a processor at a time, and test_match on 6,000 of its 60,000 cases
# (the same kinds of pattern; make check and make asan run them all).
VALGRIND_TEST_BIN = $(filter-out %/test_oom %/test_serve,$(TEST_BIN))
valgrind: build
	@printf '%s\n' $(VALGRIND_TEST_BIN) | MATCH_CASES=6000 xargs -P $(NPROC) -I {} \
	  sh -c '$(VALGRIND) {} >{}.valgrind.log 2>&1 || { cat {}.valgrind.log >&2; echo "valgrind: {} failed" >&2; exit 1; }'
	$(VALGRIND) $(GROVE) play logger --seed 3 <examples/logger-session.txt >/dev/null
	$(VALGRIND) $(GROVE) play onceupon --players 2 --bot 1=random --bot 2=mcts:10 --seed 2 </dev/null >/dev/null
	$(VALGRIND) $(GROVE) sim starfall -n 4 --threads 2 --bots greedy,random --plot $(BUILD)/valgrind-plot.svg >/dev/null
	rm -f $(BUILD)/valgrind-shard-*.jsonl
	$(VALGRIND) $(GROVE) sim logger -n 4 --threads 2 --records $(BUILD)/valgrind-shard-1.jsonl --shard 1/2 >/dev/null
	$(VALGRIND) $(GROVE) sim logger -n 4 --records $(BUILD)/valgrind-shard-2.jsonl --shard 2/2 --resume >/dev/null
	$(VALGRIND) $(GROVE) merge $(BUILD)/valgrind-shard-*.jsonl --json $(BUILD)/valgrind-merge.json >/dev/null
	$(VALGRIND) $(GROVE) duel logger mcts:10 random -n 4 --threads 2 >/dev/null
	$(VALGRIND) $(GROVE) bench logger --seconds 1 >/dev/null

# grove serve over real HTTP (node) and in headless Chromium (Debian's
# chromium through puppeteer-core, installed by npm ci from the lock file):
# a whole game by clicks, hidden hands, bad requests (tests/browser/).
test-browser: $(GROVE)
	bash tests/browser/run.sh $(GROVE)

# The pictures of docs/screenshots/: each game's page in Chromium.
screenshots: $(GROVE)
	GROVE=$(GROVE) node tests/browser/screenshots.js docs/screenshots

# The fuzzers' seed corpus and every crash they ever found, replayed through
# the same harnesses built with the C compiler (no clang needed).
test-fuzz: $(GROVE)
	CC="$(CC)" SAN="$(SAN)" bash tests/fuzz/replay.sh $(BUILD)

FUZZ_SECONDS ?= 60
fuzz:
	bash tests/fuzz/run.sh $(FUZZ_SECONDS)

bench: $(GROVE)
	@mkdir -p bench
	$(GROVE) bench --json bench/results.json

# The reference points of the performance issue, measured beside grove:
# Logger in hand-written C, in plain Lua without a host, and in boardgame.io
# (when node and npm exist; npm ci fetches its pinned version).
bench-reference: $(GROVE)
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror bench/reference/logger_c.c -o $(BUILD)/logger_c
	$(GROVE) bench logger --seconds 3
	lua5.4 bench/reference/logger_plain.lua 3
	$(BUILD)/logger_c 3
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
	  cd bench/reference/logger_bgio && npm ci --no-audit --no-fund --loglevel=error && node bench.js 3; \
	else \
	  echo "bench-reference: node or npm not found, boardgame.io skipped (see bench/reference/logger_bgio/README.md)"; \
	fi

install: $(GROVE)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)
	install -m 755 $(GROVE) $(DESTDIR)$(PREFIX)/bin/grove
	cp -R stdlib scripts types $(DESTDIR)$(DATADIR)/
	install -d $(DESTDIR)$(DATADIR)/serve/page
	install -m 644 serve/page/*.html serve/page/*.js serve/page/*.css $(DESTDIR)$(DATADIR)/serve/page/
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 doc/grove.1 $(DESTDIR)$(MANDIR)/man1/grove.1
	install -m 644 completions/grove.bash $(DESTDIR)$(BASHCOMPDIR)/grove

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/grove $(DESTDIR)$(MANDIR)/man1/grove.1 $(DESTDIR)$(BASHCOMPDIR)/grove
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build build-asan build-fuzz bench/results.json bench/reference/logger_bgio/node_modules tests/browser/node_modules

-include $(wildcard $(BUILD)/*/*.d $(BUILD)/*/*/*.d)
