"""Fixtures for the real-browser tests of the page: the server, one headless Chromium, the API.

Each pytest process (each xdist worker, with scripts/test-browser.sh's -n 2) starts a server of its
own from `.build/debug/layercast`, since the tests change the one shared scene; LAYERCAST_URL
points a single process at a server that is already running instead.
"""
import os
import pathlib

import pytest

os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from support import Api, in_component, start_server, stop_server, wait_until  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("LAYERCAST_BIN", str(ROOT / ".build/debug/layercast"))
ARTIFACTS = ROOT / "artifacts" / "browser"


@pytest.fixture(scope="session")
def base_url(worker_id):
    if os.environ.get("LAYERCAST_URL") and worker_id == "master":
        yield os.environ["LAYERCAST_URL"].rstrip("/")
        return
    process = start_server(BIN, 0, ROOT / "Public", ARTIFACTS / f"server-{worker_id}.log")
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def worker_id(request):
    """xdist's name for this process (gw0, gw1, …), or "master" without xdist."""
    return getattr(request.config, "workerinput", {}).get("workerid", "master")


@pytest.fixture(scope="session")
def api(base_url):
    return Api(base_url)


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def set_viewport(driver, width, height, dark=False, mobile=False, less_motion=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
        {"name": "prefers-reduced-motion", "value": "reduce" if less_motion else "no-preference"},
    ]})


def leave_page(driver, base_url):
    """Leaves the page an earlier test left open and waits until the server has closed its streams,
    so a count of streams or viewers made next is the next page's alone (an old page's stream, still
    counted, once met a test's wait for the new page's one)."""
    driver.get("about:blank")
    api = Api(base_url)
    wait_until(lambda: api.gauge("layercast_open_streams") == 0, 5, "the earlier page's streams to close")


def open_studio(driver, base_url, width=1280, height=800, dark=False, mobile=False, less_motion=False):
    """Loads the page with default view settings and waits until it streams and reports Live; with
    `less_motion` (prefers-reduced-motion), until it shows a still frame and reports Still frames."""
    set_viewport(driver, width, height, dark=dark, mobile=mobile, less_motion=less_motion)
    leave_page(driver, base_url)
    # The page saves its view settings on every load: cleared from outside, so it loads once, with defaults.
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": base_url, "storageTypes": "local_storage"})
    driver.get_log("browser")  # start with an empty console
    driver.get(base_url + "/")
    if less_motion:
        wait_until(lambda: driver.execute_script("return window.studio && Number.isFinite(studio.frameTime)"), 10,
                   "a still frame")
        wait_until(lambda: in_component(driver, "status", "conn-label").text == "Still frames", 10,
                   "the page to report Still frames")
        return driver
    wait_until(lambda: driver.execute_script("return window.studio && studio.fps > 0"), 10, "the stream to deliver frames")
    wait_until(lambda: in_component(driver, "status", "conn-label").text == "Live", 10, "the page to report Live")
    return driver


@pytest.fixture
def page(browser, api, base_url):
    """The studio freshly loaded on a scene in a known state, streaming; yields the driver."""
    api.reset_scene()
    yield open_studio(browser, base_url)


class SpareServer:
    """A server of a test's own, for tests that stop it or leave lasting marks (artwork)."""

    def __init__(self, env=None):
        self.env = env
        self.port = 0  # the system's choice, kept for a restart
        self.start()
        self.base = f"http://127.0.0.1:{self.port}"
        self.api = Api(self.base)

    def start(self):
        self.process = start_server(BIN, self.port, ROOT / "Public", ARTIFACTS / "server-spare.log", self.env)
        self.port = self.process.port

    def stop(self):
        stop_server(self.process)


@pytest.fixture
def spare_server():
    server = SpareServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
