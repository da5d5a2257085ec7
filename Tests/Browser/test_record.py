"""Record (issue 19): start, send commands, stop; the scenario offered as a download and replayed on
the live scene; by keyboard, named, announced, and clean for axe."""
import json

import pytest
from selenium.webdriver.common.keys import Keys

from a11y import axe_violations, describe_violations, press, tab_to, wait_for_announcement
from support import console_errors, in_card, in_component, wait_until

RECORD = '[data-component="recorder"] [data-part="record"]'


@pytest.fixture
def recording_page(page, api):
    yield page
    # A recording left running would take other tests' commands.
    if api.request("GET", "/scenarios").get("recording"):
        api.request("POST", "/scenarios/record", action="stop")


def test_record_download_and_replay(recording_page, api):
    page = recording_page
    record = in_component(page, "recorder", "record")
    assert record.text == "Record scenario"
    assert not in_component(page, "recorder", "download").is_displayed()
    assert not in_component(page, "recorder", "replay").is_displayed()

    # By keyboard alone: Tab to it, Enter.
    tab_to(page, RECORD)
    press(page, Keys.ENTER)
    wait_for_announcement(page, "Recording started")
    wait_until(lambda: api.request("GET", "/scenarios").get("recording"), 2, "the server to record")
    assert in_component(page, "recorder", "record-label").text == "Stop recording"

    # A command from the page and one from another client.
    in_card(page, "play-button", "modes").find_element("css selector", '[data-mode="pause"]').click()
    wait_until(lambda: api.state()["playButton"]["mode"] == "pause", 2, "the pause mode")
    # (Not the spinner: stopping it would restart its cycle for the tests after this one.)
    api.request("POST", "/player/play")

    page.execute_script("arguments[0].focus()", record)
    press(page, Keys.ENTER)
    said = wait_for_announcement(page, "Recording stopped")
    assert "2 steps" in said
    download = in_component(page, "recorder", "download")
    replay = in_component(page, "recorder", "replay")
    wait_until(lambda: download.is_displayed() and replay.is_displayed(), 2, "the download and the replay")
    assert record.text == "Record scenario"

    # The download is the stored scenario, canonical.
    scenario_id = page.execute_script("return studio.recorder.scenarioId")
    assert download.get_attribute("download") == f"layercast-scenario-{scenario_id}.json"
    text = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0].href).then(r => r.text()).then(done, e => done(String(e)));", download)
    scenario = json.loads(text)
    assert [s["do"] for s in scenario["steps"]] == ["POST /play-button/mode", "POST /player/play"]
    assert scenario["steps"][0]["with"]["mode"] == "pause"
    assert scenario == api.request("GET", f"/scenarios/{scenario_id}")

    # Replay plays it on the live scene.
    api.request("POST", "/play-button/mode", mode="play", animated=False)
    api.request("POST", "/player/pause")
    tab_to(page, '[data-component="recorder"] [data-part="replay"]')
    press(page, Keys.ENTER)
    wait_for_announcement(page, "Replaying 2 steps")
    wait_until(lambda: api.state()["playButton"]["mode"] == "pause", 3, "the replayed pause")
    wait_until(lambda: api.state()["player"]["playing"], 3, "the replayed play")

    violations = axe_violations(page)
    assert violations == [], describe_violations(violations)
    assert console_errors(page) == []


def test_a_refused_stop_is_an_alert(recording_page, api):
    page = recording_page
    record = in_component(page, "recorder", "record")
    record.click()
    wait_for_announcement(page, "Recording started")
    # Another client stops it first: the page's stop is refused, said as an alert, and the button follows.
    api.request("POST", "/scenarios/record", action="stop")
    record.click()
    alert = wait_until(lambda: page.find_elements("css selector", '.toast[role="alert"]'), 3, "an alert")
    assert "no recording runs" in alert[0].get_attribute("textContent")
    wait_until(lambda: record.text == "Record scenario", 2, "the button to show Record scenario again")
