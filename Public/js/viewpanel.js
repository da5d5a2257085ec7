// @ts-check
// The view settings' controls: size, scale, backdrop, live transport, JPEG quality and (by the clock)
// the geometry overlay. Each change updates the view and calls onChange.
import { $$, part } from "./dom.js";
import { onSchemeChange } from "./view.js";
import { videoPlayable } from "./video.js";
import { showFill } from "./range.js";

/**
 * @typedef {import("./view.js").View} View
 * @typedef {import("./layout.js").Layout} Layout
 */

/**
 * @param {HTMLElement} root the toolbar holding the settings
 * @param {View} view changed in place
 * @param {() => void} onChange
 */
export function viewPanel(root, view, onChange) {
  const size = part(root, "size", HTMLSelectElement);
  const scales = $$(part(root, "scale"), "[data-scale]");
  const backgrounds = $$(part(root, "background"), "[data-bg]");
  const custom = part(root, "custom");
  const customColor = part(root, "custom-color", HTMLInputElement);
  const transports = $$(part(root, "transport"), "[data-transport]");
  const quality = part(root, "quality", HTMLInputElement);
  const qualityField = part(root, "quality-field");
  const qualityOut = part(root, "quality-out");
  const debug = part(root, "debug", HTMLInputElement);

  // On a phone the settings start folded under their title, so the first screen shows the controls;
  // the button is shown only there (Public/css/layout.css), and a wider window shows them all.
  const panel = part(root, "view-panel");
  const fold = part(root, "view-fold");
  const phone = matchMedia("(max-width: 720px)");
  /** @param {boolean} open */
  const unfold = (open) => {
    panel.toggleAttribute("data-folded", !open);
    fold.setAttribute("aria-expanded", String(open));
    part(root, "view-fold-label").textContent = open ? "Hide settings" : "Show settings";
  };
  fold.addEventListener("click", () => unfold(panel.hasAttribute("data-folded")));
  phone.addEventListener("change", () => unfold(!phone.matches));
  unfold(!phone.matches);

  /** @param {Partial<View>} patch */
  const change = (patch) => {
    Object.assign(view, patch);
    onChange();
  };
  size.addEventListener("change", () => change({ size: Number(size.value) }));
  for (const b of scales) b.addEventListener("click", () => change({ scale: Number(b.dataset.scale) }));
  for (const b of backgrounds) b.addEventListener("click", () => change({ background: b.dataset.bg }));
  customColor.addEventListener("input", () => change({ background: "custom", custom: customColor.value }));
  for (const b of transports) {
    if (b.dataset.transport === "video" && !videoPlayable()) {
      b.setAttribute("disabled", "");
      b.title = "This browser cannot play H.264 through Media Source: MJPEG it is";
    }
    b.addEventListener("click", () => change({ transport: b.dataset.transport === "video" ? "video" : "mjpeg" }));
  }
  quality.addEventListener("input", () => {
    qualityOut.textContent = quality.value;
    showFill(quality);
  });
  quality.addEventListener("change", () => change({ quality: Number(quality.value) }));
  debug.addEventListener("change", () => change({ debug: debug.checked }));
  onSchemeChange(() => { if (view.background === "auto") onChange(); });

  return {
    /** Shows the view's settings on the controls. */
    render() {
      size.value = String(view.size);
      for (const b of scales) b.setAttribute("aria-pressed", String(Number(b.dataset.scale) === view.scale));
      for (const b of backgrounds) b.setAttribute("aria-pressed", String(b.dataset.bg === view.background));
      custom.classList.toggle("is-checked", view.background === "custom");
      custom.style.setProperty("--custom", view.custom);
      customColor.value = view.custom;
      for (const b of transports) b.setAttribute("aria-pressed", String(b.dataset.transport === view.transport));
      // The JPEG quality is MJPEG's alone.
      qualityField.hidden = view.transport !== "mjpeg";
      quality.value = String(view.quality);
      showFill(quality);
      qualityOut.textContent = quality.value;
      debug.checked = view.debug;
    },

    /**
     * Keeps the JPEG quality slider to the range the server accepts.
     * @param {Layout} layout
     */
    limit(layout) {
      quality.min = String(layout.minQuality);
      quality.max = String(layout.maxQuality);
      this.render();
    },
  };
}
