"""10. Less motion: with prefers-reduced-motion the page opens on still frames and a Play control, holds
no stream until Play, shows each change in a new still, and never touches the shared clock."""
import pytest
from selenium.webdriver.common.keys import Keys

from a11y import axe_violations, describe_violations, press, tab_to, wait_for_announcement
from conftest import leave_page, open_studio
from support import CANVAS_VARIETY_JS, console_errors, in_card, in_component, wait_until

GRAB_JS = "return arguments[0].toDataURL()"
# The stills the page has fetched (the stages' frame.png, not the cards' links).
STILLS_JS = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/frame.png?')).map(e => e.name)"


@pytest.fixture
def still_page(browser, api, base_url):
    api.reset_scene()
    leave_page(browser, base_url)  # the page an earlier test left open
    before = api.state()
    driver = open_studio(browser, base_url, less_motion=True)
    yield driver, before


def test_less_motion_opens_on_still_frames(still_page, api):
    page, before = still_page
    assert in_component(page, "view", "motion-label").text == "Play motion"
    assert page.execute_script("return studio.motion") is False
    assert page.execute_script("return studio.connections") == 1, "only the event stream is open"
    assert api.gauge("layercast_open_streams") == 0, "no MJPEG stream while the page holds still"
    assert in_component(page, "status", "fps").text == "–"
    for control in ("meter", "play-button", "player", "spinner"):
        canvas = in_card(page, control, "canvas")
        # Waited for, not sampled: a still taken as a spinner cycle starts (a reset restarts it there)
        # is rightly almost empty; the follow-up still, 1.2 s on, shows the arc.
        wait_until(lambda: page.execute_script(CANVAS_VARIETY_JS, canvas) > 0.001, 5, f"a still of {control} that is not blank")
    # The spinner turns on the server, yet its stage holds still once the follow-up still is in: the
    # server's spinner turns on for a second of scene time (the clock, not a pause, says so) while
    # the page shows the same picture and fetches nothing more.
    spinner = in_card(page, "spinner", "canvas")
    stills = lambda: page.execute_script(STILLS_JS)  # noqa: E731
    wait_until(lambda: len(stills()) >= 2, 5, "the opening still and its follow-up")

    def holds_still():
        first, fetched, since = page.execute_script(GRAB_JS, spinner), len(stills()), api.state()["sceneTime"]
        wait_until(lambda: api.state()["sceneTime"] > since + 1, 5, "the server's spinner to turn for a second")
        return page.execute_script(GRAB_JS, spinner) == first and len(stills()) == fetched
    wait_until(holds_still, 8, "the spinner's stage to hold still for a second")
    assert page.execute_script("return studio.announced") == []

    violations = axe_violations(page)
    assert violations == [], describe_violations(violations)
    # Nothing of the shared scene was changed: no command, the clock as it was.
    after = api.state()
    assert after["revision"] == before["revision"]
    assert after["clock"]["paused"] is False and after["clock"]["speed"] == 1
    assert console_errors(page) == []


def test_play_starts_the_stream_and_pause_stops_it(still_page, api):
    page, before = still_page
    tab_to(page, '[data-component="view"] [data-part="motion"]', Keys.ENTER)
    wait_until(lambda: page.execute_script("return studio.fps") > 0, 5, "the stream to play")
    assert in_component(page, "view", "motion-label").text == "Pause motion"
    wait_until(lambda: in_component(page, "status", "conn-label").text == "Live", 5, "Live in the status")
    wait_until(lambda: api.gauge("layercast_open_streams") == 1, 3, "one open stream")
    wait_for_announcement(page, "The stages play")

    press(page, Keys.ENTER)
    wait_until(lambda: page.execute_script("return studio.connections") == 1, 3, "the stream to close")
    wait_until(lambda: api.gauge("layercast_open_streams") == 0, 3, "no open stream")
    assert in_component(page, "status", "conn-label").text == "Still frames"
    assert api.state()["revision"] == before["revision"], "playing and pausing the page sent a command"
    assert console_errors(page) == []


def test_each_change_shows_in_a_new_still(still_page, api):
    page, _ = still_page
    canvas = in_card(page, "play-button", "canvas")
    wait_until(lambda: page.execute_script(CANVAS_VARIETY_JS, canvas) > 0.001, 5, "the first still")
    before = page.execute_script(GRAB_JS, canvas)
    tab_to(page, '[data-control="play-button"] [data-part="stage"]', Keys.ENTER)
    wait_until(lambda: api.state()["playButton"]["mode"] == "buffering", 2, "play → buffering")
    wait_until(lambda: page.execute_script(GRAB_JS, canvas) != before, 5, "a still of the new mode")
    assert canvas.get_attribute("aria-label") == "Play button, buffering"
    assert api.gauge("layercast_open_streams") == 0
    assert console_errors(page) == []
