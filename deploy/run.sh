#!/usr/bin/env bash
# Redis, two Layercast replicas of one scene and HAProxy in front of them, as processes on loopback.
#
#   deploy/run.sh                 # runs until Ctrl-C; prints the addresses
#   deploy/run.sh --check         # starts everything, proves a command on either replica shows on the
#                                 # other (directly and through HAProxy), stops, exits 0 or 1
#
# LAYERCAST (default .build/debug/layercast), REDIS_PORT, A_PORT, B_PORT and LB_PORT may be set.
set -euo pipefail
cd "$(dirname "$0")/.."

layercast=${LAYERCAST:-.build/debug/layercast}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
export REDIS_PORT=${REDIS_PORT:-$(free_port)} A_PORT=${A_PORT:-$(free_port)} B_PORT=${B_PORT:-$(free_port)}
export LB_PORT=${LB_PORT:-$(free_port)}
work=$(mktemp -d)
pids=()
stop() {
    # Only the processes this script started, by pid.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap stop EXIT

wait_for() {  # URL
    for _ in $(seq 100); do curl -fs -o /dev/null "$1" && return 0; sleep 0.1; done
    echo "no answer from $1" >&2; return 1
}

redis-server deploy/redis.conf --port "$REDIS_PORT" --dir "$work" --logfile "$work/redis.log" & pids+=($!)
for _ in $(seq 100); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
scene="redis://127.0.0.1:$REDIS_PORT/deploy"
for port in "$A_PORT" "$B_PORT"; do
    "$layercast" serve --port "$port" --replicate "$scene" --max-connections-per-ip 0 --log-level warning & pids+=($!)
done
wait_for "http://127.0.0.1:$A_PORT/healthz"
wait_for "http://127.0.0.1:$B_PORT/healthz"
haproxy -q -f deploy/haproxy.cfg & pids+=($!)
wait_for "http://127.0.0.1:$LB_PORT/healthz"

if [ "${1:-}" != --check ]; then
    echo "Redis 127.0.0.1:$REDIS_PORT; replicas http://127.0.0.1:$A_PORT/ and http://127.0.0.1:$B_PORT/;"
    echo "HAProxy http://127.0.0.1:$LB_PORT/ (round-robin). Ctrl-C stops them all."
    wait
    exit 0
fi

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
# Sends a command to one address and checks that a viewer of the other sees it: the other's frame at
# a scene time after the command's is the same PNG, byte for byte, and its state shows the mode.
prove() {  # FROM TO MODE
    local reply entry t
    reply=$(curl -fsS -D "$work/headers" -X POST "$1/play-button/mode?mode=$3")
    entry=$(grep -i '^Layercast-Log-Entry:' "$work/headers" | tr -d '\r' | cut -d' ' -f2)
    t=$(echo "$reply" | json '["sceneTime"]')
    t=$(python3 -c "print($t + 0.5)")
    for _ in $(seq 100); do
        [ "$(curl -fsS "$2/healthz" | json '["replication"]["lastApplied"]')" = "$entry" ] && break; sleep 0.05
    done
    curl -fsS "$1/frame.png?size=120&at=$t" -o "$work/from.png"
    curl -fsS "$2/frame.png?size=120&at=$t" -o "$work/to.png"
    cmp -s "$work/from.png" "$work/to.png" || { echo "FAIL: $1 and $2 differ at scene time $t after mode=$3"; exit 1; }
    sleep 0.6
    mode=$(curl -fsS "$2/state" | json '["playButton"]["mode"]')
    [ "$mode" = "$3" ] || { echo "FAIL: $2 shows mode $mode, not $3 sent to $1"; exit 1; }
    echo "  mode=$3 sent to $1 shows on $2 (entry $entry, same frame at $t)"
}
a="http://127.0.0.1:$A_PORT" b="http://127.0.0.1:$B_PORT" lb="http://127.0.0.1:$LB_PORT"
prove "$a" "$b" pause
prove "$b" "$a" play
# Through HAProxy: consecutive requests go to alternate replicas; each command shows on both.
prove "$lb" "$a" pause
prove "$lb" "$b" play
# A stream through HAProxy starts (multipart MJPEG).
curl -s --max-time 2 "$lb/stream.mjpg?size=120&fps=5" -o "$work/stream" || true
grep -q -- '--' "$work/stream" && grep -qa 'image/jpeg' "$work/stream" || { echo "FAIL: no MJPEG through HAProxy"; exit 1; }
echo "deploy: a command sent to either replica shows on the other, directly and through HAProxy"
