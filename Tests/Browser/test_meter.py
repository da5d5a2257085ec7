"""2. Press and hold on the meter: 1.0 s with a mouse, then 0.5 s with touch, 0.4 s with a pen, Space
held on the stage and anywhere on the page; each segment is exactly as long as its hold. A refused
press reads as a message.

The holds are scene time: the clock is paused, the page presses (a real pointer or key, through the
card), the clock steps the hold's length, the page releases. A hold timed by the wall clock measured
the machine's load as much as the meter (WebDriver delivers a release late on busy cores)."""
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


def hold(api, seconds, press, release, count):
    """Presses (`press()`, an action on the page), steps the paused clock `seconds`, releases; returns
    the length of the `count`th segment, which that hold recorded."""
    press()
    wait_until(lambda: api.state()["meter"]["recording"], 3, "the press to record")
    api.request("POST", "/clock", step=seconds)
    release()
    return segment_seconds(settled_meter(api, count))[count - 1]


def pointer(page, kind, name):
    return ActionBuilder(page, mouse=PointerInput(kind, name))


def test_hold_with_mouse_then_touch(page, api):
    stage = in_card(page, "meter", "stage")
    api.request("POST", "/clock", paused=True)
    first = hold(api, 1.0, lambda: ActionChains(page).click_and_hold(stage).perform(),
                 lambda: ActionChains(page).release().perform(), 1)
    assert abs(first - 1.0) < 1e-6, f"a 1 s hold recorded {first:.6f} s"

    # A finger down and up in two steps: straight through the browser's input (chromedriver lifts no
    # touch that an earlier action put down).
    x, y = page.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]",
                               stage)
    second = hold(api, 0.5,
                  lambda: page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}),
                  lambda: page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}), 2)
    assert abs(second - 0.5) < 1e-6, f"a 0.5 s touch recorded {second:.6f} s"

    # The card shows what /state says.
    wait_until(lambda: in_card(page, "meter", "segments").text == "2", 2, "the segment count on the card")
    assert in_card(page, "meter", "status").text == "Idle"
    api.request("POST", "/clock", paused=False)
    assert console_errors(page) == []


def test_hold_with_pen_and_space(page, api):
    stage = in_card(page, "meter", "stage")
    api.request("POST", "/clock", paused=True)

    def pen(action):
        stylus = pointer(page, interaction.POINTER_PEN, "pen")
        action(stylus.pointer_action)
        stylus.perform()
    first = hold(api, 0.4, lambda: pen(lambda a: a.move_to(stage).pointer_down()), lambda: pen(lambda a: a.pointer_up()), 1)
    assert abs(first - 0.4) < 1e-6, f"a 0.4 s pen hold recorded {first:.6f} s"

    # The pen left the focus on the stage: Space held there records.
    assert page.execute_script("return document.activeElement") == stage
    second = hold(api, 0.6, lambda: ActionChains(page).key_down(Keys.SPACE).perform(),
                  lambda: ActionChains(page).key_up(Keys.SPACE).perform(), 2)
    assert abs(second - 0.6) < 1e-6, f"Space held 0.6 s recorded {second:.6f} s"

    # With nothing focused, Space anywhere on the page records too.
    page.execute_script("document.activeElement.blur()")
    third = hold(api, 0.4, lambda: ActionChains(page).key_down(Keys.SPACE).perform(),
                 lambda: ActionChains(page).key_up(Keys.SPACE).perform(), 3)
    assert abs(third - 0.4) < 1e-6, f"Space held 0.4 s on the page recorded {third:.6f} s"
    api.request("POST", "/clock", paused=False)
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
