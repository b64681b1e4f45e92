#!/usr/bin/env bash
# Live CoAP test: libcoap_client (options from libcri, PDU from libcoap) against libcoap's
# coap-server, bound to 127.0.0.1 only, on a free high port.
#
#   libcoap_live.sh COAP_SERVER LIBCOAP_CLIENT
#
# Checks GET /.well-known/core -> 2.05 (options from the URI and, with --cri, from the CRI)
# and GET /does/not/exist -> 4.04. Exits 77 (skipped) when COAP_SERVER is missing. Every
# step is bounded in time; the server runs under `timeout` and is killed on exit.
set -u

server=${1:-}
client=${2:-}
if [ -z "$server" ] || [ ! -x "$server" ]; then
  echo "SKIP: coap-server (libcoap3-bin) not found"
  exit 77
fi
if [ -z "$client" ] || [ ! -x "$client" ]; then
  echo "FAIL: libcoap_client not found: $client"
  exit 1
fi

server_pid=
log=$(mktemp "${TMPDIR:-/tmp}/libcoap_live.XXXXXX")
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  rm -f "$log"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A port is in use if it is any socket's local port in /proc/net/{udp,tcp}{,6}.
port_in_use() {
  local hex
  hex=$(printf ':%04X' "$1")
  awk -v p="$hex" 'FNR > 1 && toupper(substr($2, length($2) - 4)) == p { found = 1 }
                   END { exit !found }' /proc/net/udp /proc/net/udp6 /proc/net/tcp \
    /proc/net/tcp6 2>/dev/null
}

# GET URI [--cri]: the client's output in $out, its exit status returned.
get() {
  out=$(timeout 10 "$client" "$@" 2>&1)
}

started=0
for attempt in 1 2 3 4 5; do
  # coap-server listens on PORT (UDP and TCP) and, with (D)TLS, PORT+1: both must be free.
  port=$(( 20000 + (RANDOM * 32768 + RANDOM + $$ + attempt) % 40000 ))
  if port_in_use "$port" || port_in_use $((port + 1)); then
    continue
  fi
  timeout 60 "$server" -A 127.0.0.1 -p "$port" -v 3 >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 20); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
      break
    fi
    if get "coap://127.0.0.1:$port/.well-known/core" --timeout 300; then
      started=1
      break
    fi
  done
  [ "$started" = 1 ] && break
  echo "server did not answer on port $port (attempt $attempt):"
  cat "$log"
  kill "$server_pid" 2>/dev/null
  wait "$server_pid" 2>/dev/null
  server_pid=
done
if [ "$started" != 1 ]; then
  echo "FAIL: could not start $server on 127.0.0.1"
  exit 1
fi
echo "# $server -A 127.0.0.1 -p $port (pid $server_pid)"

failed=0
check() { # EXPECTED-CODE ARGS...
  local want=$1
  shift
  get "$@"
  local rc=$?
  echo "\$ libcoap_client $*"
  echo "$out" | sed 's/^/  /'
  if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -qx "response: $want"; then
    echo "ok    $want"
  else
    echo "FAIL  expected response $want (exit status $rc)"
    failed=$((failed + 1))
  fi
}

check 2.05 "coap://127.0.0.1:$port/.well-known/core"
check 2.05 "coap://127.0.0.1:$port/.well-known/core" --cri
check 4.04 "coap://127.0.0.1:$port/does/not/exist"
check 4.04 "coap://127.0.0.1:$port/does/not/exist" --cri

echo "$((4 - failed)) passed, $failed failed"
if [ "$failed" != 0 ]; then
  echo "server log:"
  cat "$log"
  exit 1
fi
