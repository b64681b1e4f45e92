/*
 * check.h: the CHECK machinery shared by the C test programs (one translation unit
 * each): counts of passed and failed checks, a context line a helper attaches to the
 * next CHECK so a failure shows the input and what the library gave, and the summary.
 */
#ifndef CRI_TEST_CHECK_H
#define CRI_TEST_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int passed, failed;

/* Text a helper attaches to the next CHECK (snprintf into it, or note()). */
static char context[1024];

static inline void check(int ok, const char *expr, const char *file, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "%s:%d: CHECK failed: %s%s%s\n", file, line, expr,
                context[0] ? "\n    " : "", context);
    }
    context[0] = '\0';
}

#define CHECK(expr) check((expr) != 0, #expr, __FILE__, __LINE__)

static inline void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(context, sizeof context, fmt, ap);
    va_end(ap);
}

/* Prints the counts; the exit status of the test program. */
static inline int summary(void)
{
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

#endif
