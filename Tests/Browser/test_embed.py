"""The embeddable player (issue 34): a page on another origin (Python's http.server on another loopback
port) imports /embed.js and shows two <layercast-player>s, one live and one playing a stored scenario.
Both play, the live one as H.264 through Media Source (/stream.mp4, a viewer on the mp4 transport);
scrolled off screen, in a hidden tab or when the page is left, the live one closes its stream (the
server's open streams drop) and the video pauses, and both resume on return; `transport="mjpeg"`, a
browser without H.264 in Media Source and a refused or failing video give MJPEG in an <img>; with
prefers-reduced-motion a still and a Play button show, and no stream opens until it is pressed; axe
finds no violations; nothing is stored."""
import functools
import http.server
import json
import threading
import urllib.parse
import urllib.request

import pytest

from a11y import axe_violations, describe_violations
from selenium.webdriver.common.by import By

from conftest import leave_page, set_viewport
from support import console_errors, wait_until
from test_props import clipboard, open_panel, row

SCENARIO = {"name": "embedded", "duration": 2, "steps": [
    {"at": 0.5, "do": "POST /spinner/stop"}, {"at": 1.2, "do": "POST /spinner/start"}]}

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs with two players</title><link rel="icon" href="data:,">
<script type="module" src="{base}/embed.js?v={version}"></script></head>
<body><main><h1>The spinner</h1>
<layercast-player id="live" control="spinner" size="120" autoplay controls></layercast-player>
<layercast-player id="scenario" control="spinner" scenario="{scenario}" size="120" autoplay loop controls></layercast-player>
<div style="height: 3000px"></div><p id="end">The end.</p></main></body></html>
"""

MEDIA_JS = "return document.getElementById(arguments[0]).shadowRoot.querySelector(arguments[1])"


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory, base_url):
    """A page on another origin that embeds two players."""
    request = urllib.request.Request(base_url + "/scenarios", data=json.dumps(SCENARIO).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        scenario = json.loads(response.read())["id"]
    with urllib.request.urlopen(base_url + "/openapi.json", timeout=10) as response:
        version = json.loads(response.read())["info"]["version"]
    folder = tmp_path_factory.mktemp("docs")
    (folder / "index.html").write_text(PAGE.format(base=base_url, version=version, scenario=scenario))
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield DocsSite(f"http://127.0.0.1:{server.server_address[1]}", folder, base_url)
    finally:
        server.shutdown()
        server.server_close()


class DocsSite:
    def __init__(self, base, folder, server):
        self.base = base
        self.server = server  # the Layercast server its players show
        self.folder = folder
        self.index = base + "/index.html"

    def page(self, name, html):
        """Adds a page to the site; returns its URL."""
        (self.folder / name).write_text(html)
        return f"{self.base}/{name}"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def open_docs(driver, site, url=None, less_motion=False):
    """Opens a page of the docs site (its index unless `url`), once the server's streams are closed."""
    set_viewport(driver, 1024, 700, less_motion=less_motion)
    leave_page(driver, site.server)
    driver.get_log("browser")
    driver.get(url or site.index)
    wait_until(lambda: driver.execute_script("return !!customElements.get('layercast-player')"), 5, "the element")


# A 120 px picture shown from the MJPEG stream itself: currentSrc is the request whose picture is
# on screen (a new src waits as a pending request until its first picture has come).
STREAM_PICTURE_JS = """const img = arguments[0];
return img.currentSrc.includes('/stream.mjpg?') && img.complete && img.naturalWidth === 120"""


def live_image(driver):
    return driver.execute_script(MEDIA_JS, "live", "img")


def live_video(driver):
    return driver.execute_script(MEDIA_JS, "live", "video")


# The live player's <video>: its time, the frames it decoded, and whether it plays.
LIVE_PLAYING_JS = """const v = document.getElementById(arguments[0]).shadowRoot.querySelector('video');
return v && { time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames, paused: v.paused,
              width: v.videoWidth, src: v.currentSrc,
              lag: v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : null }"""


def live_playing(driver, player="live"):
    return driver.execute_script(LIVE_PLAYING_JS, player)


def video_state(driver):
    return driver.execute_script("const v = document.getElementById('scenario').shadowRoot.querySelector('video');"
                                 "return {time: v.currentTime, paused: v.paused, src: v.currentSrc}")


def streams(api):
    return api.gauge("layercast_open_streams")


def viewers(api, transport, control="spinner"):
    """The viewers of `control`'s live feeds on `transport` (mp4 or mjpeg), over their size classes."""
    total = 0
    for line in api.metrics().splitlines():
        if (line.startswith("layercast_stream_viewers{") and f'transport="{transport}"' in line
                and f'control="{control}"' in line):
            total += float(line.split()[-1])
    return total


def wait_playing(driver, what, player="live"):
    """Waits until the live <video> plays: its time and its decoded frames move on."""
    first = wait_until(lambda: (p := live_playing(driver, player)) and p["frames"] > 0 and p, 10, f"{what}: frames")
    later = wait_until(lambda: (p := live_playing(driver, player)) and p["time"] > first["time"] + 0.5
                       and p["frames"] > first["frames"] + 5 and p, 10, f"{what}: the video to advance")
    assert not later["paused"], later
    return later


def test_two_embedded_players_play_and_stop_off_screen(browser, api, docs_site):
    api.reset_scene()
    open_docs(browser, docs_site)
    assert browser.execute_script("return MediaSource.isTypeSupported('video/mp4; codecs=\"avc1.42E01E\"')")
    wait_until(lambda: streams(api) == 1, 5, "the live player's stream")
    wait_until(lambda: viewers(api, "mp4") == 1, 5, "a viewer of the live video")
    assert viewers(api, "mjpeg") == 0
    assert live_image(browser) is None, "no MJPEG where the browser plays the video"
    video = live_video(browser)
    assert video.get_attribute("aria-label") == "Layercast: spinner, live"
    assert "/frame.png?" in video.get_attribute("poster")
    playing = wait_playing(browser, "the live video")
    assert playing["width"] == 120 and playing["src"].startswith("blob:"), playing
    # Near the newest frame: a joiner's first key frame (up to 2 s old) is skipped over.
    assert playing["lag"] is not None and playing["lag"] < 0.6, playing
    first = wait_until(lambda: (v := video_state(browser))["time"] > 0 and v, 10, "the scenario's video to play")
    assert "/clip.mp4?" in first["src"] and "v=" in first["src"], first
    wait_until(lambda: video_state(browser)["time"] > first["time"] + 0.3, 5, "the video to advance")

    browser.execute_script("document.getElementById('end').scrollIntoView()")
    wait_until(lambda: streams(api) == 0, 5, "the stream to close off screen")
    wait_until(lambda: viewers(api, "mp4") == 0, 5, "no viewer of the live video off screen")
    wait_until(lambda: video_state(browser)["paused"], 5, "the video to pause off screen")
    assert live_playing(browser)["paused"], "the live video holds its last frame"

    browser.execute_script("window.scrollTo(0, 0)")
    wait_until(lambda: streams(api) == 1, 5, "the stream to reopen on screen")
    wait_until(lambda: viewers(api, "mp4") == 1, 5, "the live video's viewer again")
    wait_playing(browser, "the live video again")
    wait_until(lambda: not video_state(browser)["paused"], 5, "the video to play again")
    assert browser.execute_script("return document.cookie === '' && localStorage.length === 0 "
                                  "&& sessionStorage.length === 0")
    assert console_errors(browser) == []


def test_the_live_video_keeps_its_memory_flat(browser, api, docs_site):
    """Played video more than about 4 s old is let go of: what stays buffered spans a few seconds."""
    api.reset_scene()
    open_docs(browser, docs_site)
    first = wait_playing(browser, "the live video")
    wait_until(lambda: live_playing(browser)["time"] > first["time"] + 7, 15, "seven seconds more of video")
    span = browser.execute_script("const b = document.getElementById('live').shadowRoot.querySelector('video')"
                                  ".buffered; return b.end(b.length - 1) - b.start(0)")
    # Kept: 4 s behind the time played, up to a second more before it is removed, and what is ahead of it.
    assert span < 6.5, f"{span} s of video kept"
    assert live_playing(browser)["lag"] < 0.6
    assert console_errors(browser) == []


def test_a_hidden_tab_and_leaving_the_page_close_the_live_video(browser, api, docs_site):
    api.reset_scene()
    open_docs(browser, docs_site)
    wait_until(lambda: viewers(api, "mp4") == 1, 5, "a viewer of the live video")
    docs = browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        wait_until(lambda: streams(api) == 0, 5, "the hidden page to close its live video")
    finally:
        browser.close()
        browser.switch_to.window(docs)
    wait_until(lambda: viewers(api, "mp4") == 1, 5, "the live video on return")
    wait_playing(browser, "the live video on return")
    # pagehide closes it (a page kept in the back-forward cache holds no stream) and it starts over on return.
    browser.get(docs_site.page("elsewhere.html", '<!doctype html><html lang="en"><title>Elsewhere</title>'
                                                 '<link rel="icon" href="data:,"><main>Elsewhere</main></html>'))
    wait_until(lambda: streams(api) == 0, 5, "no stream once the page is left")
    browser.back()
    wait_until(lambda: viewers(api, "mp4") == 1, 5, "the live video back on the page")
    wait_playing(browser, "the live video back on the page")
    assert console_errors(browser) == []


def test_transport_mjpeg_shows_the_live_scene_in_an_image(browser, api, base_url, docs_site):
    api.reset_scene()
    url = docs_site.page("mjpeg.html", f"""<!doctype html><html lang="en"><title>MJPEG</title>
<link rel="icon" href="data:,"><script type="module" src="{base_url}/embed.js"></script><main>
<layercast-player id="live" control="spinner" size="120" transport="mjpeg" autoplay controls></layercast-player>
<div style="height: 3000px"></div><p id="end">The end.</p></main></html>""")
    open_docs(browser, docs_site, url)
    img = wait_until(lambda: live_image(browser), 5, "the live image")
    assert live_video(browser) is None
    # The stream's own picture: the poster (frame.png, also 120 px) shows first, until the player is
    # seen on screen and switches to the stream.
    wait_until(lambda: browser.execute_script(STREAM_PICTURE_JS, img), 5, "the live picture from the stream")
    assert img.get_attribute("alt") == "Layercast: spinner, live"
    wait_until(lambda: viewers(api, "mjpeg") == 1, 5, "a viewer of the MJPEG stream")
    assert viewers(api, "mp4") == 0
    browser.execute_script("document.getElementById('end').scrollIntoView()")
    wait_until(lambda: streams(api) == 0, 5, "the stream to close off screen")
    assert "/frame.png?" in live_image(browser).get_attribute("src"), "a still holds the place"
    browser.execute_script("window.scrollTo(0, 0)")
    wait_until(lambda: viewers(api, "mjpeg") == 1, 5, "the stream to reopen on screen")
    assert console_errors(browser) == []


# Scripts run before the docs page's own: each takes the live video away in its own way.
WITHOUT_VIDEO = {
    "no H.264 in Media Source": "MediaSource.isTypeSupported = () => false;",
    "the video refused": """const fetched = window.fetch;
window.fetch = (url, init) => String(url).includes('/stream.mp4?')
  ? Promise.resolve(new Response('busy', { status: 503 })) : fetched(url, init);""",
    "a full buffer": """SourceBuffer.prototype.appendBuffer = function () {
  throw new DOMException('the buffer is full', 'QuotaExceededError');
};""",
}


@pytest.mark.parametrize("case", list(WITHOUT_VIDEO))
def test_without_the_live_video_the_player_shows_mjpeg(browser, api, docs_site, case):
    api.reset_scene()
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WITHOUT_VIDEO[case]})
    try:
        open_docs(browser, docs_site)
        img = wait_until(lambda: live_image(browser), 5, "MJPEG in an image")
        wait_until(lambda: browser.execute_script(STREAM_PICTURE_JS, img), 5, "the live picture from the stream")
        assert live_video(browser) is None
        wait_until(lambda: viewers(api, "mjpeg") == 1 and viewers(api, "mp4") == 0, 5, "one MJPEG viewer alone")
        assert console_errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_reduced_motion_shows_a_still_until_asked(browser, api, docs_site):
    api.reset_scene()
    open_docs(browser, docs_site, less_motion=True)
    video = wait_until(lambda: live_video(browser), 5, "the live player")
    assert "/frame.png?" in video.get_attribute("poster") and not video.get_attribute("src"), "a still, no stream"
    assert video_state(browser)["paused"]
    button = browser.execute_script(MEDIA_JS, "live", "button")
    assert button.is_displayed() and button.text == "Play"
    assert button.get_attribute("aria-label") == "Play Layercast: spinner, live"
    wait_until(lambda: streams(api) == 0, 5, "no stream open (the page before this one's gone)")
    button.click()
    wait_until(lambda: streams(api) == 1, 5, "the stream once Play is pressed")
    wait_playing(browser, "the live video once Play is pressed")
    assert browser.execute_script(MEDIA_JS, "live", "button").text == "Pause"
    browser.execute_script("arguments[0].click()", browser.execute_script(MEDIA_JS, "live", "button"))
    wait_until(lambda: streams(api) == 0, 5, "the stream to close on Pause")


def test_the_embedding_page_has_no_accessibility_violations(browser, api, docs_site):
    open_docs(browser, docs_site)
    wait_until(lambda: streams(api) == 1, 5, "the live player")
    violations = axe_violations(browser)
    assert violations == [], describe_violations(violations)
    # Keyboard: the player's button is reached with Tab and works with Space.
    browser.execute_script(MEDIA_JS, "live", "button").send_keys(" ")
    wait_until(lambda: streams(api) == 0, 5, "Space on Pause to close the stream")


def test_the_copied_embed_code_shows_the_control_with_its_props_elsewhere(page, api, base_url, docs_site):
    """Copy embed code (issue 34): the module pinned to the server's version and a player with the props
    changed; pasted into a page of another origin, it shows them."""
    page.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url,
                                                      "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    api.patch_props("spinner", {"lineWidth": 9})
    details = open_panel(page, "spinner")
    wait_until(lambda: row(page, "spinner", "lineWidth").find_element(
        By.CSS_SELECTOR, 'input[type="number"]').get_attribute("value") == "9", 3, "the patched value on the page")
    details.find_element(By.CSS_SELECTOR, '[data-part="copy-embed"]').click()
    code = wait_until(lambda: (t := clipboard(page)) and "layercast-player" in t and t, 3, "the embed code")
    version = api.request("GET", "/layout")["version"]
    assert code == (f'<script type="module" src="{base_url}/embed.js?v={version}"></script>\n'
                    '<layercast-player control="spinner" props.line-width="9" size="240" autoplay controls>'
                    '</layercast-player>'), code
    api.request("DELETE", "/controls/spinner/props")
    original = page.current_window_handle
    page.switch_to.new_window("tab")
    try:
        page.get(docs_site.page("pasted.html", f'<!doctype html><html lang="en"><title>Pasted</title>'
                                                f'<link rel="icon" href="data:,">{code}</html>'))
        video = wait_until(lambda: page.execute_script(
            "return document.querySelector('layercast-player')?.shadowRoot?.querySelector('video')"), 5, "the player")
        assert "props.lineWidth=9" in video.get_attribute("poster")
        wait_until(lambda: page.execute_script("return arguments[0].videoWidth", video) == 240, 5, "its live video")
        wait_until(lambda: viewers(api, "mp4") == 1, 5, "a viewer of the live video")
    finally:
        page.close()
        page.switch_to.window(original)


def test_the_oembed_iframe_plays_and_its_page_is_accessible(browser, api, base_url, docs_site):
    """The oEmbed answer's html, pasted into another origin's page: its /embed iframe plays the live
    spinner; the /embed page alone passes axe."""
    target = urllib.parse.quote(f"{base_url}/embed?control=spinner&autoplay&controls", safe="")
    with urllib.request.urlopen(f"{base_url}/oembed?url={target}", timeout=10) as response:
        answer = json.loads(response.read())
    assert answer["type"] == "rich" and answer["html"].startswith("<iframe ")
    api.reset_scene()
    set_viewport(browser, 1024, 700)
    leave_page(browser, base_url)
    browser.get(docs_site.page("oembed.html", '<!doctype html><html lang="en"><title>oEmbed</title>'
                                              f'<link rel="icon" href="data:,"><main>{answer["html"]}</main></html>'))
    browser.switch_to.frame(browser.find_element(By.TAG_NAME, "iframe"))
    try:
        video = wait_until(lambda: browser.execute_script(
            "return document.querySelector('layercast-player')?.shadowRoot?.querySelector('video')"), 5, "the player")
        wait_until(lambda: browser.execute_script("return arguments[0].getVideoPlaybackQuality().totalVideoFrames", video)
                   > 5, 10, "the live video")
        wait_until(lambda: streams(api) == 1 and viewers(api, "mp4") == 1, 5, "the live video's stream open")
        assert browser.execute_script("return document.title") == "Layercast: spinner"
    finally:
        browser.switch_to.default_content()
    browser.get(f"{base_url}/embed?control=spinner&autoplay&controls")
    wait_until(lambda: browser.execute_script("return !!document.querySelector('layercast-player')"), 5, "the page's player")
    violations = axe_violations(browser)
    assert violations == [], describe_violations(violations)
