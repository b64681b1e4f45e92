/*
 * fuzz/replay.c: a main for the fuzz targets without libFuzzer (scripts/fuzz-replay.sh).
 *
 *   <target> FILE_OR_DIR...
 *
 * Runs every file (directories: every file in them, not recursively) once through the
 * target's LLVMFuzzerTestOneInput, which checks the target's oracles and aborts on a
 * failure (a panic), as under libFuzzer. It lets a 32-bit host build replay the corpora
 * where libFuzzer's C++ runtime and sanitizers are missing. Exit 0 when every input
 * passed, 1 if none was found or one could not be read.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
intptr_t LLVMFuzzerInitialize(int *argc, char ***argv);

static long inputs;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    size_t cap = 4096, n = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            uint8_t *bigger = realloc(buf, cap);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "out of memory reading %s\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    inputs++;
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "no such file or directory: %s\n", argv[i]);
            bad = 1;
        } else if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            while (d && (e = readdir(d)) != NULL) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
                    bad |= run_file(path);
            }
            if (d)
                closedir(d);
        } else {
            bad |= run_file(argv[i]);
        }
    }
    printf("%s: %ld inputs replayed\n", argv[0], inputs);
    return bad || inputs == 0;
}
