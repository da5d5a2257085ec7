"""Resilience: a hidden tab closes its connections and reopens them when shown again; a server that
goes away and comes back is picked up again without a reload; a busy server's refusal is shown in
its own words and its Retry-After is honoured."""
import socket

from selenium.webdriver.common.by import By

from conftest import SpareServer, open_studio, set_viewport
from support import console_errors, in_card, in_component, wait_until


def test_a_hidden_tab_closes_its_stream_and_reopens_it(page, api):
    main = page.current_window_handle
    assert api.gauge("layercast_open_streams") == 1
    page.switch_to.new_window("tab")
    try:
        assert page.execute_script("return document.visibilityState") == "visible"
        wait_until(lambda: api.gauge("layercast_open_streams") == 0, 5, "the hidden page to close its stream")
    finally:
        page.close()
        page.switch_to.window(main)
    wait_until(lambda: page.execute_script("return document.visibilityState") == "visible", 3, "the page to show")
    wait_until(lambda: page.execute_script("return studio.fps") > 5, 5, "frames again")
    wait_until(lambda: in_component(page, "status", "conn-label").text == "Live", 3, "Live again")
    assert api.gauge("layercast_open_streams") == 1
    assert console_errors(page) == []


def test_the_page_comes_back_after_the_server_restarts(browser, spare_server):
    open_studio(browser, spare_server.base)

    spare_server.stop()
    wait_until(lambda: in_component(browser, "status", "conn-label").text == "Reconnecting…", 8, "Reconnecting…")
    assert browser.find_elements(By.CSS_SELECTOR, '[data-component="toasts"] .toast'), "the outage should be reported"

    spare_server.start()
    wait_until(lambda: browser.execute_script("return studio.fps") > 5, 15, "frames after the restart")
    wait_until(lambda: in_component(browser, "status", "conn-label").text == "Live", 10, "Live after the restart")
    # The state feed came back too: a command made now shows on the card.
    spare_server.api.request("POST", "/spinner/stop")
    wait_until(lambda: in_card(browser, "spinner", "state").text == "Stopped", 5, "state after the restart")
    # Refused connections while the server was down are expected; nothing else.
    assert console_errors(browser, allow=("ERR_CONNECTION_REFUSED", "ERR_EMPTY_RESPONSE", "events", "stream.mjpg", "stream.mp4",
                                          "ERR_INCOMPLETE_CHUNKED_ENCODING", "net::")) == []


# Each stream request the page makes and each busy answer it gets, on the page's own clock, in order.
STREAM_LOG_JS = """
window.__streams = [];
const fetched = window.fetch;
window.fetch = (url, init) => {
  const name = String(url);
  if (!/stream\\.(mjpg|mp4)\\?/.test(name)) return fetched(url, init);
  __streams.push({url: name, sent: performance.now()});
  return fetched(url, init).then(r => { if (r.status === 503) __streams.push({url: name, busy: performance.now(),
    retryAfter: Number(r.headers.get('retry-after'))}); return r; });
};
"""


def test_a_busy_server_is_explained_and_its_retry_after_honoured(browser):
    server = SpareServer(env={"LAYERCAST_RENDER_BUDGET": "25"})
    refusals = '{budget="render",status="503"}'
    refused = lambda: float(next(line.split()[1] for line in server.api.metrics().splitlines()
                                 if line.startswith("layercast_budget_refusals_total" + refusals)))
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STREAM_LOG_JS})
    try:
        # Another viewer's stream holds nearly all of the render budget: 900² px × 30 fps = 24.3 of 25 Mpx/s.
        hog = socket.create_connection(("127.0.0.1", server.port))
        hog.sendall(b"GET /stream.mjpg?control=all&size=900&fps=30 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert hog.recv(64).startswith(b"HTTP/1.0 200")
        set_viewport(browser, 1280, 800)
        browser.get("about:blank")
        browser.get_log("browser")  # not this test's: what an earlier page left in the console
        browser.get(server.base + "/")
        toast = '[data-component="toasts"] .toast'
        wait_until(lambda: any("render budget is in use" in t.text for t in browser.find_elements(By.CSS_SELECTOR, toast)),
                   10, "the server's own words about its budget")
        wait_until(lambda: in_component(browser, "status", "conn-label").text == "Reconnecting…", 3, "Reconnecting…")
        assert refused() >= 1
        # The budget is free from now on: only the 503's Retry-After (5 s) keeps the page away.
        hog.close()
        wait_until(lambda: browser.execute_script("return studio.fps") > 5, 15, "frames once the budget is free")
        wait_until(lambda: in_component(browser, "status", "conn-label").text == "Live", 5, "Live")
        # Without Retry-After the page would try again after 0.5 s: each request that follows a busy
        # answer for the same stream comes at least Retry-After later. (A page settling its layout
        # opens another stream at once: a new request, not a retry.)
        log = browser.execute_script("return __streams")
        busy = [e for e in log if "busy" in e]
        assert busy and all(e["retryAfter"] == 5 for e in busy), log
        for answer in busy:
            retry = next(e for e in log if e.get("sent", -1) > answer["busy"] and e["url"] == answer["url"])
            assert retry["sent"] - answer["busy"] >= 5000, f"retried {retry['sent'] - answer['busy']:.0f} ms after a 503: {log}"
        assert console_errors(browser, allow=("503", "stream.mjpg", "stream.mp4")) == []
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        server.stop()
