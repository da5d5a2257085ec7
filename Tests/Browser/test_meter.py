"""2. Press and hold on the meter: 1.0 s with a mouse, then 0.5 s with touch; the segments' lengths
follow the holds (±15 %). Space works as well, and a refused press reads as a message.

A hold is measured where the page saw it (the events' own timestamps), not as the pause WebDriver
was asked for: on a loaded machine WebDriver delivers the release late, and the page then really
held longer. The recorded segment must match what the page held; the page must have held at least
what was asked."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import console_errors, in_card, wait_until


def segment_seconds(meter):
    return [(s["model"]["strokeEnd"] - s["model"]["strokeStart"]) * meter["duration"] for s in meter["segments"]]


def settled_meter(api, count):
    return wait_until(lambda: (m := api.state()["meter"]) and m["segmentCount"] == count and not m["recording"] and m,
                      3, f"{count} finished segment(s)")


HOLD_TIMER = """
window.__holds = [];
let down = null;
const start = (e) => { if (down === null && (e.type !== "keydown" || e.key === " ")) down = e.timeStamp; };
const end = (e) => {
  if (down === null || (e.type === "keyup" && e.key !== " ")) return;
  window.__holds.push((e.timeStamp - down) / 1000);
  down = null;
};
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, start, true);
for (const type of ["pointerup", "pointercancel", "keyup"]) window.addEventListener(type, end, true);
"""


def held(page):
    """The holds the page saw so far, in seconds."""
    return page.execute_script("return window.__holds")


# The meter records a hold from the arrival of its press to that of its release: two requests through
# the card's queue, each taking as long as the loaded machine makes it. On CI's two busy cores their
# difference strayed by 89 ms from the hold the page saw (the 0.5 s touch hold, once): a tighter
# bound tests the machine's scheduling, not the meter. A hold recorded wrong (a lost release, a
# press recorded twice) is off by far more.
ARRIVAL_JITTER = 0.15


def expect_hold(recorded, seen, asked, tolerance=ARRIVAL_JITTER):
    assert seen >= asked - 0.02, f"the page held {seen:.3f} s, less than the {asked} s asked"
    assert abs(recorded - seen) <= tolerance, f"a {seen:.3f} s hold (asked {asked} s) recorded {recorded:.3f} s"


def test_hold_with_mouse_then_touch(page, api):
    stage = in_card(page, "meter", "stage")
    page.execute_script(HOLD_TIMER)

    ActionChains(page).click_and_hold(stage).pause(1.0).release().perform()
    meter = settled_meter(api, 1)
    [first] = segment_seconds(meter)
    expect_hold(first, held(page)[0], 1.0)

    touch = ActionBuilder(page, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    touch.pointer_action.move_to(stage).pointer_down().pause(0.5).pointer_up()
    touch.perform()
    meter = settled_meter(api, 2)
    second = segment_seconds(meter)[1]
    expect_hold(second, held(page)[1], 0.5)

    # The card shows what /state says.
    wait_until(lambda: in_card(page, "meter", "segments").text == "2", 2, "the segment count on the card")
    assert in_card(page, "meter", "status").text == "Idle"
    assert console_errors(page) == []


def test_hold_with_pen_and_space(page, api):
    stage = in_card(page, "meter", "stage")
    page.execute_script(HOLD_TIMER)
    pen = ActionBuilder(page, mouse=PointerInput(interaction.POINTER_PEN, "pen"))
    pen.pointer_action.move_to(stage).pointer_down().pause(0.4).pointer_up()
    pen.perform()
    settled_meter(api, 1)

    # The pen left the focus on the stage: Space held there records.
    assert page.execute_script("return document.activeElement") == stage
    ActionChains(page).key_down(Keys.SPACE).pause(0.6).key_up(Keys.SPACE).perform()
    meter = settled_meter(api, 2)
    expect_hold(segment_seconds(meter)[1], held(page)[1], 0.6)

    # With nothing focused, Space anywhere on the page records too.
    page.execute_script("document.activeElement.blur()")
    ActionChains(page).key_down(Keys.SPACE).pause(0.4).key_up(Keys.SPACE).perform()
    meter = settled_meter(api, 3)
    expect_hold(segment_seconds(meter)[2], held(page)[2], 0.4)
    assert console_errors(page) == []


def test_pointer_cancel_releases(page, api):
    """A hold the browser takes away (a scroll gesture, a lost pointer) must not keep recording."""
    stage = in_card(page, "meter", "stage")
    ActionChains(page).click_and_hold(stage).perform()
    wait_until(lambda: api.state()["meter"]["recording"], 2, "recording to start")
    # While the hold lasts, the card counts the elapsed time with the frames on screen.
    wait_until(lambda: in_card(page, "meter", "status").text == "Recording", 2, "Recording on the card")
    wait_until(lambda: in_card(page, "meter", "elapsed").text >= "0:00.5", 2, "the elapsed time to run")
    page.execute_script("""
        const s = arguments[0];
        s.dispatchEvent(new PointerEvent('pointercancel', {pointerId: 1, pointerType: 'mouse', bubbles: true}));""",
        stage)
    wait_until(lambda: not api.state()["meter"]["recording"], 2, "recording to stop on pointercancel")
    revision = api.state()["revision"]
    ActionChains(page).release().perform()
    # The late release sends nothing: Reset, which goes through the card's one queue after anything
    # the release sent, is the next command the scene applies.
    assert api.state()["meter"]["segmentCount"] == 1
    in_card(page, "meter", "reset").click()
    wait_until(lambda: api.state()["meter"]["segmentCount"] == 0, 2, "the reset")
    assert api.state()["revision"] == revision + 1, "the release after the cancel sent a command"


def test_a_refused_press_reads_as_a_message(page, api):
    api.request("PUT", "/meter/config", duration=1)
    api.request("POST", "/meter/hold", seconds=1)
    wait_until(lambda: api.state()["meter"]["complete"], 3, "the meter to complete")
    ActionChains(page).click(in_card(page, "meter", "stage")).perform()
    toast = wait_until(lambda: page.find_element(By.CSS_SELECTOR, '[data-component="toasts"] .toast').text, 3, "an error message")
    assert "Recording meter" in toast and "reset" in toast.lower(), toast
    wait_until(lambda: in_card(page, "meter", "status").text == "Complete", 2, "Complete on the card")
    in_card(page, "meter", "reset").click()
    wait_until(lambda: api.state()["meter"]["segmentCount"] == 0, 2, "the reset")
    # The only console entries are the refused commands themselves.
    assert console_errors(page, allow=("409",)) == []
