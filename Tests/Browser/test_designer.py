"""Issue 32, the studio as a designer meets it: Save clip follows the View and has a target, a range
and a progress of its own; fields say why a value was not taken; Ctrl+Z undoes; Copy says so on
screen and the Swift names what it leaves out; a shared link previews for this viewer alone; the stage
stays in view beside an open Props panel; and the small points (a still scene, the player's hint, the
meter's tenths, a phone's first screen). At 1280 and 390 px, with axe in each new state."""
import io
import urllib.request

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from a11y import axe_violations, describe_violations
from conftest import open_studio
from support import console_errors, in_card, in_component, wait_until
from test_props import clipboard, open_panel, row, type_into

SIZES = [pytest.param(1280, 800, False, id="1280"), pytest.param(390, 844, True, id="390")]


def no_axe_violations(driver, state, within=None):
    """axe on the page, or `within` the parts a state changed (test_accessibility.py checks each
    layout's whole page, idle, busy and with every props panel open)."""
    violations = axe_violations(driver, within)
    assert violations == [], f"{state}:\n{describe_violations(violations)}"


def show_view_settings(driver):
    """A phone folds the View panel; unfold it as a person would."""
    fold = in_component(driver, "view", "view-fold")
    if fold.is_displayed() and fold.get_attribute("aria-expanded") == "false":
        fold.click()


def ctrl_z(driver):
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()


# Holds the page's next clip request until window.__renderClip() lets it go to the server.
HOLD_CLIP_JS = """
const fetched = window.fetch, held = new Promise(go => { window.__renderClip = go; });
window.fetch = (url, init) => String(url).includes('/clip.') ? held.then(() => fetched(url, init)) : fetched(url, init);
"""


def open_save_clip(driver):
    details = in_component(driver, "clock", "clip-save")
    if not details.get_attribute("open"):
        summary = details.find_element(By.CSS_SELECTOR, "summary")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
    wait_until(lambda: in_component(driver, "clock", "save-clip").is_displayed(), 2, "the Save clip form")
    return details


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_save_clip_takes_the_view_a_target_a_range_and_shows_its_progress(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    show_view_settings(page)
    view = '[data-component="view"]'
    # Each change opens the stream anew, and the server counts a left stream's share of the render
    # budget until it notices the stream closed: 2× last, so even all of them at once stay within
    # the budget (2× first and two more 2× streams after it were refused with a 503 on busy cores).
    page.find_element(By.CSS_SELECTOR, f'{view} [data-bg="dark"]').click()
    Select(in_component(page, "view", "size")).select_by_value("300")
    geometry = in_component(page, "clock", "debug").find_element(By.XPATH, "..")
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", geometry)
    geometry.click()
    wait_until(lambda: "debug=" in page.execute_script("return studio.streamUrl"), 5, "the geometry overlay")
    page.find_element(By.CSS_SELECTOR, f'{view} [data-scale="2"]').click()
    wait_until(lambda: "scale=2" in page.execute_script("return studio.streamUrl"), 5, "the stream at 2×")

    # "Last 1 s" ends at the frame on screen: the clock stands still, so that frame is the clock's
    # time when the link is read (on busy cores it once moved on 1.6 s between the two reads).
    now = api.request("POST", "/clock", paused=True)["sceneTime"]
    wait_until(lambda: abs(page.execute_script("return studio.frameTime") - now) < 1e-3, 5, "the paused clock's frame on screen")
    open_save_clip(page)
    Select(in_component(page, "clock", "clip-target")).select_by_value("meter")
    Select(in_component(page, "clock", "clip-range")).select_by_value("last")
    Select(in_component(page, "clock", "clip-seconds")).select_by_value("1")
    link = in_component(page, "clock", "save-clip")
    href = link.get_attribute("href")
    query = dict(p.split("=", 1) for p in href.split("?", 1)[1].split("&"))
    stage = in_card(page, "meter", "stage").rect
    assert query["control"] == "meter" and query["background"] == "dark", href
    assert query["height"] == "300" and query["width"] == str(int(stage["width"])), (href, stage)
    assert query["scale"] == "2" and query["debug"] == "points%2Cbounds" and query["seconds"] == "1", href
    assert abs(float(query["at"]) - (now - 1)) < 2e-3, (query["at"], now)

    # The clip is what the link says: the View's pixels, from the kept history.
    with urllib.request.urlopen(href, timeout=60) as response:
        clip = Image.open(io.BytesIO(response.read()))
    assert clip.size == (2 * int(stage["width"]), 600), clip.size
    assert clip.convert("RGB").getpixel((2, 2)) == (0x33, 0x33, 0x33), "the dark backdrop"

    page.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "deny"})
    # The server renders this clip in about a second: the page's request for it waits here until the
    # rendering state has been looked at, as a slow render would (it once ended before the check).
    page.execute_script(HOLD_CLIP_JS)
    link.click()
    wait_until(lambda: in_component(page, "clock", "clip-progress").is_displayed(), 2, "the progress while it renders")
    assert in_component(page, "clock", "clip-status").text.startswith("Rendering 30 frames")
    # What changed: the Save clip form, the View, and the stages' backdrop (the meter's, the target).
    no_axe_violations(page, "Save clip rendering", ['[data-component="clock"]', '[data-component="view"]', '[data-control="meter"]'])
    page.execute_script("window.__renderClip()")
    wait_until(lambda: in_component(page, "clock", "clip-status").text == "Saved layercast-meter-last-1s.webp", 60,
               "the clip saved")
    assert not in_component(page, "clock", "clip-progress").is_displayed()
    assert console_errors(page) == []


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_fields_say_what_they_allow_and_keep_the_value(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    open_panel(page, "spinner")
    line = row(page, "spinner", "lineWidth")
    number = line.find_element(By.CSS_SELECTOR, 'input[type="number"]')
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", number)
    type_into(number, "99")
    message = line.find_element(By.CSS_SELECTOR, ".prop-error")
    wait_until(lambda: message.is_displayed(), 2, "the message beside the field")
    assert message.text == "99 is above the maximum. Allowed: 0.5–16 points in steps of 0.5. Kept 4.", message.text
    assert number.get_attribute("aria-invalid") == "true" and number.get_attribute("value") == "4"
    assert message.get_attribute("id") in number.get_attribute("aria-describedby")
    assert api.props("spinner")["values"]["lineWidth"] == 4, "the value from before the typing"

    colour = row(page, "spinner", "color")
    hex_code = colour.find_element(By.CSS_SELECTOR, ".prop-hex")
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", hex_code)
    type_into(hex_code, "#12")
    note = colour.find_element(By.CSS_SELECTOR, ".prop-error")
    wait_until(lambda: note.is_displayed(), 2, "the colour's message")
    assert note.text.startswith("“#12” is not a colour. Allowed: #RRGGBB or #RRGGBBAA"), note.text
    assert api.props("spinner")["values"]["color"] == "#ce413d"
    no_axe_violations(page, "field messages", ['[data-control="spinner"]'])

    type_into(hex_code, "red")  # a CSS name is taken as its code
    wait_until(lambda: api.props("spinner")["values"]["color"] == "#ff0000", 3, "red as #ff0000")
    assert not note.is_displayed() and hex_code.get_attribute("value") == "#ff0000"
    type_into(number, "8")
    wait_until(lambda: api.props("spinner")["values"]["lineWidth"] == 8, 3, "a value in range")
    assert not message.is_displayed()
    assert console_errors(page) == []


def test_ctrl_z_undoes_the_last_prop_change_in_any_card(page, api):
    open_panel(page, "spinner")
    type_into(row(page, "spinner", "lineWidth").find_element(By.CSS_SELECTOR, 'input[type="number"]'), "9")
    wait_until(lambda: api.props("spinner")["values"]["lineWidth"] == 9, 3, "line width 9")
    open_panel(page, "meter")
    type_into(row(page, "meter", "lineWidth").find_element(By.CSS_SELECTOR, 'input[type="number"]'), "12")
    wait_until(lambda: api.props("meter")["values"]["lineWidth"] == 12, 3, "meter line width 12")
    page.execute_script("document.activeElement.blur()")  # out of the field: a text field keeps its own undo
    ctrl_z(page)
    wait_until(lambda: api.props("meter")["values"]["lineWidth"] == 7, 3, "the meter's change undone first")
    assert api.props("spinner")["values"]["lineWidth"] == 9
    toast = wait_until(lambda: " ".join(t.text for t in page.find_elements(By.CSS_SELECTOR, ".toast")), 2, "a message")
    assert "Recording meter: Line width back to 7" in toast, toast
    ctrl_z(page)
    wait_until(lambda: api.props("spinner")["values"]["lineWidth"] == 4, 3, "then the spinner's")
    assert console_errors(page) == []


def test_copy_says_so_and_the_swift_names_what_it_leaves_out(page, api, base_url):
    page.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url,
                                                      "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    api.patch_props("play-button", {"barThickness": 4, "bufferingDuration": 2})
    details = open_panel(page, "play-button")
    wait_until(lambda: row(page, "play-button", "barThickness").find_element(
        By.CSS_SELECTOR, 'input[type="number"]').get_attribute("value") == "4", 3, "the patched value")
    link = details.find_element(By.CSS_SELECTOR, '[data-part="copy-link"]')
    page.execute_script("arguments[0].scrollIntoView({block: 'start'})", link)  # below the docked stage
    link.click()
    wait_until(lambda: link.text == "Copied ✓", 2, "the button to say Copied")
    toasts = wait_until(lambda: " ".join(t.text for t in page.find_elements(By.CSS_SELECTOR, ".toast")), 2, "a message")
    assert "Link copied" in toasts
    wait_until(lambda: link.text == "Copy link", 4, "the button's name back")
    details.find_element(By.CSS_SELECTOR, '[data-part="copy-swift"]').click()
    swift = wait_until(lambda: (t := clipboard(page)) and "PlayButton()" in t and t, 3, "the Swift on the clipboard")
    assert "playButton.barThickness = 4\n" in swift
    assert "// Not expressible with PlayButton's public API" in swift and "//   bufferingDuration = 2\n" in swift, swift
    assert "animationStepDuration" not in swift, "props at their defaults are not listed"
    assert console_errors(page) == []


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_a_shared_link_previews_for_this_viewer_alone_until_applied(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    before = api.props("spinner")
    open_studio(browser, base_url, width, height, mobile=mobile)
    link = browser.current_url.split("#")[0] + '#props={"spinner":{"color":"#0000ff","lineWidth":14}}&open=spinner'
    browser.get("about:blank")
    browser.get(link)
    banner = wait_until(lambda: browser.find_element(By.CSS_SELECTOR, '[data-part="link-preview"]'), 10, "the banner")
    assert "on this page only" in banner.text
    wait_until(lambda: "props.spinner.color=%230000ff" in browser.execute_script("return studio.streamUrl"), 3,
               "the stream seen through the link's props")
    assert api.props("spinner") == before, "another viewer sees the scene as it was"
    # The spinner in view, its panel open, and blue on its stage (the stream's props. preview).
    stage = in_card(browser, "spinner", "stage")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", stage)
    assert 0 <= top < height - 100, f"the spinner's stage at {top}"
    canvas = in_card(browser, "spinner", "canvas")
    blue = """const c = arguments[0], d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i+2] > 200 && d[i] < 60 && d[i+1] < 60) n++; return n;"""
    wait_until(lambda: browser.execute_script(blue, canvas) > 50, 5, "the blue stroke on the stage")
    no_axe_violations(browser, "link preview", ['[data-part="link-preview"]', '[data-control="spinner"]'])

    in_component_button = browser.find_element(By.CSS_SELECTOR, '[data-part="apply-link"]')
    in_component_button.click()
    wait_until(lambda: api.props("spinner")["values"]["color"] == "#0000ff", 3, "the link's props applied")
    assert api.props("spinner")["values"]["lineWidth"] == 14
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-part="link-preview"]')
    wait_until(lambda: "props." not in browser.execute_script("return studio.streamUrl"), 3, "the plain stream again")
    assert console_errors(browser) == []


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_the_stage_stays_in_view_while_its_props_are_edited(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    details = open_panel(page, "play-button")
    stage = in_card(page, "play-button", "stage")
    in_view = "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, innerHeight]"
    # Editing the last prop: the panel scrolls on its own, the stage stays.
    last = details.find_elements(By.CSS_SELECTOR, ".prop-head")[-1]
    page.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", last)
    top, bottom, inner = page.execute_script(in_view, stage)
    assert top >= -1 and bottom <= inner + 1, f"the stage at {top:.1f}–{bottom:.1f} of {inner} px"
    top, bottom, inner = page.execute_script(in_view, last)
    assert top >= -1 and bottom <= inner + 1, f"the last prop at {top:.1f}–{bottom:.1f} of {inner} px"
    if width >= 1000:  # beside: the panel in the card's second column, the stage as wide as the others
        assert details.rect["x"] > stage.rect["x"] + stage.rect["width"], (details.rect, stage.rect)
        assert abs(stage.rect["width"] - in_card(page, "meter", "stage").rect["width"]) <= 1.5  # subpixel rounding
    no_axe_violations(page, "docked props panel", ['[data-control="play-button"]'])


def test_the_small_points(browser, api, base_url):
    api.reset_scene()
    page = open_studio(browser, base_url)
    assert in_component(page, "recorder", "record").text == "Record scenario"

    # The player's hint says what a click does now.
    hint = in_card(page, "player", "hint")  # shown on hover, so read as text content
    assert hint.get_attribute("textContent") == "Click to play · drop artwork"
    api.request("POST", "/player/toggle")
    wait_until(lambda: hint.get_attribute("textContent") == "Click to pause · drop artwork", 3, "the hint while playing")
    api.request("POST", "/player/toggle")

    # The readout truncates tenths like the meter's own label (1.25 s shows 0:01.2 on both).
    api.request("POST", "/meter/hold", seconds=1.25)
    wait_until(lambda: not api.state()["meter"]["recording"] and api.state()["meter"]["elapsed"] > 1.2, 5, "the hold")
    wait_until(lambda: in_card(page, "meter", "elapsed").text == "0:01.2", 3, "the readout")

    # A still scene reads "still", not "1 fps".
    api.request("POST", "/clock", paused=True)
    try:
        wait_until(lambda: in_component(page, "status", "fps").text == "still", 5, "the header to say still")
        assert not in_component(page, "status", "fps-unit").is_displayed()
    finally:
        api.request("POST", "/clock", paused=False)
    wait_until(lambda: in_component(page, "status", "fps").text.isdigit(), 5, "a number again")
    assert console_errors(page) == []


def test_a_phones_first_screen_shows_the_controls(browser, api, base_url):
    api.reset_scene()
    page = open_studio(browser, base_url, 390, 844, mobile=True)
    stage = in_card(page, "meter", "stage")
    top, bottom = page.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]", stage)
    assert bottom <= 844, f"the first stage ends at {bottom:.0f} px, below the first screen"
    fold = in_component(page, "view", "view-fold")
    assert fold.get_attribute("aria-expanded") == "false" and not in_component(page, "view", "size").is_displayed()
    no_axe_violations(page, "phone, view folded", ['[data-component="view"]'])
    fold.click()
    assert fold.get_attribute("aria-expanded") == "true" and in_component(page, "view", "size").is_displayed()
    assert console_errors(page) == []


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_scrubbing_shows_the_past_in_the_header_and_the_readouts(browser, api, base_url, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    command = api.request("POST", "/play-button/mode", mode="pause")["sceneTime"]
    wait_until(lambda: in_card(page, "play-button", "mode").text == "pause", 3, "the live mode")
    ruler = page.find_element(By.CSS_SELECTOR, '[data-component="timeline"] [data-part="playhead"]')
    page.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", ruler)
    shown = lambda: page.execute_script("return studio.timeline.shownTime")  # noqa: E731
    # Back ten frames a Shift+←, until before the command (however long the machine took to get here).
    for _ in range(40):
        ActionChains(page).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
        if wait_until(lambda: shown() is not None, 3, "a frame") and shown() < command - 0.2:
            break
    assert shown() < command - 0.2, (shown(), command)
    label = in_component(page, "status", "conn-label")
    assert in_component(page, "status", "conn").get_attribute("data-state") == "viewing"
    # The steps arrive one frame at a time: the header follows to the last.
    wait_until(lambda: label.text == f"Viewing t = {shown():.3f} s", 5, "the header at the frame on screen")
    wait_until(lambda: in_card(page, "play-button", "mode").text == "play", 3,
               f"the readout as it was then ({page.execute_script('return [studio.viewing, studio.timeline.shownTime]')})")
    assert api.state()["playButton"]["mode"] == "pause", "the scene itself is untouched"
    # The whole page while scrubbing: test_timeline_ruler.py, at both widths.
    no_axe_violations(page, "scrubbing", ['[data-component="status"]', '[data-control="play-button"]'])
    ActionChains(page).send_keys(Keys.ESCAPE).perform()
    wait_until(lambda: label.text == "Live", 3, "Live again")
    wait_until(lambda: in_card(page, "play-button", "mode").text == "pause", 3, "the live readout again")
    assert console_errors(page) == []
