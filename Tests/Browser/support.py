"""Helpers shared by the browser tests: the HTTP API from Python, the server process, waiting."""
import json
import os
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

# The controls, by their ids in the API.
CONTROLS = ["meter", "play-button", "player", "spinner"]

# Where each play-button mode comes to rest (docs/design/play-button.md §Animation states; the idle states are
# equivalent pairs).
RESTING = {
    "play": {"playToBar.playIdle", "barToPlay.play"},
    "pause": {"pauseToBar.pauseIdle", "barToPause.pause"},
    "stop": {"stopToBar.stopIdle", "barToStop.stop"},
    "buffering": {"buffering.buffering"},
}


# The shortest deadline a wait gets: a deadline says when to give up, never how fast something must
# be (what a test proves is in its conditions), and busy cores stretch every step (issue 46).
PATIENCE = 5


def wait_until(condition, timeout, what, interval=0.02):
    """Polls `condition` until it returns a truthy value, which is returned; fails after `timeout` s
    (at least PATIENCE)."""
    timeout = max(timeout, PATIENCE)
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            last = condition()
        except Exception as error:  # a stale element or a page mid-load: try again
            last = error
        if last and not isinstance(last, Exception):
            return last
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {last!r})")
        time.sleep(interval)


class Api:
    """The server's API as a script sees it: no Origin header, so commands are always allowed."""

    def __init__(self, base_url):
        self.base = base_url

    def request(self, method, path, **params):
        url = self.base + path
        data = None
        if params:
            data = urllib.parse.urlencode({k: str(v).lower() if isinstance(v, bool) else v
                                           for k, v in params.items()}).encode()
        req = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/x-www-form-urlencoded")
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                body = response.read()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path} {params} -> {error.code}: {error.read()[:300]!r}") from None
        return json.loads(body) if body[:1] in (b"{", b"[") else body

    def state(self):
        return self.request("GET", "/state")

    def props(self, control):
        """GET /controls/{control}/props: {control, values, defaults, schema}."""
        return self.request("GET", f"/controls/{control}/props")

    def patch_props(self, control, patch):
        """PATCH /controls/{control}/props with a JSON merge patch."""
        req = urllib.request.Request(f"{self.base}/controls/{control}/props", data=json.dumps(patch).encode(),
                                     method="PATCH", headers={"Content-Type": "application/merge-patch+json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise AssertionError(f"PATCH {control} props {patch} -> {error.code}: {error.read()[:300]!r}") from None

    def metrics(self):
        with urllib.request.urlopen(self.base + "/metrics", timeout=10) as response:
            return response.read().decode()

    def gauge(self, name):
        for line in self.metrics().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        raise AssertionError(f"no metric {name}")

    def reset_scene(self):
        self.request("POST", "/clock", paused=False, speed=1)
        self.request("POST", "/meter/reset")
        self.request("PUT", "/meter/config", duration=45)
        self.request("POST", "/play-button/mode", mode="play", animated=False)
        self.request("POST", "/play-button/highlighted", value=False)
        self.request("POST", "/play-button/enabled", value=True)
        self.request("PUT", "/play-button/theme", theme="default")
        self.request("POST", "/player/pause")
        self.request("POST", "/player/seek", progress=0)
        self.request("POST", "/spinner/start")
        for control in CONTROLS:
            self.request("DELETE", f"/controls/{control}/props")


def start_server(binary, port, public, log_path, env=None):
    """Starts the server, keeping its saved work in memory (several run at once, and none may take
    the user's data folder); `env` adds settings (LAYERCAST_…) to this process's environment. With
    port 0 the server takes one the system gives it, so parallel workers never race for a port; the
    port is the process's `port` either way."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "ab")
    process = subprocess.Popen([str(binary), "--host", "127.0.0.1", "--port", str(port), "--public", str(public)],
                               stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ, "LAYERCAST_DATA": "none", **(env or {})})

    def up():
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}; see {log_path}")
        process.port = port or listening_port(process.pid)
        if not process.port:
            return False
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{process.port}/healthz", timeout=1) as response:
                return response.status == 200
        except OSError:
            return False

    wait_until(up, 15, f"the server on port {port or 'of its own'}", interval=0.1)
    return process


def listening_port(pid):
    """The TCP port that process `pid` listens on, or None while it listens on none."""
    sockets = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            sockets.add(link[len("socket:["):-1])
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in sockets:  # 0A: LISTEN
                    return int(fields[1].rsplit(":", 1)[1], 16)
    return None


def stop_server(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def in_card(driver, control, name):
    """The part `name` (data-part) of the card of `control` (data-control): the page's cards find
    their elements the same way, inside their own root."""
    return driver.find_element("css selector", f'[data-control="{control}"] [data-part="{name}"]')


def in_component(driver, component, name):
    """The part `name` of a page-level component (data-component: status, clock, view, …)."""
    return driver.find_element("css selector", f'[data-component="{component}"] [data-part="{name}"]')


def console_errors(driver, allow=()):
    """SEVERE console entries since the last call, except those containing any of `allow`."""
    return [e for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and not any(a in e["message"] for a in allow)]


# Fraction of a canvas's sampled pixels that differ from its first pixel: 0 for a blank canvas.
CANVAS_VARIETY_JS = """
const c = arguments[0];
if (!c.width || !c.height) return 0;
const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let differ = 0, n = 0;
for (let i = 0; i < d.length; i += 4 * 7) {
  n++;
  if (Math.abs(d[i] - d[0]) + Math.abs(d[i+1] - d[1]) + Math.abs(d[i+2] - d[2]) > 24 || d[i+3] !== d[3]) differ++;
}
return differ / n;
"""


# The share of a canvas's pixels whose channels differ by more than 48 in all from a copy taken
# earlier with CANVAS_COPY_JS (window.__before); 1 when the canvas changed size.
CANVAS_COPY_JS = """
const c = arguments[0];
window.__before = c.getContext('2d').getImageData(0, 0, c.width, c.height).data.slice();
"""
CANVAS_CHANGE_JS = """
const c = arguments[0];
const now = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
if (now.length !== __before.length) return 1;
let changed = 0;
for (let i = 0; i < now.length; i += 4) {
  if (Math.abs(now[i] - __before[i]) + Math.abs(now[i+1] - __before[i+1]) + Math.abs(now[i+2] - __before[i+2]) > 48) changed++;
}
return changed / (now.length / 4);
"""
