// @ts-check
// Recording meter: press and hold on the stage (any pointer) or hold Space; Enter on the stage
// starts recording and pauses it again; Reset; length.
// The module is served at GET /meter/card.js and imports nothing: the page lends it its helpers
// in ctx.kit (Sources/Controls/Plugin/PageCard.swift; the types are in Public/js/cards/index.js).

/**
 * @typedef {import("../../../Public/js/cards/index.js").CardContext} CardContext
 * @typedef {import("../../../Public/js/cards/index.js").Card} Card
 */

/** Where the original comes from, under the card's title. */
export const origin = "Spark camera";

/** The card below its head (title, origin, PNG link), which the page makes as for every card. */
export const markup = `
  <div class="stage" data-part="stage" tabindex="0" role="button" aria-pressed="false"
       aria-labelledby="meter-canvas" aria-describedby="meter-note">
    <canvas class="stage-canvas" id="meter-canvas" data-part="canvas" data-cell="meter" role="img"></canvas>
    <span class="stage-hint" aria-hidden="true">Hold to record · <kbd>Enter</kbd> start or pause</span>
  </div>
  <div class="card-controls">
    <div class="row">
      <button class="btn" data-part="reset" type="button">
        <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M4.5 10a5.5 5.5 0 1 0 1.7-4M4 3.5V7h3.5"/></svg>
        Reset
      </button>
      <label class="field field-inline">
        <span class="field-label">Length</span>
        <select data-part="duration" class="select">
          <option value="5">5 s</option>
          <option value="15">15 s</option>
          <option value="30">30 s</option>
          <option value="45" selected>45 s</option>
          <option value="60">60 s</option>
        </select>
      </label>
    </div>
    <p class="card-note" id="meter-note">Press and hold the meter, or hold <kbd>Space</kbd> anywhere, to record a segment. On the meter, <kbd>Enter</kbd> starts recording and pauses it.</p>
  </div>
  <dl class="readout">
    <div><dt>Segments</dt><dd data-part="segments">0</dd></div>
    <div><dt>Elapsed</dt><dd data-part="elapsed">0:00.0</dd></div>
    <div><dt>Status</dt><dd><span class="tag" data-part="status">Idle</span></dd></div>
  </dl>
`;

/** @param {number} seconds */
function clockText(seconds) {
  // Truncated to tenths like the label the meter draws (RecordingMeter.formatElapsed), so the
  // readout and the canvas never differ by a rounded tenth.
  const tenths = Math.floor(Math.max(0, seconds) * 10 + 1e-6);
  const minutes = Math.floor(tenths / 600), whole = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(whole).padStart(2, "0")}.${tenths % 10}`;
}

/** Its keys, for the page's list of keyboard shortcuts. */
export const shortcuts = [
  "<kbd>Space</kbd> hold to record",
  "<kbd>Enter</kbd> on the meter: start or pause recording",
];

/**
 * @param {CardContext} ctx
 * @returns {Card}
 */
export function card({ root, title, state, command, kit: { part, pressable, keyPressable } }) {
  const stage = part(root, "stage");
  const duration = part(root, "duration", HTMLSelectElement);
  const press = () => command(title, "meterPress");
  const release = () => command(title, "meterRelease");

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

  part(root, "reset").addEventListener("click", () => command("Reset", "meterReset"));
  duration.addEventListener("change", () => command("Recording length", "meterConfig", { duration: duration.value }));

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
      return `${title}, ${status}, ${segments}`;
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
