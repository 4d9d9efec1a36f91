/*
 * new.c — `grove new NAME`: a new game from the template in
 * stdlib/templates/game/ (a working take-away game, its README and tests),
 * with {{name}} and {{title}} filled in.
 *
 * Where: scripts/NAME/ when the working directory has a scripts/ folder
 * (a source tree, or a folder of games on GROVE_PATH), else ./NAME/, which
 * grove finds as a game folder in the working directory. The files are
 * written into a temporary folder beside the target and renamed into place
 * at the end, so a failure leaves nothing half made.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define NAME_MAX_LEN 40

/* A game name: a lower-case letter, then letters, digits, '-' or '_'. */
static bool good_name(const char *s)
{
    if (!islower((unsigned char)s[0]) || strlen(s) > NAME_MAX_LEN) return false;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '-' && *s != '_') return false;
    return true;
}

/* "my-game" -> "My Game" */
static void title_of(const char *name, char *out, size_t len)
{
    size_t n = 0;
    bool start = true;
    for (; *name && n + 1 < len; name++) {
        char c = *name == '-' || *name == '_' ? ' ' : *name;
        out[n++] = start ? (char)toupper((unsigned char)c) : c;
        start = c == ' ';
    }
    out[n] = '\0';
}

/* Copy file `from` to `to`, replacing {{name}} and {{title}}. */
static bool copy_filled(const char *from, const char *to, const char *name, const char *title,
                        char *err, size_t errlen)
{
    FILE *in = fopen(from, "r");
    if (!in) { snprintf(err, errlen, "cannot read the template %s: %s", from, strerror(errno)); return false; }
    FILE *out = fopen(to, "w");
    if (!out) {
        snprintf(err, errlen, "cannot write %s: %s", to, strerror(errno));
        fclose(in);
        return false;
    }
    char line[4096];
    bool ok = true;
    while (ok && fgets(line, sizeof line, in)) {
        for (const char *p = line; *p; ) {
            if (!strncmp(p, "{{name}}", 8)) { fputs(name, out); p += 8; }
            else if (!strncmp(p, "{{title}}", 9)) { fputs(title, out); p += 9; }
            else fputc(*p++, out);
        }
    }
    if (ferror(in)) { snprintf(err, errlen, "cannot read the template %s", from); ok = false; }
    if (fclose(out) != 0 && ok) { snprintf(err, errlen, "cannot write %s: %s", to, strerror(errno)); ok = false; }
    fclose(in);
    return ok;
}

/* Copy the template folder `from` into the new folder `to` (made here). */
static bool copy_tree(const char *from, const char *to, const char *name, const char *title,
                      char *err, size_t errlen)
{
    if (mkdir(to, 0755) != 0) { snprintf(err, errlen, "cannot make %s: %s", to, strerror(errno)); return false; }
    DIR *d = opendir(from);
    if (!d) { snprintf(err, errlen, "cannot read the template folder %s: %s", from, strerror(errno)); return false; }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char src[PATH_MAX], dst[PATH_MAX];
        snprintf(src, sizeof src, "%s/%s", from, e->d_name);
        snprintf(dst, sizeof dst, "%s/%s", to, e->d_name);
        struct stat sb;
        if (stat(src, &sb) != 0) continue;
        ok = S_ISDIR(sb.st_mode) ? copy_tree(src, dst, name, title, err, errlen)
                                 : copy_filled(src, dst, name, title, err, errlen);
    }
    closedir(d);
    return ok;
}

static const char usage[] =
    "usage: grove new NAME\n"
    "  A new game to change into yours: scripts/NAME/ (or ./NAME/ where there is no\n"
    "  scripts/ folder) with game.lua, README.md and tests/, which grove test NAME runs.\n";

static int cmd_new(int argc, char **argv)
{
    if (argc != 3 || argv[2][0] == '-') {
        fprintf(stderr, "usage: grove new NAME   (a new game in scripts/NAME/, or ./NAME/ "
                        "where there is no scripts/ folder)\n");
        return argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) ? 0 : 2;
    }
    const char *name = argv[2];
    if (!good_name(name)) {
        fprintf(stderr, "grove new: '%s' is not a game name: use a lower-case letter, then letters, "
                        "digits, '-' or '_' (at most %d)\n", name, NAME_MAX_LEN);
        return 2;
    }
    char data[PATH_MAX], template[PATH_MAX + 32];
    if (!cli_datadir(data, sizeof data)) {
        fprintf(stderr, "grove new: cannot find the data folder (stdlib/); set GROVE_DATA or reinstall\n");
        return 1;
    }
    snprintf(template, sizeof template, "%s/stdlib/templates/game", data);

    struct stat sb;
    bool in_scripts = stat("scripts", &sb) == 0 && S_ISDIR(sb.st_mode);
    char target[PATH_MAX], tmp[PATH_MAX + 16];
    snprintf(target, sizeof target, "%s%s", in_scripts ? "scripts/" : "", name);
    if (lstat(target, &sb) == 0) {
        fprintf(stderr, "grove new: %s already exists: choose another name, or remove it first\n", target);
        return 1;
    }
    /* a game of that name elsewhere would be found first, or shadow this one */
    grove_vm *vm = cli_vm();
    if (!vm) return 1;
    char other[PATH_MAX];
    bool taken = vm_find_game(vm, name, other, sizeof other);
    vm_free(vm);
    if (taken) {
        fprintf(stderr, "grove new: there is a game '%s' already, in %s: choose another name\n", name, other);
        return 1;
    }

    char title[NAME_MAX_LEN + 1], err[2 * PATH_MAX + 128] = "";
    title_of(name, title, sizeof title);
    snprintf(tmp, sizeof tmp, "%s.new-%ld", target, (long)getpid());
    bool ok = copy_tree(template, tmp, name, title, err, sizeof err);
    if (ok && rename(tmp, target) != 0) {
        snprintf(err, sizeof err, "cannot rename %s to %s: %s", tmp, target, strerror(errno));
        ok = false;
    }
    if (!ok) {
        fprintf(stderr, "grove new: %s\n", err);
        cli_remove_tree(tmp);
        return 1;
    }
    printf("made %s/: a take-away game to change into yours\n"
           "  %s/game.lua          the rules (start reading here)\n"
           "  %s/README.md         the rules as implemented, for players\n"
           "  %s/tests/            scenario tests and random playouts\n"
           "next:\n"
           "  grove play %s --bot 2=random\n"
           "  grove test %s\n",
           target, target, target, target, name, name);
    if (!in_scripts)
        printf("(grove finds %s/ from this folder; from elsewhere, put this folder on GROVE_PATH)\n", name);
    return 0;
}

/* `grove new`: its row of the table of subcommands (main.c). */
const cli_command command_new = {
    .name = "new",
    .synopsis =
        "  grove new NAME          a new game to change into yours: scripts/NAME/ (or ./NAME/\n"
        "                          where there is no scripts/ folder) with its README and tests\n",
    .usage = usage,
    .run = cmd_new,
};
