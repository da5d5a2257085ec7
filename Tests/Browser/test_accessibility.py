"""8. Accessibility: axe-core's automated WCAG 2.2 A and AA rules find nothing on the page, in light
and dark, on a desk and a phone, idle and busy; the canvases say in words what they show; the live
region announces changes of state once each, never the frames."""
import pytest
from selenium.webdriver.common.by import By

from a11y import axe_violations, describe_violations, wait_for_announcement
from conftest import open_studio
from support import console_errors, in_card, wait_until

LAYOUTS = [
    pytest.param(1280, 800, False, False, id="1280-light"),
    pytest.param(1280, 800, True, False, id="1280-dark"),
    pytest.param(390, 844, False, True, id="390-light"),
    pytest.param(390, 844, True, True, id="390-dark"),
]


def canvas_label(driver, control):
    return in_card(driver, control, "canvas").get_attribute("aria-label")


@pytest.mark.parametrize("width,height,dark,mobile", LAYOUTS)
def test_axe_finds_no_wcag_violations(browser, api, base_url, width, height, dark, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, dark=dark, mobile=mobile)
    # Every panel open: the live state's JSON is part of the page too.
    page.find_element(By.CSS_SELECTOR, ".raw-state summary").click()
    wait_until(lambda: page.find_element(By.CSS_SELECTOR, '[data-part="raw-state"]').text.startswith("{"), 3,
               "the live state to show")
    violations = axe_violations(page)
    assert violations == [], "idle page:\n" + describe_violations(violations)

    # Busy: every tag in its coloured tone (recording, playing, complete) and a message on screen.
    api.request("POST", "/meter/press")
    api.request("POST", "/player/play")
    wait_until(lambda: in_card(page, "meter", "status").text == "Recording", 3, "Recording on the card")
    wait_until(lambda: in_card(page, "player", "state").text == "Playing", 3, "Playing on the card")
    violations = axe_violations(page)
    assert violations == [], "recording and playing:\n" + describe_violations(violations)

    # A complete meter, a stopped spinner, and an error message (a press the complete meter refuses).
    api.request("POST", "/meter/reset")
    api.request("PUT", "/meter/config", duration=1)
    api.request("POST", "/meter/hold", seconds=1)
    api.request("POST", "/spinner/stop")
    wait_until(lambda: in_card(page, "meter", "status").text == "Complete", 4, "Complete on the card")
    in_card(page, "meter", "stage").click()
    toasts = wait_until(lambda: page.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] .toast[role="alert"]'),
                        3, "the refusal as a message")
    # The message fades in; axe measures contrast with the opacity of the moment, so let it finish.
    wait_until(lambda: page.execute_script(
        "return arguments[0].getAnimations().every(a => a.playState === 'finished')", toasts[0]), 3,
        "the message to finish fading in")
    violations = axe_violations(page)
    assert violations == [], "complete, stopped, with a message:\n" + describe_violations(violations)
    assert console_errors(page, allow=("409",)) == []


def test_canvases_say_what_they_show(page, api):
    # What the page opened on.
    wait_until(lambda: canvas_label(page, "play-button") == "Play button, play icon", 3, "the play button's words")
    assert canvas_label(page, "meter") == "Recording meter, idle, no segments"
    assert canvas_label(page, "player") == "Music player, paused at 0 percent, default artwork"
    assert canvas_label(page, "spinner") == "Spinner, spinning"
    # Each stage is named by its canvas, so a screen reader on the stage hears what it shows.
    for control in ("meter", "play-button", "player", "spinner"):
        stage = in_card(page, control, "stage")
        canvas = in_card(page, control, "canvas")
        assert stage.get_attribute("aria-labelledby") == canvas.get_attribute("id")
        assert canvas.get_attribute("role") == "img"
        assert page.execute_script("return arguments[0].getAttribute('aria-describedby')", stage)

    # Changes made elsewhere (another viewer, a script) reach the words too.
    api.request("POST", "/play-button/mode", mode="buffering")
    wait_until(lambda: canvas_label(page, "play-button") == "Play button, buffering", 3, "“Play button, buffering”")
    api.request("POST", "/play-button/enabled", value=False)
    wait_until(lambda: canvas_label(page, "play-button") == "Play button, buffering, disabled", 3, "the disabled play button")
    api.request("POST", "/player/seek", progress=40)
    wait_until(lambda: canvas_label(page, "player") == "Music player, paused at 40 percent, default artwork", 3,
               "the player's progress in words")
    api.request("POST", "/spinner/stop")
    wait_until(lambda: canvas_label(page, "spinner") == "Spinner, stopped", 3, "the stopped spinner")


def frames_for_a_second(page):
    """Waits until the stages have shown frames over a second of scene time from now."""
    start = page.execute_script("return studio.frameTime")
    wait_until(lambda: page.execute_script("return studio.frameTime") > start + 1, 5, "a second of frames")


def test_the_live_region_announces_changes_not_frames(page, api):
    region = page.find_element(By.CSS_SELECTOR, '[data-component="announcer"]')
    assert region.get_attribute("role") == "status" and region.get_attribute("aria-live") == "polite"
    assert page.execute_script("return studio.announced") == [], "the page announced its first state as a change"

    api.request("POST", "/meter/press")
    wait_for_announcement(page, "Recording meter, recording, 1 segment")
    # Recording moves the meter every frame; the region stays quiet over a second of them.
    frames_for_a_second(page)
    assert page.execute_script("return studio.announced") == ["Recording meter, recording, 1 segment"]
    api.request("POST", "/meter/release")
    wait_for_announcement(page, "Recording meter, paused, 1 segment")

    api.request("POST", "/play-button/mode", mode="stop")
    wait_for_announcement(page, "Play button, stop icon")
    api.request("POST", "/player/play")
    wait_for_announcement(page, "Music player, playing")
    frames_for_a_second(page)  # the progress ring moves: still one announcement for the player
    assert sum("Music player" in m for m in page.execute_script("return studio.announced")) == 1
    api.request("POST", "/player/pause")
    wait_for_announcement(page, "Music player, paused at")
    api.request("POST", "/clock", paused=True)
    wait_for_announcement(page, "Clock paused")
    # The words said last are what the region holds.
    wait_until(lambda: "Clock paused" in region.get_attribute("textContent"), 2, "the region's text")
    assert console_errors(page) == []


@pytest.mark.parametrize("width,height,dark,mobile", LAYOUTS)
def test_axe_finds_no_wcag_violations_with_the_props_panels_open(browser, api, base_url, width, height, dark, mobile):
    api.reset_scene()
    # Changed props too: the changed marks, enabled Undo and Reset, a curve off the presets.
    api.patch_props("play-button", {"barThickness": 4, "morphCurve": [0.3, -0.2, 0.3, 1.2]})
    page = open_studio(browser, base_url, width, height, dark=dark, mobile=mobile)
    wait_until(lambda: page.execute_script("return studio.propsReady"), 10, "the props panels")
    for summary in page.find_elements(By.CSS_SELECTOR, '[data-part="props"] > summary'):
        page.execute_script("arguments[0].click()", summary)
    wait_until(lambda: len(page.find_elements(By.CSS_SELECTOR, '[data-part="props"][open] .prop')) > 20, 3,
               "the panels' rows")
    violations = axe_violations(page)
    assert violations == [], "props panels open:\n" + describe_violations(violations)
    assert console_errors(page) == []
