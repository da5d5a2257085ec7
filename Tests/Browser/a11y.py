"""Accessibility helpers for the browser tests: axe-core in the page, and what the keyboard reaches.

axe-core comes from PyPI's axe-playwright-python (installed with --no-deps by scripts/install-deps.sh),
which ships it as a plain axe.min.js: it is injected with execute_script and run through
execute_async_script, so neither Playwright nor axe-selenium-python (axe 3.1, which hangs here) is used.
"""
import base64
import importlib.util
import io
import pathlib

from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from support import wait_until

# WCAG 2.0, 2.1 and 2.2, levels A and AA: what the page is checked against.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise AssertionError("axe-core is missing: run `make test-deps` (pip install --no-deps axe-playwright-python)")
    return (pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


def axe_violations(driver, within=None):
    """Runs axe-core on the page as it is now; returns its violations for WCAG_TAGS. `within` (CSS
    selectors) limits it to what a state changed, once the whole page has been checked in the same
    layout: the whole page takes axe several times as long as one panel."""
    if not driver.execute_script("return typeof axe === 'object'"):
        driver.execute_script(axe_source())
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const context = arguments[1] ? {include: arguments[1].map(s => [s])} : document;
        axe.run(context, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
           .then(r => done({version: axe.version, violations: r.violations}), e => done({error: String(e)}));""",
                                         WCAG_TAGS, within)
    if "error" in result:
        raise AssertionError(f"axe failed: {result['error']}")
    assert result["version"].startswith("4."), result["version"]
    return result["violations"]


def describe_violations(violations):
    lines = []
    for v in violations:
        for node in v["nodes"]:
            lines.append(f"{v['id']}: {' '.join(map(str, node['target']))} — {node['failureSummary'].splitlines()[-1].strip()}")
    return "\n".join(lines)


# Everything Tab should stop at, in document order: what a person with a keyboard can reach.
TABBABLE_JS = """
const selector = 'a[href], button, input, select, textarea, summary, [tabindex]';
return [...document.querySelectorAll(selector)].filter(el =>
  !el.disabled && el.tabIndex >= 0 && el.getAttribute('tabindex') !== '-1'
  && el.checkVisibility({visibilityProperty: true})
  && !(el.closest('details:not([open])') && !el.matches('details > summary')));
"""

# What shows an element's focus: the switch's track, the label around a hidden file, colour or radio
# input, or the element itself. Its box in document coordinates.
VISUAL_BOX_JS = """
const el = arguments[0];
const visual = el.matches('.switch input') ? el.nextElementSibling
  : el.closest('.btn-file, .sw-custom, .prop-swatch, .prop-choices label') ?? el;
const r = visual.getBoundingClientRect(), ring = arguments[1];
const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height,
        covered: !!hit && !(visual.contains(hit) || hit.contains(visual) || el.contains(hit)),
        inView: r.left - ring >= 0 && r.top - ring >= 0 && r.right + ring <= innerWidth && r.bottom + ring <= innerHeight};
"""

# Transitions off, so a focus ring is drawn at once (the page's own rules, just without the timing).
NO_TRANSITIONS_JS = """
const style = document.createElement('style');
style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
document.head.append(style);
"""

RING = 6  # px around an element's box that a focus indicator is looked for in
# Where a band whose ring falls short is kept as a picture (focused beside blurred).
FOCUS_FAILURES = pathlib.Path(__file__).resolve().parents[2] / "artifacts" / "browser" / "focus"


def _luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a, b):
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _shot(driver, box):
    clip = {"x": box["x"] - RING, "y": box["y"] - RING, "width": box["width"] + 2 * RING,
            "height": box["height"] + 2 * RING, "scale": 1}
    # Beyond the viewport only when the band leaves it: that capture lays the whole page out again
    # (twice as slow on the long pages with open panels), and gives the same pixels otherwise.
    data = driver.execute_cdp_cmd("Page.captureScreenshot",
                                  {"format": "png", "clip": clip, "captureBeyondViewport": not box["inView"]})["data"]
    return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")


def focus_indicator_pixels(driver, element):
    """How many pixels in the band of RING px around the focused `element`'s visible box change by a
    contrast of at least 3:1 when it loses focus. The inside of the box is left out: a stage's
    canvas moves on its own. Focus comes back afterwards (programmatic focus after keyboard use
    keeps :focus-visible). Also returns the band's length (the box's perimeter) and whether
    something covers the element. An element that moved meanwhile (the timeline's bars follow the
    scene) is photographed again: pictures of where it was miss part of its ring."""
    place = lambda b: (b["x"], b["y"], b["width"], b["height"])  # noqa: E731
    box = driver.execute_script(VISUAL_BOX_JS, element, RING)
    for _ in range(5):
        focused = _shot(driver, box)
        driver.execute_script("arguments[0].blur()", element)
        blurred = _shot(driver, box)
        after = driver.execute_script("arguments[0].focus({preventScroll: true});" + VISUAL_BOX_JS, element, RING)
        if place(after) == place(box):
            break
        box = after
    w, h = focused.size
    a, b = focused.load(), blurred.load()
    changed = 0
    for y in range(h):
        inside_rows = RING <= y < h - RING
        for x in range(w):
            if inside_rows and RING <= x < w - RING:
                continue
            if a[x, y] != b[x, y] and _contrast(a[x, y], b[x, y]) >= 3:
                changed += 1
    perimeter = 2 * (box["width"] + box["height"])
    if changed < perimeter:
        # Kept for the failure it will be: the band focused and blurred, side by side, 4× larger.
        pair = Image.new("RGB", (2 * w + 4, h), "magenta")
        pair.paste(focused, (0, 0))
        pair.paste(blurred, (w + 4, 0))
        FOCUS_FAILURES.mkdir(parents=True, exist_ok=True)
        name = f"focus-{box['x']:.0f}-{box['y']:.0f}-{changed}px.png"
        pair.resize((pair.width * 4, pair.height * 4), Image.NEAREST).save(FOCUS_FAILURES / name)
    return changed, perimeter, box["covered"]


def active(driver):
    return driver.switch_to.active_element


def press(driver, *keys):
    """Presses keys one after another on whatever has focus, as a person would."""
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def shift_tab(driver, times=1):
    """Goes back `times` stops, Shift held throughout."""
    chain = ActionChains(driver).key_down(Keys.SHIFT)
    for _ in range(times):
        chain.send_keys(Keys.TAB)
    chain.key_up(Keys.SHIFT).perform()


def tab_to(driver, css, *then):
    """Presses Tab as often as it takes to go from the focused element to the one matching `css`
    (further down the page), all in one go, checks that the focus arrived there, then presses the
    keys `then` on it."""
    target = driver.find_element("css selector", css)
    order = driver.execute_script(TABBABLE_JS)
    assert target in order, f"{css} cannot take focus"
    here = active(driver)
    steps = order.index(target) - (order.index(here) if here in order else -1)
    assert steps >= 0, f"{css} comes before the focused element"
    if steps:
        press(driver, *[Keys.TAB] * steps)
    wait_until(lambda: active(driver) == target, 2, f"Tab to reach {css}")
    if then:
        press(driver, *then)
    return target


def wait_for_announcement(driver, words, timeout=3):
    """Waits until the page's live region has said something containing `words`; returns it."""
    return wait_until(lambda: next((m for m in driver.execute_script("return studio.announced") if words in m), None),
                      timeout, f"the live region to say “{words}”")
