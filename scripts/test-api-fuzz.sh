#!/usr/bin/env bash
# The API against its own description, and the server under hostile load, on loopback only:
#   1. schemathesis: a property-based fuzz of every operation of /openapi.json (fixed seed,
#      bounded examples), checking for 5xx, for any answer the document does not allow and for
#      reply bodies against the document's schemas; any warning (such as a schema the API's
#      validation does not match) fails the run;
#   2. the endless responses (/stream.mjpg, /stream.mp4, /events) fuzzed the same way by a small harness
#      that reads only the head and the first bytes;
#   3. a 10 s command storm (1,000 commands/s across every control, with frame requests and two
#      timed streams) after which /state must still hold each control's invariants;
#   4. /healthz answers and /metrics shows no stream left open;
#   5. SIGTERM with 100 open streams and commands in flight: exit 0 within 1 s, and the log says
#      how many viewers were disconnected.
# Any finding fails the script. Tunables: API_FUZZ_EXAMPLES (per operation), API_FUZZ_CLIP_EXAMPLES,
# API_FUZZ_SEED, STORM_SECONDS, STORM_RATE.
set -euo pipefail
cd "$(dirname "$0")/.."

# make test's bounds: the seed is fixed, so a run is repeatable; `make test-deep` asks for more.
EXAMPLES=${API_FUZZ_EXAMPLES:-30}
CLIP_EXAMPLES=${API_FUZZ_CLIP_EXAMPLES:-4}
SEED=${API_FUZZ_SEED:-20261122}
STORM_SECONDS=${STORM_SECONDS:-10}
STORM_RATE=${STORM_RATE:-1000}
started=$(date +%s)

if ! command -v st >/dev/null 2>&1 || ! python3 -c "import schemathesis" 2>/dev/null; then
    echo "api-fuzz: installing schemathesis"
    install() { python3 -m pip install -q schemathesis || python3 -m pip install -q --break-system-packages schemathesis; }
    # PyPI is sometimes slow to answer once; one retry is enough.
    install || { sleep 5; install; }
fi
ST=$(command -v st || echo "python3 -m schemathesis.cli")

swift build --product layercast >/dev/null
BIN=$(swift build --show-bin-path)/layercast
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill "$SERVER_PID"; wait "$SERVER_PID" || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# Port 0 and the port read back from the log: no race for a "free" port.
start_server() {
    local log=$1; shift
    "$BIN" --host 127.0.0.1 --port 0 --public Public --log-level info --data none "$@" >"$log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do
        PORT=$(sed -n 's/.*HTTP server listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
        [ -n "$PORT" ] && return 0
        sleep 0.1
    done
    echo "api-fuzz: the server did not start"; cat "$log"; exit 1
}

start_server "$WORK/server.log"
BASE="http://127.0.0.1:$PORT"
echo "api-fuzz: layercast (debug) on $BASE"

# --- 1. schemathesis over every finite operation ---------------------------------------------
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
checks+=,response_headers_conformance,unsupported_method,allow_header_conformance
t0=$(date +%s)
# From the scratch folder, so schemathesis leaves its .schemathesis/ state there. Clips cost
# seconds of rendering each, so they get their own run with few examples. Every warning fails the
# run: "mostly rejected generated data" means the document and the validation disagree. One
# exception: frames, clips and GET /state take `at`, a scene time that must lie in the kept history
# around the clock's time (docs/design/engine.md §Timeline), which no fixed range in a document can
# say, and `scenario`, a stored scenario's id, which a generated one almost never is; so most
# generated requests rightly get the 400 or 404 that names the parameter. They run apart, and there
# every other warning still fails; the boundary tests check `at`'s answers exactly. GET /oembed
# runs apart too: its `url` must name this server (on a port the document cannot know), so most
# generated ones rightly get 404; and a `format` other than json is 501, as oEmbed 1.0 says.
printf '[warnings]\nfail-on = true\n' > "$WORK/schemathesis.toml"
python3 - "$WORK" <<'PY'
import sys
from schemathesis.config import SchemathesisWarning
def config(name, allowed, extra=""):
    others = ", ".join(f'"{w.value}"' for w in SchemathesisWarning if w.value not in allowed)
    open(f"{sys.argv[1]}/{name}.toml", "w").write(f"[warnings]\nfail-on = [{others}]\n{extra}")
config("at", ("validation_mismatch", "low_valid_rate"))
config("oembed", ("missing_test_data",),
       '[checks.not_a_server_error]\nexpected-statuses = ["1xx", "2xx", "3xx", "4xx", "501"]\n')
PY
st_run() {
    local config=$WORK/schemathesis.toml
    case "$1" in --at|--oembed) config=$WORK/${1#--}.toml; shift ;; esac
    (cd "$WORK" && $ST --config-file "$config" run "$BASE/openapi.json" --url "$BASE" --checks "$checks" \
        --seed "$SEED" --workers 1 --request-timeout 120 --generation-database none --no-color "$@") \
        || { echo "api-fuzz: schemathesis found problems (above)"; exit 1; }
}
st_run --exclude-path /stream.mjpg --exclude-path /stream.mp4 --exclude-path /events --exclude-path /state \
    --exclude-path /oembed --exclude-path-regex '^/(clip|frame)\.' --max-examples "$EXAMPLES"
st_run --oembed --include-path /oembed --max-examples "$EXAMPLES"
st_run --at --include-path-regex '^/(frame\.|state$)' --max-examples "$EXAMPLES"
st_run --at --include-path-regex '^/clip\.' --max-examples "$CLIP_EXAMPLES"
echo "api-fuzz: schemathesis took $(( $(date +%s) - t0 )) s"

# --- 2. the endless responses ----------------------------------------------------------------
t0=$(date +%s)
BASE=$BASE SEED=$SEED EXAMPLES=$(( EXAMPLES / 4 + 5 )) python3 - <<'PY'
import json, os, sys, time
import jsonschema, requests, schemathesis
from hypothesis import HealthCheck, given, seed, settings
from schemathesis.generation import GenerationMode

base = os.environ["BASE"]
schema = schemathesis.openapi.from_url(base + "/openapi.json")
document = requests.get(base + "/openapi.json", timeout=10).json()
error_schema = jsonschema.Draft202012Validator(document["components"]["schemas"]["Error"])
findings = []
tried = 0

def starts_with(*prefixes):
    """What a body must start with: enough bytes to tell, and the test."""
    return max(map(len, prefixes)), lambda got: any(got.startswith(p) for p in prefixes)

def check(case, path, start):
    global tried
    tried += 1
    documented = document["paths"][path]["get"]["responses"]
    t = time.monotonic()
    try:
        r = requests.get(base + path, params=case.query, headers=case.headers or None, stream=True, timeout=10)
    except Exception as e:  # noqa: BLE001 - any transport failure is a finding
        findings.append(f"{path} {case.query}: {e}")
        return
    try:
        status = str(r.status_code)
        if status not in documented:
            findings.append(f"{path} {case.query}: undocumented status {status}")
            return
        media = (r.headers.get("Content-Type") or "").split(";")[0].strip()
        allowed = list(documented[status].get("content", {}).keys()) or list(
            document["components"]["responses"].get(documented[status].get("$ref", "/").split("/")[-1], {}).get("content", {}).keys())
        if media not in allowed:
            findings.append(f"{path} {case.query}: {status} with Content-Type {media}, documented {allowed}")
        if r.status_code == 200:
            got = b""
            need, ok = start
            for chunk in r.iter_content(chunk_size=1024):
                got += chunk
                if len(got) >= need or time.monotonic() - t > 10:
                    break
            if not ok(got):
                findings.append(f"{path} {case.query}: 200 body starts {got[:40]!r}")
        else:
            body = r.json()
            errors = list(error_schema.iter_errors(body))
            if errors:
                findings.append(f"{path} {case.query}: {status} body {body} does not match Error: {errors[0].message}")
    finally:
        r.close()

# An MP4 starts with its ftyp box: a 4-byte size, then the type.
for path, starts in [("/stream.mjpg", starts_with(b"--frame\r\n")), ("/stream.mp4", (8, lambda got: got[4:8] == b"ftyp")),
                     ("/events", starts_with(b"event: state", b":", b"retry:", b"data:"))]:
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        if path == "/events" and mode is GenerationMode.NEGATIVE:
            continue  # no parameters to break
        strategy = schema[path]["GET"].as_strategy(generation_mode=mode)
        @seed(int(os.environ["SEED"]))
        @settings(max_examples=int(os.environ["EXAMPLES"]), database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def run(case):
            check(case, path, starts)
        run()

print(f"api-fuzz: streams: {tried} requests to /stream.mjpg, /stream.mp4 and /events, {len(findings)} findings")
for f in findings:
    print("  FINDING:", f)
sys.exit(1 if findings else 0)
PY
echo "api-fuzz: stream fuzz took $(( $(date +%s) - t0 )) s"

# --- 3. command storm ------------------------------------------------------------------------
t0=$(date +%s)
BASE=$BASE SECONDS_=$STORM_SECONDS RATE=$STORM_RATE python3 - <<'PY'
import http.client, json, os, random, sys, threading, time, urllib.request
from urllib.parse import urlsplit
sys.path.insert(0, "scripts")
from mjpeg import MultipartParser, boundary_of

base = os.environ["BASE"]
host, port = urlsplit(base).hostname, urlsplit(base).port
duration = float(os.environ["SECONDS_"])
rate = float(os.environ["RATE"])
# The spinner is only ever started, so its stream changes every tick and shows the real rate.
commands = [
    ("POST", "/spinner/start"),
    ("POST", "/meter/press"), ("POST", "/meter/release"), ("POST", "/meter/hold?seconds=0.2"), ("POST", "/meter/reset"),
    ("POST", "/player/play"), ("POST", "/player/pause"), ("POST", "/player/toggle"), ("POST", "/player/restart"),
    ("POST", "/player/seek?progress=37"),
    ("POST", "/play-button/mode?mode=play"), ("POST", "/play-button/mode?mode=pause"),
    ("POST", "/play-button/mode?mode=stop"), ("POST", "/play-button/mode?mode=buffering"),
    ("POST", "/play-button/highlighted?value=true"), ("POST", "/play-button/highlighted?value=false"),
    ("POST", "/play-button/enabled?value=true"), ("PUT", "/play-button/theme?theme=sample"),
    ("PUT", "/play-button/theme?theme=default"),
]
lock = threading.Lock()
stats = {"commands": 0, "frames": 0, "statuses": {}, "errors": 0}
stop_at = time.monotonic() + duration

def client():
    return http.client.HTTPConnection(host, port, timeout=10)

def commander(index, share):
    rng = random.Random(index)
    conn = client()
    interval = 1.0 / share
    next_at = time.monotonic()
    while time.monotonic() < stop_at:
        method, path = rng.choice(commands)
        try:
            conn.request(method, path, headers={"Content-Length": "0"})
            r = conn.getresponse(); r.read()
            with lock:
                stats["commands"] += 1
                stats["statuses"][r.status] = stats["statuses"].get(r.status, 0) + 1
        except Exception:
            with lock: stats["errors"] += 1
            conn.close(); conn = client()
        next_at += interval
        delay = next_at - time.monotonic()
        if delay > 0: time.sleep(delay)

def framer(png):
    conn = client()
    next_at = time.monotonic()
    while time.monotonic() < stop_at:
        next_at += 1.0 / 25  # 50 frames/s from the two framers
        time.sleep(max(0.0, next_at - time.monotonic()))
        try:
            conn.request("GET", "/frame.png?size=120" if png else "/frame.jpg?control=player&size=160")
            r = conn.getresponse(); body = r.read()
            ok = r.status == 200 and len(body) > 100
            with lock:
                stats["frames"] += 1
                if not ok: stats["errors"] += 1
        except Exception:
            with lock: stats["errors"] += 1
            conn.close(); conn = client()

fps_seen = {}
def viewer(name, fps):
    conn = client()
    conn.request("GET", f"/stream.mjpg?size=96&fps={fps}&control={name}")
    r = conn.getresponse()
    parser = MultipartParser(boundary_of(r.getheader("Content-Type")) or "frame")
    parts = 0; first = None
    while time.monotonic() < stop_at:
        chunk = r.read1(65536)
        if not chunk: break
        n = len(parser.feed(chunk))
        if n:
            if first is None: first = time.monotonic()
            parts += n
    conn.close()
    span = time.monotonic() - (first or time.monotonic())
    fps_seen[name] = (parts / span if span > 0 else 0.0, fps)

# The fuzz may have left the clock paused or slowed down; the storm wants it running.
for path in ("/clock?paused=false&speed=1", "/spinner/start"):
    urllib.request.urlopen(urllib.request.Request(base + path, method="POST"), timeout=10).read()
threads = [threading.Thread(target=commander, args=(i, rate / 8)) for i in range(8)]
threads += [threading.Thread(target=framer, args=(p,)) for p in (True, False)]
threads += [threading.Thread(target=viewer, args=(n, f)) for n, f in (("spinner", 30), ("play-button", 15))]
for t in threads: t.start()
for t in threads: t.join()

state = json.loads(urllib.request.urlopen(base + "/state", timeout=10).read())
problems = []
m = state["meter"]; segs = m["segments"]
def within(x): return -1e-9 <= x <= 1 + 1e-9
for s in segs:
    for kind in ("model", "presentation"):
        a, b = s[kind]["strokeStart"], s[kind]["strokeEnd"]
        if not (within(a) and within(b) and a <= b + 1e-9): problems.append(f"meter segment {kind} [{a}, {b}]")
for older, newer in zip(segs, segs[1:]):
    if abs(older["presentation"]["strokeStart"] - newer["presentation"]["strokeEnd"]) > 1e-6:
        problems.append(f"meter segments not contiguous: {older['presentation']} then {newer['presentation']}")
if segs and abs(segs[-1]["presentation"]["strokeStart"]) > 1e-6: problems.append("newest segment does not start at 0")
p = segs[0]["presentation"]["strokeEnd"] if segs else 0
if abs(m["track"]["presentationStrokeStart"] - p) > 1e-6: problems.append(f"track starts at {m['track']['presentationStrokeStart']}, segments end at {p}")
if m["segmentCount"] != len(segs): problems.append("segmentCount differs from segments")
if abs(m["elapsed"] - p * m["duration"]) > 1e-6 * m["duration"]: problems.append("elapsed is not recorded × duration")
pb = state["playButton"]
if pb["mode"] not in ("play", "pause", "stop", "buffering"): problems.append(f"play button mode {pb['mode']}")
pl = state["player"]["progress"]
if not (0 <= pl["model"] <= 100 and -1e-9 <= pl["presentation"] <= 100 + 1e-9): problems.append(f"player progress {pl}")
if stats["statuses"].get(500, 0) or any(s >= 500 for s in stats["statuses"]): problems.append(f"5xx during the storm: {stats['statuses']}")
if stats["errors"]: problems.append(f"{stats['errors']} failed requests")

achieved = stats["commands"] / duration
print(f"api-fuzz: storm {duration:.0f} s: {stats['commands']} commands ({achieved:.0f}/s, statuses {dict(sorted(stats['statuses'].items()))}), "
      f"{stats['frames']} frames; stream fps " + ", ".join(f"{n} {got:.1f}/{want}" for n, (got, want) in fps_seen.items()))
for p_ in problems: print("  FINDING:", p_)
sys.exit(1 if problems else 0)
PY
echo "api-fuzz: storm took $(( $(date +%s) - t0 )) s"

# --- 4. still healthy, nothing left open -----------------------------------------------------
curl -fsS --max-time 5 "$BASE/healthz" | grep -qx ok || { echo "api-fuzz: /healthz failed after the fuzz"; exit 1; }
open_streams=""
for _ in $(seq 50); do
    open_streams=$(curl -fsS --max-time 5 "$BASE/metrics" | sed -n 's/^layercast_open_streams \([0-9.]*\)$/\1/p')
    [ "${open_streams%.*}" = 0 ] && break
    sleep 0.1
done
[ "${open_streams%.*}" = 0 ] || { echo "api-fuzz: $open_streams streams still open after the fuzz"; exit 1; }
kill "$SERVER_PID"; wait "$SERVER_PID" || true
SERVER_PID=""
echo "api-fuzz: healthy afterwards, no stream left open"

# --- 5. SIGTERM under load -------------------------------------------------------------------
BIN=$BIN python3 - <<'PY'
import os, re, signal, socket, subprocess, sys, threading, time

log = open(os.path.join(os.environ.get("TMPDIR", "/tmp"), f"layercast-sigterm-{os.getpid()}.log"), "w+")
proc = subprocess.Popen([os.environ["BIN"], "--host", "127.0.0.1", "--port", "0", "--public", "Public", "--data", "none"],
                        stdout=log, stderr=subprocess.STDOUT)
port = None
for _ in range(100):
    log.seek(0)
    found = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read())
    if found: port = int(found.group(1)); break
    time.sleep(0.1)
if port is None:
    proc.kill(); print("api-fuzz: sigterm server did not start"); sys.exit(1)

streams = []
for i in range(100):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    variant = ("spinner", "meter", "player", "play-button")[i % 4]
    s.sendall(f"GET /stream.mjpg?control={variant}&size=64&fps=10 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    streams.append(s)
for s in streams:  # every stream has answered with its head
    got = b""
    while b"\r\n\r\n" not in got: got += s.recv(4096)
    assert re.match(rb"HTTP/1\.[01] 200 ", got), got[:60]

running = True
def storm():
    while running:
        try:
            c = socket.create_connection(("127.0.0.1", port), timeout=2)
            c.sendall(b"POST /player/toggle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"); c.recv(4096); c.close()
        except OSError:
            pass
workers = [threading.Thread(target=storm) for _ in range(4)]
for w in workers: w.start()
time.sleep(0.5)
t = time.monotonic()
proc.send_signal(signal.SIGTERM)
try:
    code = proc.wait(timeout=10)
except subprocess.TimeoutExpired:
    proc.kill(); code = None
elapsed = time.monotonic() - t
running = False
for w in workers: w.join()
closed = 0
for s in streams:
    s.settimeout(2)
    try:
        while s.recv(65536): pass
        closed += 1
    except OSError:
        closed += 1
    s.close()
log.seek(0); text = log.read(); log.close(); os.unlink(log.name)
line = next((l for l in text.splitlines() if "viewer(s) disconnected" in l), "")
print(f"api-fuzz: SIGTERM with 100 streams: exit {code} after {elapsed * 1000:.0f} ms; log: {line.strip()}")
ok = code == 0 and elapsed < 1.0 and re.search(r"\b100 stream viewer\(s\) disconnected", line) and closed == 100
if not ok:
    print(text[-3000:]); sys.exit(1)
PY

echo "api-fuzz: passed in $(( $(date +%s) - started )) s"
