// @ts-check
// The scene clock: pause and resume, speed, and one-frame steps (also on , and .).
import { send } from "./api.js";
import { $$, part } from "./dom.js";
import { reportError } from "./toast.js";

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

  return {
    /** @param {Clock} clock */
    render(clock) {
      pause.toggleAttribute("data-on", clock.paused);
      part(root, "pause-label").textContent = clock.paused ? "Resume" : "Pause";
      for (const b of speeds) {
        b.setAttribute("aria-pressed", String(Math.abs(Number(b.dataset.speed) - clock.speed) < 1e-6));
      }
    },
  };
}

/** @param {EventTarget | null} target */
function isTyping(target) {
  return target instanceof Element && !!target.closest("input:not([type=range]):not([type=checkbox]), select, textarea, [contenteditable]");
}
