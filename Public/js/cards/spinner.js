// Spinner: start and stop, from the buttons or by clicking the stage.
import { pressable, keyPressable } from "../press.js";

const $ = (id) => document.getElementById(id);

export function spinnerCard(ctx) {
  const run = (start) => ctx.command("spinner", "Spinner", "POST", start ? "spinner/start" : "spinner/stop");
  const flip = (_event, inside) => { if (inside) run(!(ctx.state()?.spinner?.animating ?? true)); };
  const stage = $("spinner-stage");
  pressable(stage, { down: () => {}, up: flip });
  keyPressable(stage, { down: () => {}, up: flip });
  for (const button of document.querySelectorAll("#spinner-run [data-spinner]")) {
    button.addEventListener("click", () => run(button.dataset.spinner === "start"));
  }
  return {
    render(state) {
      const on = state.spinner.animating;
      for (const button of document.querySelectorAll("#spinner-run [data-spinner]")) {
        button.setAttribute("aria-pressed", String((button.dataset.spinner === "start") === on));
      }
      const tag = $("spinner-state");
      tag.textContent = on ? "Spinning" : "Stopped";
      tag.dataset.tone = on ? "accent" : "";
    },
  };
}
