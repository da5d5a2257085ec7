"""Clock controls (issue 11): pause and resume, speed, one-frame steps on , and ., Save clip."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import console_errors, in_component, wait_until


def test_pause_step_speed_resume(page, api):
    in_component(page, "clock", "pause").click()
    clock = wait_until(lambda: (c := api.state()["clock"]) and c["paused"] and c, 1, "the clock to pause")
    # The reply reaches the page a moment after the server has it.
    wait_until(lambda: in_component(page, "clock", "pause-label").text == "Resume", 1, "the Resume label")
    wait_until(lambda: in_component(page, "status", "conn-label").text == "Live · clock paused", 1, "the paused clock in the status")
    t0 = clock["sceneTime"]

    # The frame on screen follows the paused clock.
    wait_until(lambda: abs(page.execute_script("return studio.frameTime") - t0) < 1e-3, 2, "the paused frame")

    page.execute_script("document.activeElement.blur()")
    for key, frames in ((".", 1), (".", 2), (",", 1)):
        ActionChains(page).send_keys(key).perform()
        wait_until(lambda: abs(api.state()["sceneTime"] - (t0 + frames / 30)) < 1e-6, 1, f"{frames} frame(s) on")
    in_component(page, "clock", "back").click()
    wait_until(lambda: abs(api.state()["sceneTime"] - t0) < 1e-6, 1, "back to the start")
    wait_until(lambda: abs(page.execute_script("return studio.frameTime") - t0) < 1e-3, 2, "the stepped frame on screen")

    page.find_element(By.CSS_SELECTOR, '[data-component="clock"] [data-part="speed"] [data-speed="0.25"]').click()
    wait_until(lambda: api.state()["clock"]["speed"] == 0.25, 1, "speed 0.25")
    in_component(page, "clock", "pause").click()
    wait_until(lambda: not api.state()["clock"]["paused"], 1, "the clock to resume")
    page.find_element(By.CSS_SELECTOR, '[data-component="clock"] [data-part="speed"] [data-speed="1"]').click()
    wait_until(lambda: api.state()["clock"]["speed"] == 1, 1, "speed 1")
    assert console_errors(page) == []


def open_save_clip(driver):
    """Opens the Save clip form under its button and returns it."""
    details = in_component(driver, "clock", "clip-save")
    if not details.get_attribute("open"):
        details.find_element(By.CSS_SELECTOR, "summary").click()
    wait_until(lambda: in_component(driver, "clock", "save-clip").is_displayed(), 2, "the Save clip form")
    return details


def test_save_clip_has_a_target_of_its_own(page):
    # Touching a card no longer changes what Save clip saves (issue 32: it followed the last focus).
    page.find_element(By.CSS_SELECTOR, '[data-control="spinner"] [data-part="run"] [data-spinner="start"]').click()
    open_save_clip(page)
    link = in_component(page, "clock", "save-clip")
    assert "control=all&" in link.get_attribute("href")
    Select(in_component(page, "clock", "clip-target")).select_by_value("spinner")
    href = link.get_attribute("href")
    assert "/clip.webp?control=spinner&" in href and "seconds=3&fps=30" in href, href
    assert link.get_attribute("download") == "layercast-spinner-next-3s.webp"
    options = [o.text for o in Select(in_component(page, "clock", "clip-target")).options]
    assert options == ["All controls", "Recording meter", "Play button", "Music player", "Spinner"], options


def test_save_clip_downloads_an_animated_webp(page, artifacts):
    downloads = artifacts / "downloads"
    downloads.mkdir(exist_ok=True)
    target = downloads / "layercast-spinner-next-3s.webp"
    target.unlink(missing_ok=True)
    page.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page.find_element(By.CSS_SELECTOR, '[data-control="spinner"] [data-part="run"] [data-spinner="start"]').click()
    open_save_clip(page)
    Select(in_component(page, "clock", "clip-target")).select_by_value("spinner")
    in_component(page, "clock", "save-clip").click()
    wait_until(lambda: target.exists() and target.stat().st_size > 0, 30, "the clip to download")
    head = target.read_bytes()[:16]
    assert head[:4] == b"RIFF" and head[8:12] == b"WEBP", head
    assert b"ANIM" in target.read_bytes()[:4096], "the clip should be an animated WebP"
    assert console_errors(page) == []
