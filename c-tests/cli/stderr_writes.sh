#!/bin/sh
# cri-tool writes each message on stderr with one write(2) (issue 15: stderr is unbuffered,
# so every byte of a message was a system call: 5.4 s for corpus/urls.txt). 300 lines that
# all fail (`coap` without --auto refuses http/https) must take at most one write to fd 2
# per line. Needs strace; exit 77 = skipped.
#   stderr_writes.sh CRI_TOOL URLS_FILE
tool="$1" urls="$2"
if ! command -v strace >/dev/null 2>&1; then
  echo "stderr_writes: skipped (no strace)"; exit 77
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
head -n 300 "$urls" > "$dir/in"
strace -f -e trace=write -o "$dir/trace" "$tool" coap < "$dir/in" > /dev/null 2> "$dir/err"
lines=$(wc -l < "$dir/err")
writes=$(grep -c 'write(2,' "$dir/trace")
echo "stderr_writes: $lines messages, $writes writes to stderr"
[ "$lines" -eq 300 ] && [ "$writes" -le "$lines" ]
