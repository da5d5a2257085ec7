// Recording meter: press and hold on the stage (any pointer) or hold Space; Reset; length.
import { pressable, keyPressable } from "../press.js";

const $ = (id) => document.getElementById(id);

function clockText(seconds) {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  return `${minutes}:${(s - minutes * 60).toFixed(1).padStart(4, "0")}`;
}

export function meterCard(ctx) {
  const stage = $("meter-stage");
  const press = () => ctx.command("meter", "Recording meter", "POST", "meter/press");
  const release = () => ctx.command("meter", "Recording meter", "POST", "meter/release");

  pressable(stage, { down: press, up: release });
  keyPressable(stage, { down: press, up: release, keys: [" "] });

  // Space held anywhere that Space means nothing else (no field or button focused) records too.
  let spaceHeld = false;
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

  $("meter-reset").addEventListener("click", () => ctx.command("meter", "Reset", "POST", "meter/reset"));
  $("meter-duration").addEventListener("change", (event) =>
    ctx.command("meter", "Recording length", "PUT", "meter/config", { duration: event.target.value }));

  return {
    render(state) {
      const m = state.meter;
      $("meter-segments").textContent = String(m.segmentCount);
      const status = $("meter-status");
      status.textContent = m.complete ? "Complete" : m.recording ? "Recording" : "Idle";
      status.dataset.tone = m.complete ? "ok" : m.recording ? "live" : "";
      const duration = $("meter-duration");
      if (document.activeElement !== duration) {
        if (![...duration.options].some((o) => Number(o.value) === m.duration)) {
          duration.add(new Option(`${m.duration} s`, String(m.duration)));
        }
        duration.value = String(m.duration);
      }
      duration.disabled = m.segmentCount > 0;
      duration.title = m.segmentCount > 0 ? "Reset the meter to change its length" : "";
    },
    /** Elapsed moves while recording: follow the frame on screen, not the last event. */
    tick(state, frameTime) {
      const m = state.meter;
      let elapsed = m.elapsed;
      if (m.recording && Number.isFinite(frameTime)) {
        elapsed = Math.min(m.duration, elapsed + Math.max(0, frameTime - state.sceneTime));
      }
      $("meter-elapsed").textContent = clockText(elapsed);
    },
  };
}

function isNeutral(target) {
  if (!(target instanceof Element)) return true;
  if (target === document.body || target.id === "meter-stage") return true;
  return !target.closest("button, a, input, select, textarea, summary, [contenteditable], [role=button], pre");
}
