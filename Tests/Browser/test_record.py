"""Record (issues 19 and 32): start, send commands, stop; the scenario, which starts from the scene
as it was, offered as a download, a replay on this page alone and a clip, each equal to the live
frames it recorded; by keyboard, named, announced, and clean for axe."""
import io
import json
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from a11y import axe_violations, describe_violations, press, tab_to, wait_for_announcement
from conftest import open_studio
from support import console_errors, in_card, in_component, wait_until
from test_designer import SIZES, no_axe_violations, open_save_clip
from test_props import clipboard

RECORD = '[data-component="recorder"] [data-part="record"]'


def stop_any_recording(api):
    # A recording left running would take other tests' commands.
    if api.request("GET", "/scenarios").get("recording"):
        api.request("POST", "/scenarios/record", action="stop")


@pytest.fixture
def recording_page(page, api):
    yield page
    stop_any_recording(api)


@pytest.fixture
def recorded_scene(api):
    api.reset_scene()
    yield
    stop_any_recording(api)
    api.reset_scene()


def pixels(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        body = response.read()
    assert body[:1] not in (b"{", b"<"), f"{url}: {body[:300]!r}"
    return Image.open(io.BytesIO(body))


def differing(a, b):
    """How many pixels of two images differ (every pixel when their sizes do)."""
    a, b = a.convert("RGBA"), b.convert("RGBA")
    if a.size != b.size:
        return a.size[0] * a.size[1]
    a, b = a.tobytes(), b.tobytes()
    if a == b:  # the usual case, at once; counted only to say how far apart they are
        return 0
    return sum(1 for i in range(0, len(a), 4) if a[i:i + 4] != b[i:i + 4])


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_a_recording_reproduces_what_was_seen(recorded_scene, browser, api, base_url, artifacts, width, height, mobile):
    """Props and states set before recording are in the recording: its replay on the page and its
    clip equal the live frames it recorded, pixel for pixel, and the replay leaves the live scene
    alone. By keyboard, announced, and clean for axe while it replays."""
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    # What a fresh scene has not: a props change and a playing player.
    api.patch_props("spinner", {"color": "#1e88e5"})
    api.request("POST", "/player/play")
    record = in_component(page, "recorder", "record")
    assert record.text == "Record scenario"
    assert not in_component(page, "recorder", "download").is_displayed()
    assert not in_component(page, "recorder", "replay").is_displayed()

    # The recording's 2.5 s are the paused clock's steps, not a wait: long enough to look at the
    # replay while it runs (the replay takes its length in real time).
    api.request("POST", "/clock", paused=True)
    tab_to(page, RECORD)
    press(page, Keys.ENTER)
    wait_for_announcement(page, "Recording started")
    since = wait_until(lambda: api.request("GET", "/scenarios").get("recording"), 2, "the server to record")["since"]
    assert in_component(page, "recorder", "record-label").text == "Stop recording"
    # A command from the page and, half a second on, one from another client.
    pause = in_card(page, "play-button", "modes").find_element(By.CSS_SELECTOR, '[data-mode="pause"]')
    page.execute_script("arguments[0].click()", pause)
    wait_until(lambda: api.state()["playButton"]["mode"] == "pause", 2, "the pause mode")
    api.request("POST", "/clock", step=0.5)
    api.request("POST", "/meter/press")
    api.request("POST", "/clock", step=2)
    page.execute_script("arguments[0].focus()", record)
    press(page, Keys.ENTER)
    assert "2 steps" in wait_for_announcement(page, "Recording stopped")
    api.request("POST", "/clock", paused=False)
    download = in_component(page, "recorder", "download")
    replay = in_component(page, "recorder", "replay")
    wait_until(lambda: download.is_displayed() and replay.is_displayed(), 2, "the download and the replay")

    # The download is the stored scenario, canonical, starting from the scene as it was.
    scenario_id = page.execute_script("return studio.recorder.scenarioId")
    assert download.get_attribute("download") == f"layercast-scenario-{scenario_id}.json"
    text = page.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0].href).then(r => r.text()).then(done, e => done(String(e)));", download)
    scenario = json.loads(text)
    assert scenario == api.request("GET", f"/scenarios/{scenario_id}")
    assert [(s["at"], s["do"]) for s in scenario["steps"]] == [(0, "POST /play-button/mode"), (0.5, "POST /meter/press")]
    assert scenario["from"]["sceneTime"] == since
    assert scenario["from"]["state"]["player"]["playing"] is True
    duration = scenario["duration"]
    assert abs(duration - 2.5) < 1e-6, duration

    # Replay here: the recording's frames on this page; the live scene is not touched. The replay
    # runs on the page's clock (performance.now), which the test holds and moves half a second at a
    # time: it is looked at while it runs however slow the machine (busy cores once let it end
    # while axe ran), and shows frames at known times of the recording.
    revision = api.state()["revision"]
    page.execute_script("performance.clearResourceTimings()")
    page.execute_script("window.__now = performance.now(); performance.now = () => window.__now;")
    try:
        tab_to(page, '[data-component="recorder"] [data-part="replay"]')
        press(page, Keys.ENTER)
        wait_for_announcement(page, "Replaying the recording")
        label = in_component(page, "status", "conn-label")
        wait_until(lambda: label.text.startswith("Replaying recording t = "), 2, "the header to say so")
        assert replay.text == "Stop replay"
        page.save_screenshot(str(artifacts / f"recording-replay-{width}.png"))
        no_axe_violations(page, "replaying a recording", ['[data-component="recorder"]', '[data-component="status"]'])
        # The readouts are the recording's state at a time of its own, not the live scene's (later).
        read = wait_until(lambda: (page.execute_script("return studio.viewing") or {}).get("sceneTime"), 3,
                          "the recording's readouts")
        assert since <= read <= since + duration + 1e-6, (read, since, duration)
        for step in range(1, 6):
            page.execute_script("window.__now += 500")
            wait_until(lambda: abs(page.execute_script("return studio.replayer.shownTime") - min(step * 0.5, duration)) < 1e-6,
                       5, f"the recording's frame at {step * 0.5} s")
        wait_for_announcement(page, "Replay finished")
    finally:
        page.execute_script("delete performance.now")  # the prototype's again
    wait_until(lambda: label.text == "Live", 3, "live again")
    assert replay.text == "Replay here"
    assert api.state()["revision"] == revision, "the replay sent no command"

    # The frames it showed are the live frames of that time, from the kept history.
    shown = page.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/frame.png?') && n.includes('scenario='))")
    assert len(shown) >= 3, shown
    for url in shown[:: max(1, len(shown) // 4)] + shown[-1:]:
        base, query = url.split("?", 1)
        params = urllib.parse.parse_qs(query)
        assert params.pop("scenario") == [scenario_id]
        ahead = float(params.pop("ahead")[0])
        live = base + "?" + urllib.parse.urlencode({**params, "at": repr(since + ahead)}, doseq=True)  # exact, as the scenario adds them
        assert differing(pixels(url), pixels(live)) == 0, f"replayed t = {ahead}: {url}"

    # Saved as a clip: the Save clip form offers the recording, at the View, and its frames are
    # the live clip of the same span, frame for frame.
    open_save_clip(page)
    assert Select(in_component(page, "clock", "clip-range")).first_selected_option.text.startswith("Recording (")
    assert not in_component(page, "clock", "clip-seconds").is_enabled()
    href = in_component(page, "clock", "save-clip").get_attribute("href")
    assert f"scenario={scenario_id}" in href and "seconds=" not in href and "at=" not in href, href
    # Both clips rendered at once: the server renders on both cores.
    with ThreadPoolExecutor(2) as pool:
        recorded, live = pool.map(pixels, [href, href.replace(f"scenario={scenario_id}", f"at={since!r}&seconds={duration!r}")])
    assert recorded.n_frames == live.n_frames >= 30, (recorded.n_frames, live.n_frames)
    for i in range(0, recorded.n_frames, 7):
        recorded.seek(i)
        live.seek(i)
        assert differing(recorded, live) == 0, f"clip frame {i}"
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


def test_copy_embed_code_pins_the_recording(recording_page, api, base_url):
    """Copy embed code (issue 34): the recording is pinned on the server, so newer scenarios never push
    it out, and the clipboard has the module (pinned to the server's version) and a looping player."""
    page = recording_page
    page.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url,
                                                      "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    embed = in_component(page, "recorder", "embed")
    assert not embed.is_displayed()
    record = in_component(page, "recorder", "record")
    record.click()
    wait_for_announcement(page, "Recording started")
    api.request("POST", "/meter/press")
    record.click()
    wait_for_announcement(page, "Recording stopped")
    wait_until(embed.is_displayed, 2, "Copy embed code")
    scenario_id = page.execute_script("return studio.recorder.scenarioId")
    tab_to(page, '[data-component="recorder"] [data-part="embed"]')
    press(page, Keys.ENTER)
    code = wait_until(lambda: (t := clipboard(page)) and f'scenario="{scenario_id}"' in t and t, 3, "the embed code")
    version = api.request("GET", "/layout")["version"]
    assert code == (f'<script type="module" src="{base_url}/embed.js?v={version}"></script>\n'
                    f'<layercast-player scenario="{scenario_id}" autoplay loop controls></layercast-player>'), code
    listed = {s["id"]: s for s in api.request("GET", "/scenarios")["scenarios"]}
    assert listed[scenario_id]["pinned"] is True
    api.request("DELETE", f"/scenarios/{scenario_id}/pin")
    assert console_errors(page) == []
