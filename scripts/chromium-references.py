#!/usr/bin/env python3
"""Chromium's drawings of the formulas Core Animation shares with the web, as reference PNGs.

Each case is one CSS or SVG formula in a white box of its own size; ChromiumOracleTests draws the
same formula with LayercastQuartz and compares the two (docs/design/quartz.md §Chromium as an
oracle). Chromium is an independent drawing of the formula, not proof of Core Animation's
behaviour: the facts sheet's mapping (CSS blur = 2 · shadowRadius, perspective(d) = m34 −1/d, …) is
the claim the references check.

  scripts/chromium-references.py          rewrites Tests/LayercastQuartzTests/Chromium/*.png
  make chromium-references                 the same

Run it when a case is added or changed, look at the pictures, and commit them: CI compares against
the committed files and does not drive Chromium for them."""
import base64, os, pathlib, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/LayercastQuartzTests/Chromium"

BOX = "position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;"
# name: (width, height, inner HTML). The Swift side of each is ChromiumOracleTests.cases[name].
CASES = {
    "axial": (100, 60, f'<div style="{BOX.format(x=0, y=0, w=100, h=60)}background:linear-gradient(to bottom,#ff0000,#0000ff)"></div>'),
    "axial-locations": (80, 80, f'<div style="{BOX.format(x=0, y=0, w=80, h=80)}'
                                'background:linear-gradient(to bottom right,#ff0000 0%,#00ff00 30%,#0000ff 100%)"></div>'),
    "radial": (100, 60, f'<div style="{BOX.format(x=0, y=0, w=100, h=60)}'
                        'background:radial-gradient(50px 30px at 50px 30px,#ffffff,#000000)"></div>'),
    "conic": (80, 80, f'<div style="{BOX.format(x=0, y=0, w=80, h=80)}'
                      'background:conic-gradient(from 90deg at 40px 40px,#ff0000,#0000ff)"></div>'),
    "corner-radius": (100, 60, f'<div style="{BOX.format(x=10, y=10, w=80, h=40)}border-radius:12px;background:#3366cc"></div>'),
    "border": (100, 60, f'<div style="{BOX.format(x=10, y=10, w=80, h=40)}box-sizing:border-box;border:3px solid #cc3333;'
                        'border-radius:10px;background:#ffffff"></div>'),
    "shadow": (120, 100, f'<div style="{BOX.format(x=30, y=30, w=60, h=40)}background:#3366cc;'
                         'box-shadow:0px 4px 12px rgba(0,0,0,0.5)"></div>'),
    "perspective": (120, 100, f'<div style="{BOX.format(x=30, y=20, w=60, h=60)}background:#3366cc;'
                              'transform:perspective(300px) rotateY(40deg)"></div>'),
    "dashes": (120, 40, '<svg width="120" height="40" style="position:absolute;left:0;top:0">'
                        '<path d="M10 20 L110 20" stroke="#000000" stroke-width="2" stroke-dasharray="6 3" '
                        'stroke-dashoffset="1" fill="none"/></svg>'),
}


def page(width, height, inner):
    return ('<!doctype html><html><body style="margin:0;background:#ffffff">'
            f'<div id="case" style="position:relative;width:{width}px;height:{height}px;overflow:hidden;'
            f'background:#ffffff">{inner}</div></body></html>')


def main():
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--window-size=400,300", "--force-device-scale-factor=1",
                     "--force-color-profile=srgb", "--hide-scrollbars"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        OUT.mkdir(parents=True, exist_ok=True)
        for name, (width, height, inner) in CASES.items():
            html = page(width, height, inner)
            driver.get("data:text/html;base64," + base64.b64encode(html.encode()).decode())
            png = driver.find_element(By.ID, "case").screenshot_as_png
            (OUT / f"{name}.png").write_bytes(png)
            print(f"{name}: {width}×{height}")
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
