// View settings (size, scale, backdrop, JPEG quality, geometry overlay), kept across visits, and the
// URLs they lead to: the one `control=all` stream, each control's PNG frame and its clip.

export const CONTROLS = ["meter", "play-button", "player", "spinner"];
export const CONTROL_NAMES = { meter: "Recording meter", "play-button": "Play button", player: "Music button", spinner: "Spinner" };

const KEY = "layercast.view";
const MAX_SIDE = 4096;
const dark = matchMedia("(prefers-color-scheme: dark)");

export function loadView() {
  const defaults = {
    size: 220,
    scale: Math.min(3, Math.max(1, Math.round(devicePixelRatio || 1))),
    background: "auto",
    custom: "#ffe8d6",
    quality: 85,
    debug: false,
  };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return { ...defaults, ...saved };
  } catch {
    return defaults;
  }
}

export function saveView(view) {
  try {
    localStorage.setItem(KEY, JSON.stringify(view));
  } catch {
    // Private mode or full storage: the settings just won't persist.
  }
}

/** The backdrop as the API names it. */
export function backdrop(view) {
  if (view.background === "auto") return dark.matches ? "dark" : "light";
  if (view.background === "custom") return view.custom;
  return view.background;
}

export function onSchemeChange(listener) { dark.addEventListener("change", listener); }

/** The CSS that paints the stage around and behind the frames like the frames' own backdrop. */
export function stageBackground(view) {
  const b = backdrop(view);
  switch (b) {
    case "light": return "#f8f8f8";
    case "dark": return "#333333";
    case "checkerboard": return "repeating-conic-gradient(#e6e6e6 0 25%, #ffffff 0 50%) 0 0 / 16px 16px";
    default: return b;
  }
}

/**
 * The server lays `control=all` out in a row when width ≥ 2 × height, else in a 2×2 grid, in
 * CONTROLS order. Asking for the layout whose cells are exactly w × h points makes each cell one
 * stage, pixel for pixel.
 */
export function layoutFor(w, h) {
  const row = w >= 2 * h;
  const cols = row ? 4 : 2;
  const rows = row ? 1 : 2;
  return { cols, rows, width: cols * w, height: rows * h };
}

function common(view, params) {
  params.set("background", backdrop(view));
  if (view.debug) params.set("debug", "points,bounds");
  return params;
}

/** The stream for stages of w × h CSS pixels; the scale is lowered if the frame would pass 4096 px. */
export function streamTarget(view, w, h) {
  const layout = layoutFor(w, h);
  const scale = Math.min(view.scale, MAX_SIDE / layout.width, MAX_SIDE / layout.height);
  const s = Math.floor(scale * 1000) / 1000;
  const params = new URLSearchParams({
    control: "all", width: layout.width, height: layout.height, scale: s, quality: view.quality, fps: 30,
  });
  return { url: `stream.mjpg?${common(view, params)}`, meta: { layout, scale: s, w, h } };
}

export function frameUrl(view, control) {
  const params = new URLSearchParams({ control, size: view.size, scale: view.scale });
  return `frame.png?${common(view, params)}`;
}

export function clipUrl(control) {
  return `clip.webp?${new URLSearchParams({ control, seconds: 3, fps: 30 })}`;
}
