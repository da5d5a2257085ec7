// @ts-check
// Spinner: start and stop, from the buttons or by clicking the stage.
// The module is served at GET /spinner/card.js and imports nothing: the page lends it its helpers
// in ctx.kit (Sources/Controls/Plugin/PageCard.swift; the types are in Public/js/cards/index.js).

/**
 * @typedef {import("../../../Public/js/cards/index.js").CardContext} CardContext
 * @typedef {import("../../../Public/js/cards/index.js").Card} Card
 */

/** Where the original comes from, under the card's title. */
export const origin = "Material Design";

/** The card below its head (title, origin, PNG link), which the page makes as for every card. */
export const markup = `
  <div class="stage" data-part="stage" tabindex="0" role="button"
       aria-labelledby="spinner-canvas" aria-describedby="spinner-hint">
    <canvas class="stage-canvas" id="spinner-canvas" data-part="canvas" data-cell="spinner" role="img"></canvas>
    <span class="stage-hint" id="spinner-hint">Click to start or stop</span>
  </div>
  <div class="card-controls">
    <div class="segmented segmented-fill" data-part="run" role="group" aria-label="Spinner">
      <button type="button" data-spinner="start">Start</button>
      <button type="button" data-spinner="stop">Stop</button>
    </div>
    <p class="card-note">Material’s indeterminate arc. Click the stage to start or stop it; slow the clock to watch each sweep.</p>
  </div>
  <dl class="readout">
    <div><dt>State</dt><dd><span class="tag" data-part="state">Spinning</span></dd></div>
  </dl>
`;

/**
 * @param {CardContext} ctx
 * @returns {Card}
 */
export function card({ root, title, state, command, kit: { $$, part, pressable, keyPressable } }) {
  /** @param {boolean} start */
  const run = (start) => command(title, start ? "spinnerStart" : "spinnerStop");
  /** @type {(event: Event, inside: boolean) => void} */
  const flip = (_event, inside) => { if (inside) run(!(state()?.spinner?.animating ?? true)); };
  const stage = part(root, "stage");
  const buttons = $$(part(root, "run"), "[data-spinner]");
  pressable(stage, { down: () => {}, up: flip });
  keyPressable(stage, { down: () => {}, up: flip });
  for (const button of buttons) {
    button.addEventListener("click", () => run(button.dataset.spinner === "start"));
  }
  return {
    stateKey: "spinner",
    render(state) {
      const on = state.spinner.animating;
      for (const button of buttons) {
        button.setAttribute("aria-pressed", String((button.dataset.spinner === "start") === on));
      }
      const tag = part(root, "state");
      tag.textContent = on ? "Spinning" : "Stopped";
      tag.dataset.tone = on ? "accent" : "";
    },
    describe({ spinner }) {
      return `${title}, ${spinner.animating ? "spinning" : "stopped"}`;
    },
  };
}
