"""13. The SDK's worked example (examples/hamburger-button): its own executable serves Layercast's
four controls, the hamburger button and the gallery written as iOS code, with the page unchanged; the
hamburger button's card is the generic one, its Toggle command turns the stage's hamburger into the
X, each gallery card's command changes its stage, and axe-core finds nothing on the page."""
import pathlib

import pytest
from selenium.webdriver.common.by import By

from a11y import axe_violations, describe_violations
from conftest import ARTIFACTS, ROOT, open_studio
from support import Api, console_errors, start_server, stop_server, wait_until
from test_generic_card import CANVAS_CHANGE_JS, CANVAS_COPY_JS, card, member

GALLERY = ["activity-bars", "flip-card", "progress-ring", "badge"]
# What each gallery card's command is, and the share of its stage's pixels it changes at least.
GALLERY_COMMANDS = {"activity-bars": ("activityBarsStep", 0.01), "flip-card": ("flipCardFlip", 0.2),
                    "progress-ring": ("progressRingAdvance", 0.01), "badge": ("badgeIncrement", 0.005)}

# Built by scripts/test-browser.sh (and make test's example-test) before the tests run.
EXAMPLE = ROOT / ".build/debug/hamburger-button"  # scripts/test-browser.sh builds it there


@pytest.fixture(scope="module")
def example_server():
    assert EXAMPLE.exists(), f"{EXAMPLE} is not built (scripts/test-browser.sh builds it)"
    process = start_server(EXAMPLE, 0, ROOT / "Public", ARTIFACTS / "server-example.log")
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        stop_server(process)


def test_the_hamburger_card_toggles_its_stage(browser, example_server):
    api = Api(example_server)
    assert api.request("GET", "/layout")["controls"][-5:] == ["hamburger-button"] + GALLERY
    page = open_studio(browser, example_server)
    button = card(page, "hamburger-button")
    assert button.find_element(By.CSS_SELECTOR, "h2").text == "Hamburger button"
    canvas = button.find_element(By.CSS_SELECTOR, 'canvas[data-cell="hamburger-button"]')
    wait_until(lambda: member(page, "hamburger-button", "open") == "false", 5, "the readout to show it closed")
    wait_until(lambda: canvas.get_attribute("aria-label") == "Hamburger button, not open", 3, "the stage's words")

    page.execute_script(CANVAS_COPY_JS, canvas)
    button.find_element(By.CSS_SELECTOR, 'button[data-command="hamburgerButtonToggle"]').click()
    wait_until(lambda: member(page, "hamburger-button", "open") == "true", 3, "the readout to show it open")
    assert api.state()["hamburgerButton"]["open"] is True
    # The three bars become a ring with an X: a fifth of the stage's pixels change.
    wait_until(lambda: page.execute_script(CANVAS_CHANGE_JS, canvas) > 0.05, 5, "the stage to show the X")
    page.save_screenshot(str(ARTIFACTS / "hamburger-open.png"))
    assert canvas.get_attribute("aria-label") == "Hamburger button, open"

    violations = axe_violations(page)
    assert violations == [], describe_violations(violations)
    assert console_errors(page) == []


def test_the_gallery_cards_run_their_commands(browser, example_server):
    """The controls written as iOS code get generic cards whose command buttons change the stage."""
    page = open_studio(browser, example_server)
    for control in GALLERY:
        command, share = GALLERY_COMMANDS[control]
        gallery_card = card(page, control)
        canvas = gallery_card.find_element(By.CSS_SELECTOR, f'canvas[data-cell="{control}"]')
        page.execute_script("arguments[0].scrollIntoView({block: 'center'})", gallery_card)
        page.execute_script(CANVAS_COPY_JS, canvas)
        gallery_card.find_element(By.CSS_SELECTOR, f'button[data-command="{command}"]').click()
        wait_until(lambda: page.execute_script(CANVAS_CHANGE_JS, canvas) > share, 5, f"{control}'s stage to change")
        gallery_card.screenshot(str(ARTIFACTS / f"gallery-{control}.png"))
    page.save_screenshot(str(ARTIFACTS / "gallery.png"))
    assert console_errors(page) == []

