#!/usr/bin/env bash
# Redis, two Layercast replicas of one scene, HAProxy in front of them and Varnish in front of that, on
# loopback: as processes, or with --podman as containers on the host's network (the images
# scripts/test-deploy.sh --podman builds). Both run the same deploy/redis.conf, deploy/haproxy.cfg and
# deploy/varnish.vcl, and the same check.
#
#   deploy/run.sh [--podman]           # runs until Ctrl-C; prints the addresses
#   deploy/run.sh [--podman] --check   # starts everything, proves a command on either replica shows on
#                                      # the other (directly, through HAProxy and in a stream through
#                                      # Varnish) and that Varnish answers 1,000 requests for a scenario's
#                                      # frame with one render; stops, exits 0 or 1
#
# LAYERCAST (default .build/debug/layercast; processes only), REDIS_PORT, A_PORT, B_PORT, LB_PORT and
# CDN_PORT may be set.
set -euo pipefail
cd "$(dirname "$0")/.."

podman=false check=false
for arg in "$@"; do
    case $arg in
        --podman) podman=true ;;
        --check) check=true ;;
        *) echo "usage: deploy/run.sh [--podman] [--check]" >&2; exit 2 ;;
    esac
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
export REDIS_PORT=${REDIS_PORT:-$(free_port)} A_PORT=${A_PORT:-$(free_port)} B_PORT=${B_PORT:-$(free_port)}
export LB_PORT=${LB_PORT:-$(free_port)} CDN_PORT=${CDN_PORT:-$(free_port)}
scene="redis://127.0.0.1:$REDIS_PORT/deploy"
# Every replica of one scene runs with the same settings; behind HAProxy the per-IP limit is off.
serve_args=(--replicate "$scene" --max-connections-per-ip 0 --log-level warning)
work=$(mktemp -d)
pids=() containers=()
# Varnish reads its backend's port from the VCL itself; a stream may last as long as HAProxy's tunnel.
sed "s/\${LB_PORT}/$LB_PORT/" deploy/varnish.vcl >"$work/varnish.vcl"
varnish_args=(-F -a "127.0.0.1:$CDN_PORT" -s malloc,64m -p pipe_timeout=3600)

if ! $podman; then
    layercast=${LAYERCAST:-.build/debug/layercast}
    start_redis() { redis-server deploy/redis.conf --port "$REDIS_PORT" --dir "$work" --logfile "$work/redis.log" & pids+=($!); }
    start_replica() { "$layercast" serve --port "$1" "${serve_args[@]}" & pids+=($!); }  # PORT
    start_haproxy() { haproxy -q -f deploy/haproxy.cfg & pids+=($!); }
    # Its working folder (the compiled VCL, its shared memory) in ours; run as root, Varnish drops to
    # its own users, which must be able to read it.
    start_varnish() {
        chmod 755 "$work"
        varnishd "${varnish_args[@]}" -n "$work/varnish" -f "$work/varnish.vcl" >"$work/varnish.log" 2>&1 & pids+=($!)
    }
else
    # shellcheck source=scripts/container/lib.sh
    source scripts/container/lib.sh
    for image in "$IMAGE" "$SERVICES_IMAGE"; do
        podman_ image exists "$image" || { echo "no image $image: scripts/test-deploy.sh --podman builds it" >&2; exit 1; }
    done
    # The host's network, so every address is the one the processes would have. Named after this
    # script's pid; removed on exit with their anonymous volumes.
    run() {  # NAME PODMAN-RUN-ARGUMENTS...
        local name="layercast-deploy-$1-$$"
        shift
        containers+=("$name")
        podman_ run -d --name "$name" --network=host "$@" >/dev/null
    }
    # Redis keeps its append-only file in a volume, as its data would be kept on a real host.
    start_redis() {
        run redis --user redis -v "$PWD/deploy/redis.conf:/etc/redis/deploy.conf:ro" -v /var/lib/redis \
            "$SERVICES_IMAGE" redis-server /etc/redis/deploy.conf --port "$REDIS_PORT" --dir /var/lib/redis
    }
    # Hardened as the README's Container section recommends. HAProxy checks /healthz; the image's own
    # health check needs systemd's timers under podman, which a CI container has not.
    start_replica() {  # PORT
        run "replica-$1" --read-only --cap-drop=ALL --security-opt=no-new-privileges --no-healthcheck \
            -e LAYERCAST_HOST=127.0.0.1 -e LAYERCAST_PORT="$1" "$IMAGE" serve "${serve_args[@]}"
    }
    start_haproxy() {
        run haproxy --user haproxy -e LB_PORT -e A_PORT -e B_PORT -v "$PWD/deploy/haproxy.cfg:/etc/haproxy/deploy.cfg:ro" \
            "$SERVICES_IMAGE" haproxy -q -f /etc/haproxy/deploy.cfg
    }
    # Started as root, Varnish drops to the package's own users (`varnish`, `vcache`) by itself.
    start_varnish() {
        run varnish -v "$work/varnish.vcl:/etc/varnish/deploy.vcl:ro" "$SERVICES_IMAGE" \
            varnishd "${varnish_args[@]}" -f /etc/varnish/deploy.vcl
    }
fi

stop() {
    local status=$? c
    # Only the processes and containers this script started, by pid and by name.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ ${#containers[@]} -gt 0 ]; then
        if [ "$status" -ne 0 ]; then
            for c in "${containers[@]}"; do echo "--- $c" >&2; podman_ logs --tail 20 "$c" >&2 2>&1 || true; done
        fi
        podman_ rm -f -v -t 5 "${containers[@]}" >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap stop EXIT
# So that Ctrl-C and a TERM from CI run the EXIT trap too.
trap 'exit 130' INT
trap 'exit 143' TERM

wait_until() {  # COMMAND...: up to 30 s (a container may take seconds to start on a busy machine)
    for _ in $(seq 300); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "gave up waiting for: $*" >&2
    return 1
}
answers() { curl -fs -o /dev/null "$1"; }  # URL
# PONG from Redis (not LOADING, while it reads its append-only file), with no client needed.
redis_ready() (
    exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT"
    printf 'PING\r\n' >&3
    read -r -t 2 reply <&3
    [ "$reply" = $'+PONG\r' ]
)

start_redis
wait_until redis_ready
start_replica "$A_PORT"
start_replica "$B_PORT"
wait_until answers "http://127.0.0.1:$A_PORT/healthz"
wait_until answers "http://127.0.0.1:$B_PORT/healthz"
start_haproxy
wait_until answers "http://127.0.0.1:$LB_PORT/healthz"
start_varnish
wait_until answers "http://127.0.0.1:$CDN_PORT/healthz"

if ! $check; then
    echo "Redis 127.0.0.1:$REDIS_PORT; replicas http://127.0.0.1:$A_PORT/ and http://127.0.0.1:$B_PORT/;"
    echo "HAProxy http://127.0.0.1:$LB_PORT/ (round-robin); Varnish http://127.0.0.1:$CDN_PORT/ in front of it."
    echo "Ctrl-C stops them all."
    if $podman; then podman_ wait "${containers[@]}" >/dev/null & pids+=($!); fi
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
a="http://127.0.0.1:$A_PORT" b="http://127.0.0.1:$B_PORT" lb="http://127.0.0.1:$LB_PORT" cdn="http://127.0.0.1:$CDN_PORT"
prove "$a" "$b" pause
prove "$b" "$a" play
# Through HAProxy: consecutive requests go to alternate replicas; each command shows on both.
prove "$lb" "$a" pause
prove "$lb" "$b" play
# A stream through HAProxy starts (multipart MJPEG).
curl -s --max-time 2 "$lb/stream.mjpg?size=120&fps=5" -o "$work/stream" || true
{ grep -q -- '--' "$work/stream" && grep -qa 'image/jpeg' "$work/stream"; } || { echo "FAIL: no MJPEG through HAProxy"; exit 1; }
echo "deploy: a command sent to either replica shows on the other, directly and through HAProxy"
# Through Varnish: a scenario's frame is rendered once for 1,000 readers, and a live stream passes.
python3 deploy/cdn_check.py "$cdn" "$a" "$b"
