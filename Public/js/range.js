// @ts-check
// Sliders: the filled part of a slider's track, which the page's CSS draws from --fill.

/**
 * Shows how far along its range `slider` stands.
 * @param {HTMLInputElement} slider
 */
export function showFill(slider) {
  const min = Number(slider.min || 0), max = Number(slider.max || 100);
  const span = max - min;
  const at = span > 0 ? (Number(slider.value) - min) / span : 0;
  slider.style.setProperty("--fill", `${Math.min(1, Math.max(0, at)) * 100}%`);
}
