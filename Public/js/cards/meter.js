// @ts-check
// Recording meter: press and hold on the stage (any pointer) or hold Space; Enter on the stage
// starts recording and pauses it again; Reset; length.
import { part } from "../dom.js";
import { pressable, keyPressable } from "../press.js";

/** @param {number} seconds */
function clockText(seconds) {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  return `${minutes}:${(s - minutes * 60).toFixed(1).padStart(4, "0")}`;
}

/**
 * @param {import("./index.js").CardContext} ctx
 * @returns {import("./index.js").Card}
 */
export function meterCard({ root, state, command }) {
  const stage = part(root, "stage");
  const duration = part(root, "duration", HTMLSelectElement);
  const press = () => command("Recording meter", "POST", "meter/press");
  const release = () => command("Recording meter", "POST", "meter/release");

  pressable(stage, { down: press, up: release });
  keyPressable(stage, { down: press, up: release, keys: [" "] });
  // Enter is a button's key: a toggle here, since holding Enter repeats rather than holds.
  stage.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (event.repeat) return;
    if (state()?.meter?.recording) release();
    else press();
  });

  // Space held anywhere that Space means nothing else (no field or button focused) records too.
  let spaceHeld = false;
  /** @param {EventTarget | null} target */
  const isNeutral = (target) => {
    if (!(target instanceof Element) || target === document.body || target === stage) return true;
    return !target.closest("button, a, input, select, textarea, summary, [contenteditable], [role=button], pre");
  };
  document.addEventListener("keydown", (event) => {
    if (event.key !== " " || event.defaultPrevented || !isNeutral(event.target)) return;
    event.preventDefault();
    if (event.repeat || spaceHeld) return;
    spaceHeld = true;
    stage.classList.add("is-pressed");
    press();
  });
  const stop = () => {
    if (!spaceHeld) return;
    spaceHeld = false;
    stage.classList.remove("is-pressed");
    release();
  };
  document.addEventListener("keyup", (event) => { if (event.key === " ") stop(); });
  window.addEventListener("blur", stop);

  part(root, "reset").addEventListener("click", () => command("Reset", "POST", "meter/reset"));
  duration.addEventListener("change", () => command("Recording length", "PUT", "meter/config", { duration: duration.value }));

  return {
    stateKey: "meter",
    render(state) {
      const m = state.meter;
      part(root, "segments").textContent = String(m.segmentCount);
      const status = part(root, "status");
      status.textContent = m.complete ? "Complete" : m.recording ? "Recording" : "Idle";
      status.dataset.tone = m.complete ? "ok" : m.recording ? "live" : "";
      stage.setAttribute("aria-pressed", String(m.recording));
      if (document.activeElement !== duration) {
        if (![...duration.options].some((o) => Number(o.value) === m.duration)) {
          duration.add(new Option(`${m.duration} s`, String(m.duration)));
        }
        duration.value = String(m.duration);
      }
      duration.disabled = m.segmentCount > 0;
      duration.title = m.segmentCount > 0 ? "Reset the meter to change its length" : "";
    },
    describe({ meter: m }) {
      const status = m.complete ? "complete" : m.recording ? "recording" : m.segmentCount ? "paused" : "idle";
      const segments = m.segmentCount === 1 ? "1 segment" : `${m.segmentCount || "no"} segments`;
      return `Recording meter, ${status}, ${segments}`;
    },
    /** Elapsed moves while recording: follow the frame on screen, not the last state. */
    tick(state, at, frameTime) {
      const m = state.meter;
      let elapsed = m.elapsed;
      if (m.recording && Number.isFinite(frameTime)) {
        elapsed = Math.min(m.duration, elapsed + Math.max(0, frameTime - at));
      }
      part(root, "elapsed").textContent = clockText(elapsed);
    },
  };
}
