"""The timeline panel (issue 18): lanes from GET /timeline, a playhead that scrubs this page alone
through at= frames while the stream and other pages go on, a bar's plot, and Replay slowly at 0.1×."""
import time

from selenium.webdriver.common.by import By

from conftest import open_studio
from support import console_errors, wait_until

PANEL = '[data-component="timeline"]'


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
    time.sleep(0.3)
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

    # A bar's plot: its values and its curve.
    # (Queried and clicked in one step: the lanes are redrawn as the window moves.)
    page.execute_script("document.querySelector(arguments[0]).click()", f"{PANEL} .bar")
    plot = page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="plot"]')
    wait_until(lambda: plot.is_displayed() and "samples" in plot.text, 3, "the plot")
    assert plot.find_elements(By.CSS_SELECTOR, "polyline") and plot.find_elements(By.CSS_SELECTOR, "path")

    # Replay slowly: the last command's animations at a tenth of their speed.
    page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="replay"]').click()
    wait_until(lambda: page.execute_script("return studio.timeline.replayRate") == 0.1, 3, "the slow replay")
    wait_until(lambda: page.execute_script("return studio.timeline.shownTime") >= t0, 3, "the replay's first frame")
    start_scene, start_wall = page.execute_script("return studio.timeline.shownTime"), time.monotonic()
    wait_until(lambda: page.execute_script("return studio.timeline.shownTime") > start_scene + 0.02, 3, "the replay moving")
    scene = page.execute_script("return studio.timeline.shownTime") - start_scene
    wall = time.monotonic() - start_wall
    assert scene < wall * 0.2, f"{scene:.3f} s of scene in {wall:.3f} s: not slowed to 0.1×"

    # Live: the stream's frames again.
    page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="live"]').click()
    wait_until(lambda: not page.execute_script("return studio.timeline.scrubbing"), 1, "Live")
    wait_until(lambda: page.execute_script("return studio.frameTime") > api.state()["sceneTime"] - 1, 3, "live frames")
    assert console_errors(page) == []


def test_the_panel_fits_a_phone_in_dark_mode(browser, api, base_url):
    api.reset_scene()
    page = open_studio(browser, base_url, width=360, height=740, dark=True, mobile=True)
    api.request("POST", "/play-button/mode", mode="stop")
    wait_until(lambda: len(bars(page)) >= 3, 5, "bars on the lanes")
    panel = page.find_element(By.CSS_SELECTOR, PANEL)
    width, scroll = page.execute_script("const p = arguments[0]; return [p.clientWidth, p.scrollWidth]", panel)
    assert scroll <= width, f"the panel overflows: {scroll} > {width}"
    assert page.execute_script("return document.documentElement.scrollWidth") <= 360
    assert console_errors(page) == []
