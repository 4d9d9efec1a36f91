/*
 * check.c — `grove check GAME`: the engine's checks (host/engine/check.h)
 * over every player count and variant of a game, or the ones asked for;
 * one line per setting, the first failure in full, and what the games
 * never used.
 *
 *   grove check GAME... [--players N] [--variant A,B] [-n GAMES] [--seed S] [--cap MOVES]
 *                       [--set NAME=VALUE]...
 *   grove check GAME... --bots [--bot KIND] [--reference KIND] [--threads T] [...]
 *
 * --bots checks the bot instead of the rules: the default bot (or --bot)
 * in duels (repl/study/pairs.c) against random play and against the
 * reference of botcheck.c (rollouts to the end at the bot's CPU time), on
 * the same paired games; it warns, with the figures and what to try, when
 * the bot is not clearly stronger than random (its score's 95% interval
 * reaches 0.5) or clearly weaker than the reference (the interval lies
 * below 0.5), as a bot misled by its evaluate is. Plain grove check plays
 * no bot: even the duel against random costs MCTS decisions by the
 * hundred, seconds to minutes a game, where its own checks take seconds.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "check.h"
#include "session.h"
#include "study.h"

static const char usage[] =
    "usage: grove check GAME... [--players N] [--variant A,B] [-n GAMES] [--seed S] [--cap MOVES]\n"
    "                           [--set NAME=VALUE]...\n"
    "  every check that needs no knowledge of the rules, on GAMES random games (default 10)\n"
    "  of each player count and variant (or those given); exit status 1 on a failure\n"
    "  --set: a game option, for every setting checked (grove help options says more)\n"
    "usage: grove check GAME... --bots [--bot KIND] [--reference KIND] [-n GAMES] [--threads T]\n"
    "                           [--players N] [--variant A,B] [--seed S] [--set NAME=VALUE]...\n"
    "  instead of the rules, the bot: KIND (default mcts) against random play and against a\n"
    "  reference that reads no evaluate (MCTS with rollouts to the end, given the CPU time KIND\n"
    "  takes a decision; --reference KIND names one instead), GAMES paired games each (default\n"
    "  24: every seed in every seat order, as grove duel plays them), at the usual player count\n"
    "  (or --players); a warning, with the figures and what to try, when KIND is not clearly\n"
    "  stronger than random, or clearly weaker than the reference: what a misleading evaluate(s)\n"
    "  does; exit status 1 then. It takes minutes for a game whose bot thinks seconds a game.\n";

typedef struct {
    int players;                   /* 0: every count */
    const char *variants;          /* NULL: none, then each variant alone */
    long games;
    uint64_t seed;
    long cap;
    game_settings set;             /* --set NAME=VALUE */
    bool bots;                     /* --bots: check the bot instead */
    bool games_given;              /* -n given (--bots: games a duel, default BOTS_GAMES) */
    const char *bot, *reference;   /* --bot KIND (NULL: mcts), --reference KIND (NULL: sized) */
    int threads;                   /* --threads: games played at once (--bots; 0: not given, 1) */
} check_cli;

#define BOTS_GAMES 24              /* --bots: paired games a duel */

/* A move text the REPL would read as one of its commands. */
static bool shadowed(const char *text, char *why, size_t len)
{
    const char *arg;
    const repl_command *c = repl_command_of(text, &arg);
    if (!c) return false;
    snprintf(why, len, "is read by the REPL as its command '%s'", c->name);
    return true;
}

/* The counts of what the settings of one game met, added up by name. */
typedef struct {
    int n;
    check_count c[CHECK_MAX_NAMES];
} tally;

static void add_counts(tally *t, const check_count *c, int n)
{
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < t->n && strcmp(t->c[k].name, c[i].name)) k++;
        if (k == t->n) {
            if (t->n == CHECK_MAX_NAMES) continue;
            t->c[t->n++] = c[i];
            continue;
        }
        t->c[k].offered += c[i].offered;
        t->c[k].played += c[i].played;
    }
}

/* "a, b and c" of the names whose count (played, or else offered) is zero,
 * each with how often it was offered ("legal 12 times") if `offered`;
 * false when there is none. */
static bool list_zero(const tally *t, bool played, bool offered, char *out, size_t len)
{
    size_t used = 0;
    int n = 0;
    out[0] = '\0';
    for (int i = 0; i < t->n; i++) {
        long v = played ? t->c[i].played : t->c[i].offered;
        if (v || used + strlen(t->c[i].name) + 40 >= len) continue;
        used += (size_t)snprintf(out + used, len - used, "%s%s", n ? ", " : "", t->c[i].name);
        if (offered && t->c[i].offered)
            used += (size_t)snprintf(out + used, len - used, " (legal %ld time%s)", t->c[i].offered,
                                     t->c[i].offered == 1 ? "" : "s");
        else if (offered)
            used += (size_t)snprintf(out + used, len - used, " (never legal)");
        n++;
    }
    return n > 0;
}

/* The width to break lines at: the terminal's (at most 120), or none (0)
 * when stdout is not a terminal, so a file or a pipe gets whole lines. */
static int line_width(void)
{
    if (!isatty(STDOUT_FILENO)) return 0;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40) return ws.ws_col < 120 ? ws.ws_col : 120;
    return 100;
}

/* Each line of text, indented by two spaces and broken at `width` columns
 * (0: not broken), a line's own indent kept on its continuations. */
static void print_wrapped(const char *text, int width)
{
    for (const char *line = text; *line; ) {
        size_t len = strcspn(line, "\n");
        size_t indent = strspn(line, " ");
        size_t col = 2, start = 0;
        printf("  ");
        while (start < len) {
            size_t room = width ? (size_t)width - col : len, take = len - start;
            if (take > room) {
                size_t cut = room;
                while (cut > 0 && line[start + cut] != ' ') cut--;
                take = cut ? cut : room;
            }
            printf("%.*s", (int)take, line + start);
            start += take;
            while (start < len && line[start] == ' ') start++;
            if (start < len) {
                printf("\n  %*s", (int)indent, "");
                col = 2 + indent;
            }
        }
        printf("\n");
        line += len;
        if (*line == '\n') line++;
    }
}

/* After "GAME, N players: ": what failed where, why, and how to see it again. */
static void print_failure(const check_failure *f, const char *name, int players, const char *variants,
                          const check_cli *o)
{
    printf("FAILED at seed %llu, ", (unsigned long long)f->seed);
    if (f->move == 0) printf("setup");
    else if (f->seat && f->text[0]) printf("move %d (seat %d: %s)", f->move, f->seat, f->text);
    else if (f->text[0]) printf("move %d (%s)", f->move, f->text);
    else printf("move %d", f->move);
    printf(": %s\n", f->check);
    print_wrapped(f->what, line_width());
    printf("  again: grove check %s --players %d%s%s --seed %llu -n 1", name, players,
           variants[0] ? " --variant " : "", variants, (unsigned long long)f->seed);
    if (o->cap != 10000) printf(" --cap %ld", o->cap);
    printf("\n");
}

/* Check one game in every setting asked for; false on a failure (said). */
static bool check_game(grove_vm *vm, const char *name, const check_cli *o, bool *usage_error)
{
    char err[GAME_ERRLEN];
    game_about *about = malloc(sizeof *about);
    if (!about) { fprintf(stderr, "grove check: out of memory\n"); return false; }
    if (!game_about_of(vm, name, about, err, sizeof err)) {
        fprintf(stderr, "grove check: %s\n", err);
        free(about);
        *usage_error = true;
        return false;
    }
    /* what the command line says of it: the variants, the count, the options */
    int status = cli_check_game(vm, "grove check", name, o->variants ? o->variants : "", o->players, &o->set);
    if (status) {
        free(about);
        *usage_error = status == 2;
        return false;
    }
    /* the settings: the variants given, or none and then each variant alone */
    int nvar = 0;
    char (*vars)[GAME_MAX_VARIANTS] = malloc((size_t)(1 + about->nvariants + about->noverlays) * sizeof *vars);
    if (!vars) { free(about); fprintf(stderr, "grove check: out of memory\n"); return false; }
    if (o->variants) snprintf(vars[nvar++], sizeof vars[0], "%s", o->variants);
    else {
        vars[nvar++][0] = '\0';
        for (int i = 0; i < about->nvariants; i++) snprintf(vars[nvar++], sizeof vars[0], "%s", about->variants[i]);
        for (int i = 0; i < about->noverlays; i++) snprintf(vars[nvar++], sizeof vars[0], "%s", about->overlays[i]);
    }
    tally *kinds = calloc(1, sizeof *kinds), *catalog = calloc(1, sizeof *catalog);
    check_stats *st = malloc(sizeof *st);
    check_failure *fail = malloc(sizeof *fail);
    bool ok = kinds && catalog && st && fail;
    if (!ok) fprintf(stderr, "grove check: out of memory\n");
    long games = 0, moves = 0;
    bool has_played = false, hidden = false, invariants = false;
    char what[CHECK_NAME_LEN] = "";
    for (int v = 0; v < nvar && ok; v++) {
        /* every count the game takes with these variants (game_counts_of), or the one given */
        game_counts counts = { o->players, o->players, o->players };
        if (!o->players && !game_counts_of(vm, name, vars[v], &counts, err, sizeof err)) {
            printf("FAIL %s%s%s: %s\n", name, vars[v][0] ? ", variants " : "", vars[v], err);
            ok = false;
            break;
        }
        for (int p = counts.min; p <= counts.max && ok; p++) {
            game *probe = game_open_with(vm, name, vars[v], p, o->seed, &o->set, err, sizeof err);
            if (!probe) {
                printf("FAIL %s, %d player%s%s%s: the game does not open: %s\n", name, p, p == 1 ? "" : "s",
                       vars[v][0] ? ", variants " : "", vars[v], err);
                ok = false;
                break;
            }
            game_close(probe);
            check_opts co = { name, vars[v], p, o->seed, (int)o->games, o->cap, shadowed, &o->set };
            printf("%s, %d player%s%s%s: ", name, p, p == 1 ? "" : "s", vars[v][0] ? ", variants " : "", vars[v]);
            fflush(stdout);
            if (!check_run(vm, &co, st, fail)) {
                print_failure(fail, name, p, vars[v], o);
                ok = false;
                break;
            }
            printf("%d game%s, %ld moves, %ld legal moves tried", st->games, st->games == 1 ? "" : "s",
                   st->moves, st->tried);
            if (st->hidden) printf(", %ld re-deals", st->redeals);
            if (st->has_invariants) printf(", invariants checked %ld times", st->invariants);
            printf(": ok\n");
            games += st->games;
            moves += st->moves;
            hidden = hidden || st->hidden;
            invariants = invariants || st->has_invariants;
            has_played = has_played || st->has_played;
            if (st->catalog_what[0]) snprintf(what, sizeof what, "%s", st->catalog_what);
            add_counts(kinds, st->kinds, st->nkinds);
            add_counts(catalog, st->catalog, st->ncatalog);
        }
    }
    if (ok) {
        char list[2048];
        if (list_zero(kinds, true, true, list, sizeof list))
            printf("%s: move kinds never played in %ld game%s: %s\n", name, games, games == 1 ? "" : "s", list);
        if (what[0] && list_zero(catalog, false, false, list, sizeof list))
            printf("%s: %s no player saw in %ld game%s: %s\n", name, what, games, games == 1 ? "" : "s", list);
        if (what[0] && has_played && list_zero(catalog, true, false, list, sizeof list))
            printf("%s: %s never played in %ld game%s: %s\n", name, what, games, games == 1 ? "" : "s", list);
        printf("%s: every check passed (%ld game%s, %ld moves; %s%s)\n", name, games, games == 1 ? "" : "s", moves,
               hidden ? "hidden information re-dealt for every seat" : "no hidden cards",
               invariants ? ", its invariants checked after every move" : "; the game declares no invariants");
    }
    free(about);
    free(vars);
    free(kinds);
    free(catalog);
    free(st);
    free(fail);
    return ok;
}

/* ---- --bots ------------------------------------------------------------------------------ */

/* One duel of the bot (A) against b, into *res; the exit status of duel_play. */
static int bot_duel(const check_cli *o, const char *name, int players, const bot_spec *a, const bot_spec *b,
                    duel_result *res)
{
    duel_opts d;
    memset(&d, 0, sizeof d);
    d.who = "grove check";
    d.game = name;
    snprintf(d.variants, sizeof d.variants, "%s", o->variants ? o->variants : "");
    d.players = players;
    d.seed = o->seed;
    d.games = o->games_given ? o->games : BOTS_GAMES;
    d.threads = o->threads ? o->threads : 1;
    d.cap = o->cap;
    d.set = o->set;
    d.a = *a;
    d.b = *b;
    bot_name(a, d.aname, sizeof d.aname);
    bot_name(b, d.bname, sizeof d.bname);
    return duel_play(&d, res);
}

/* "0.958 (95% interval 0.912-1.000) over 12 seeds, 24 games" of a duel, into out. */
static void score_text(const duel_result *r, char *out, size_t len)
{
    int at = snprintf(out, len, "%.3f (95%% interval %.3f-%.3f) over %ld seed%s, %ld games", r->mean, r->low,
                      r->high, r->seeds, r->seeds == 1 ? "" : "s", r->games);
    if ((r->failed || r->capped) && at > 0 && (size_t)at < len)
        snprintf(out + at, len - (size_t)at, " (%ld failed, %ld cut short)", r->failed, r->capped);
}

/* A paragraph on stdout, wrapped at 78 columns at spaces: each line of
 * the text keeps its indent (the spaces it starts with) and indents what
 * it wraps onto by two more; a line indented by four or more (a command
 * to try) is printed as it is. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line), lead = 0;
        while (lead < len && line[lead] == ' ') lead++;
        if (lead >= 4) {
            printf("%.*s\n", (int)len, line);
        } else {
            size_t at = lead, col = 0, indent = lead;
            while (at < len) {
                size_t word = at;
                while (word < len && line[word] != ' ') word++;
                size_t wlen = word - at;
                if (col > indent && col + 1 + wlen > 78) { printf("\n"); col = 0; indent = lead + 2; }
                if (!col) { printf("%*s", (int)indent, ""); col = indent; }
                else { putchar(' '); col++; }
                printf("%.*s", (int)wlen, line + at);
                col += wlen;
                at = word;
                while (at < len && line[at] == ' ') at++;
            }
            printf("\n");
        }
        line += len + (nl != NULL);
    }
}

/* grove check NAME --bots: the bot against random and against the
 * reference; 0 when it passes, 1 on a warning or an error, 2 for a bad
 * name or bot, 130 on Ctrl-C. */
static int check_bots(grove_vm *vm, const char *name, const check_cli *o)
{
    char err[GAME_ERRLEN], why[300], bname[BOT_NAMELEN], rname[BOT_NAMELEN];
    bot_spec checked, random, ref;
    if (!bot_parse(o->bot ? o->bot : "mcts", &checked, why, sizeof why)) { fprintf(stderr, "grove check: --bot: %s\n", why); return 2; }
    bot_parse("random", &random, why, sizeof why);
    if (o->reference && !bot_parse(o->reference, &ref, why, sizeof why)) {
        fprintf(stderr, "grove check: --reference: %s\n", why);
        return 2;
    }
    bot_name(&checked, bname, sizeof bname);
    int players = o->players;
    if (!players) {
        game_counts counts;
        if (!game_counts_of(vm, name, o->variants ? o->variants : "", &counts, err, sizeof err)) {
            fprintf(stderr, "grove check: %s\n", err);
            return 2;
        }
        players = counts.def;
    }
    long games = o->games_given ? o->games : BOTS_GAMES;
    int orders = duel_orders(players);
    long seeds = (games + orders - 1) / orders;
    say("%s, %d player%s%s%s: the bot %s against random play and against a reference that reads no "
        "evaluate, %ld seeds each (%ld games: %s)\n", name, players, players == 1 ? "" : "s",
           o->variants ? ", variants " : "", o->variants ? o->variants : "", bname, seeds, seeds * orders,
           players == 1 ? "every seed played by both bots alone" : "every seed with the bot in each seat in turn");
    fflush(stdout);
    duel_result vs_random, vs_ref;
    int rc = bot_duel(o, name, players, &checked, &random, &vs_random);
    if (rc) return rc;
    bool weak = !(vs_random.low > 0.5);
    char score[200];
    score_text(&vs_random, score, sizeof score);
    say("  %s against random: %s: %s\n", bname, score, weak ? "NOT clearly stronger" : "stronger");
    fflush(stdout);
    /* the reference: sized to the bot's CPU time (which also says whether
       it reads an evaluate, and the definition's other evaluates), or given */
    check_opts co = { name, o->variants ? o->variants : "", players, o->seed, 1, o->cap, NULL, &o->set };
    botcheck_calibration cal;
    bot_spec sized;
    if (!botcheck_reference(vm, &co, &checked, &sized, &cal, err, sizeof err)) {
        fprintf(stderr, "grove check: %s\n", err);
        return vm_cancelled() ? 130 : 1;
    }
    bool has_ref = true;
    if (o->reference) {
        bot_name(&ref, rname, sizeof rname);
        say("  reference: %s (--reference)\n", rname);
    } else if (!cal.evaluate) {
        say("  no reference: the game gives no evaluate(s), so %s plays its rollouts to the end already "
            "(grove learn %s gives it one)\n", bname, name);
        has_ref = false;
    } else {
        if (cal.learned) say("  %s reads the game's %s (grove learn's): the game gives no evaluate(s)\n", bname,
                             GAME_LEARNED_FILE);
        ref = sized;
        bot_name(&ref, rname, sizeof rname);
        say("  reference: %s, rollouts to the end at about the CPU time of %s (a decision: %s %.1f ms, "
            "mcts:%ld,depth=end %.1f ms, over %d positions)\n", rname, bname, bname, 1000 * cal.bot_cpu,
               cal.probe_iterations, 1000 * cal.probe_cpu, cal.positions);
    }
    bool below = false;
    if (has_ref) {
        fflush(stdout);
        rc = bot_duel(o, name, players, &checked, &ref, &vs_ref);
        if (rc) return rc;
        below = vs_ref.high < 0.5;
        score_text(&vs_ref, score, sizeof score);
        say("  %s against %s: %s: %s\n", bname, rname, score,
            below ? "clearly WEAKER" : vs_ref.low > 0.5 ? "stronger" : "not clearly weaker");
    }
    /* what to try: the duels that tell, with this check's player count */
    char pl[32] = "";
    if (o->players) snprintf(pl, sizeof pl, " --players %d", players);
    char named[sizeof cal.evaluates + 80];
    if (cal.evaluates[0])
        snprintf(named, sizeof named, "NAME: one of the definition's evaluates (%s), or a file FILE.lua returning "
                 "one", cal.evaluates);
    else
        snprintf(named, sizeof named, "NAME: a function in the definition's evaluates, or a file FILE.lua "
                 "returning one");
    if (weak) {
        char more[200] = "";
        if (vs_random.mean > 0.5)
            snprintf(more, sizeof more, " It is above 0.5, but %ld seeds are too few to be sure: run more (-n %ld).",
                     vs_random.seeds, 4 * (o->games_given ? o->games : BOTS_GAMES));
        if (cal.evaluate)
            say("WARNING %s: %s is not clearly stronger than random play: its score against random, %.3f, has a "
                "95%% interval reaching down to %.3f.%s A bot that searches should beat random moves nearly every "
                "game, unless the game is mostly luck. What misleads it is most often its evaluate(s): a value "
                "that counts what a seat holds (cards in hand, goods, pieces still to place) as nothing, so that "
                "building up looks like falling behind, or values of seats on scales that do not compare. Try:\n"
                "    grove duel %s mcts:depth=end random%s   (no evaluate: if it wins, evaluate is at fault)\n"
                "    grove duel %s mcts:eval=NAME %s%s\n"
                "  %s\n",
                name, bname, vs_random.mean, vs_random.low, more, name, pl, name, bname, pl, named);
        else
            say("WARNING %s: %s is not clearly stronger than random play: its score against random, %.3f, has a "
                "95%% interval reaching down to %.3f.%s The game gives no evaluate(s), so the bot plays its "
                "rollouts to the end: in a game mostly of luck random play scores as well; if yours is not, the "
                "bot needs more thought a move, or an evaluate(s) that reads how each seat stands. Try:\n"
                "    grove duel %s mcts:1000 random%s   (more iterations)\n",
                name, bname, vs_random.mean, vs_random.low, more, name, pl);
    }
    if (below)
        say("WARNING %s: %s is clearly weaker than %s, which reads no evaluate and thinks as long: its score "
            "against it, %.3f, has a 95%% interval up to %.3f only. Its evaluate(s) misleads the search more than "
            "it saves: value what each seat holds as what it is likely to score, on the scale of the final scores; "
            "or read it later (a larger depth: mcts:depth=8; more of the end played out: mcts:tail=60). Compare "
            "candidates with:\n"
            "    grove duel %s mcts:eval=NAME %s%s\n"
            "  %s\n",
            name, bname, rname, vs_ref.mean, vs_ref.high, name, rname, pl, named);
    if (!weak && !below)
        say("%s: the bot passed: %s is clearly stronger than random%s\n", name, bname,
               has_ref ? ", and not clearly weaker than the reference" : "");
    return weak || below ? 1 : 0;
}

static int cmd_check(int argc, char **argv)
{
    check_cli o = { 0, NULL, 10, 1, 10000, { 0 }, false, false, NULL, NULL, 0 };
    const char *names[64];
    int nnames = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "-n") || !strcmp(a, "--games")) {
            if (!cli_parse_long(v, 1, 1000000, &n)) { fprintf(stderr, "grove check: -n needs a number of games\n"); return 2; }
            o.games = n; o.games_given = true; i++;
        } else if (!strcmp(a, "--players") || !strcmp(a, "-p")) {
            if (!cli_parse_long(v, 1, 16, &n)) { fprintf(stderr, "grove check: --players needs a number 1..16\n"); return 2; }
            o.players = (int)n; i++;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "-s")) {
            if (!cli_parse_long(v, 0, 0x7fffffffffffffffL, &n)) { fprintf(stderr, "grove check: --seed needs a non-negative integer\n"); return 2; }
            o.seed = (uint64_t)n; i++;
        } else if (!strcmp(a, "--cap")) {
            if (!cli_parse_long(v, 1, 100000000, &n)) { fprintf(stderr, "grove check: --cap needs a number of moves\n"); return 2; }
            o.cap = n; i++;
        } else if (!strcmp(a, "--variant") || !strcmp(a, "--variants")) {
            if (!v) { fprintf(stderr, "grove check: --variant needs a name (or names, comma-separated)\n"); return 2; }
            o.variants = v; i++;
        } else if (!strcmp(a, "--set")) {
            char why[GAME_ERRLEN];
            if (!v) { fprintf(stderr, "grove check: --set needs NAME=VALUE (grove list --options GAME lists them)\n"); return 2; }
            if (!game_settings_add(&o.set, v, why, sizeof why)) { fprintf(stderr, "grove check: %s\n", why); return 2; }
            i++;
        } else if (!strcmp(a, "--bots")) {
            o.bots = true;
        } else if (!strcmp(a, "--bot") || !strcmp(a, "--reference")) {
            if (!v) { fprintf(stderr, "grove check: %s needs a bot (mcts, mcts:PARAM,...: grove help bots)\n", a); return 2; }
            if (a[2] == 'b') o.bot = v; else o.reference = v;
            i++;
        } else if (!strcmp(a, "--threads") || !strcmp(a, "-t")) {
            if (!cli_parse_long(v, 1, SIM_MAX_THREADS, &n)) { fprintf(stderr, "grove check: --threads needs 1..%d\n", SIM_MAX_THREADS); return 2; }
            o.threads = (int)n; i++;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "grove check: unknown option '%s'\n%s", a, usage);
            return 2;
        } else if (nnames < 64) {
            names[nnames++] = a;
        }
    }
    if (!nnames) { fputs(usage, stderr); return 2; }
    if (!o.bots && (o.bot || o.reference || o.threads)) {
        fprintf(stderr, "grove check: --bot, --reference and --threads are for --bots (the bot's check)\n");
        return 2;
    }
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    if (o.bots) {
        int rc = 0;
        for (int i = 0; i < nnames && rc != 130; i++) {
            int r = check_bots(vm, names[i], &o);
            if (r > rc) rc = r;
        }
        vm_free(vm);
        return rc;
    }
    /* each game to its first failure; then the next game */
    int rc = 0;
    for (int i = 0; i < nnames; i++) {
        bool usage_error = false;
        if (!check_game(vm, names[i], &o, &usage_error) && rc != 2) rc = usage_error ? 2 : 1;
    }
    vm_free(vm);
    return rc;
}

/* `grove check`: its row of the table of subcommands (main.c). */
const cli_command command_check = {
    .name = "check",
    .synopsis =
        "  grove check GAME... [--players N] [--variant A,B] [-n GAMES] [--seed S] [--cap MOVES]\n"
        "            [--set NAME=VALUE]...\n"
        "                          every check that needs no knowledge of the rules (determinism,\n"
        "                          undo, replay, saves, move texts, hidden cards, invariants, the end)\n"
        "                          on random games of every player count and variant;\n"
        "                          --bots: the bot against random and a reference with no evaluate\n",
    .usage = usage,
    .run = cmd_check,
};
