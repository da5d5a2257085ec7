"""Video clips (issue 20): Chromium plays /clip.mp4 and /clip.webm in a <video> element, says
"probably" for the codecs they carry, and Save clip downloads them from the page."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from support import console_errors, in_component, wait_until

CLIP = "control=spinner&seconds=2&fps=30&size=120"


def avc1_codec(mp4):
    """RFC 6381's codecs value of an MP4's H.264 track: avc1.PPCCLL from its avcC box (profile,
    constraint flags, level)."""
    box = mp4.index(b"avcC") + 4
    return "avc1." + mp4[box + 1:box + 4].hex().upper()


def can_play(driver, mime):
    return driver.execute_script("return document.createElement('video').canPlayType(arguments[0])", mime)


def test_chromium_says_probably_for_the_codecs_the_clips_carry(browser, api):
    mp4 = api.request("GET", "/clip.mp4?" + CLIP)
    codec = avc1_codec(mp4)
    assert codec.startswith("avc1.64"), f"x264 writes High profile for yuv420p, not {codec}"
    browser.get("about:blank")
    for mime in (f'video/mp4; codecs="{codec}"', 'video/mp4; codecs="avc1.42E01E"',
                 'video/webm; codecs="vp9"', 'video/webm; codecs="vp09.00.10.08"'):
        assert can_play(browser, mime) == "probably", mime


def test_chromium_plays_both_formats(browser, base_url):
    # A page of the server's own origin, as the studio is (headless Chromium refuses these
    # sources to about:blank with a format error).
    browser.get(base_url + "/healthz")
    for format in ("mp4", "webm"):
        browser.execute_script("""
            document.body.replaceChildren();
            const video = document.createElement('video');
            video.muted = true;
            video.src = arguments[0];
            document.body.append(video);
            window.played = video.play().then(() => 'playing', (error) => String(error));
        """, f"{base_url}/clip.{format}?{CLIP}")
        video = lambda: browser.execute_script(  # noqa: E731
            "const v = document.querySelector('video');"
            "return {ready: v.readyState, time: v.currentTime, error: v.error && v.error.message,"
            " width: v.videoWidth, height: v.videoHeight, duration: v.duration}")
        wait_until(lambda: video()["ready"] == 4, 20, f"the {format} to reach HAVE_ENOUGH_DATA")
        first = video()
        assert first["error"] is None, first
        assert (first["width"], first["height"]) == (120, 120), first
        assert abs(first["duration"] - 2) < 0.01, first
        wait_until(lambda: video()["time"] > first["time"] + 0.2, 10, f"the {format}'s currentTime to advance")
        assert browser.execute_script("return window.played") in (None, "playing")


def test_save_clip_offers_the_four_formats_and_downloads_videos(page, artifacts):
    downloads = artifacts / "downloads"
    downloads.mkdir(exist_ok=True)
    page.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page.find_element(By.CSS_SELECTOR, '[data-control="spinner"] [data-part="run"] [data-spinner="start"]').click()
    # The form closes on a click elsewhere, like any popover: the spinner is started first.
    details = in_component(page, "clock", "clip-save")
    details.find_element(By.CSS_SELECTOR, "summary").click()
    Select(in_component(page, "clock", "clip-target")).select_by_value("spinner")
    choice = Select(in_component(page, "clock", "clip-format"))
    assert [o.text for o in choice.options] == ["WebP", "GIF", "MP4", "WebM"]
    assert choice.first_selected_option.text == "WebP"
    link = in_component(page, "clock", "save-clip")
    for value, magic in (("mp4", lambda b: b[4:8] == b"ftyp"), ("webm", lambda b: b[:4] == b"\x1a\x45\xdf\xa3"),
                         ("gif", lambda b: b[:6] == b"GIF89a")):
        choice.select_by_value(value)
        assert f"/clip.{value}?control=spinner&" in link.get_attribute("href")
        assert link.get_attribute("download") == f"layercast-spinner-next-3s.{value}"
        target = downloads / f"layercast-spinner-next-3s.{value}"
        target.unlink(missing_ok=True)
        link.click()
        wait_until(lambda: target.exists() and target.stat().st_size > 0, 30, f"the {value} clip to download")
        assert magic(target.read_bytes()), target.read_bytes()[:16]
    assert console_errors(page) == []
