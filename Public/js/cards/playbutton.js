// Play button: four modes (animated or not), click-to-cycle like the original demo, highlighted
// while pressed, enabled, theme.
import { pressable, keyPressable } from "../press.js";

const $ = (id) => document.getElementById(id);
// The order the original demo steps through on each tap.
const NEXT = { play: "buffering", buffering: "stop", stop: "pause", pause: "play" };

export function playButtonCard(ctx) {
  const stage = $("pb-stage");
  const animated = $("pb-animated");
  const enabled = () => ctx.state()?.playButton?.enabled !== false;
  const setMode = (mode) =>
    ctx.command("play-button", "Play button", "POST", "play-button/mode", { mode, animated: animated.checked });
  const highlight = (value) =>
    ctx.command("play-button", "Play button", "POST", "play-button/highlighted", { value });

  const down = () => { if (enabled()) highlight(true); };
  const up = (_event, inside) => {
    if (!enabled()) return;
    highlight(false);
    if (inside) setMode(NEXT[ctx.state()?.playButton?.mode ?? "play"] ?? "play");
  };
  pressable(stage, { down, up });
  keyPressable(stage, { down, up });

  for (const button of document.querySelectorAll("#pb-modes [data-mode]")) {
    button.addEventListener("click", () => setMode(button.dataset.mode));
  }
  $("pb-enabled").addEventListener("change", (event) =>
    ctx.command("play-button", "Play button", "POST", "play-button/enabled", { value: event.target.checked }));
  for (const button of document.querySelectorAll("#pb-theme [data-theme]")) {
    button.addEventListener("click", () =>
      ctx.command("play-button", "Theme", "PUT", "play-button/theme", { theme: button.dataset.theme }));
  }

  return {
    render(state) {
      const pb = state.playButton;
      for (const button of document.querySelectorAll("#pb-modes [data-mode]")) {
        button.setAttribute("aria-pressed", String(button.dataset.mode === pb.mode));
      }
      $("pb-mode").textContent = pb.mode;
      $("pb-anim").textContent = pb.animationState;
      $("pb-anim").title = pb.animationState;
      $("pb-enabled").checked = pb.enabled;
      for (const button of document.querySelectorAll("#pb-theme [data-theme]")) {
        button.setAttribute("aria-pressed", String(button.dataset.theme === pb.theme));
      }
      stage.classList.toggle("is-disabled", !pb.enabled);
      $("pb-hint").textContent = pb.enabled ? `Click: ${pb.mode} → ${NEXT[pb.mode]}` : "Disabled — taps are ignored";
    },
  };
}
