// @ts-check
// Play button: four modes (animated or not), click-to-cycle like the original demo, highlighted
// while pressed, enabled, theme.
import { $$, part } from "../dom.js";
import { pressable, keyPressable } from "../press.js";

// The order the original demo steps through on each tap.
/** @type {Record<string, string>} */
const NEXT = { play: "buffering", buffering: "stop", stop: "pause", pause: "play" };
// A mode names what the icon shows (docs/design/play-button.md §Modes at rest).
/** @type {Record<string, string>} */
const MODE_WORDS = { play: "play icon", pause: "pause icon", stop: "stop icon", buffering: "buffering" };

/**
 * @param {import("./index.js").CardContext} ctx
 * @returns {import("./index.js").Card}
 */
export function playButtonCard({ root, state, command }) {
  const stage = part(root, "stage");
  const animated = part(root, "animated", HTMLInputElement);
  const enabledSwitch = part(root, "enabled", HTMLInputElement);
  const modeButtons = $$(part(root, "modes"), "[data-mode]");
  const themeButtons = $$(part(root, "themes"), "[data-theme]");
  const enabled = () => state()?.playButton?.enabled !== false;
  /** @param {string} mode */
  const setMode = (mode) => command("Play button", "POST", "play-button/mode", { mode, animated: animated.checked });
  /** @param {boolean} value */
  const highlight = (value) => command("Play button", "POST", "play-button/highlighted", { value });

  const down = () => { if (enabled()) highlight(true); };
  /** @type {(event: Event, inside: boolean) => void} */
  const up = (_event, inside) => {
    if (!enabled()) return;
    highlight(false);
    if (inside) setMode(NEXT[state()?.playButton?.mode ?? "play"] ?? "play");
  };
  pressable(stage, { down, up });
  keyPressable(stage, { down, up });

  for (const button of modeButtons) {
    button.addEventListener("click", () => setMode(button.dataset.mode ?? "play"));
  }
  enabledSwitch.addEventListener("change", () =>
    command("Play button", "POST", "play-button/enabled", { value: enabledSwitch.checked }));
  for (const button of themeButtons) {
    button.addEventListener("click", () =>
      command("Theme", "PUT", "play-button/theme", { theme: button.dataset.theme ?? "default" }));
  }

  return {
    stateKey: "playButton",
    render(state) {
      const pb = state.playButton;
      for (const button of modeButtons) {
        button.setAttribute("aria-pressed", String(button.dataset.mode === pb.mode));
      }
      part(root, "mode").textContent = pb.mode;
      const animation = part(root, "animation");
      animation.textContent = pb.animationState;
      animation.title = pb.animationState;
      enabledSwitch.checked = pb.enabled;
      for (const button of themeButtons) {
        button.setAttribute("aria-pressed", String(button.dataset.theme === pb.theme));
      }
      stage.classList.toggle("is-disabled", !pb.enabled);
      part(root, "hint").textContent = pb.enabled ? `Click: ${pb.mode} → ${NEXT[pb.mode]}` : "Disabled — taps are ignored";
    },
    describe({ playButton: pb }) {
      const theme = pb.theme === "default" ? "" : `, ${pb.theme} theme`;
      return `Play button, ${MODE_WORDS[pb.mode] ?? pb.mode}${pb.enabled ? "" : ", disabled"}${theme}`;
    },
  };
}
