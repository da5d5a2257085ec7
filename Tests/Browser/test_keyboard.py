"""9. The keyboard alone: Tab reaches everything in order, with a focus indicator that can be seen and
is not covered, and every panel and card works from the keys (Enter, Space, arrows, the shortcuts)."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from a11y import (NO_TRANSITIONS_JS, TABBABLE_JS, active, focus_indicator_pixels, press, shift_tab, tab_to,
                  wait_for_announcement)
from conftest import open_studio
from support import console_errors, in_card, in_component, wait_until

DESCRIBE_JS = """
const el = arguments[0];
const name = el.getAttribute('aria-label') || el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40);
return `${el.tagName.toLowerCase()}${el.dataset.part ? '[' + el.dataset.part + ']' : ''} “${name}”`;
"""


def describe(driver, element):
    return driver.execute_script(DESCRIBE_JS, element)


@pytest.mark.parametrize("width,height,dark,mobile", [
    pytest.param(1280, 800, False, False, id="1280-light"),
    pytest.param(390, 844, True, True, id="390-dark"),
])
def test_tab_walks_the_page_in_order_with_a_visible_focus(browser, api, base_url, width, height, dark, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, dark=dark, mobile=mobile)
    page.execute_script(NO_TRANSITIONS_JS)
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, '[data-component="timeline"] .lanes button[tabindex="0"]'),
               5, "the timeline's lanes")
    # The clock stands still for the walk, so the timeline's window does too: a bar that held the
    # lanes' stop cannot leave the window (and take the focus elsewhere) between Tab and the
    # screenshots of its ring, as a clean CI run once saw.
    api.request("POST", "/clock", paused=True)
    # The timeline's lanes are one stop, held by one of their bars; the bars come and go as the
    # window moves (the scene was just reset), so that stop is checked as "somewhere in the lanes"
    # (and which stops are in the lanes is asked in the same call, before a redraw can intervene).
    lanes = page.find_element(By.CSS_SELECTOR, '[data-component="timeline"] [data-part="lanes"]')
    expected, in_lanes = page.execute_script(
        "const lanes = arguments[0], all = (() => {" + TABBABLE_JS + "})(); return [all, all.map(e => lanes.contains(e))]",
        lanes)
    assert len(expected) > 40, f"only {len(expected)} elements can take focus"
    assert in_lanes.count(True) == 1, "the lanes are one stop in the tab order"
    previous = None
    for element, lane_stop in zip(expected, in_lanes):
        press(page, Keys.TAB)
        if lane_stop:
            element = active(page)
            assert page.execute_script("return arguments[0].contains(arguments[1])", lanes, element), \
                f"Tab went to {describe(page, element)}, not to the timeline's lanes"
        # Named only for a message: each WebDriver call is a round trip, and there are many stops.
        name = lambda: describe(page, element)  # noqa: E731
        assert active(page) == element, f"Tab went to {describe(page, active(page))}, not to {name()}"
        changed, perimeter, covered = focus_indicator_pixels(page, element)
        # A 2 px ring around the box changes about twice its perimeter; half of that must change.
        assert changed >= perimeter, f"{name()}: focus changes {changed} px around it (want ≥ {perimeter:.0f})"
        assert not covered, f"{name()} is covered while it has focus"
        if mobile:
            box = element.rect
            if previous:
                # One column: the next stop is further down, or on the same line further right.
                same_line = box["y"] < previous["y"] + previous["height"] and previous["y"] < box["y"] + box["height"]
                assert box["y"] >= previous["y"] or (same_line and box["x"] >= previous["x"]), \
                    f"{name()} at {box} comes before the previous stop at {previous} on screen"
            previous = box
    assert console_errors(page) == []


def test_the_skip_link_leads_to_the_controls(page):
    press(page, Keys.TAB)
    skip = active(page)
    assert skip.text == "Skip to the controls" and skip.rect["y"] >= 0, "the skip link shows when it has focus"
    press(page, Keys.ENTER)
    press(page, Keys.TAB)
    assert active(page) == in_card(page, "meter", "frame-link")


def test_the_clock_panel_by_keyboard(page, api):
    tab_to(page, '[data-component="clock"] [data-part="pause"]', Keys.ENTER)
    clock = wait_until(lambda: (c := api.state()["clock"]) and c["paused"] and c, 2, "the clock to pause")
    wait_for_announcement(page, "Clock paused")
    t0 = clock["sceneTime"]
    tab_to(page, '[data-component="clock"] [data-part="forward"]', Keys.ENTER)
    wait_until(lambda: abs(api.state()["sceneTime"] - (t0 + 1 / 30)) < 1e-6, 2, "one frame on")
    shift_tab(page, 2)
    assert active(page) == in_component(page, "clock", "back")
    press(page, Keys.SPACE)
    wait_until(lambda: abs(api.state()["sceneTime"] - t0) < 1e-6, 2, "one frame back")
    press(page, "p")  # the shortcut, from a focused button
    wait_until(lambda: not api.state()["clock"]["paused"], 2, "the clock to resume on P")

    tab_to(page, '[data-component="clock"] [data-speed="0.25"]', Keys.ENTER)
    wait_until(lambda: api.state()["clock"]["speed"] == 0.25, 2, "speed 0.25")
    tab_to(page, '[data-component="clock"] [data-speed="1"]', Keys.SPACE)
    wait_until(lambda: api.state()["clock"]["speed"] == 1, 2, "speed 1")

    tab_to(page, '[data-component="clock"] [data-part="debug"]', Keys.SPACE)
    wait_until(lambda: "debug=" in page.execute_script("return studio.streamUrl"), 3, "the geometry overlay")
    press(page, Keys.SPACE)
    wait_until(lambda: "debug=" not in page.execute_script("return studio.streamUrl"), 3, "no overlay")

    tab_to(page, '[data-component="clock"] [data-part="clip-save"] summary', Keys.ENTER)
    # A closed select takes the first letters of an option, as in any form.
    tab_to(page, '[data-component="clock"] [data-part="clip-target"]', "r")
    tab_to(page, '[data-component="clock"] [data-part="clip-seconds"]', Keys.HOME)  # the first, 1 s
    tab_to(page, '[data-component="clock"] [data-part="save-clip"]')
    page.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "deny"})
    press(page, Keys.ENTER)
    wait_for_announcement(page, "Clip saved: layercast-meter-next-1s.webp", timeout=60)
    press(page, Keys.ESCAPE)
    assert not in_component(page, "clock", "clip-save").get_attribute("open"), "Escape closes the form"
    assert active(page).tag_name == "summary", "and gives focus back to its button"
    assert console_errors(page) == []


def test_the_view_panel_by_keyboard(page, api):
    view = '[data-component="view"]'
    tab_to(page, f'{view} [data-part="motion"]', Keys.ENTER)
    wait_until(lambda: page.execute_script("return studio.connections") == 1, 3, "the stream to close")
    assert in_component(page, "view", "motion-label").text == "Play motion"
    wait_for_announcement(page, "still frames")
    press(page, Keys.SPACE)
    wait_until(lambda: page.execute_script("return studio.fps") > 0, 5, "the stream to play again")
    assert in_component(page, "view", "motion-label").text == "Pause motion"

    tab_to(page, f'{view} [data-part="size"]', Keys.ARROW_DOWN)
    wait_until(lambda: in_card(page, "meter", "stage").rect["height"] == 300, 3, "the Large size")
    assert in_component(page, "view", "size").get_attribute("value") == "300"
    tab_to(page, f'{view} [data-scale="2"]', Keys.ENTER)
    wait_until(lambda: "scale=2" in page.execute_script("return studio.streamUrl"), 3, "scale 2")
    tab_to(page, f'{view} [data-bg="dark"]', Keys.SPACE)
    wait_until(lambda: "background=dark" in page.execute_script("return studio.streamUrl"), 3, "the dark backdrop")
    assert page.find_element(By.CSS_SELECTOR, f'{view} [data-bg="dark"]').get_attribute("aria-pressed") == "true"
    # The JPEG quality is MJPEG's: it shows once the stream is MJPEG.
    assert not in_component(page, "view", "quality").is_displayed()
    tab_to(page, f'{view} [data-transport="mjpeg"]', Keys.ENTER)
    wait_until(lambda: "stream.mjpg" in page.execute_script("return studio.streamUrl"), 3, "MJPEG")
    tab_to(page, f'{view} [data-part="quality"]')
    quality = in_component(page, "view", "quality")
    # The slider's range is the one the server accepts (GET /layout), in steps of one.
    wait_until(lambda: (quality.get_attribute("min"), quality.get_attribute("max")) == ("1", "100"), 3, "the served range")
    press(page, Keys.ARROW_LEFT)
    wait_until(lambda: "quality=84" in page.execute_script("return studio.streamUrl"), 3, "JPEG quality 84")
    assert in_component(page, "view", "quality-out").text == "84"
    assert page.execute_script("return arguments[0].labels[0].textContent", quality) == "JPEG quality"
    assert console_errors(page) == []


def test_the_meter_by_keyboard(page, api):
    stage = tab_to(page, '[data-control="meter"] [data-part="stage"]', Keys.ENTER)
    wait_until(lambda: api.state()["meter"]["recording"], 2, "Enter to start recording")
    wait_until(lambda: stage.get_attribute("aria-pressed") == "true", 2, "the stage to show it recording")
    wait_for_announcement(page, "Recording meter, recording, 1 segment")
    press(page, Keys.ENTER)
    wait_until(lambda: not api.state()["meter"]["recording"], 2, "Enter again to pause")
    wait_until(lambda: stage.get_attribute("aria-pressed") == "false", 2, "the stage to show it paused")
    wait_for_announcement(page, "Recording meter, paused, 1 segment")

    # Space still records for as long as it is held.
    ActionChains(page).key_down(Keys.SPACE).perform()
    wait_until(lambda: api.state()["meter"]["recording"], 2, "Space held to record")
    ActionChains(page).key_up(Keys.SPACE).perform()
    wait_until(lambda: (m := api.state()["meter"]) and not m["recording"] and m["segmentCount"] == 2, 2,
               "a second segment")

    tab_to(page, '[data-control="meter"] [data-part="reset"]', Keys.ENTER)
    wait_until(lambda: api.state()["meter"]["segmentCount"] == 0, 2, "the reset")
    # The page frees Length once the reset's state reaches it, which may be after the API answered;
    # a disabled select is not in the tab order, so wait for that before tabbing to it.
    duration = page.find_element("css selector", '[data-control="meter"] [data-part="duration"]')
    wait_until(lambda: duration.is_enabled(), 2, "Length to be free")
    tab_to(page, '[data-control="meter"] [data-part="duration"]', Keys.ARROW_UP)
    wait_until(lambda: api.state()["meter"]["duration"] == 30, 2, "a 30 s meter")
    assert console_errors(page) == []


def test_the_play_button_by_keyboard(page, api):
    tab_to(page, '[data-control="play-button"] [data-part="stage"]', Keys.ENTER)
    wait_until(lambda: api.state()["playButton"]["mode"] == "buffering", 2, "Enter: play → buffering")
    wait_for_announcement(page, "Play button, buffering")
    press(page, Keys.SPACE)
    wait_until(lambda: api.state()["playButton"]["mode"] == "stop", 2, "Space: buffering → stop")

    tab_to(page, '[data-control="play-button"] [data-mode="pause"]', Keys.ENTER)
    wait_until(lambda: api.state()["playButton"]["mode"] == "pause", 2, "the Pause mode button")
    tab_to(page, '[data-control="play-button"] [data-part="animated"]', Keys.SPACE)
    assert not active(page).is_selected()
    tab_to(page, '[data-control="play-button"] [data-part="enabled"]', Keys.SPACE)
    wait_until(lambda: not api.state()["playButton"]["enabled"], 2, "the button disabled")
    wait_for_announcement(page, "Play button, pause icon, disabled")
    press(page, Keys.SPACE)
    wait_until(lambda: api.state()["playButton"]["enabled"], 2, "the button enabled")
    tab_to(page, '[data-control="play-button"] [data-theme="sample"]', Keys.ENTER)
    wait_until(lambda: api.state()["playButton"]["theme"] == "sample", 2, "the sample theme")
    assert console_errors(page) == []


def test_the_player_by_keyboard(page, api):
    tab_to(page, '[data-control="player"] [data-part="stage"]', Keys.ENTER)
    wait_until(lambda: api.state()["player"]["playing"], 2, "Enter to play")
    wait_for_announcement(page, "Music player, playing")
    tab_to(page, '[data-control="player"] [data-part="toggle"]', Keys.ENTER)
    wait_until(lambda: not api.state()["player"]["playing"], 2, "the Pause button")
    wait_for_announcement(page, "Music player, paused at")

    tab_to(page, '[data-control="player"] [data-part="artwork"]')  # reached; its file dialog is not opened here
    tab_to(page, '[data-control="player"] [data-part="seek"]', Keys.HOME, *[Keys.ARROW_RIGHT] * 5)
    wait_until(lambda: round(api.state()["player"]["progress"]["model"]) == 5, 3, "the seek to 5 %")
    assert in_card(page, "player", "seek").get_attribute("aria-valuetext") == "5 percent"
    shift_tab(page, 2)
    assert active(page) == in_card(page, "player", "restart")
    press(page, Keys.ENTER)
    wait_until(lambda: api.state()["player"]["progress"]["model"] < 5, 2, "the restart")
    assert console_errors(page) == []


def test_the_spinner_and_the_inspector_by_keyboard(page, api):
    tab_to(page, '[data-control="spinner"] [data-part="stage"]', Keys.ENTER)
    wait_until(lambda: not api.state()["spinner"]["animating"], 2, "Enter to stop the spinner")
    wait_for_announcement(page, "Spinner, stopped")
    tab_to(page, '[data-control="spinner"] [data-spinner="start"]', Keys.SPACE)
    wait_until(lambda: api.state()["spinner"]["animating"], 2, "the Start button")

    summary = tab_to(page, ".raw-state summary", Keys.ENTER)
    assert summary.find_element(By.XPATH, "..").get_attribute("open") is not None
    press(page, Keys.TAB)
    raw = in_component(page, "inspector", "raw-state")
    assert active(page) == raw, "the live state can be scrolled from the keyboard"
    wait_until(lambda: '"revision"' in raw.text, 3, "the live state")
    assert console_errors(page) == []


def test_a_message_is_dismissed_by_keyboard(page, api):
    api.request("PUT", "/meter/config", duration=1)
    api.request("POST", "/meter/hold", seconds=1)
    wait_until(lambda: api.state()["meter"]["complete"], 4, "the meter to complete")
    # The page must know it too: while it still shows recording, Enter means release, which succeeds.
    wait_until(lambda: in_card(page, "meter", "status").text == "Complete", 4, "Complete on the card")
    tab_to(page, '[data-control="meter"] [data-part="stage"]', Keys.ENTER)  # refused: the meter is full
    toast = wait_until(lambda: page.find_element(By.CSS_SELECTOR, '[data-component="toasts"] .toast'), 3, "the message")
    assert toast.get_attribute("role") == "alert"
    tab_to(page, '[data-component="toasts"] .toast button', Keys.ENTER)
    wait_until(lambda: not page.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] .toast'), 2, "the message gone")
    assert console_errors(page, allow=("409",)) == []
