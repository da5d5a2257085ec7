#!/usr/bin/env bash
# Makes the README's pictures of the controls in docs/media/: for each control an animated WebP
# (GET /clip.webp) and a PNG still (GET /frame.png), plus the play button's variants, its
# geometry overlay mid-morph, and each control before and after some of its props (per-request
# `props.`, so the scene itself never changes). Everything is rendered by a real server, paused at scene time 10 s
# so that reruns give the same pictures (but for the spinner's phase, which starts with the server).
#
#   scripts/make-readme-media.sh            # release build, 240 px, 3 s at 25 fps
#   LAYERCAST_BIN=.build/debug/layercast SIZE=200 scripts/make-readme-media.sh
#
# Environment: LAYERCAST_BIN (a built server; default: build release), OUT (docs/media), SIZE (240),
# SECONDS_PER_CLIP (3), FPS (25), QUALITY (75), MAX_BYTES (409600: a clip larger than this fails).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${OUT:-docs/media}
SIZE=${SIZE:-240}
CLIP_SECONDS=${SECONDS_PER_CLIP:-3}
FPS=${FPS:-25}
QUALITY=${QUALITY:-75}
MAX_BYTES=${MAX_BYTES:-409600}

if [[ -z "${LAYERCAST_BIN:-}" ]]; then
    swift build -c release --product layercast >&2
    LAYERCAST_BIN="$(swift build -c release --show-bin-path)/layercast"
fi
mkdir -p "$OUT"

log=$(mktemp)
"$LAYERCAST_BIN" --port 0 --log-level info --meter-duration 6 --data none >"$log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"; }
trap cleanup EXIT

base=""
for _ in $(seq 1 100); do
    port=$(sed -n 's|.*serving http://[^:]*:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
    if [[ -n "$port" ]]; then base="http://127.0.0.1:$port"; break; fi
    sleep 0.1
done
[[ -n "$base" ]] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }

post() { curl -fsS -X POST "$base$1" >/dev/null; }
scene_time() { curl -fsS "$base/clock" | sed -n 's/.*"sceneTime":\([-0-9.e]*\).*/\1/p'; }

# Pause, then step to exactly 10 s: every command below lands on that time.
post "/clock?paused=true"
post "/clock?step=$(awk -v t="$(scene_time)" 'BEGIN { printf "%.17g", 10 - t }')"

fetch() {  # fetch NAME URL-PATH
    local file="$OUT/$1" headers
    headers=$(curl -fsS -D - -o "$file" "$base$2")
    local bytes; bytes=$(stat -c %s "$file")
    local frames; frames=$(printf '%s' "$headers" | tr -d '\r' | sed -n 's/^X-Clip-Frames: //p')
    local timing; timing=$(printf '%s' "$headers" | tr -d '\r' | sed -n 's/^Server-Timing: //p' | sed 's/;dur=/ /g; s/,/ ms,/; s/$/ ms/')
    printf '%-30s %7d bytes%s\n' "$1" "$bytes" "${frames:+, $frames frames ($timing)}"
    if (( bytes > MAX_BYTES )); then echo "$file is larger than $MAX_BYTES bytes" >&2; exit 1; fi
}

clip="seconds=$CLIP_SECONDS&fps=$FPS&size=$SIZE&quality=$QUALITY"
shoot() {  # shoot CONTROL: its clip from now and a still from the clip's middle
    fetch "$1.webp" "/clip.webp?control=$1&$clip"
    fetch "$1.png" "/frame.png?control=$1&size=$SIZE&ahead=1.5"
}

# A clip shows the scene from now with no further commands, so each control gets its commands
# first. Commands while paused apply at the paused time; stepping moves it.
post "/play-button/mode?mode=buffering"     # play → bar, then the buffering loop
post "/player/play"                         # blur, shrink into a disc, spin
shoot play-button
shoot player
shoot spinner

post "/meter/press"                         # 1.2 s recorded, a pause, then recording again
post "/clock?step=1.2"
post "/meter/release"
post "/clock?step=0.4"
post "/meter/press"
shoot meter
fetch "all.webp" "/clip.webp?control=all&seconds=$CLIP_SECONDS&fps=20&size=$((SIZE * 3 / 2))&quality=70"

# The play → pause morph 0.1 s in, with its points, handles and layer bounds.
post "/clock?step=5"
post "/play-button/mode?mode=play&animated=false"
post "/play-button/mode?mode=pause"
fetch "play-button-morph-points.png" "/frame.png?control=play-button&size=$SIZE&debug=points,bounds&ahead=0.1"
fetch "play-button-modes.png" "/frame.png?control=play-button&variants=modes&size=120"

# Design knobs: each control as it is, then the same moment with some props for that frame only.
knobs() {  # knobs CONTROL QUERY PROPS
    fetch "knobs-$1-before.png" "/frame.png?control=$1&$2"
    fetch "knobs-$1-after.png" "/frame.png?control=$1&$2&$3"
}
post "/play-button/mode?mode=pause&animated=false"
knobs play-button "width=120&height=60&background=%230000ff" \
    "props.contentMode=aspectFill&props.pauseStopBackgroundColor=%23ff9500&props.barThickness=8&props.barCornerRadius=4"
post "/spinner/stop"                        # from the start of its cycle: the longest arc 1.25 s in
post "/spinner/start"
knobs spinner "size=120&ahead=1.25" "props.color=%23007aff&props.lineWidth=9&props.strokeEndCurve=0.9,0,0.1,1"
knobs meter "size=120&label=off" "props.lineWidth=28&props.inset=40&props.trackColor=%23eeeeee&props.segmentColors=%23ff9500,%23007aff"
knobs player "size=120&ahead=2" "props.blurSaturation=0&props.blurTint=%2300000066&props.ringColor=%23ff9500&props.ringWidth=14"
