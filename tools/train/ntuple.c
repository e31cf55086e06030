// SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
//
// SPDX-License-Identifier: MIT

/*
 * The learned table's trainer: temporal-difference learning on afterstates
 * of an n-tuple network, in self-play (tools/train/train.py compiles and
 * runs it; docs/solver.md, "The learned table", says what for).
 *
 * The network: shapes of three cells, each laid on the board in its eight
 * rotations and reflections, all eight sharing one table of 4,096 weights
 * indexed by the three cells' exponents (4 bits each: exponents above 15
 * count as 15). A board's value is the sum of its 8 * shapes weights.
 *
 * What it learns: the value of an afterstate (the board right after a
 * move, before the new tile) is the number of moves the game still lasts
 * after it. The player is greedy: it makes the move whose afterstate is
 * worth most (ties: the lower direction, in engine.rules' order UP,
 * RIGHT, DOWN, LEFT). After each move the previous afterstate's value is
 * moved towards 1 + the new one's, and towards 0 when the game is over.
 *
 * How it learns: temporal coherence (each weight's own step size is the
 * share of its errors that pointed the same way, |sum of errors| / sum of
 * |errors|, times the learning rate divided by the weights per board).
 * Late-game practice: the first board of each game that holds a tile of
 * 2**restart_at is kept (up to RESTART_KEEP of them, a random one replaced
 * once full), and each new game starts from a kept board with probability
 * restart_share instead of from two new tiles.
 *
 * Reproducible: one xorshift64* generator seeded by --seed draws every
 * tile and every choice, and the arithmetic is plain IEEE single and
 * double precision in a fixed order (train.py compiles with
 * -ffp-contract=off: no fused multiply-adds), so the same command gives
 * the same weights, byte for byte, on any machine.
 *
 * Usage (train.py builds the command):
 *   ntuple --tuples 0,1,2/4,5,6 --games 100000 --seed 1 --out weights.f32
 *          [--alpha 1.0] [--restart-at 12] [--restart-share 0.5] [--every 1000]
 * writes the weights (float32, little-endian, shape after shape) and
 * prints a progress line every --every games on stderr and, at the end,
 * "fnv1a <hex>" of the weights' bytes on stdout.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_EXPONENT 17 /* engine.rules.MAX_EXPONENT: two 131072s do not merge */
#define CELL_BITS 4
#define CELL_TOP 15 /* the largest exponent an index holds */
#define TABLE_SIZE 4096 /* 16 * 16 * 16 weights per shape */
#define MAX_SHAPES 16
#define RESTART_KEEP 100000

typedef unsigned char board_t[16];

/* --- the generator: xorshift64* (Vigna), never zero ------------------- */
static uint64_t state = 1;

static uint64_t draw(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

/* A number in 0..n-1 (n small: the bias of the modulo is below 2**-50). */
static int below(int n)
{
    return (int)((draw() >> 11) % (uint64_t)n);
}

/* --- the rules, as engine/rules.py ------------------------------------- */
/* Each direction's four lines, from the edge the move pushes towards. */
static const int LINES[4][4][4] = {
    {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}},     /* UP */
    {{3, 2, 1, 0}, {7, 6, 5, 4}, {11, 10, 9, 8}, {15, 14, 13, 12}},     /* RIGHT */
    {{12, 8, 4, 0}, {13, 9, 5, 1}, {14, 10, 6, 2}, {15, 11, 7, 3}},     /* DOWN */
    {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}},     /* LEFT */
};

/* Slide and merge in place; 1 if the board changed, else 0. */
static int slide(board_t board, int direction)
{
    int changed = 0;
    for (int line = 0; line < 4; line++) {
        const int *cells = LINES[direction][line];
        int in[4], out[4] = {0, 0, 0, 0}, count = 0;
        for (int k = 0; k < 4; k++) {
            in[k] = board[cells[k]];
        }
        for (int k = 0; k < 4; k++) {
            if (!in[k]) {
                continue;
            }
            if (count && out[count - 1] == in[k] && in[k] < MAX_EXPONENT && !(out[count - 1] & 64)) {
                out[count - 1] = (in[k] + 1) | 64; /* 64: merged, not again this move */
            } else {
                out[count++] = in[k];
            }
        }
        for (int k = 0; k < 4; k++) {
            out[k] &= 63;
            if (out[k] != in[k]) {
                changed = 1;
                board[cells[k]] = (unsigned char)out[k];
            }
        }
    }
    return changed;
}

/* A new tile on a random empty cell: a 2 nine times in ten, else a 4. */
static void spawn(board_t board)
{
    int empty = 0;
    for (int cell = 0; cell < 16; cell++) {
        empty += !board[cell];
    }
    if (!empty) {
        return;
    }
    int pick = below(empty);
    int tile = below(10) ? 1 : 2;
    for (int cell = 0; cell < 16; cell++) {
        if (!board[cell] && !pick--) {
            board[cell] = (unsigned char)tile;
            return;
        }
    }
}

static int largest(const board_t board)
{
    int top = 0;
    for (int cell = 0; cell < 16; cell++) {
        if (board[cell] > top) {
            top = board[cell];
        }
    }
    return top;
}

/* --- the network --------------------------------------------------------- */
static int shapes;
static int shape_cells[MAX_SHAPES][3];
static int placements; /* shapes * 8 */
static int placed[MAX_SHAPES * 8][3]; /* the board cells of each placement */
static float *weights, *errors, *magnitudes; /* shapes * TABLE_SIZE each */
static float alpha = 1.0f;

/* Cell p (row-major) under the s-th of the square's eight symmetries. */
static int symmetric(int s, int p)
{
    int r = p / 4, c = p % 4;
    const int rows[8] = {r, c, 3 - r, 3 - c, r, c, 3 - r, 3 - c};
    const int cols[8] = {c, 3 - r, 3 - c, r, 3 - c, r, c, 3 - r};
    return rows[s] * 4 + cols[s];
}

static void place(void)
{
    placements = 0;
    for (int t = 0; t < shapes; t++) {
        for (int s = 0; s < 8; s++) {
            for (int k = 0; k < 3; k++) {
                placed[placements][k] = symmetric(s, shape_cells[t][k]);
            }
            placements++;
        }
    }
}

static int capped(int exponent)
{
    return exponent > CELL_TOP ? CELL_TOP : exponent;
}

/* The weight index of each placement on ``board``. */
static void indices(const board_t board, long *index)
{
    for (int k = 0; k < placements; k++) {
        const int *cells = placed[k];
        index[k] = (long)(k / 8) * TABLE_SIZE + (capped(board[cells[0]]) << 8 | capped(board[cells[1]]) << 4 | capped(board[cells[2]]));
    }
}

static float value(const board_t board)
{
    long index[MAX_SHAPES * 8];
    float sum = 0.0f;
    indices(board, index);
    for (int k = 0; k < placements; k++) {
        sum += weights[index[k]];
    }
    return sum;
}

/* Move the value of ``board`` towards ``target`` (temporal coherence). */
static void learn(const board_t board, float target)
{
    long index[MAX_SHAPES * 8];
    float sum = 0.0f;
    indices(board, index);
    for (int k = 0; k < placements; k++) {
        sum += weights[index[k]];
    }
    float error = target - sum;
    float step = alpha * error / (float)placements;
    for (int k = 0; k < placements; k++) {
        long i = index[k];
        float rate = magnitudes[i] > 0.0f ? fabsf(errors[i]) / magnitudes[i] : 1.0f;
        weights[i] += step * rate;
        errors[i] += error;
        magnitudes[i] += fabsf(error);
    }
}

/* --- self-play ---------------------------------------------------------------- */
static board_t *kept;
static int kept_count;

static uint32_t fnv1a(const void *data, size_t size)
{
    const unsigned char *bytes = data;
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < size; i++) {
        hash = (hash ^ bytes[i]) * 16777619u;
    }
    return hash;
}

static void train(long games, int restart_at, double restart_share, long every)
{
    time_t started = time(NULL);
    long window_games = 0, window_moves = 0, reached[3] = {0, 0, 0};
    for (long game = 0; game < games; game++) {
        board_t board = {0};
        /* The draw is made for every game, so that the stream of tiles
           does not depend on whether the buffer is empty yet. */
        int restart = (double)(draw() >> 11) * (1.0 / 9007199254740992.0) < restart_share;
        if (restart && kept_count) {
            memcpy(board, kept[below(kept_count)], 16);
        } else {
            spawn(board);
            spawn(board);
        }
        board_t before, best;
        int have_before = 0, saved = 0;
        long moves = 0;
        for (;;) {
            int chosen = -1;
            float best_value = 0.0f;
            for (int direction = 0; direction < 4; direction++) {
                board_t after;
                memcpy(after, board, 16);
                if (!slide(after, direction)) {
                    continue;
                }
                float worth = value(after);
                if (chosen < 0 || worth > best_value) {
                    chosen = direction;
                    best_value = worth;
                    memcpy(best, after, 16);
                }
            }
            if (chosen < 0) {
                if (have_before) {
                    learn(before, 0.0f);
                }
                break;
            }
            if (have_before) {
                learn(before, 1.0f + best_value);
            }
            memcpy(before, best, 16);
            have_before = 1;
            moves++;
            memcpy(board, best, 16);
            spawn(board);
            if (restart_at && !saved && largest(board) >= restart_at) {
                saved = 1;
                if (kept_count < RESTART_KEEP) {
                    memcpy(kept[kept_count++], board, 16);
                } else {
                    memcpy(kept[below(RESTART_KEEP)], board, 16);
                }
            }
        }
        int top = largest(board);
        window_games++;
        window_moves += moves;
        for (int k = 0; k < 3; k++) {
            reached[k] += top >= 11 + k;
        }
        if (every && ((game + 1) % every == 0 || game + 1 == games)) {
            fprintf(stderr, "games %ld/%ld: %.0f moves a game, 2048 %.1f%%, 4096 %.1f%%, 8192 %.1f%% (the last %ld, some started late), %lds\n",
                    game + 1, games, (double)window_moves / window_games, 100.0 * reached[0] / window_games,
                    100.0 * reached[1] / window_games, 100.0 * reached[2] / window_games, window_games,
                    (long)(time(NULL) - started));
            window_games = window_moves = 0;
            reached[0] = reached[1] = reached[2] = 0;
        }
    }
}

static void usage(const char *why)
{
    fprintf(stderr, "ntuple: %s\nusage: ntuple --tuples 0,1,2/4,5,6 --games N --seed S --out FILE [--alpha A] "
                    "[--restart-at E] [--restart-share P] [--every N]\n", why);
    exit(2);
}

static void parse_shapes(const char *text)
{
    shapes = 0;
    while (*text) {
        if (shapes == MAX_SHAPES) {
            usage("too many shapes");
        }
        for (int k = 0; k < 3; k++) {
            char *end;
            long cell = strtol(text, &end, 10);
            if (end == text || cell < 0 || cell > 15) {
                usage("a shape is three cells 0..15, comma-separated; shapes are separated by /");
            }
            shape_cells[shapes][k] = (int)cell;
            text = end;
            if (k < 2) {
                if (*text != ',') {
                    usage("a shape is three cells 0..15, comma-separated");
                }
                text++;
            }
        }
        shapes++;
        if (*text == '/') {
            text++;
        } else if (*text) {
            usage("shapes are separated by /");
        }
    }
    if (!shapes) {
        usage("no shapes");
    }
}

int main(int argc, char **argv)
{
    long games = 0, every = 1000;
    long long seed = -1;
    int restart_at = 0;
    double restart_share = 0.0;
    const char *out = NULL, *tuples = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) {
            usage("every option takes a value");
        }
        const char *name = argv[i], *text = argv[++i];
        if (!strcmp(name, "--tuples")) {
            tuples = text;
        } else if (!strcmp(name, "--games")) {
            games = atol(text);
        } else if (!strcmp(name, "--seed")) {
            seed = atoll(text);
        } else if (!strcmp(name, "--out")) {
            out = text;
        } else if (!strcmp(name, "--alpha")) {
            alpha = (float)atof(text);
        } else if (!strcmp(name, "--restart-at")) {
            restart_at = atoi(text);
        } else if (!strcmp(name, "--restart-share")) {
            restart_share = atof(text);
        } else if (!strcmp(name, "--every")) {
            every = atol(text);
        } else {
            usage("unknown option");
        }
    }
    if (!tuples || games < 1 || seed < 0 || !out) {
        usage("--tuples, --games (>= 1), --seed (>= 0) and --out are needed");
    }
    parse_shapes(tuples);
    place();
    /* Spread nearby seeds (0, 1, 2 ...) over the generator's states. */
    state = (uint64_t)seed * 0x9E3779B97F4A7C15ULL ^ 0x2048204820482048ULL;
    if (!state) {
        state = 1;
    }
    for (int k = 0; k < 8; k++) {
        draw();
    }
    size_t count = (size_t)shapes * TABLE_SIZE;
    weights = calloc(count, sizeof(float));
    errors = calloc(count, sizeof(float));
    magnitudes = calloc(count, sizeof(float));
    kept = restart_at ? malloc(sizeof(board_t) * RESTART_KEEP) : NULL;
    if (!weights || !errors || !magnitudes || (restart_at && !kept)) {
        usage("out of memory");
    }
    train(games, restart_at, restart_share, every);
    FILE *file = fopen(out, "wb");
    if (!file) {
        perror(out);
        return 1;
    }
    /* float32, little-endian (every machine gcc targets here is). */
    if (fwrite(weights, sizeof(float), count, file) != count || fclose(file)) {
        perror(out);
        return 1;
    }
    printf("fnv1a %08x\n", fnv1a(weights, count * sizeof(float)));
    return 0;
}
