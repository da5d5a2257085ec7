// @ts-check
// Spinner: start and stop, from the buttons or by clicking the stage.
import { $$, part } from "../dom.js";
import { pressable, keyPressable } from "../press.js";

/**
 * @param {import("./index.js").CardContext} ctx
 * @returns {import("./index.js").Card}
 */
export function spinnerCard({ root, state, command }) {
  /** @param {boolean} start */
  const run = (start) => command("Spinner", "POST", start ? "spinner/start" : "spinner/stop");
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
      return spinner.animating ? "Spinner, spinning" : "Spinner, stopped";
    },
  };
}
