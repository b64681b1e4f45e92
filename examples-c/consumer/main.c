/*
 * examples-c/consumer/main.c: a program outside this source tree that uses an installed
 * libcri (find_package(cri) in CMakeLists.txt, or pkg-config in Makefile). It resolves a
 * reference (RFC 3986 §5.4.1) and splits the result; exit status 0 when both give what
 * the RFC says.
 */
#include <stdio.h>
#include <string.h>

#include <cri.h>

int main(void)
{
    static const char base[] = "http://a/b/c/d;p?q";
    static const char ref[] = "../g?y#s";
    char out[64];
    size_t len = 0, off = 0;
    struct uri_parts parts;

    if (uri_resolve(base, strlen(base), ref, strlen(ref), out, sizeof out, &len, &off) != CRI_OK ||
        strcmp(out, "http://a/b/g?y#s") != 0) {
        fprintf(stderr, "uri_resolve: unexpected result\n");
        return 1;
    }
    if (uri_split(out, len, 0, &parts, &off) != CRI_OK || parts.path.len != 4 ||
        memcmp(parts.path.ptr, "/b/g", 4) != 0) {
        fprintf(stderr, "uri_split: unexpected result\n");
        return 1;
    }
    printf("%s (path %.*s)\n", out, (int)parts.path.len, parts.path.ptr);
    return 0;
}
