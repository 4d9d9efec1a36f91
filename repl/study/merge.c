/*
 * merge.c — `grove merge FILES...`: the --records files of a study's
 * shards (shard.c writes them, one game a line) read back as one run, and
 * reported by the very code a single run reports with (report.c), so the
 * summary, the verdict and the files are those of the whole study played
 * on one machine. Records of another study, or of the same study under
 * other rules, are refused with what differs; games missing or given twice
 * are named. What a records file may hold is bounded (shard.c,
 * sim_records_next and sim_read_game): a regular file, lines of at most
 * SIM_RECORD_MAX_BYTES, finite scores, ranks of the players, counts no
 * greater than the moves played; anything else is refused naming the file
 * and the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "study.h"

static const char merge_usage[] =
    "usage: grove merge FILES... [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
    "  the records of a study's shards (grove sim --records FILE --shard I/N) read back as one run:\n"
    "  the summary, the --compare verdict and the files grove sim prints and writes for the whole\n"
    "  study on one machine; refuses records of different studies, and names games missing or twice;\n"
    "  the records of a duel's shards (grove duel --records FILE --shard I/N): the duel's result\n";

/* Say the games [0, n) of a side that are not marked, as ranges, at most 8. */
static long say_missing(const sim_opts *o, int side, const unsigned char *from)
{
    long missing = 0, ranges = 0;
    for (long i = 0; i < o->n; i++) {
        if (from[i]) continue;
        long j = i;
        while (j + 1 < o->n && !from[j + 1]) j++;
        missing += j - i + 1;
        if (ranges++ < 8) {
            if (j == i) fprintf(stderr, "  game %ld (seed %llu)", i, (unsigned long long)(o->seed + (uint64_t)i));
            else fprintf(stderr, "  games %ld..%ld (seeds %llu..%llu)", i, j, (unsigned long long)(o->seed + (uint64_t)i),
                         (unsigned long long)(o->seed + (uint64_t)j));
            fprintf(stderr, "%s\n", o->nsides == 2 ? (side ? " under B" : " under A") : "");
        }
        i = j;
    }
    if (ranges > 8) fprintf(stderr, "  and %ld more ranges\n", ranges - 8);
    return missing;
}

/* Every option's value each side played with, for --json's records
 * (merge then needs the game's scripts, as replay does): the game opened
 * with the options the records name (o->changed), the rest its defaults. */
static bool read_options(sim_opts *o)
{
    grove_vm *vm = cli_vm();
    if (!vm) return false;
    bool ok = true;
    for (int side = 0; ok && side < o->nsides; side++) {
        char err[GAME_ERRLEN];
        game *g = game_open_with(vm, o->game, o->variants[side], o->players, o->seed, &o->changed[side], err, sizeof err);
        if (!g) { fprintf(stderr, "grove merge: %s\n", err); ok = false; break; }
        ok = game_options_values(g, false, &o->played[side]);
        if (!ok) fprintf(stderr, "grove merge: %s\n", game_error(g));
        game_close(g);
    }
    vm_free(vm);
    return ok;
}

int cmd_merge(int argc, char **argv)
{
    sim_opts o;
    memset(&o, 0, sizeof o);
    o.threads = 1;
    const char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0;
    if (!files) { fprintf(stderr, "grove merge: out of memory\n"); return 1; }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json") || !strcmp(a, "--csv") || !strcmp(a, "--plot")) {
            if (!v) { fprintf(stderr, "grove merge: %s needs a file\n", a); free(files); return 2; }
            if (a[2] == 'j') o.json = v;
            else if (a[2] == 'c') o.csv = v;
            else o.plot = v;
            i++;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(merge_usage, stdout);
            free(files);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "grove merge: unknown option '%s'\n%s", a, merge_usage);
            free(files);
            return 2;
        } else {
            files[nfiles++] = a;
        }
    }
    if (!nfiles) { fputs(merge_usage, stderr); free(files); return 2; }
    if (duel_records(files[0])) {               /* grove duel's records: its result (pairs.c) */
        int rc = 2;
        if (o.json || o.csv || o.plot) fprintf(stderr, "grove merge: %s holds a duel's records (grove duel): --json, --csv "
                                               "and --plot are for grove sim's studies\n", files[0]);
        else rc = duel_merge(files, nfiles);
        free(files);
        return rc;
    }
    double t0 = sim_now();
    sim_study first, got;
    const char *first_file = NULL;
    sim_run runs[2];
    memset(runs, 0, sizeof runs);
    unsigned char *from[2] = { NULL, NULL };    /* which file (1-based) each game came from */
    json_arena arena = { 0 };
    sim_card_index cards[2] = { { 0 } };
    char err[GAME_ERRLEN + 600] = "", diff[1400];
    long records = 0, dups = 0;
    int rc = 0;
    for (int fi = 0; fi < nfiles && !rc; fi++) {
        sim_records_file rf;
        if (!sim_records_read(&rf, files[fi], err, sizeof err)) { fprintf(stderr, "grove merge: %s\n", err); rc = 1; break; }
        int at;
        while (!rc && (at = sim_records_next(&rf, err, sizeof err)) == 0) {
            if (!rf.line[0]) continue;
            json_node *j = json_parse(rf.line, rf.len, &arena, err, sizeof err);
            bool rules;
            if (!j || !sim_study_of_json(j, &got, err, sizeof err)) {
                fprintf(stderr, "grove merge: %s line %ld is not a record of grove sim: %s\n", files[fi], rf.lineno, err);
                rc = 1;
                break;
            }
            if (!first_file) {              /* the study, from its first record */
                first = got;
                first_file = files[fi];
                o.game = first.game;
                memcpy(o.title, first.title, sizeof o.title);
                o.players = first.players;
                o.seed = first.seed;
                o.n = first.n;
                o.cap = first.cap;
                o.nsides = first.nsides;
                memcpy(o.variants, first.variants, sizeof o.variants);
                for (int p = 1; p <= o.players; p++) memcpy(o.botnames[p], first.bots[p], sizeof o.botnames[p]);
                memcpy(o.rules, first.rules, sizeof o.rules);
                memcpy(o.changed, first.options, sizeof o.changed);
                o.set = first.options[0];       /* the header's "options ...", as the shards' --set */
                for (int side = 0; side < o.nsides; side++) {
                    runs[side].o = &o;
                    runs[side].side = side;
                    pthread_mutex_init(&runs[side].lock, NULL);
                    runs[side].games = calloc((size_t)o.n, sizeof *runs[side].games);
                    from[side] = calloc((size_t)o.n, 1);
                    if (!runs[side].games || !from[side]) { fprintf(stderr, "grove merge: out of memory\n"); rc = 1; }
                }
                if (rc) break;
            } else if (sim_study_diff(&first, &got, first_file, files[fi], diff, sizeof diff, &rules), diff[0]) {
                if (rules)
                    fprintf(stderr, "grove merge: %s line %ld was played under other rules: %s (the rule files "
                            "changed between the shards: play them again under one version)\n", files[fi], rf.lineno, diff);
                else
                    fprintf(stderr, "grove merge: %s line %ld is of another study: %s\n", files[fi], rf.lineno, diff);
                rc = 1;
                break;
            }
            /* read into a scratch game first: a duplicate must not overwrite the one kept */
            int side;
            long i;
            long sd, idx;
            if (!sim_json_long(j, "side", 0, o.nsides - 1, &sd) || !sim_json_long(j, "index", 0, o.n - 1, &idx)) {
                fprintf(stderr, "grove merge: %s line %ld: 'side' or 'index' missing or out of the study\n", files[fi], rf.lineno);
                rc = 1;
                break;
            }
            if (from[sd][idx]) {
                if (dups++ < 8)
                    fprintf(stderr, "grove merge: game %ld (seed %llu)%s is in %s and again in %s line %ld\n", idx,
                            (unsigned long long)(o.seed + (uint64_t)idx), o.nsides == 2 ? (sd ? " under B" : " under A") : "",
                            files[from[sd][idx] - 1], files[fi], rf.lineno);
                continue;
            }
            if (!sim_read_game(j, runs, cards, o.json != NULL, &side, &i, err, sizeof err)) {
                fprintf(stderr, "grove merge: %s line %ld: %s\n", files[fi], rf.lineno, err);
                rc = 1;
                break;
            }
            from[side][i] = (unsigned char)(fi < 255 ? fi + 1 : 255);
            records++;
        }
        if (!rc && at < 0) { fprintf(stderr, "grove merge: %s\n", err); rc = 1; }
        if (!rc && at == 2) {
            fprintf(stderr, "grove merge: %s: its last line (line %ld) is cut short, as a worker killed while "
                    "writing leaves it: skipped\n", files[fi], rf.lineno);
        }
        sim_records_close(&rf);
    }
    json_free(&arena);
    sim_card_index_free(&cards[0]);
    sim_card_index_free(&cards[1]);
    if (!rc && !records) {
        fprintf(stderr, "grove merge: no records in %s%s: nothing to merge\n", files[0], nfiles > 1 ? " and the rest" : "");
        rc = 1;
    }
    if (!rc && dups) {
        fprintf(stderr, "grove merge: %ld game%s recorded twice: a shard given twice, or shards of different splits "
                "(--shard I/N with other N)?\n", dups, dups == 1 ? "" : "s");
        rc = 1;
    }
    if (!rc) {
        long missing = 0;
        for (int side = 0; side < o.nsides; side++) {
            long before = missing;
            for (long i = 0; i < o.n; i++) missing += !from[side][i];
            if (missing > before && before == 0)
                fprintf(stderr, "grove merge: the study has %ld games%s; these are in none of the files:\n", o.n,
                        o.nsides == 2 ? " under each of A and B" : "");
            if (missing > before) say_missing(&o, side, from[side]);
        }
        if (missing) {
            fprintf(stderr, "grove merge: %ld game%s missing: a shard not given, or not finished (grove sim ... "
                    "--shard I/N --resume plays the rest of it)\n", missing, missing == 1 ? "" : "s");
            rc = 1;
        }
    }
    if (!rc && o.json && !read_options(&o)) rc = 1;     /* the records --json writes name them */
    if (!rc) {
        sim_print_header(&o);
        fflush(stdout);
        rc = sim_report_failed(runs, o.nsides, 0, o.n);
        rc |= sim_report(runs, NULL, o.n, NULL, sim_now() - t0);
    }
    for (int side = 0; side < 2; side++) {
        for (long i = 0; runs[side].games && i < o.n; i++) {
            sim_game *g = &runs[side].games[i];
            for (long m = 0; g->texts && m < g->moves; m++) free(g->texts[m]);
            free(g->texts);
            free(g->scores);
            free(g->ranks);
        }
        free(runs[side].games);
        free(runs[side].cards);
        free(from[side]);
        if (runs[side].o) pthread_mutex_destroy(&runs[side].lock);
    }
    free(files);
    return rc;
}

/* `grove merge`: its row of the table of subcommands (main.c). */
const cli_command command_merge = {
    .name = "merge",
    .synopsis =
        "  grove merge FILES... [--json FILE] [--csv FILE] [--plot FILE.svg]\n"
        "                          the --records of a study's shards reported as one run\n",
    .usage = merge_usage,
    .run = cmd_merge,
};
