"""4. The music button: toggle, seek to 50 %, restart, artwork by file picker (PNG or not)."""
import io

from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains

from conftest import open_studio
from support import console_errors, in_card, wait_until


def test_toggle_and_seek_to_half(page, api):
    in_card(page, "player", "toggle").click()
    wait_until(lambda: api.state()["player"]["playing"] is True, 1, "playing")
    wait_until(lambda: in_card(page, "player", "state").text == "Playing", 1, "Playing on the card")

    # A click in the middle of the slider is 50 %. The clock stands still meanwhile: playing, the
    # progress moves on with it (the slider read 51 once, on busy cores).
    api.request("POST", "/clock", paused=True)
    seek = in_card(page, "player", "seek")
    ActionChains(page).move_to_element(seek).click().perform()
    player = wait_until(lambda: (p := api.state()["player"]) and p["progress"]["model"] == 50 and p,
                        1, "progress 50 %")
    assert player["playing"] is True
    wait_until(lambda: in_card(page, "player", "seek").get_attribute("value") == "50", 3, "the slider at 50")

    # Clicking the control itself toggles it back.
    ActionChains(page).click(in_card(page, "player", "stage")).perform()
    wait_until(lambda: api.state()["player"]["playing"] is False, 1, "paused")
    api.request("POST", "/clock", paused=False)
    assert console_errors(page) == []


def test_restart(page, api):
    api.request("POST", "/player/seek", progress=70)
    in_card(page, "player", "restart").click()
    wait_until(lambda: api.state()["player"]["progress"]["model"] == 0, 1, "progress back to 0")


def test_artwork_from_the_file_picker(browser, spare_server, artifacts):
    # On a server of its own: there is no way back to the generated cover the other tests show.
    page, api = open_studio(browser, spare_server.base), spare_server.api
    picker = in_card(page, "player", "artwork")
    png = artifacts / "artwork.png"
    Image.new("RGB", (300, 200), (30, 140, 220)).save(png)
    picker.send_keys(str(png))
    art = wait_until(lambda: (a := api.state()["player"]["artwork"]) and not a["isDefault"] and a, 3, "the PNG artwork")
    assert (art["width"], art["height"]) == (300, 200)
    wait_until(lambda: in_card(page, "player", "artwork-info").text == "300×200", 2, "the card to show it")

    # A JPEG is turned into a PNG by the page (the server takes PNG only).
    jpeg = artifacts / "artwork.jpg"
    Image.new("RGB", (2000, 1000), (220, 60, 90)).save(jpeg, quality=80)
    picker.send_keys(str(jpeg))
    art = wait_until(lambda: (a := api.state()["player"]["artwork"]) and a["width"] == 1024 and a, 5, "the JPEG artwork")
    assert art["height"] == 512
    assert console_errors(page) == []


def test_artwork_by_drag_and_drop(browser, spare_server):
    page, api = open_studio(browser, spare_server.base), spare_server.api
    # Selenium cannot drag files from the desktop; a synthetic drop with a real PNG File is the closest.
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), (250, 200, 0)).save(buf, "PNG")
    page.execute_script("""
        const bytes = Uint8Array.from(atob(arguments[1]), c => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'drop.png', {type: 'image/png'}));
        const card = arguments[0];
        card.dispatchEvent(new DragEvent('dragenter', {dataTransfer: data, bubbles: true, cancelable: true}));
        card.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));""",
        in_card(page, "player", "stage"), __import__("base64").b64encode(buf.getvalue()).decode())
    art = wait_until(lambda: (a := api.state()["player"]["artwork"]) and a["width"] == 64 and a, 3, "the dropped artwork")
    assert art["height"] == 48
    assert "is-drop-target" not in in_card(page, "player", "stage").get_attribute("class")
