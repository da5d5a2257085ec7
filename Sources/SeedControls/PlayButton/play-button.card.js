// @ts-check
// Play button: four modes (animated or not), click-to-cycle like the original demo, highlighted
// while pressed, enabled, theme.
// The module is served at GET /play-button/card.js and imports nothing: the page lends it its helpers
// in ctx.kit (Sources/Controls/Plugin/PageCard.swift; the types are in Public/js/cards/index.js).

/**
 * @typedef {import("../../../Public/js/cards/index.js").CardContext} CardContext
 * @typedef {import("../../../Public/js/cards/index.js").Card} Card
 */

/** Where the original comes from, under the card's title. */
export const origin = "BR Radio";

/** The card below its head (title, origin, PNG link), which the page makes as for every card. */
export const markup = `
  <div class="stage" data-part="stage" tabindex="0" role="button"
       aria-labelledby="pb-canvas" aria-describedby="pb-hint">
    <canvas class="stage-canvas" id="pb-canvas" data-part="canvas" data-cell="play-button" role="img"></canvas>
    <span class="stage-hint" id="pb-hint" data-part="hint">Click to cycle</span>
  </div>
  <div class="card-controls">
    <div class="segmented segmented-fill" data-part="modes" role="group" aria-label="Mode">
      <button type="button" data-mode="play">Play</button>
      <button type="button" data-mode="pause">Pause</button>
      <button type="button" data-mode="stop">Stop</button>
      <button type="button" data-mode="buffering">Buffering</button>
    </div>
    <div class="row">
      <label class="switch">
        <input type="checkbox" data-part="animated" role="switch" checked>
        <span class="switch-track" aria-hidden="true"></span>
        <span>Animated</span>
      </label>
      <label class="switch">
        <input type="checkbox" data-part="enabled" role="switch" checked>
        <span class="switch-track" aria-hidden="true"></span>
        <span>Enabled</span>
      </label>
    </div>
    <div class="row">
      <span class="field-label" id="pb-theme-label">Theme</span>
      <div class="segmented" data-part="themes" role="group" aria-labelledby="pb-theme-label">
        <button type="button" data-theme="default">Default</button>
        <button type="button" data-theme="sample">Sample</button>
      </div>
    </div>
  </div>
  <dl class="readout">
    <div><dt>Mode</dt><dd data-part="mode">play</dd></div>
    <div class="wide"><dt>Animation</dt><dd class="mono" data-part="animation">playToBar.playIdle</dd></div>
  </dl>
`;


// The order the original demo steps through on each tap.
/** @type {Record<string, string>} */
const NEXT = { play: "buffering", buffering: "stop", stop: "pause", pause: "play" };
// A mode names what the icon shows (docs/design/play-button.md §Modes at rest).
/** @type {Record<string, string>} */
const MODE_WORDS = { play: "play icon", pause: "pause icon", stop: "stop icon", buffering: "buffering" };

/**
 * @param {CardContext} ctx
 * @returns {Card}
 */
export function card({ root, title, state, command, kit: { $$, part, pressable, keyPressable } }) {
  const stage = part(root, "stage");
  const animated = part(root, "animated", HTMLInputElement);
  const enabledSwitch = part(root, "enabled", HTMLInputElement);
  const modeButtons = $$(part(root, "modes"), "[data-mode]");
  const themeButtons = $$(part(root, "themes"), "[data-theme]");
  const enabled = () => state()?.playButton?.enabled !== false;
  /** @param {string} mode */
  const setMode = (mode) => command(title, "playButtonMode", { mode, animated: animated.checked });
  /** @param {boolean} value */
  const highlight = (value) => command(title, "playButtonHighlighted", { value });

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
    command(title, "playButtonEnabled", { value: enabledSwitch.checked }));
  for (const button of themeButtons) {
    button.addEventListener("click", () =>
      command("Theme", "playButtonTheme", { theme: button.dataset.theme ?? "default" }));
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
      return `${title}, ${MODE_WORDS[pb.mode] ?? pb.mode}${pb.enabled ? "" : ", disabled"}${theme}`;
    },
  };
}
