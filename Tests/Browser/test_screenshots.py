"""6. Screenshots of the studio, desktop 1280×800 and phone 390×844, light and dark, kept in
artifacts/browser/. With LAYERCAST_UPDATE_DOCS=1 they also replace docs/page.png and docs/screenshots/."""
import io
import os
import shutil

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from conftest import ROOT, open_studio
from support import console_errors, in_card, wait_until

SHOTS = [
    ("desktop-light", 1280, 800, False, False),
    ("desktop-dark", 1280, 800, True, False),
    ("phone-light", 390, 844, False, True),
    ("phone-dark", 390, 844, True, True),
]


@pytest.fixture(scope="module")
def showcase(api):
    """A scene worth a picture: three recorded segments, a paused play button, music playing."""
    api.reset_scene()
    # The holds take the paused clock's steps, not their length in real time.
    api.request("POST", "/clock", paused=True)
    for seconds in (6, 3.5, 8):
        api.request("POST", "/meter/hold", seconds=seconds)
        api.request("POST", "/clock", step=seconds + 0.1)
        wait_until(lambda: not api.state()["meter"]["recording"], 3, "the hold to end")
    api.request("POST", "/clock", paused=False)
    api.request("POST", "/play-button/mode", mode="pause", animated=False)
    api.request("POST", "/player/seek", progress=35)
    api.request("POST", "/player/play")
    # The pictures show the player at rest in its playing look, not morphing into it.

    def at_rest():
        player = api.state()["player"]
        return all(abs(player[k]["presentation"] - player[k]["model"]) < 1e-3 for k in ("maskScale", "blurOpacity"))
    wait_until(at_rest, 3, "the player's play morph to end")


@pytest.mark.parametrize("name,width,height,dark,mobile", SHOTS)
def test_screenshot(browser, base_url, showcase, artifacts, name, width, height, dark, mobile):
    open_studio(browser, base_url, width, height, dark=dark, mobile=mobile)
    wait_until(lambda: in_card(browser, "meter", "segments").text == "3", 3, "the showcase state")
    # A second of frames, so the fps counter shows the stream's rate rather than its first moments
    # (whatever rate the machine's cores let through: the picture is not a benchmark).
    first = browser.execute_script("return studio.frameTime")
    wait_until(lambda: browser.execute_script("return studio.frameTime") > first + 1, 5, "a full second of frames")
    png = browser.get_screenshot_as_png()
    path = artifacts / f"{name}.png"
    path.write_bytes(png)

    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (width, height)
    assert len(image.resize((64, 64)).getcolors(4096) or range(4097)) > 200, "the screenshot looks empty"
    assert console_errors(browser) == []

    if os.environ.get("LAYERCAST_UPDATE_DOCS") == "1":
        docs = ROOT / "docs"
        (docs / "screenshots").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, docs / "screenshots" / f"{name}.png")
        if name == "desktop-light":
            shutil.copyfile(path, docs / "page.png")


def test_the_layout_fits_a_360_px_phone(browser, base_url):
    open_studio(browser, base_url, 360, 740, mobile=True)
    overflow = browser.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= 360, f"the page is {overflow} px wide on a 360 px screen"
    for card in browser.find_elements(By.CSS_SELECTOR, ".card"):
        box = card.rect
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
