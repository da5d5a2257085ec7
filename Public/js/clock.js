// @ts-check
// The scene clock: pause and resume, speed, one-frame steps (also on , and .), and Save clip in
// the chosen format (WebP, GIF, MP4 or WebM).
import { send, errorFrom, ApiError } from "./api.js";
import { $$, part } from "./dom.js";
import { reportError, toast } from "./toast.js";
import { clipUrl } from "./view.js";

/**
 * @typedef {import("./state.js").SceneState} SceneState
 * @typedef {import("./state.js").Clock} Clock
 * @typedef {import("./state.js").ClockReply} ClockReply
 */

/**
 * @param {HTMLElement} root the clock panel
 * @param {{ state: () => SceneState | null, applyClock: (reply: ClockReply) => void }} ctx
 */
export function clockPanel(root, ctx) {
  const pause = part(root, "pause");
  const speeds = $$(part(root, "speed"), "[data-speed]");
  const link = part(root, "save-clip", HTMLAnchorElement);
  const format = part(root, "clip-format", HTMLSelectElement);
  let control = "all"; // until the page focuses a card
  const target = () => {
    link.href = clipUrl(control, format.value);
    link.download = `layercast-${control}.${format.value}`;
  };
  format.addEventListener("change", target);
  target(); // a reload may restore the select's last choice

  /** @param {import("./api.js").Params} params */
  const post = async (params) => {
    try {
      ctx.applyClock(await send("POST", "clock", params));
    } catch (error) {
      reportError("Clock", error);
    }
  };
  const paused = () => ctx.state()?.clock?.paused === true;
  const togglePause = () => post({ paused: !paused() });
  // Stepping needs a paused clock: the same request pauses it first.
  /** @param {number} frames */
  const step = (frames) => post({ paused: true, frames });

  pause.addEventListener("click", togglePause);
  part(root, "back").addEventListener("click", () => step(-1));
  part(root, "forward").addEventListener("click", () => step(1));
  for (const button of speeds) {
    button.addEventListener("click", () => post({ speed: button.dataset.speed ?? "1" }));
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (event.key === ",") step(-1);
    else if (event.key === ".") step(1);
    else if (event.key === "p" || event.key === "P") togglePause();
    else return;
    event.preventDefault();
  });

  link.addEventListener("click", async (event) => {
    // Fetch first, so a refusal reads as a message instead of a downloaded error page.
    event.preventDefault();
    if (link.getAttribute("aria-busy") === "true") return;
    link.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(link.href, { cache: "no-store" });
      if (response.status === 404) throw new ApiError(`this server cannot make ${format.value} clips (no /clip.${format.value} route)`);
      if (!response.ok) throw await errorFrom(response);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = link.download;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast("Clip saved", `${link.download} — ${(blob.size / 1024).toFixed(0)} KB`, "info", 3);
    } catch (error) {
      reportError("Save clip", error);
    } finally {
      link.removeAttribute("aria-busy");
    }
  });

  return {
    /** @param {Clock} clock */
    render(clock) {
      pause.toggleAttribute("data-on", clock.paused);
      part(root, "pause-label").textContent = clock.paused ? "Resume" : "Pause";
      for (const b of speeds) {
        b.setAttribute("aria-pressed", String(Math.abs(Number(b.dataset.speed) - clock.speed) < 1e-6));
      }
    },
    /**
     * Save clip records `focused`, shown by its `name`.
     * @param {string} focused
     * @param {string} name
     */
    focus(focused, name) {
      control = focused;
      target();
      part(root, "save-clip-target").textContent = `· ${name}`;
    },
  };
}

/** @param {EventTarget | null} target */
function isTyping(target) {
  return target instanceof Element && !!target.closest("input:not([type=range]):not([type=checkbox]), select, textarea, [contenteditable]");
}
