"""The timeline as a designer reads it (issue 32): a time ruler with ticks and a time/frame readout,
zoom and pan from the keyboard, a legend, each lane's own timing (the spinner's stroke is a 2 s
ease-in-ease-out inside a 2.5 s linear group), the spinner's plot after the history has moved past its
start, a visible scrub state with its `layercast:scrub` event, Replay slowly's message once the
animation has left the kept history, and axe with the timeline open and while scrubbing; at 1280 and
390 px wide."""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from a11y import axe_violations, describe_violations, focus_indicator_pixels, press
from conftest import open_studio
from support import console_errors, wait_until
from test_timeline import newest_bar

PANEL = '[data-component="timeline"]'
SIZES = [pytest.param(1280, 800, False, id="1280"), pytest.param(390, 844, True, id="390")]


def part(page, name):
    return page.find_element(By.CSS_SELECTOR, f'{PANEL} [data-part="{name}"]')


def view(page):
    return page.execute_script("return studio.timeline.view")


def timeline(api):
    return api.request("GET", "/timeline?from=-1000000000")


def shot(page, artifacts, name):
    panel = page.find_element(By.CSS_SELECTOR, PANEL)
    page.execute_script("arguments[0].scrollIntoView()", panel)
    # Two frames drawn after the scroll: the picture shows the panel where it came to.
    page.execute_async_script("const done = arguments[arguments.length - 1];"
                              "requestAnimationFrame(() => requestAnimationFrame(() => done()))")
    (artifacts / name).write_bytes(panel.screenshot_as_png)


def no_cut_labels(page):
    """Ruler labels and legend entries that stick out of the ruler or the panel (a cut label)."""
    return page.execute_script("""
        const panel = document.querySelector(arguments[0]), ruler = panel.querySelector('[data-part="ruler"]');
        const p = panel.getBoundingClientRect(), r = ruler.getBoundingClientRect();
        const out = [];
        for (const l of ruler.querySelectorAll('.tick > span')) {
          const b = l.getBoundingClientRect();
          if (b.left < r.left - 0.5 || b.right > r.right + 0.5) out.push('tick ' + l.textContent);
        }
        for (const e of panel.querySelectorAll('.timeline-legend li, .timeline-tools .btn, .timeline-head > *')) {
          if (!e.checkVisibility()) continue;
          const b = e.getBoundingClientRect();
          if (b.left < p.left || b.right > p.right + 0.5 || e.scrollWidth > e.clientWidth + 1) out.push(e.textContent.trim());
        }
        return out;""", PANEL)


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_ruler_readout_zoom_and_legend(browser, api, base_url, artifacts, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    api.request("POST", "/play-button/mode", mode="pause")
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, f"{PANEL} .command-mark"), 5, "the command on the lanes")

    # The ruler: ticks with times, none cut; the readout: the time and the frame.
    ticks = page.execute_script(f"return [...document.querySelectorAll('{PANEL} .ruler .tick')].map(t => t.textContent)")
    assert len(ticks) >= 3, f"the ruler has ticks: {ticks}"
    assert all(re.fullmatch(r"-?\d+(\.\d+)?", t) for t in ticks), ticks
    assert no_cut_labels(page) == []
    readout = part(page, "time").text
    assert re.fullmatch(r"t = \d+\.\d{3} s · frame \d+", readout), readout
    assert part(page, "mode").text == "Live"

    # Zoom and pan from the keyboard, on the ruler (which is the playhead).
    page.execute_script("arguments[0].focus()", part(page, "playhead"))
    changed, perimeter, _ = focus_indicator_pixels(page, part(page, "playhead"))
    assert changed >= perimeter, f"the ruler's focus is visible: {changed} px for {perimeter}"
    before = view(page)
    span = before["to"] - before["from"]
    press(page, "+")
    zoomed = view(page)
    assert abs((zoomed["to"] - zoomed["from"]) - span / 2) < 0.05, (before, zoomed)
    press(page, Keys.PAGE_UP)
    panned = view(page)
    assert panned["to"] < zoomed["to"] - 0.1, "Page Up pans earlier"
    press(page, "-")
    assert view(page)["to"] - view(page)["from"] > (zoomed["to"] - zoomed["from"]) * 1.5, "− zooms out"
    press(page, "0")
    fitted = view(page)
    kept = timeline(api)
    assert fitted["from"] <= kept["keptFrom"] + 1.5, "0 shows the whole kept history"
    assert not page.execute_script("return studio.timeline.scrubbing"), "zooming leaves the page live"
    # The buttons do the same.
    part(page, "zoom-in").click()
    part(page, "zoom-in").click()
    assert view(page)["to"] - view(page)["from"] < (fitted["to"] - fitted["from"]) / 3
    assert "s of" in part(page, "zoom").text

    # The legend: outcomes, cycles, commands (sent, and partly ignored), playhead, range, each with
    # a visible key; command marks are not the red of "removed", and a partly ignored one's flag is
    # neither that nor a plain one's.
    legend = page.find_elements(By.CSS_SELECTOR, f"{PANEL} .timeline-legend li")
    assert [li.text.split(" ")[0] for li in legend] == \
        ["Running", "Finished", "Replaced", "Removed", "Repeating:", "Command", "Command", "Playhead", "In–out"]
    colours = page.execute_script("""
        const probe = document.createElement('span'); probe.style.color = 'var(--danger)';
        document.querySelector(arguments[0]).append(probe);
        const danger = getComputedStyle(probe).color; probe.remove();
        const mark = document.querySelector(arguments[0] + ' .command-mark');
        const warned = document.querySelector(arguments[0] + ' .timeline-legend .command-key.warned');
        return [danger, getComputedStyle(mark, '::before').backgroundColor, getComputedStyle(mark, '::after').backgroundColor,
                [...document.querySelectorAll(arguments[0] + ' .timeline-legend .key')].map(k => k.getBoundingClientRect().width),
                getComputedStyle(warned, '::after').backgroundColor];""",
                                    PANEL)
    danger, line, flag, key_widths, warned_flag = colours
    assert danger not in (line, flag), f"command marks are {line}/{flag}, the red of removed is {danger}"
    assert warned_flag not in (danger, flag), f"a partly ignored command's flag is {warned_flag}"
    assert all(w >= 12 for w in key_widths)

    # A bar (the pause's own) plots with axes and units; axe finds nothing with the timeline open.
    newest_bar(page, "click")
    wait_until(lambda: "samples" in part(page, "caption").text, 3, "the plot")
    chart = part(page, "chart")
    assert chart.find_elements(By.CSS_SELECTOR, ".axis") and len(chart.find_elements(By.CSS_SELECTOR, ".tick")) >= 3
    assert "scene time (s)" in chart.text
    assert no_cut_labels(page) == []
    violations = axe_violations(page)
    assert violations == [], "timeline open:\n" + describe_violations(violations)
    shot(page, artifacts, f"timeline-ruler-{width}.png")
    assert console_errors(page) == []


def step_past(api, begin, seconds):
    """Pauses the clock and steps it until `begin` is `seconds` in the past (steps are at most 60 s)."""
    api.request("POST", "/clock", paused=True)
    while (now := api.state()["sceneTime"]) < begin + seconds:
        api.request("POST", "/clock", step=min(60, begin + seconds - now + 0.01))


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_the_spinners_plot_after_70_s(browser, api, base_url, artifacts, width, height, mobile):
    """The spinner runs from the start: once 70 s of scene time have gone, its start has left the
    60 s history, yet its lane plots its last two cycles with its own curve, not an empty plot."""
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    # The running one: an earlier test may have stopped and started the spinner, leaving an ended one too.
    spinner = [a for a in timeline(api)["animations"]
               if a["control"] == "spinner" and a["key"] == "strokeEnd" and a.get("end") is None]
    assert spinner, "the spinner runs"
    begin = spinner[-1]["animation"]["begin"]
    step_past(api, begin, 70)
    now = api.state()["sceneTime"]
    wait_until(lambda: page.execute_script("return studio.timeline.view.to") > now, 5, "the lanes after the step")
    bar = page.find_element(By.CSS_SELECTOR, f'{PANEL} .bar[aria-label^="strokeEnd:"]')
    label = bar.get_attribute("aria-label")
    assert label.startswith("strokeEnd: ease-in-ease-out, 2 s"), f"the stroke's own timing, not its group's: {label}"
    assert "2.5 s cycle" in label and "repeating forever" in label
    page.execute_script("arguments[0].click()", bar)
    caption = part(page, "caption")
    wait_until(lambda: "samples" in caption.text, 3, "the spinner's plot")
    samples = int(re.search(r"(\d+) samples", caption.text).group(1))
    assert samples > 100, caption.text
    assert "Infinity" not in caption.text and "between 0 and 1" in caption.text, caption.text
    assert "curve ease-in-ease-out" in caption.text
    assert part(page, "chart").find_elements(By.CSS_SELECTOR, "polyline")
    # Its range is the two cycles plotted, inside the kept history, and so can be replayed.
    v = view(page)
    assert v["range"] and v["range"]["from"] >= timeline(api)["keptFrom"] - 1e-6
    assert abs(v["range"]["to"] - v["range"]["from"] - 5) < 1e-6, "two 2.5 s cycles"
    assert v["range"]["from"] > now - 7.5, "the two cycles around now"
    assert v["range"]["to"] >= v["from"] and v["range"]["from"] <= v["to"], "the range is on screen"
    shot(page, artifacts, f"timeline-spinner-70s-{width}.png")
    api.request("POST", "/clock", paused=False)
    assert console_errors(page) == []


@pytest.mark.parametrize("width,height,mobile", SIZES)
def test_the_scrub_state_is_shown_and_sent(browser, api, base_url, artifacts, width, height, mobile):
    api.reset_scene()
    page = open_studio(browser, base_url, width, height, mobile=mobile)
    page.execute_script("window.__scrubs = []; document.addEventListener('layercast:scrub',"
                        " e => __scrubs.push(e.detail.sceneTime))")
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, f"{PANEL} .bar"), 5, "bars")
    # Three frames back from the keyboard, on the ruler.
    page.execute_script("arguments[0].focus()", part(page, "playhead"))
    press(page, Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    wait_until(lambda: page.execute_script("return studio.timeline.shownTime > 0 && studio.timeline.scrubbing"), 5,
               "the scrubbed frame")
    # The third frame on screen, the readout at its time, and the event saying so.
    wait_until(lambda: page.execute_script(
        "const t = studio.timeline.shownTime, out = document.querySelector(arguments[0]).textContent;"
        "return __scrubs.at(-1) === t && out.startsWith(`t = ${t.toFixed(3)} s · frame `)",
        f'{PANEL} [data-part="time"]'), 3, "the scrub event and the readout at the frame's time")
    shown = page.execute_script("return studio.timeline.shownTime")
    assert part(page, "mode").text == "Viewing"
    live = part(page, "live")
    assert live.text == "Live ▸" and live.get_attribute("aria-pressed") == "false"
    assert "past frame" in part(page, "message").text
    assert page.find_element(By.CSS_SELECTOR, PANEL).get_attribute("data-scrubbing") is not None
    assert abs(page.execute_script("return studio.frameTime") - shown) < 1e-6, "the frame on screen is the scrubbed one"
    assert no_cut_labels(page) == []
    violations = axe_violations(page)
    assert violations == [], "while scrubbing:\n" + describe_violations(violations)
    shot(page, artifacts, f"timeline-scrubbing-{width}.png")

    # Esc on the ruler: live again, and the event says so.
    page.execute_script("arguments[0].focus()", part(page, "playhead"))
    press(page, Keys.ESCAPE)
    wait_until(lambda: not page.execute_script("return studio.timeline.scrubbing"), 2, "Live")
    assert page.execute_script("return __scrubs.at(-1)") is None
    assert part(page, "mode").text == "Live" and part(page, "live").text == "Live"
    assert console_errors(page) == []


def test_replay_slowly_says_when_the_animation_left_the_history(page, api):
    api.request("POST", "/play-button/mode", mode="pause")
    bar = f'{PANEL} .bar[aria-label*="POST /play-button/mode"]'
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, bar), 5, "the pause's bars")
    page.execute_script("document.querySelector(arguments[0]).click()", bar)
    wait_until(lambda: view(page)["range"], 3, "the bar's range")
    kept = timeline(api)
    step_past(api, kept["sceneTime"], kept["historySpan"] + 5)
    wait_until(lambda: page.execute_script("return studio.timeline.view.from") > kept["sceneTime"], 5, "the lanes after the step")

    part(page, "replay").click()
    message = part(page, "message")
    wait_until(lambda: "left the kept history" in message.text, 3, "the message")
    assert "Can't replay the in–out range" in message.text and "--history-span" in message.text, message.text
    assert page.execute_script("return studio.timeline.replayRate") == 0
    assert not page.execute_script("return studio.timeline.scrubbing")

    # Without a range: the last command's animations, which have gone too.
    part(page, "clear-range").click()
    part(page, "replay").click()
    wait_until(lambda: "no command in the kept history" in message.text, 3, "the message without a range")
    assert page.execute_script("return studio.timeline.replayRate") == 0
    api.request("POST", "/clock", paused=False)
    assert console_errors(page) == []
