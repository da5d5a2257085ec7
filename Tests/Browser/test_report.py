"""`layercast test --report FILE` (issue 35): the HTML review of a failing run, opened from disk in
Chromium. Its slider and onion skin work from the keyboard and change what is shown, axe-core finds
nothing, every focus stop shows its focus, and the page fetches nothing but itself and the baselines
beside it."""
import pathlib
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from a11y import axe_violations, describe_violations, focus_indicator_pixels, press, tab_to
from conftest import BIN, set_viewport
from support import console_errors, wait_until

SCENARIO = '{"name": "spin", "duration": 0.5, "props": {"spinner": {"lineWidth": 6}}, "steps": []}'
OPTIONS = ["--size", "96", "--control", "spinner", "--fps", "10"]


def layercast_test(project, *arguments):
    """Runs `layercast test` in `project` with relative paths, as a CI job would; returns its exit status."""
    run = subprocess.run([str(pathlib.Path(BIN).resolve()), "test", *arguments, *OPTIONS], cwd=project,
                         capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout + run.stderr


def failing_report(project):
    """Baselines of the spinner at five times, then its line drawn thicker: the frames where its arc
    shows fail (all but the first, where the arc is still too short), and the report of that run."""
    (project / "scenarios").mkdir()
    (project / "scenarios/spin.json").write_text(SCENARIO)
    status, output = layercast_test(project, "scenarios", "--baseline", "baselines", "--update", "all")
    assert status == 0, output
    (project / "scenarios/spin.json").write_text(SCENARIO.replace('"lineWidth": 6', '"lineWidth": 10'))
    (project / "out").mkdir()
    status, output = layercast_test(project, "scenarios", "--baseline", "baselines", "--results", "results",
                                    "--report", "out/report.html")
    assert status == 1, output
    return project / "out/report.html"


# What the page could load: its pictures' addresses, any other element that loads something, and
# how many url() its style names.
LOADS_JS = """
const pictures = [...document.images].map(img => img.currentSrc || img.src).filter(Boolean);
const others = [...document.querySelectorAll('script[src], link, iframe, frame, object, embed, video, audio, source, track, image, use')]
  .map(el => el.outerHTML.slice(0, 120));
const styleUrls = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules])
  .filter(rule => /url\\(|@import/.test(rule.cssText)).length;
return {pictures, others, styleUrls};
"""


def style(driver, element, name):
    return driver.execute_script("return getComputedStyle(arguments[0])[arguments[1]]", element, name)


def test_the_report_of_a_failing_run(browser, tmp_path, artifacts):
    report = failing_report(tmp_path)
    page = browser
    set_viewport(page, 1280, 1000)
    page.get("about:blank")
    page.get_log("browser")
    page.get(report.as_uri())
    assert page.title.startswith("FAIL: ")

    failures = page.find_elements(By.CSS_SELECTOR, "article.frame.failed")
    assert len(failures) == 4, f"{len(failures)} failed frames"
    first = failures[0]
    slider = first.find_element(By.CSS_SELECTOR, '[data-compare="slider"]')
    onion = first.find_element(By.CSS_SELECTOR, '[data-compare="onion"]')
    # The script filled the comparisons from the side-by-side pictures and showed them.
    wait_until(lambda: slider.is_displayed() and onion.is_displayed(), 3, "the slider and the onion skin to show")
    for over in first.find_elements(By.CSS_SELECTOR, ".over"):
        assert over.get_attribute("src").startswith("data:image/png;base64,")

    # The slider, by keyboard: three steps right, then all the way (the actual frame everywhere).
    reveal = slider.find_element(By.CSS_SELECTOR, ".over")
    reveal_input = slider.find_element(By.CSS_SELECTOR, 'input[type="range"]')
    label = page.execute_script("return arguments[0].labels[0].textContent", reveal_input)
    assert label.startswith("Slider") and reveal_input.get_attribute("aria-valuetext") == "50 % actual"
    half = style(page, reveal, "clipPath")
    assert "50%" in half, half
    page.execute_script("arguments[0].focus()", reveal_input)
    press(page, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert reveal_input.get_attribute("aria-valuetext") == "53 % actual"
    assert "47%" in style(page, reveal, "clipPath"), style(page, reveal, "clipPath")
    press(page, Keys.END)
    assert reveal_input.get_attribute("aria-valuetext") == "100 % actual"
    whole = style(page, reveal, "clipPath")
    assert whole != half and "50%" not in whole, whole
    assert slider.find_element(By.CSS_SELECTOR, "output").text == "100 % actual"
    # Most of the way back, for the screenshot: the actual frame left of the line at 70 %.
    press(page, *[Keys.ARROW_LEFT] * 30)
    assert reveal_input.get_attribute("aria-valuetext") == "70 % actual"
    edge = slider.find_element(By.CSS_SELECTOR, ".edge")
    left = float(style(page, edge, "left").removesuffix("px"))
    assert abs(left - 0.7 * reveal.size["width"]) < 0.5, f"the line at {left} px"

    # The onion skin, the next stop after the slider: Home shows the baseline alone, then 40 %.
    blend = onion.find_element(By.CSS_SELECTOR, ".over")
    blend_input = tab_to(page, f'#{onion.find_element(By.CSS_SELECTOR, "input").get_attribute("id")}')
    assert style(page, blend, "opacity") == "0.5"
    press(page, Keys.HOME)
    assert style(page, blend, "opacity") == "0" and blend_input.get_attribute("aria-valuetext") == "0 % actual"
    press(page, *[Keys.ARROW_RIGHT] * 40)
    assert style(page, blend, "opacity") == "0.4" and onion.find_element(By.CSS_SELECTOR, "output").text == "40 % actual"

    # Every focus stop (the links to failures, the strip's, the inputs) shows its focus.
    stops = page.find_elements(By.CSS_SELECTOR, "a[href], input")
    assert len(stops) > 10
    for element in stops:
        page.execute_script("arguments[0].focus()", element)
        changed, perimeter, covered = focus_indicator_pixels(page, element)
        name = lambda: element.get_attribute("href") or element.get_attribute("id")  # noqa: E731
        assert changed >= perimeter, f"{name()}: focus changes {changed} px around it (want ≥ {perimeter:.0f})"
        assert not covered, f"{name()} is covered while it has focus"

    # The strip: the passing frames' baselines load through their relative paths; the failed ones
    # are marked in words and link to their details.
    strip = page.find_elements(By.CSS_SELECTOR, ".strip li")
    assert [li.get_attribute("class") for li in strip] == ["passed"] + ["failed"] * 4
    assert [li.find_element(By.CSS_SELECTOR, ".badge").text for li in strip] == ["✓ passed"] + ["✕ failed"] * 4
    for li in strip:
        picture = li.find_element(By.CSS_SELECTOR, "img")
        wait_until(lambda: page.execute_script("return arguments[0].complete && arguments[0].naturalWidth", picture) == 96,
                   3, f"{picture.get_attribute('src')} to load")
    assert strip[1].find_element(By.CSS_SELECTOR, "a").get_attribute("hash") == "#" + first.get_attribute("id")

    violations = axe_violations(page)
    assert violations == [], describe_violations(violations)

    # Nothing fetched but the page and the files beside it: nothing in the resource timings (Chromium
    # lists no file: loads there), every picture data: or file:, nothing else that loads, no url() in
    # the style; and no console error, where the page's content security policy would report a load.
    fetched = page.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(url.startswith(("file:", "data:")) for url in fetched), fetched
    loads = page.execute_script(LOADS_JS)
    assert loads["pictures"] and all(url.startswith(("file:", "data:")) for url in loads["pictures"]), loads
    assert loads["others"] == [] and loads["styleUrls"] == 0, loads
    assert console_errors(page) == []

    # The scenario's strip and its first failure, the slider at 70 % and the onion skin at 40 %.
    page.execute_script("document.getElementById('s0').scrollIntoView()")
    page.execute_script("window.scrollBy(0, -8)")
    page.execute_script("arguments[0].focus({preventScroll: true})", reveal_input)
    page.save_screenshot(str(artifacts / "test-report.png"))
