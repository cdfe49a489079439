/*
 * tdoku_driver.c: times tdoku's solver on a file of puzzles, for scripts/tdoku_side_by_side.py.
 *
 * usage: tdoku_driver FILE [--reps N] [--warmup N] [--repeat K] [--limit L]
 *                          [--solutions OUT] [--json]
 *
 * Our own driver, not tdoku's code: it only calls tdoku's public C API
 * (`TdokuSolverDpllTriadSimd` from tdoku's include/tdoku.h), and is linked against an object
 * built from a checkout of github.com/t-dillon/tdoku (src/solver_dpll_triad_simd.cc, src/util.cc),
 * which this repository does not contain.
 *
 * - FILE: one puzzle a line, its first 81 characters, '1'..'9' for a clue and '.' or '0' for
 *   an empty cell ('0' becomes '.', which tdoku requires); empty lines and lines starting with
 *   '#' are skipped, any other line is an error. All puzzles are loaded into memory first.
 * - Each puzzle is solved with limit L (default 2: count solutions up to 2, "tdoku (count <= 2)").
 *   A pass solves every puzzle K times over (--repeat, default 1) so that a pass lasts long
 *   enough to time. --warmup passes (default 1) are untimed, then --reps passes (default 5) are
 *   timed, each by the process CPU clock (CLOCK_PROCESS_CPUTIME_ID: user + system), and by the
 *   wall clock for reference.
 * - Prints the puzzle count, how many puzzles have 1 / 0 / 2 (i.e. >= 2) solutions, the CPU
 *   seconds of each timed pass, and puzzles per CPU-second of the median pass; --json prints the
 *   same as one JSON object.
 * - --solutions OUT (untimed, before the passes): one line per puzzle, `count,solution`, the
 *   count from the limit-L call and the first solution from a separate limit-1 call (tdoku only
 *   returns a solution when its limit is 1), or 81 dots when there is none.
 *
 * build: g++ -O3 -march=native -c TDOKU/src/solver_dpll_triad_simd.cc TDOKU/src/util.cc
 *        gcc -O2 -ITDOKU/include -c scripts/tdoku_driver.c
 *        g++ -o tdoku_driver tdoku_driver.o solver_dpll_triad_simd.o util.o
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tdoku.h"

/* each puzzle sits in its own slot: 81 cells, then a NUL at [81] (tdoku reads input[81] to tell
 * a standard puzzle from a 729-character pencilmark one), padded to 96 bytes. */
#define SLOT 96

static double clock_seconds(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    double *s = malloc(sizeof(double) * (size_t)n);
    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_double);
    double m = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    free(s);
    return m;
}

static void usage(void) {
    fprintf(stderr, "usage: tdoku_driver FILE [--reps N] [--warmup N] [--repeat K] [--limit L] "
                    "[--solutions OUT] [--json]\n");
    exit(2);
}

/* reads FILE into slots; returns the number of puzzles */
static size_t load(const char *path, char **out) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t cap = 1024, n = 0, lineno = 0;
    char *slots = malloc(cap * SLOT);
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strcspn(line, "\r\n");
        if (len == 0 || line[0] == '#') continue;
        if (len < 81) {
            fprintf(stderr, "%s:%zu: shorter than 81 characters\n", path, lineno);
            exit(2);
        }
        if (n == cap) {
            cap *= 2;
            slots = realloc(slots, cap * SLOT);
        }
        char *p = slots + n * SLOT;
        memset(p, 0, SLOT);
        for (int i = 0; i < 81; i++) {
            char c = line[i];
            if (c == '0') c = '.';
            if (c != '.' && (c < '1' || c > '9')) {
                fprintf(stderr, "%s:%zu: character %d is neither a digit nor '.'\n", path, lineno,
                        i + 1);
                exit(2);
            }
            p[i] = c;
        }
        n++;
    }
    fclose(f);
    *out = slots;
    return n;
}

int main(int argc, char **argv) {
    const char *path = NULL, *solutions = NULL;
    int reps = 5, warmup = 1, repeat = 1, json = 0;
    size_t limit = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--json")) json = 1;
        else if (i + 1 < argc && !strcmp(a, "--reps")) reps = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--warmup")) warmup = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--repeat")) repeat = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--limit")) limit = (size_t)atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--solutions")) solutions = argv[++i];
        else if (a[0] == '-' && a[1]) usage();
        else if (!path) path = a;
        else usage();
    }
    if (!path || reps < 1 || warmup < 0 || repeat < 1 || limit < 1) usage();

    char *slots;
    size_t n = load(path, &slots);
    if (n == 0) {
        fprintf(stderr, "%s: no puzzles\n", path);
        return 2;
    }

    /* counts (untimed), and the optional per-puzzle file */
    size_t by_count[3] = {0, 0, 0}; /* 0, 1, >= 2 solutions */
    FILE *sol = NULL;
    if (solutions && !(sol = fopen(solutions, "w"))) {
        perror(solutions);
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        const char *p = slots + i * SLOT;
        char solution[82];
        size_t guesses = 0;
        size_t count = TdokuSolverDpllTriadSimd(p, limit, 0, solution, &guesses);
        by_count[count >= 2 ? 2 : count]++;
        if (sol) {
            memset(solution, '.', 81);
            solution[81] = 0;
            if (count > 0) TdokuSolverDpllTriadSimd(p, 1, 0, solution, &guesses);
            solution[81] = 0;
            fprintf(sol, "%zu,%s\n", count, solution);
        }
    }
    if (sol) fclose(sol);

    /* warm-up and timed passes */
    double *cpu = malloc(sizeof(double) * (size_t)reps);
    double *wall = malloc(sizeof(double) * (size_t)reps);
    volatile size_t sink = 0;
    for (int pass = -warmup; pass < reps; pass++) {
        double c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        double w0 = clock_seconds(CLOCK_MONOTONIC);
        size_t total = 0;
        for (int k = 0; k < repeat; k++) {
            for (size_t i = 0; i < n; i++) {
                char solution[82];
                size_t guesses = 0;
                total += TdokuSolverDpllTriadSimd(slots + i * SLOT, limit, 0, solution, &guesses);
            }
        }
        double c1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        double w1 = clock_seconds(CLOCK_MONOTONIC);
        sink += total;
        if (pass >= 0) {
            cpu[pass] = c1 - c0;
            wall[pass] = w1 - w0;
        }
    }
    (void)sink;

    double per_pass = (double)n * (double)repeat;
    double cpu_med = median(cpu, reps), wall_med = median(wall, reps);
    if (json) {
        printf("{\"file\":\"%s\",\"puzzles\":%zu,\"limit\":%zu,\"unique\":%zu,\"none\":%zu,"
               "\"multiple\":%zu,\"repeat\":%d,\"warmup\":%d,\"cpu_seconds\":[",
               path, n, limit, by_count[1], by_count[0], by_count[2], repeat, warmup);
        for (int r = 0; r < reps; r++) printf("%s%.6f", r ? "," : "", cpu[r]);
        printf("],\"wall_seconds\":[");
        for (int r = 0; r < reps; r++) printf("%s%.6f", r ? "," : "", wall[r]);
        printf("],\"puzzles_per_cpu_second\":%.1f,\"puzzles_per_wall_second\":%.1f}\n",
               per_pass / cpu_med, per_pass / wall_med);
    } else {
        printf("file: %s\n", path);
        printf("puzzles: %zu (1 solution: %zu, 0: %zu, 2+: %zu; limit %zu)\n", n, by_count[1],
               by_count[0], by_count[2], limit);
        printf("timed passes: %d of %zu solves each (warm-up %d); CPU seconds:", reps,
               n * (size_t)repeat, warmup);
        for (int r = 0; r < reps; r++) printf(" %.4f", cpu[r]);
        printf("\npuzzles per CPU-second (median pass): %.0f\n", per_pass / cpu_med);
        printf("puzzles per wall-second (median pass): %.0f\n", per_pass / wall_med);
    }
    free(cpu);
    free(wall);
    free(slots);
    return 0;
}
