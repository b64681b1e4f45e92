#!/bin/sh
# cri-tool writes stderr a line at a time (stderr is unbuffered: written a byte at a
# time, every byte of a message would be a system call). 300 inputs that all fail
# (`coap` without --auto refuses http/https) give 300 messages (with their caret lines)
# and may take at most one write to fd 2 per line. Needs strace; exit 77 = skipped.
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
messages=$(grep -c '^cri-tool:' "$dir/err")
writes=$(grep -c 'write(2,' "$dir/trace")
echo "stderr_writes: $messages messages in $lines lines, $writes writes to stderr"
[ "$messages" -eq 300 ] && [ "$writes" -le "$lines" ]
