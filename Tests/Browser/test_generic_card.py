"""12. A control that serves no card of its own gets a generic one, built from GET /layout's cards:
its stage painted from the one stream, a button per command without parameters and a form per command
with them, its props panel, and its part of the state kept live. The test blocks the spinner's and the
music player's own card modules (GET /{id}/card.js) on a server of its own, so both get the generic
card (the player's has forms: a number and a text) and the page says it could not load theirs; axe-core
checks the page."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from a11y import NO_TRANSITIONS_JS, TABBABLE_JS, axe_violations, describe_violations, focus_indicator_pixels, press, tab_to
from conftest import ARTIFACTS, BIN, ROOT, open_studio
from support import CANVAS_CHANGE_JS, CANVAS_COPY_JS, CANVAS_VARIETY_JS, Api, console_errors, start_server, stop_server, wait_until

GENERIC = ("spinner", "player")


@pytest.fixture(scope="module")
def generic_server():
    """A server of its own on a free loopback port, stopped afterwards."""
    process = start_server(BIN, 0, ROOT / "Public", ARTIFACTS / "server-generic.log")
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        stop_server(process)


# The console's record of the blocked modules, which the page reports as a message instead.
BLOCKED = tuple(f"/{control}/card.js" for control in GENERIC)


@pytest.fixture(autouse=True)
def own_cards_blocked(browser):
    """Every test here runs with the spinner's and the music player's own card modules blocked."""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": [f"*{path}" for path in BLOCKED]})
    yield
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


@pytest.fixture
def generic_page(browser, generic_server):
    api = Api(generic_server)
    api.request("POST", "/spinner/start")
    api.request("POST", "/player/pause")
    api.request("POST", "/player/seek", progress=0)
    yield open_studio(browser, generic_server), api


def card(driver, control):
    return driver.find_element(By.CSS_SELECTOR, f'[data-control="{control}"][data-generic]')


def member(driver, control, name):
    """The text the card's state readout shows for its member `name`."""
    return card(driver, control).find_element(By.CSS_SELECTOR, f'[data-part="state"] [data-member="{name}"] dd').text


def test_the_spinner_gets_a_generic_card_whose_stop_button_stops_it(generic_page):
    page, api = generic_page
    spinner = card(page, "spinner")
    cards = page.find_elements(By.CSS_SELECTOR, "#gallery > [data-control]")
    assert [c.get_attribute("data-control") for c in cards] == api.request("GET", "/layout")["controls"], \
        "the cards are in the frame's cell order"
    messages = page.find_element(By.CSS_SELECTOR, '[data-component="toasts"]').text
    assert "Spinner's card" in messages and "Music player's card" in messages, messages
    heading = spinner.find_element(By.CSS_SELECTOR, "h2")
    assert heading.text == "Spinner" and spinner.get_attribute("aria-labelledby") == heading.get_attribute("id")
    assert spinner.find_element(By.CSS_SELECTOR, '[data-part="props"]'), "the props panel is the card's too"

    # The stage is painted from the one stream like the others, and says what it shows.
    canvas = spinner.find_element(By.CSS_SELECTOR, 'canvas[data-cell="spinner"]')
    assert canvas.get_attribute("role") == "img"
    wait_until(lambda: page.execute_script(CANVAS_VARIETY_JS, canvas) > 0.001, 5, "the spinner's stage to show a frame")
    wait_until(lambda: member(page, "spinner", "animating") == "true", 3, "the readout to show the spinner animating")
    assert canvas.get_attribute("aria-label") == "Spinner, animating"

    stop = spinner.find_element(By.CSS_SELECTOR, 'button[data-command="spinnerStop"]')
    assert stop.text == "Stop"
    summary = page.execute_script("return document.getElementById(arguments[0].getAttribute('aria-describedby')).textContent",
                                  stop)
    assert summary.startswith("Stop the spinner"), summary

    page.execute_script(CANVAS_COPY_JS, canvas)
    stop.click()
    wait_until(lambda: member(page, "spinner", "animating") == "false", 3, "the readout to show animating false")
    assert page.execute_script("return studio.state.spinner.animating") is False
    assert api.state()["spinner"]["animating"] is False
    wait_until(lambda: canvas.get_attribute("aria-label") == "Spinner, not animating", 3, "the stage's words")
    # The stopped spinner is a full ring: many pixels change from the arc before, and then none move
    # over the frames that follow (the player, playing, makes each of them new).
    wait_until(lambda: page.execute_script(CANVAS_CHANGE_JS, canvas) > 0.005, 5, "the stage to change")
    api.request("POST", "/player/play")
    frame_time = lambda: page.execute_script("return studio.frameTime")  # noqa: E731

    def still():
        page.execute_script(CANVAS_COPY_JS, canvas)
        start = frame_time()
        wait_until(lambda: frame_time() > start + 0.3, 3, "0.3 s more of frames")
        return page.execute_script(CANVAS_CHANGE_JS, canvas) == 0
    wait_until(still, 8, "the stopped stage to hold still")

    spinner.find_element(By.CSS_SELECTOR, 'button[data-command="spinnerStart"]').click()
    wait_until(lambda: member(page, "spinner", "animating") == "true", 3, "the spinner animating again")
    assert console_errors(page, allow=BLOCKED) == []


def test_a_form_sends_its_fields_and_shows_a_refusal_as_a_message(generic_page):
    page, api = generic_page
    player = card(page, "player")
    seek = player.find_element(By.CSS_SELECTOR, 'form[data-command="playerSeek"]')
    progress = seek.find_element(By.CSS_SELECTOR, 'input[name="progress"]')
    assert (progress.get_attribute("type"), progress.get_attribute("min"), progress.get_attribute("max")) == ("number", "0", "100")
    assert progress.get_attribute("value") == "0"
    label = page.execute_script("return arguments[0].labels[0].textContent", progress)
    assert label == "Progress, in percent"
    assert page.execute_script("return arguments[0].hasAttribute('maxlength')",
                               player.find_element(By.CSS_SELECTOR, 'input[name="sha256"]'))

    # From the keyboard: Tab to the field, type, Enter sends the form.
    page.execute_script("arguments[0].focus()", player.find_element(By.CSS_SELECTOR, 'button[data-command="playerRestart"]'))
    tab_to(page, '[data-control="player"] input[name="progress"]', Keys.BACKSPACE, Keys.BACKSPACE, "40", Keys.ENTER)
    wait_until(lambda: api.state()["player"]["progress"]["model"] == 40, 3, "the server to seek to 40 percent")
    wait_until(lambda: '"model": 40' in member(page, "player", "progress"), 3, "the readout to show progress 40")
    assert player.find_element(By.CSS_SELECTOR, "canvas").get_attribute("aria-label") == "Music player, not playing"

    # A value the server refuses comes back in its words, as a message, like any card's.
    sha = player.find_element(By.CSS_SELECTOR, 'input[name="sha256"]')
    sha.send_keys("nope", Keys.ENTER)
    toast = wait_until(lambda: next((t for t in page.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] .toast[role="alert"]')
                                     if "Music player: Artwork by hash" in t.text), None), 3, "the refusal as a message")
    assert "no uploaded artwork has SHA-256 'nope'" in toast.text
    assert console_errors(page, allow=("400", "404", "422") + BLOCKED) == []


@pytest.mark.parametrize("width,height,dark,mobile", [
    pytest.param(1280, 800, False, False, id="1280-light"),
    pytest.param(390, 844, True, True, id="390-dark"),
])
def test_the_generic_cards_pass_axe_and_show_their_focus(browser, generic_server, artifacts, width, height, dark, mobile):
    page = open_studio(browser, generic_server, width, height, dark=dark, mobile=mobile)
    wait_until(lambda: page.execute_script("return studio.propsReady"), 10, "the props panels")
    for control in GENERIC:
        page.execute_script("arguments[0].click()", card(page, control).find_element(By.CSS_SELECTOR, '[data-part="props"] > summary'))
    page.execute_script("arguments[0].scrollIntoView()", card(page, "spinner"))
    page.save_screenshot(str(artifacts / f"generic-card-{width}.png"))
    violations = axe_violations(page)
    assert violations == [], "generic cards:\n" + describe_violations(violations)

    # Every stop in the generic cards shows its focus, uncovered (after a key: focus is shown then).
    # The messages about the blocked modules are dismissed first: on a phone they sit over the cards.
    # A message may also leave by itself between being found and clicked (its time is up, on busy
    # cores): that click meets a stale element and is tried again.

    def dismissed():
        for dismiss in page.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] button[aria-label="Dismiss"]'):
            dismiss.click()
        return not page.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] > *')
    wait_until(dismissed, 5, "the messages to go")
    page.execute_script(NO_TRANSITIONS_JS)
    press(page, Keys.SHIFT)
    stops = page.execute_script("return (() => {" + TABBABLE_JS + "})()"
                                ".filter(e => e.closest('[data-generic]') && !e.closest('.props-body'))")
    assert len(stops) >= 10, f"only {len(stops)} stops in the generic cards"
    for element in stops:
        page.execute_script("arguments[0].focus()", element)
        changed, perimeter, covered = focus_indicator_pixels(page, element)
        name = lambda: element.get_attribute("data-command") or element.get_attribute("name") or element.tag_name  # noqa: E731
        assert changed >= perimeter, f"{name()}: focus changes {changed} px around it (want ≥ {perimeter:.0f})"
        assert not covered, f"{name()} is covered while it has focus"
    assert console_errors(page, allow=BLOCKED) == []
