#!/usr/bin/env python3
"""Runs the README's shell examples against a real server that has run for an hour.

Which blocks run: every fenced ```sh, ```bash, ```shell or ```console block (```console: its `$ `
lines) whose text names the local server, `127.0.0.1:8080` or `localhost:8080`, unless the line
right before it (blank lines aside) is `<!-- readme-test: skip (reason) -->`. Such a block that
runs make, swift, docker, podman, sudo, apt or a service (NOT_HERE) without that marker fails the
test and is not run. Other shell blocks (builds, `layercast render`, replicas on other ports) make
no request to the server and are listed as not run. Every shell block, run or not, is also checked
for the traps below.

How: builds .build/debug/layercast if it is missing (LAYERCAST_BIN names another binary), starts it
on 127.0.0.1 and a free port with `--data none`, steps its clock an hour on (`POST
/clock?paused=true`, sixty `step=60`, `paused=false`), so a time like `at=1.5` is long out of the
kept history, then runs the blocks in README order on that one server, the port rewritten, each
with `bash -euo pipefail` in one temporary folder (repository files a block names, such as
examples/tour.json, are copied there first). The server is stopped however the script ends.

A block fails when a command exits non-zero (the README line is named), when a curl request is
answered 4xx or 5xx and the block's comments do not name that status (`# 409: not empty`), when a
file curl was told to write is missing, or when a file the block wrote with one of these
extensions is not that format: .png .jpg .webp .gif .mp4 .webm .svg by their first bytes, .json by
parsing (and not an {"error": ...} reply). curl runs through a shim that adds
`--no-progress-meter` and writes each answer's status to stderr.

Traps every shell block is checked for, run or not: a curl that saves to a file (`-o`, `-O`, `>`)
without `-f` (`--fail`, `--fail-with-body`), a literal `at=` number (take the time from a command's
answer or GET /state), and an ffmpeg reading stream.mjpg without a frame rate (`-r`/`-framerate`)
or a bound (`-t`/`-frames:v`).

Environment: README (another file, e.g. a scratch copy), VERBOSE=1 (every block's output), KEEP=1
(keep the temporary folder), LAYERCAST_BIN.
"""
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
README = os.environ.get("README", os.path.join(ROOT, "README.md"))
SHELL_LANGS = {"sh", "bash", "shell", "console"}
LOCAL = re.compile(r"\b(127\.0\.0\.1|localhost):8080\b")
MARKER = re.compile(r"^\s*<!--\s*readme-test:\s*(.*?)\s*-->\s*$")
BLOCK_TIMEOUT = 150  # a hang, not a slow machine: the slowest block, the clips, takes 10-30 s
# Programs a block must not run here (builds, containers, services, system changes): a block that
# talks to the server and calls one of these needs a skip marker, or the test fails without running it.
NOT_HERE = {"make", "swift", "docker", "podman", "buildah", "sudo", "apt-get", "apt", "redis-server", "haproxy"}
VERBOSE = os.environ.get("VERBOSE") == "1"  # print every block's output, not only a failed one's
# KEEP=1 keeps the temporary folder (the blocks' files, the server's log) after a passing run too.
TAG = "[readme-test]"

MAGIC = {
    ".png": lambda b: b.startswith(b"\x89PNG\r\n\x1a\n"),
    ".jpg": lambda b: b.startswith(b"\xff\xd8\xff"),
    ".jpeg": lambda b: b.startswith(b"\xff\xd8\xff"),
    ".webp": lambda b: b[:4] == b"RIFF" and b[8:12] == b"WEBP",
    ".gif": lambda b: b[:6] in (b"GIF87a", b"GIF89a"),
    ".mp4": lambda b: b[4:8] == b"ftyp",
    ".webm": lambda b: b.startswith(b"\x1a\x45\xdf\xa3"),
    ".svg": lambda b: re.match(rb"\s*(<\?xml[^>]*>\s*)?<svg[\s>]", b) is not None,
    ".json": None,  # checked by parsing
}


class Block:
    def __init__(self, line, lang, text, skip):
        self.line = line  # README line number of the block's first line of text
        self.lang = lang
        self.text = text
        self.skip = skip  # the skip marker's reason, or None

    @property
    def commands(self):
        if self.lang != "console":
            return self.text
        # ```console: the commands are the `$ ` lines; keep the others as blank lines so line
        # numbers still match the README.
        return "\n".join(l[2:] if l.startswith("$ ") else "" for l in self.text.split("\n"))

    def runs(self):
        return self.skip is None and LOCAL.search(self.text) is not None

    def not_here(self):
        """The programs of NOT_HERE this block runs."""
        return sorted({w for _, words, _ in commands_of(self.commands) for w in words[:1] if w in NOT_HERE})


def parse(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, problems = [], []
    fence = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w-]*)")
    i = 0
    pending = None  # (line number, directive) of a marker waiting for its block
    while i < len(lines):
        m = fence.match(lines[i])
        marker = MARKER.match(lines[i])
        if marker:
            if pending:
                problems.append(f"README.md:{pending[0]}: readme-test marker not followed by a shell block")
            pending = (i + 1, marker.group(1))
            i += 1
            continue
        if not m:
            if lines[i].strip() and pending:
                problems.append(f"README.md:{pending[0]}: readme-test marker not followed by a shell block")
                pending = None
            i += 1
            continue
        indent, ticks, lang = m.group(1), m.group(2), m.group(3).lower()
        body, j = [], i + 1
        while j < len(lines) and not re.match(r"^\s*" + re.escape(ticks[0]) + "{%d,}\\s*$" % len(ticks), lines[j]):
            line = lines[j]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            j += 1
        skip = None
        if pending:
            directive = pending[1]
            sm = re.fullmatch(r"skip\s*\((.+)\)", directive)
            if lang not in SHELL_LANGS:
                problems.append(f"README.md:{pending[0]}: readme-test marker before a ```{lang} block, not a shell one")
            elif not sm:
                problems.append(f"README.md:{pending[0]}: unknown readme-test directive {directive!r}; "
                                "the one directive is `skip (reason)`")
            else:
                skip = sm.group(1).strip()
            pending = None
        if lang in SHELL_LANGS:
            blocks.append(Block(i + 2, lang, "\n".join(body), skip))
        i = j + 1
    if pending:
        problems.append(f"README.md:{pending[0]}: readme-test marker not followed by a shell block")
    return blocks, problems


# ---- the traps, from the commands' words ----

def commands_of(text):
    """Each simple command as (README line offset, words, redirected-to file or None)."""
    joined, offsets, line_no = [], [], 0
    buf, start = "", 0
    for n, line in enumerate(text.split("\n")):
        if not buf:
            start = n
        if line.rstrip().endswith("\\"):
            buf += line.rstrip()[:-1] + " "
            continue
        buf += line
        joined.append(buf)
        offsets.append(start)
        buf = ""
    out = []
    for off, line in zip(offsets, joined):
        lex = shlex.shlex(line, posix=True, punctuation_chars=True)
        lex.commenters = "#"
        lex.whitespace_split = True
        try:
            words = list(lex)
        except ValueError:
            continue
        cmd, redirect = [], None
        k = 0
        while k <= len(words):
            w = words[k] if k < len(words) else ";"
            if w in (">", ">>") and k + 1 < len(words):
                redirect = words[k + 1]
                k += 2
                continue
            if w and set(w) <= set(";|&()<>"):
                if cmd:
                    out.append((off, cmd, redirect))
                cmd, redirect = [], None
            else:
                cmd.append(w)
            k += 1
    return out


def curl_flags(args):
    fail, saves = False, []
    k = 0
    while k < len(args):
        a = args[k]
        if a in ("--fail", "--fail-with-body"):
            fail = True
        elif a == "--output" and k + 1 < len(args):
            saves.append(args[k + 1]); k += 1
        elif a in ("--remote-name", "--remote-name-all"):
            saves.append("(remote name)")
        elif a.startswith("-") and not a.startswith("--") and len(a) > 1:
            for c_i, c in enumerate(a[1:]):
                if c == "f":
                    fail = True
                elif c == "O":
                    saves.append("(remote name)")
                elif c == "o":
                    rest = a[2 + c_i:]
                    if rest:
                        saves.append(rest)
                    elif k + 1 < len(args):
                        saves.append(args[k + 1]); k += 1
                    break
        k += 1
    return fail, saves


def traps(block):
    found = []
    for off, words, redirect in commands_of(block.commands):
        where = f"README.md:{block.line + off}"
        if "curl" in words:
            args = words[words.index("curl") + 1:]
            fail, saves = curl_flags(args)
            saves = [s for s in saves if s != "/dev/null"]
            if redirect and redirect != "/dev/null":
                saves.append(redirect)
            if saves and not fail:
                found.append(f"{where}: curl saves {', '.join(saves)} without -f (--fail): "
                             "an error answer would be saved under that name")
        if "ffmpeg" in words and any("stream.mjpg" in w for w in words):
            if not ({"-r", "-framerate"} & set(words)):
                found.append(f"{where}: ffmpeg reads the MJPEG stream without -r or -framerate: "
                             "it takes 25 fps whatever the stream sends")
            if not ({"-t", "-frames:v", "-vframes", "-to"} & set(words)):
                found.append(f"{where}: ffmpeg reads the MJPEG stream with no bound (-t or -frames:v)")
        for w in words:
            m = re.search(r"[?&]at=(-?[0-9.]+)(?:&|$)", w)
            if m:
                found.append(f"{where}: at={m.group(1)} is a fixed scene time, outside the kept "
                             "history on a server up longer than it; take the time from GET /state")
    return found


# ---- the server ----

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def request(port, method, path):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read() or b"null")


def start_server(tmp):
    binary = os.environ.get("LAYERCAST_BIN") or os.path.join(ROOT, ".build/debug/layercast")
    if not os.access(binary, os.X_OK):
        print(f"readme-test: building {os.path.relpath(binary, ROOT)}", flush=True)
        subprocess.run(["swift", "build", "--product", "layercast"], cwd=ROOT, check=True)
    port = free_port()
    log = open(os.path.join(tmp, "server.log"), "wb")
    server = subprocess.Popen(
        [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", "none",
         "--public", os.path.join(ROOT, "Public")],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.time() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
            break
        except OSError:
            if server.poll() is not None or time.time() > deadline:
                raise SystemExit(f"readme-test: the server did not start:\n{open(log.name).read()}")
            time.sleep(0.2)
    return server, port


def age_by_an_hour(port):
    request(port, "POST", "/clock?paused=true")
    for _ in range(60):
        request(port, "POST", "/clock?step=60")
    clock = request(port, "POST", "/clock?paused=false")
    return clock["sceneTime"]


# ---- running a block ----

CURL_SHIM = f"""#!/usr/bin/env bash
# Every curl the README runs, with its answer's status on stderr for the test to check (and no
# progress meter, which would bury a failed block's output).
exec {shutil.which("curl") or "/usr/bin/curl"} --no-progress-meter -w '%{{stderr}}{TAG} HTTP %{{http_code}} %{{url_effective}}\\n' "$@"
"""


def files_state(folder):
    state = {}
    for dirpath, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            st = os.stat(p)
            state[os.path.relpath(p, folder)] = (st.st_mtime_ns, st.st_size)
    return state


def check_file(path):
    ext = os.path.splitext(path)[1].lower()
    data = open(path, "rb").read()
    if not data:
        return "is empty"
    if ext == ".json":
        try:
            value = json.loads(data)
        except ValueError as e:
            return f"is not JSON ({e})"
        if isinstance(value, dict) and "error" in value:
            return f"is an error reply: {data[:200].decode('utf-8', 'replace')}"
        return None
    if not MAGIC[ext](data):
        return f"is not a {ext[1:]} file; it starts {data[:120]!r}"
    return None


def copy_repo_files(block, work):
    for token in re.findall(r"[@]?([\w.-]+(?:/[\w.-]+)+)", block.commands):
        src = os.path.join(ROOT, token)
        if os.path.isfile(src) and not token.startswith((".build", "/")):
            dst = os.path.join(work, token)
            if not os.path.exists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(src, dst)


def request_line(block, url):
    """The README line of the block that most likely made this request: the one with its path and
    query, else the one with its path (a URL built from variables matches neither: the block's first)."""
    path, _, query = url.split("//", 1)[-1].partition("/")[2].partition("?")
    lines = block.commands.split("\n")
    for needle in (f"/{path}?{query}" if query else None, f"/{path}"):
        for k, line in enumerate(lines):
            if needle and needle in line:
                return block.line + k
    return block.line


def file_line(block, name):
    """The README line of the block that names this file, else the block's first."""
    for k, line in enumerate(block.commands.split("\n")):
        if re.search(r"(^|[\s@>])" + re.escape(name) + r"(\s|$)", line):
            return block.line + k
    return block.line


def run_block(block, port, work, shim):
    copy_repo_files(block, work)
    script = LOCAL.sub(lambda m: f"{m.group(1)}:{port}", block.commands)
    # Line 1 is the trap, so the block's line k is the script's line k + 1.
    prelude = (f"trap 's=$?; echo \"{TAG} exit $s at README line $(( {block.line} + LINENO - 2 )): "
               f"$BASH_COMMAND\" >&2' ERR\n")
    path = os.path.join(work, ".block.sh")
    with open(path, "w") as f:
        f.write(prelude + script + "\n")
    before = files_state(work)
    env = dict(os.environ, PATH=shim + os.pathsep + os.environ["PATH"])
    started = time.time()
    # In a session of its own, so a timeout ends whatever the block started (ffmpeg, sleep) too.
    proc = subprocess.Popen(["bash", "-euo", "pipefail", path], cwd=work, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=BLOCK_TIMEOUT)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        status = f"timed out after {BLOCK_TIMEOUT} s"
    except BaseException:  # interrupted or terminated: end the block's processes too
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    output = out.decode("utf-8", "replace")
    elapsed = time.time() - started
    os.unlink(path)

    problems = []
    if status != 0:
        m = re.findall(rf"{re.escape(TAG)} exit (\d+) at README line (\d+): (.*)$", output, re.M)
        if m:
            code, line, cmd = m[-1]
            problems.append(f"README.md:{line}: exit status {code}: {cmd}")
        else:
            problems.append(f"README.md:{block.line}: the block failed ({status})")

    expected = set()
    for line in block.commands.split("\n"):
        c = re.search(r"(?:^|\s)#(.*)$", line)
        if c:
            expected |= set(re.findall(r"\b([45]\d\d)\b", c.group(1)))
    for code, url in re.findall(rf"{re.escape(TAG)} HTTP (\d+) (\S+)$", output, re.M):
        if code.startswith(("4", "5")) and code not in expected:
            problems.append(f"README.md:{request_line(block, url)}: HTTP {code} from {url} "
                            f"(no comment in the block expects {code})")

    after = files_state(work)
    changed = [p for p, st in after.items() if before.get(p) != st]
    for name in sorted(changed):
        if os.path.splitext(name)[1].lower() in MAGIC:
            why = check_file(os.path.join(work, name))
            if why:
                problems.append(f"README.md:{file_line(block, name)}: {name} {why}")
    for off, words, redirect in commands_of(block.commands):
        if "curl" in words and status == 0:
            for name in curl_flags(words[words.index("curl") + 1:])[1]:
                if not name.startswith("(") and name != "/dev/null" and "$" not in name \
                        and not os.path.exists(os.path.join(work, name)):
                    problems.append(f"README.md:{block.line + off}: curl was to write {name}, which is not there")
    return problems, output, elapsed, sorted(changed)


def main():
    started = time.time()
    blocks, found = parse(README)
    for b in blocks:
        found += traps(b)
        if b.runs() and b.not_here():
            found.append(f"README.md:{b.line}: the block talks to the server but runs {', '.join(b.not_here())}; "
                         "put <!-- readme-test: skip (reason) --> right before it")
    if found:
        # Reported now and counted at the end; the blocks still run, so one run shows everything.
        print("readme-test: the README's examples have traps:\n  " + "\n  ".join(found), flush=True)
    running = [b for b in blocks if b.runs() and not b.not_here()]
    for b in blocks:
        if b.skip is not None:
            print(f"readme-test: README.md:{b.line}: skipped ({b.skip})")
        elif not b.runs():
            first = next((l for l in b.commands.split("\n") if l.strip()), "")
            print(f"readme-test: README.md:{b.line}: not run, no request to the local server: {first[:70].rstrip()}")
        elif b.not_here():
            print(f"readme-test: README.md:{b.line}: not run, it runs {', '.join(b.not_here())} (and has no skip marker)")

    tmp = tempfile.mkdtemp(prefix="layercast-readme-")
    work = os.path.join(tmp, "work")
    shim = os.path.join(tmp, "bin")
    os.makedirs(work)
    os.makedirs(shim)
    with open(os.path.join(shim, "curl"), "w") as f:
        f.write(CURL_SHIM)
    os.chmod(os.path.join(shim, "curl"), 0o755)

    server = None

    def stop(*_):
        if server and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()

    signal.signal(signal.SIGTERM, lambda *a: (stop(), sys.exit(143)))
    failed = 0
    try:
        server, port = start_server(tmp)
        scene_time = age_by_an_hour(port)
        print(f"readme-test: server on 127.0.0.1:{port}, scene time stepped to {scene_time:.1f} s; "
              f"running {len(running)} of {len(blocks)} shell blocks in {work}", flush=True)
        for b in running:
            problems, output, elapsed, written = run_block(b, port, work, shim)
            shown = ", ".join(written) if written else "no files"
            if problems:
                failed += 1
                print(f"FAIL README.md:{b.line} ({elapsed:.1f} s)")
                for p in problems:
                    print(f"  {p}")
                print("  --- the block ---")
                print("\n".join("  | " + l for l in b.commands.split("\n")))
                print("  --- its output ---")
                print("\n".join("  > " + l for l in output.rstrip().split("\n")[-60:]))
            else:
                print(f"ok   README.md:{b.line} ({elapsed:.1f} s): {shown}", flush=True)
                if VERBOSE:
                    print("\n".join("  > " + l for l in output.rstrip().split("\n")))
        if server.poll() is not None:
            print(f"readme-test: the server exited ({server.returncode}):\n{open(os.path.join(tmp, 'server.log')).read()[-3000:]}")
            failed += 1
    finally:
        stop()
        if failed or os.environ.get("KEEP") == "1":
            print(f"readme-test: the server's log and the blocks' files are kept in {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    total = time.time() - started
    if failed or found:
        print(f"readme-test: {failed} of {len(running)} blocks failed, {len(found)} traps ({total:.0f} s)")
        return 1
    print(f"readme-test: {len(running)} blocks passed, {len(blocks) - len(running)} not run ({total:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
