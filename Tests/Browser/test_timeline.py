"""The timeline panel (issue 18): lanes from GET /timeline, a playhead that scrubs this page alone
through at= frames while the stream and other pages go on, a bar's plot, and Replay slowly at 0.1×."""
import io
import os
import shutil
import urllib.request

from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from a11y import NO_TRANSITIONS_JS, active, axe_violations, describe_violations, focus_indicator_pixels, press
from conftest import ROOT, open_studio
from support import console_errors, wait_until

PANEL = '[data-component="timeline"]'


# The lane a pause animates (the button's background colour): its newest bar is the pause's own.
PAUSE_LANE = "play-button › scale › background · fillColor"


def newest_bar(page, action, lane=PAUSE_LANE):
    """Focuses or clicks (`action`) the newest bar of `lane`, queried and acted on in one step (the
    lanes are redrawn as the window moves). Not the lanes' first bar: that is the oldest animation
    kept, often an earlier test's, which can leave the 60 s history while a test runs."""
    page.execute_script(
        "const lane = [...document.querySelectorAll(arguments[0] + ' .lane')]"
        ".find(l => l.querySelector('.lane-label').textContent === arguments[1]);"
        "[...lane.querySelectorAll('.bar')].at(-1)[arguments[2]]()", PANEL, lane, action)


def bars(page):
    return page.find_elements(By.CSS_SELECTOR, f"{PANEL} .bar")


def scrub_to(page, t):
    """What a drag of the playhead ends in: the range's value, and its input event."""
    page.execute_script(
        "const p = document.querySelector(arguments[0]); p.value = arguments[1];"
        "p.dispatchEvent(new Event('input', {bubbles: true}));", f'{PANEL} [data-part="playhead"]', str(t))


def test_scrub_plot_and_replay_slowly(page, api, base_url):
    reply = api.request("POST", "/play-button/mode", mode="pause")
    t0 = reply["sceneTime"]
    wait_until(lambda: len(bars(page)) >= 9, 5, "the pause's chain on the lanes")

    # Scrubbing: the frame of the playhead's time, by its X-Scene-Time, on this page only.
    t = round(t0 + 0.3, 3)
    wait_until(lambda: api.state()["sceneTime"] > t + 0.1, 3, "the clock to pass the scrubbed time")
    scrub_to(page, t)
    wait_until(lambda: abs(page.execute_script("return studio.timeline.shownTime") - t) < 1e-6, 5, "the scrubbed frame")
    wait_until(lambda: abs(page.execute_script("return studio.frameTime") - t) < 1e-6, 2, "the scrubbed frame on screen")
    assert page.execute_script("return studio.connections") == 2, "still the stream and the events"
    clock = api.state()["clock"]
    assert not clock["paused"] and api.state()["sceneTime"] > t, "the shared clock runs on"
    # The stream's frames are set aside: ten more live frames decoded, and the scrubbed one stays.
    decoded = lambda: page.execute_script("return studio.video.getVideoPlaybackQuality().totalVideoFrames")  # noqa: E731
    before = decoded()
    wait_until(lambda: decoded() >= before + 10, 5, "ten more live frames")
    assert abs(page.execute_script("return studio.frameTime") - t) < 1e-6, "the stream's frames are set aside"

    # A second page keeps streaming the live scene meanwhile.
    original = page.current_window_handle
    page.switch_to.new_window("tab")
    try:
        page.get(base_url + "/")
        wait_until(lambda: page.execute_script("return window.studio && studio.fps > 0"), 10, "the second page's stream")
        first = page.execute_script("return studio.frameTime")
        wait_until(lambda: page.execute_script("return studio.frameTime") > first > t, 3, "the second page's live frames")
    finally:
        page.close()
        page.switch_to.window(original)

    # A bar's plot (the pause's own): its values and its curve.
    newest_bar(page, "click")
    plot = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="plot"]')
    wait_until(lambda: plot.is_displayed() and "samples" in plot.text, 3, "the plot")
    assert plot.find_elements(By.CSS_SELECTOR, "polyline, .plot-shape, rect[fill]") and plot.find_elements(By.CSS_SELECTOR, ".plot-curve")

    # The bar is now the in–out range, with a clip of it from the server's past frames.
    chosen = page.execute_script("return studio.timeline.view.range")
    assert chosen and chosen["to"] > chosen["from"]
    clip = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="clip"]')
    assert clip.is_displayed()
    href = clip.get_attribute("href")
    assert f"at={chosen['from']:.3f}" in href and "seconds=" in href, href
    with urllib.request.urlopen(href.replace("control=all", "control=all&size=64"), timeout=60) as response:
        assert response.status == 200 and response.headers["Content-Type"] == "image/webp"

    # Replay slowly runs on the page's own clock (performance.now), which the test holds and moves
    # by hand: each second of it is a tenth of a second of scene, whatever the machine's load.
    page.execute_script("window.__now = performance.now(); performance.now = () => window.__now;")
    shown = lambda: page.execute_script("return studio.timeline.shownTime")  # noqa: E731
    try:
        # With a range: the range at a tenth of its speed, from its start.
        page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="replay"]').click()
        wait_until(lambda: page.execute_script("return studio.timeline.replayRate") == 0.1 and "Replaying the in–out range"
                   in page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="message"]').text, 3, "the range's replay")
        wait_until(lambda: abs(shown() - chosen["from"]) < 1e-6, 3, "the range's first frame")
        page.execute_script("window.__now += 1000")
        wait_until(lambda: abs(shown() - (chosen["from"] + 0.1)) < 1e-6, 3, "0.1 s of the range after a second")

        # Without a range: the last command's animations at a tenth of their speed.
        page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="clear-range"]').click()
        page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="replay"]').click()
        message = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="message"]')
        wait_until(lambda: "POST /play-button/mode" in message.text, 3, "the command's replay")
        assert page.execute_script("return studio.timeline.replayRate") == 0.1
        # The replay starts at the command's time, before the scrubbed frame still on screen (t0 + 0.3).
        wait_until(lambda: abs(shown() - t0) < 1e-6, 3, "the replay's first frame, at the command's time")
        for seconds in (1, 2):
            page.execute_script("window.__now += 1000")
            wait_until(lambda: abs(shown() - (t0 + 0.1 * seconds)) < 1e-6, 3, f"{0.1 * seconds:.1f} s of scene after {seconds} s")
    finally:
        page.execute_script("delete performance.now")  # the prototype's again

    # Live: the stream's frames again.
    page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="live"]').click()
    wait_until(lambda: not page.execute_script("return studio.timeline.scrubbing"), 1, "Live")
    wait_until(lambda: page.execute_script("return studio.frameTime") > api.state()["sceneTime"] - 1, 3, "live frames")
    assert console_errors(page) == []


def test_the_panel_fits_a_phone_in_dark_mode(browser, api, base_url):
    """The panel fits 360 px, and each bar's focus ring shows beside bars that touch it: seeks 0.1 s
    apart leave a row of replaced bars in the warning colour, as light as the ring's own in the dark
    theme (a clean CI run's keyboard walk once found 50 px of ring where 55 were wanted)."""
    api.reset_scene()
    page = open_studio(browser, base_url, width=360, height=740, dark=True, mobile=True)
    page.execute_script(NO_TRANSITIONS_JS)
    api.request("POST", "/clock", paused=True)
    for progress in (10, 30, 50, 70):
        last = api.request("POST", "/player/seek", progress=progress)["sceneTime"]
        api.request("POST", "/clock", step=0.1)
    api.request("POST", "/play-button/mode", mode="stop")
    seeks = f'{PANEL} .bar[aria-label*="POST /player/seek"]'
    wait_until(lambda: f"from {last:.3f} s" in page.execute_script(
        "return document.querySelectorAll(arguments[0])[document.querySelectorAll(arguments[0]).length - 1]"
        "?.getAttribute('aria-label') ?? ''", seeks), 5, "the seeks' bars on the lanes")
    panel = page.find_element(By.CSS_SELECTOR, PANEL)
    width, scroll = page.execute_script("const p = arguments[0]; return [p.clientWidth, p.scrollWidth]", panel)
    assert scroll <= width, f"the panel overflows: {scroll} > {width}"
    assert page.execute_script("return document.documentElement.scrollWidth") <= 360
    for index in range(-4, 0):
        page.execute_script("[...document.querySelectorAll(arguments[0])].at(arguments[1]).focus()", seeks, index)
        changed, perimeter = focused_item_marking(page)
        assert changed >= perimeter, f"seek bar {index}: its ring changes {changed} px (want ≥ {perimeter:.0f})"
    assert console_errors(page) == []


def focused_item_marking(page):
    """`focus_indicator_pixels` of the focused lane item. The lanes are redrawn as the pause's animations
    start and end, and a redraw puts the focus on the new item in the old one's place: measured on the
    old one, the blur would miss and both pictures show the ring. They also move as the window follows
    the scene, and a picture of where the item was shows no ring (0 px, once). So it is measured again
    until the item it measured is still the page's and still where it was."""
    box = "const r = arguments[0].getBoundingClientRect(); return [r.x, r.y, r.width, r.height]"
    for _ in range(10):
        element = active(page)
        before = page.execute_script(box, element)
        changed, perimeter, _ = focus_indicator_pixels(page, element)
        if page.execute_script("return arguments[0].isConnected && document.activeElement === arguments[0]", element) \
                and page.execute_script(box, element) == before:
            return changed, perimeter
    raise AssertionError("the lanes were redrawn or moved during each of 10 measurements")


def test_the_lanes_work_from_the_keyboard(page, api):
    """One tab stop for all the lanes; arrows move between bars and lanes, each item says what it
    is, Enter plots, the place survives a redraw, and axe finds nothing with the plot open.
    (The lanes are redrawn as animations come and go, so the focus is read as text, not kept as an
    element.)"""
    api.request("POST", "/play-button/mode", mode="pause")
    wait_until(lambda: len(bars(page)) >= 9, 5, "the pause's chain on the lanes")
    # The clock stands still for the walk, so the lanes do too: on a running clock a redraw between
    # two keys (every event moves the window) once gave the lanes' stop to another lane's bar under
    # stress-ng --cpu 2, and End then walked that lane. Commands still redraw them (the meter's below).
    api.request("POST", "/clock", paused=True)
    page.execute_script(NO_TRANSITIONS_JS)  # a ring is drawn at once
    lanes = f'{PANEL} [data-part="lanes"]'
    stops = lambda: page.execute_script(f"return document.querySelectorAll('{lanes} button[tabindex=\"0\"]').length")
    # Where the focus is: in the lanes or not, its lane's label, its own label and its tab index.
    focus = lambda: page.execute_script(
        "const a = document.activeElement, lanes = document.querySelector(arguments[0]);"
        "return lanes.contains(a) ? {lane: a.closest('.lane').querySelector('.lane-label').textContent,"
        " label: a.getAttribute('aria-label'), tabindex: a.getAttribute('tabindex'), cls: a.className} : null", lanes)
    assert stops() == 1, "the lanes are one stop in the tab order"

    page.execute_script("document.querySelector(arguments[0]).focus()", f'{PANEL} [data-part="playhead"]')
    press(page, Keys.TAB)
    first = focus()
    assert first is not None, "Tab reaches the lanes"
    detail = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="detail"]')
    assert detail.text == first["label"] != "", "focus shows what hover shows"
    changed, perimeter = focused_item_marking(page)
    assert changed >= perimeter, f"the focused item is marked: {changed} px changed for a {perimeter} px perimeter"

    press(page, Keys.ARROW_DOWN)
    second = focus()
    assert second is not None and second["lane"] != first["lane"], "Down moves to the next lane"
    press(page, Keys.END)
    last = focus()
    assert last is not None and last["lane"] == second["lane"] and last["tabindex"] == "0", "End stays on the lane"
    assert stops() == 1, "the tab stop follows the focus"

    # Bars: Enter plots the focused one (the pause's own).
    newest_bar(page, "focus")
    bar = focus()
    press(page, Keys.ENTER)
    plot = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="plot"]')
    wait_until(lambda: plot.is_displayed() and "samples" in plot.text, 3, "the plot from the keyboard")
    assert bar["lane"].split(" · ")[1] in plot.text, "the focused bar's key path is plotted"

    # A redraw (the meter's new segment on a new lane) keeps the keyboard's place on the same animation.
    meter_lanes = lambda: page.execute_script(
        f"return [...document.querySelectorAll('{lanes} .lane-label')].filter(l => l.textContent.startsWith('meter')).length")
    before = meter_lanes()
    api.request("POST", "/meter/press")
    wait_until(lambda: meter_lanes() > before, 5, "the meter's segment on the lanes")
    now = focus()
    assert now is not None, "the focus stays in the lanes"
    assert (now["lane"], now["label"].split(",")[0]) == (bar["lane"], bar["label"].split(",")[0]), "on the same animation"

    # Tab leaves the lanes at once, whatever their length.
    press(page, Keys.TAB)
    assert focus() is None

    # The panel alone: the whole page with a plot open is test_timeline_ruler.py's, at both widths.
    violations = axe_violations(page, ['[data-component="timeline"]'])
    assert violations == [], "timeline with a plot open:\n" + describe_violations(violations)
    assert console_errors(page) == []


def test_the_panel_picture(page, api, artifacts):
    """The README's picture of the panel: pause then play 0.3 s later, the replaced turn plotted.
    Kept in artifacts/browser/; LAYERCAST_UPDATE_DOCS=1 also replaces docs/timeline-panel.png."""
    # 0.3 s apart in scene time, exactly: the paused clock's step between them.
    api.request("POST", "/clock", paused=True)
    api.request("POST", "/play-button/mode", mode="pause")
    api.request("POST", "/clock", step=0.3)
    api.request("POST", "/play-button/mode", mode="play")
    api.request("POST", "/clock", paused=False)
    replaced = f'{PANEL} .bar[data-outcome="replaced"][aria-label^="transform.rotation.z"]'
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, replaced), 5, "the replaced turn on the lanes")
    page.execute_script("document.querySelector(arguments[0]).click()", replaced)
    plot = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="plot"]')
    wait_until(lambda: plot.is_displayed() and "transform.rotation.z" in plot.text, 3, "the turn's plot")
    panel = page.find_element(By.CSS_SELECTOR, PANEL)
    page.execute_script("arguments[0].scrollIntoView()", panel)
    png = panel.screenshot_as_png
    path = artifacts / "timeline-panel.png"
    path.write_bytes(png)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert len(image.resize((64, 64)).getcolors(4096) or range(4097)) > 20, "the picture looks empty"
    if os.environ.get("LAYERCAST_UPDATE_DOCS") == "1":
        shutil.copyfile(path, ROOT / "docs" / "timeline-panel.png")
    assert console_errors(page) == []
