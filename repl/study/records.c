/*
 * records.c — what `grove sim` writes: one JSON record per game (the
 * moves as text, which grove replay plays again), a CSV row per game, and
 * the SVG plot (plot.c) of the numbers the summary prints. Each file is
 * written whole or not at all (outfile.h); every JSON string through the
 * host's writer (json.h), in valid UTF-8 whatever bytes a script gave.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "outfile.h"
#include "plot.h"
#include "study.h"

void sim_json_string(FILE *f, const char *s)
{
    json_fwrite_string(f, s, JSON_PLAIN);
}

void sim_json_options(FILE *f, const game_settings *set)
{
    fprintf(f, "{");
    for (int k = 0; k < set->n; k++) {
        fprintf(f, "%s", k ? ", " : "");
        sim_json_string(f, set->v[k].name);
        fprintf(f, ": ");
        if (set->v[k].type == 's') sim_json_string(f, set->v[k].value);
        else fprintf(f, "%s", set->v[k].value);
    }
    fprintf(f, "}");
}

void sim_json_game(FILE *f, const sim_run *r, long i)
{
    const sim_opts *o = r->o;
    const sim_game *g = &r->games[i];
    fprintf(f, "{\"game\": ");
    sim_json_string(f, o->game);
    fprintf(f, ", \"variants\": ");
    sim_json_string(f, o->variants[r->side]);
    fprintf(f, ", \"options\": ");
    sim_json_options(f, &o->played[r->side]);
    fprintf(f, ", \"players\": %d, \"seed\": %llu, \"bots\": [", o->players, (unsigned long long)(o->seed + (uint64_t)i));
    for (int p = 1; p <= o->players; p++) {
        if (p > 1) fprintf(f, ", ");
        sim_json_string(f, o->botnames[p]);
    }
    fprintf(f, "], \"length\": %ld, \"turns\": %ld, \"capped\": %s, \"scores\": [", g->moves, g->turns,
            g->capped ? "true" : "false");
    for (int p = 0; p < o->players; p++) fprintf(f, "%s%g", p ? ", " : "", g->scores[p]);
    fprintf(f, "], \"ranks\": [");
    for (int p = 0; p < o->players; p++) fprintf(f, "%s%d", p ? ", " : "", g->ranks[p]);
    fprintf(f, "], \"moves\": [");
    for (long m = 0; m < g->moves; m++) {
        if (m) fprintf(f, ", ");
        sim_json_string(f, g->texts[m]);
    }
    fprintf(f, "]}");
}

bool sim_write_json(const sim_run *runs, int nsides, const char *path)
{
    char err[512];
    outfile *out = outfile_open(path, err, sizeof err);
    if (!out) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    FILE *f = outfile_stream(out);
    const sim_opts *o = runs[0].o;
    fprintf(f, "[\n");
    bool first = true;
    for (int side = 0; side < nsides; side++)
        for (long i = 0; i < o->n; i++) {
            if (runs[side].games[i].failed) continue;
            fprintf(f, "%s  ", first ? "" : ",\n");
            first = false;
            sim_json_game(f, &runs[side], i);
        }
    fprintf(f, "\n]\n");
    if (!outfile_commit(out, err, sizeof err)) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    return true;
}

bool sim_write_csv(const sim_run *runs, int nsides, const char *path)
{
    char err[512];
    outfile *out = outfile_open(path, err, sizeof err);
    if (!out) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    FILE *f = outfile_stream(out);
    const sim_opts *o = runs[0].o;
    fprintf(f, "variants,seed,length,turns,capped");
    for (int p = 1; p <= o->players; p++) fprintf(f, ",score%d", p);
    for (int p = 1; p <= o->players; p++) fprintf(f, ",rank%d", p);
    fprintf(f, "\n");
    for (int side = 0; side < nsides; side++)
        for (long i = 0; i < o->n; i++) {
            const sim_game *g = &runs[side].games[i];
            if (g->failed) continue;
            fprintf(f, "\"%s\",%llu,%ld,%ld,%d", o->variants[side], (unsigned long long)(o->seed + (uint64_t)i),
                    g->moves, g->turns, g->capped);
            for (int p = 0; p < o->players; p++) fprintf(f, ",%g", g->scores[p]);
            for (int p = 0; p < o->players; p++) fprintf(f, ",%d", g->ranks[p]);
            fprintf(f, "\n");
        }
    if (!outfile_commit(out, err, sizeof err)) { fprintf(stderr, "grove sim: %s\n", err); return false; }
    return true;
}

/* The picture of the runs (plot.c): the numbers the text prints, plus
 * each seat's lowest and highest score and every game's length. Prints
 * "plot written to FILE", or the reason it could not be. */
bool sim_write_plot(const sim_run *runs, const summary *sums, int nsides, const char *path)
{
    const sim_opts *o = runs[0].o;
    int P = o->players;
    plot_data d = { .game = o->game, .title = o->title, .players = P, .n = o->n, .seed = o->seed,
                    .cap = o->cap, .nruns = nsides };
    const char *bots[MAX_BOTS];
    for (int p = 0; p < P; p++) bots[p] = o->botnames[p + 1];
    d.bots = bots;
    plot_seat *seats = calloc((size_t)(nsides * P), sizeof *seats);
    long *lengths = calloc((size_t)nsides * (size_t)o->n, sizeof *lengths);
    bool ok = seats && lengths;
    for (int side = 0; ok && side < nsides; side++) {
        const sim_run *r = &runs[side];
        const summary *s = &sums[side];
        plot_run *pr = &d.runs[side];
        pr->variants = o->variants[side];
        pr->games = s->games;
        pr->decided = s->games - s->capped;
        pr->ties = s->ties;
        pr->capped = s->capped;
        plot_seat *ps = seats + side * P;
        long *len = lengths + (size_t)side * (size_t)o->n, k = 0;
        pr->seats = ps;
        pr->lengths = len;
        for (long i = 0; i < o->n; i++)
            if (!r->games[i].failed) len[k++] = r->games[i].moves;
        for (int p = 0; p < P; p++) {
            plot_seat *e = &ps[p];
            e->wins = s->wins[p];
            e->rate = pr->decided ? s->wins[p] / pr->decided : 0;
            sim_wilson(s->wins[p], pr->decided, &e->lo, &e->hi);
            e->mean = s->score_mean[p];
            memcpy(e->q, s->score_q[p], sizeof e->q);
            for (long i = 0; i < o->n; i++) {
                const sim_game *g = &r->games[i];
                if (g->failed || g->capped) continue;
                double v = g->scores[p];
                if (!e->scored || v < e->min) e->min = v;
                if (!e->scored || v > e->max) e->max = v;
                e->scored++;
            }
        }
    }
    char err[4200] = "out of memory gathering the plot's data";
    if (ok) ok = plot_write(&d, path, err, sizeof err);
    if (ok) printf("plot written to %s\n", path);
    else fprintf(stderr, "grove sim: %s\n", err);
    free(seats);
    free(lengths);
    return ok;
}
