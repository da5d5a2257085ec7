"""An event never replaces a newer state. States are ordered by the server's revision (one more per
command), not by scene time, which steps back with the clock. The stale event is handed to the
page's own event stream, so it takes the path a late real one would."""
from selenium.webdriver.common.by import By

from support import console_errors, in_card, wait_until

# Dispatches `state` with `changes` applied as an event on the page's EventSource.
INJECT_JS = """
const [state, changes] = arguments;
studio.eventSource.dispatchEvent(new MessageEvent('state', {data: JSON.stringify({...state, ...changes})}));
"""


def test_a_stale_event_cannot_overwrite_a_newer_reply(page):
    wait_until(lambda: in_card(page, "spinner", "state").text == "Spinning", 2, "the spinner spinning")
    stale = page.execute_script("return studio.state")
    assert stale["spinner"]["animating"] is True

    page.find_element(By.CSS_SELECTOR, '[data-control="spinner"] [data-part="run"] [data-spinner="stop"]').click()
    wait_until(lambda: in_card(page, "spinner", "state").text == "Stopped", 2, "the reply on the card")
    shown = page.execute_script("return studio.revision")
    assert shown > stale["revision"]

    # The state from before the command arrives late, as an event made just before it would: dropped.
    page.execute_script(INJECT_JS, stale, {})
    assert in_card(page, "spinner", "state").text == "Stopped"
    assert page.execute_script("return studio.state.spinner.animating") is False
    assert page.execute_script("return studio.revision") >= shown

    # The same event with a newer revision, at an earlier scene time, is shown: the revision orders
    # states, not the time, and the injected event does reach the page.
    page.execute_script(INJECT_JS, stale, {"revision": shown + 1, "sceneTime": 0})
    assert in_card(page, "spinner", "state").text == "Spinning"
    assert page.execute_script("return studio.revision") == shown + 1
    assert console_errors(page) == []
