/*
 * report.c — what a study prints and writes once its games are all there,
 * for a run of grove sim, a sweep's studies and grove merge alike: the
 * header line, the failed games, the summaries, the comparison, the
 * sequential test, the coverage, and --json, --csv and --plot; and the two
 * facts of the game they name, its title and its usual player count.
 */
#include <stdio.h>
#include <string.h>

#include "study.h"

/* study.h: the game's title ("Once Upon a Forest") into o->title, for the
 * plot; its name if the definition has no title. */
void sim_read_title(grove_vm *vm, sim_opts *o)
{
    char err[GAME_ERRLEN];
    game_about about;
    snprintf(o->title, sizeof o->title, "%s", o->game);
    if (game_about_of(vm, o->game, &about, err, sizeof err) && about.title[0])
        snprintf(o->title, sizeof o->title, "%s", about.title);
}

/* study.h: no --players: the game's usual count as the variant lists allow it; with
 * --compare, A's if B allows it too, else B's if A does (else A's, which
 * opening B then refuses, naming the variant). False, said, when the game
 * or a variant does not load. */
bool sim_default_players(grove_vm *vm, sim_opts *o)
{
    game_counts c[2];
    memset(c, 0, sizeof c);
    for (int side = 0; side < o->nsides; side++) {
        char err[GAME_ERRLEN];
        if (!game_counts_of(vm, o->game, o->variants[side], &c[side], err, sizeof err)) {
            fprintf(stderr, "grove sim: %s\n", err);
            return false;
        }
    }
    o->players = c[0].def;
    if (o->nsides == 2 && (c[0].def < c[1].min || c[0].def > c[1].max) && c[1].def >= c[0].min
        && c[1].def <= c[0].max)
        o->players = c[1].def;
    return true;
}

void sim_print_header(const sim_opts *o)
{
    printf("%s, %d player%s, %s", o->game, o->players, o->players == 1 ? "" : "s", o->sprt ? "up to " : "");
    if (o->n == 1) printf("1 game (seed %llu), bots", (unsigned long long)o->seed);
    else printf("%ld games (seeds %llu..%llu), bots", o->n, (unsigned long long)o->seed,
                (unsigned long long)(o->seed + (uint64_t)o->n - 1));
    for (int p = 1; p <= o->players; p++) printf(" %s", o->botnames[p]);
    if (o->nsides == 1 && o->variants[0][0]) printf(", variants %s", o->variants[0]);
    if (o->set.n) {
        char text[512];
        game_settings_text(&o->set, text, sizeof text);
        printf(", options %s", text);
    }
    printf("\n");
}

int sim_report_failed(const sim_run *runs, int nsides, long lo, long hi)
{
    int rc = 0;
    for (int side = 0; side < nsides; side++) {
        const sim_run *r = &runs[side];
        long failed = 0;
        for (long i = lo; i < hi; i++)
            if (r->games[i].failed) {
                if (!failed) fprintf(stderr, "grove sim: %s\n", r->games[i].err);
                failed++;
            }
        if (failed) { fprintf(stderr, "grove sim: %ld of %ld games failed\n", failed, hi - lo); rc = 1; }
    }
    return rc;
}

int sim_report(sim_run *runs, const sim_sprt *test, long max_games, coverage *cov, double seconds)
{
    const sim_opts *o = runs[0].o;
    summary sums[2];
    int rc = 0;
    for (int side = 0; side < o->nsides; side++) {
        sim_summarize(&runs[side], &sums[side]);
        if (o->nsides == 2) printf("\n%s: %s\n", side ? "B" : "A", o->variants[side][0] ? o->variants[side] : "(no variant)");
        sim_print_summary(&runs[side], &sums[side], o->nsides == 2 ? seconds / 2 : seconds);
    }
    if (o->nsides == 2) sim_compare(runs, test != NULL);
    if (test) sim_sprt_print(test, max_games);
    if (cov) {
        printf("\n");
        grove_vm *rv = cli_vm();
        if (rv) {
            coverage_report(cov, o->game, rv, stdout);
            vm_free(rv);
        }
    }
    if (o->json && !sim_write_json(runs, o->nsides, o->json)) rc = 1;
    if (o->csv && !sim_write_csv(runs, o->nsides, o->csv)) rc = 1;
    if (o->plot && !sim_write_plot(runs, sums, o->nsides, o->plot)) rc = 1;
    for (int side = 0; side < o->nsides; side++) sim_free_summary(&sums[side]);
    return rc;
}
