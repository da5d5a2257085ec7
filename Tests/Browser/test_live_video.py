"""Live video (issue 33): the page plays /stream.mp4 through Media Source by default, its frames on the
cards with their scene times; a command's effect shows in it; a hidden tab closes it; the View's
"Live as" switches to MJPEG on the same one connection; a browser that cannot play H.264 gets MJPEG."""
import pytest
from selenium.webdriver.common.by import By

from conftest import open_studio
from support import CANVAS_CHANGE_JS, CANVAS_COPY_JS, console_errors, in_card, in_component, wait_until

PLAYING_JS = """const v = studio.video;
return v && { time: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames,
              dropped: v.getVideoPlaybackQuality().droppedVideoFrames, paused: v.paused }"""


# The times the live video presents its frames (a callback per frame, as the page's own counter has).
SHOWN_JS = """window.__shown = [];
const video = studio.video, each = () => { __shown.push(performance.now()); video.requestVideoFrameCallback(each); };
video.requestVideoFrameCallback(each);"""
# Once those span a second: [the page's count of frames over the last second, the frames presented in it].
SHOWN_COUNT_JS = """const now = performance.now();
if (!__shown.length || now - __shown[0] < 1000) return null;
return [studio.fps, __shown.filter(t => now - t < 1000).length];"""


def playing(driver):
    return driver.execute_script(PLAYING_JS)


@pytest.mark.parametrize("width,height,mobile", [(1280, 800, False), (390, 844, True)])
def test_the_page_plays_the_live_video_by_default(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    open_studio(browser, base_url, width, height, mobile=mobile)
    assert browser.execute_script("return MediaSource.isTypeSupported('video/mp4; codecs=\"avc1.64001F\"')")
    url = browser.execute_script("return studio.streamUrl")
    assert url.startswith("stream.mp4?") and "quality=" not in url, url
    first = wait_until(lambda: playing(browser), 5, "the video to play")
    browser.execute_script(SHOWN_JS)
    scene_time = browser.execute_script("return studio.frameTime")
    later = wait_until(lambda: (p := playing(browser)) and p["time"] > first["time"] + 1 and p, 5, "a second of video")
    assert later["frames"] >= first["frames"] + 20, (first, later)
    assert not later["paused"]
    # The cards show the frames with the scene time of their fragments (the spinner always moves):
    # waited for, since starved cores draw fewer of the frames the video plays.
    wait_until(lambda: browser.execute_script("return studio.frameTime") > scene_time + 0.5, 5, "half a second of frames on the cards")
    # The page's frame rate is the video's frames shown over the last second (however many busy cores
    # let through), counted apart here as the video presents them.
    counted, shown = wait_until(lambda: browser.execute_script(SHOWN_COUNT_JS), 5, "a second of frames shown")
    assert counted > 0 and abs(counted - shown) <= 2, f"the page counts {counted} fps; the video showed {shown} frames in the last second"
    assert in_component(browser, "status", "conn-label").text == "Live"
    assert in_component(browser, "view", "quality").is_displayed() is False, "the JPEG quality is MJPEG's alone"
    assert api.gauge("layercast_open_streams") == 1
    assert console_errors(browser) == []


def test_a_command_shows_in_the_video(page, api):
    wait_until(lambda: playing(page), 5, "the video to play")
    stage = in_card(page, "play-button", "canvas")
    page.execute_script(CANVAS_COPY_JS, stage)
    page.find_element(By.CSS_SELECTOR, '[data-control="play-button"] [data-mode="stop"]').click()
    wait_until(lambda: api.state()["playButton"]["mode"] == "stop", 3, "the command")
    # The play triangle becomes the stop square in the video's frames on the card.
    wait_until(lambda: page.execute_script(CANVAS_CHANGE_JS, stage) > 0.02, 5, "the stop square in the video")
    assert console_errors(page) == []


def test_a_hidden_tab_closes_the_video_and_opens_it_again(page, api):
    wait_until(lambda: playing(page), 5, "the video to play")
    main = page.current_window_handle
    assert api.gauge("layercast_open_streams") == 1
    page.switch_to.new_window("tab")
    try:
        wait_until(lambda: api.gauge("layercast_open_streams") == 0, 5, "the hidden page to close its video")
    finally:
        page.close()
        page.switch_to.window(main)
    before = page.execute_script("return studio.frameTime")
    wait_until(lambda: page.execute_script("return studio.frameTime") > before + 0.5, 8, "the video again")
    assert page.execute_script("return document.querySelectorAll('video').length") == 1, "one player, the old one gone"
    assert api.gauge("layercast_open_streams") == 1
    assert console_errors(page) == []


def test_the_view_switches_to_mjpeg_and_back_on_one_connection(page, api):
    wait_until(lambda: playing(page), 5, "the video to play")
    button = lambda transport: page.find_element(By.CSS_SELECTOR, f'[data-component="view"] [data-transport="{transport}"]')
    assert button("video").get_attribute("aria-pressed") == "true"
    button("mjpeg").click()
    wait_until(lambda: page.execute_script("return studio.streamUrl").startswith("stream.mjpg?"), 3, "MJPEG")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('video').length") == 0, 3, "the player gone")
    wait_until(lambda: page.execute_script("return studio.fps") > 5, 5, "MJPEG frames")
    assert button("mjpeg").get_attribute("aria-pressed") == "true"
    assert in_component(page, "view", "quality").is_displayed()
    assert api.gauge("layercast_open_streams") == 1
    assert '"transport":"mjpeg"' in page.execute_script("return localStorage.getItem('layercast.view')")
    button("video").click()
    wait_until(lambda: page.execute_script("return studio.streamUrl").startswith("stream.mp4?"), 3, "video")
    wait_until(lambda: playing(page), 5, "the video to play again")
    assert api.gauge("layercast_open_streams") == 1
    assert console_errors(page) == []


def test_a_browser_that_cannot_play_h264_gets_mjpeg(browser, api, base_url):
    api.reset_scene()
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "MediaSource.isTypeSupported = () => false;"})
    try:
        open_studio(browser, base_url)
        assert browser.execute_script("return studio.streamUrl").startswith("stream.mjpg?")
        video = browser.find_element(By.CSS_SELECTOR, '[data-component="view"] [data-transport="video"]')
        assert video.get_attribute("disabled") is not None and "MJPEG" in video.get_attribute("title")
        assert in_component(browser, "status", "conn-label").text == "Live"
        assert console_errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        browser.execute_script("localStorage.clear()")
