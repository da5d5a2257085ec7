// @ts-check
// View settings (size, scale, backdrop, live transport, JPEG quality, geometry overlay), kept across
// visits, and the URLs they lead to: the one `control=all` stream, each control's PNG frame and its clip.
import { arrangementFor } from "./layout.js";
import { videoPlayable } from "./video.js";

/**
 * @typedef {"video" | "mjpeg"} Transport
 * @typedef {{ size: number, scale: number, background: string, custom: string, transport: Transport, quality: number, debug: boolean }} View
 * @typedef {import("./layout.js").Layout} Layout
 * @typedef {import("./layout.js").Arrangement} Arrangement
 * @typedef {{ layout: Layout, arrangement: Arrangement, scale: number, w: number, h: number }} StreamMeta
 */

const KEY = "layercast.view";
const dark = matchMedia("(prefers-color-scheme: dark)");

/** @returns {View} */
export function loadView() {
  /** @type {View} */
  const defaults = {
    size: 220,
    scale: Math.min(3, Math.max(1, Math.round(devicePixelRatio || 1))),
    background: "auto",
    custom: "#ffe8d6",
    // H.264 where the browser plays it: about a tenth of MJPEG's bytes (docs/performance.md).
    transport: videoPlayable() ? "video" : "mjpeg",
    quality: 85,
    debug: false,
  };
  try {
    const saved = { ...defaults, ...JSON.parse(localStorage.getItem(KEY) ?? "{}") };
    // Settings saved by a browser that played video, opened where one cannot.
    if (saved.transport !== "mjpeg" && !videoPlayable()) saved.transport = "mjpeg";
    return saved;
  } catch {
    return defaults;
  }
}

/** @param {View} view */
export function saveView(view) {
  try {
    localStorage.setItem(KEY, JSON.stringify(view));
  } catch {
    // Private mode or full storage: the settings just won't persist.
  }
}

/**
 * The backdrop as the API names it.
 * @param {View} view
 */
export function backdrop(view) {
  if (view.background === "auto") return dark.matches ? "dark" : "light";
  if (view.background === "custom") return view.custom;
  return view.background;
}

/** @param {() => void} listener */
export function onSchemeChange(listener) { dark.addEventListener("change", listener); }

/**
 * The CSS that paints the stage around and behind the frames like the frames' own backdrop.
 * @param {View} view
 */
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
 * @param {View} view
 * @param {URLSearchParams} params
 */
function common(view, params) {
  params.set("background", backdrop(view));
  if (view.debug) params.set("debug", "points,bounds");
  return params;
}

/**
 * The stream for stages of w × h CSS pixels: one frame whose cells are the stages, pixel for pixel,
 * over the view's transport (`stream.mp4`, or `stream.mjpg` at its JPEG quality), and a still PNG of
 * the same frame for when the page's motion is paused. The scale is lowered if a
 * side of the frame would pass the server's limit.
 * @param {View} view
 * @param {Layout} layout
 * @param {number} w
 * @param {number} h
 * @param {[string, string][]} [props] `props.CONTROL.NAME` overrides for this page alone (a link's preview)
 * @returns {{ url: string, still: string, meta: StreamMeta }}
 */
export function streamTarget(view, layout, w, h, props = []) {
  const arrangement = arrangementFor(layout, w, h);
  const width = arrangement.columns * w;
  const height = arrangement.rows * h;
  const scale = Math.min(view.scale, layout.maxFrameSide / width, layout.maxFrameSide / height);
  const s = Math.floor(scale * 1000) / 1000;
  const frame = { control: "all", width: String(width), height: String(height), scale: String(s) };
  const video = view.transport === "video";
  const stream = new URLSearchParams(video ? { ...frame, fps: "30" } : { ...frame, quality: String(view.quality), fps: "30" });
  const still = new URLSearchParams(frame);
  for (const [name, value] of props) {
    stream.append(name, value);
    still.append(name, value);
  }
  return {
    url: `${video ? "stream.mp4" : "stream.mjpg"}?${common(view, stream)}`,
    still: `frame.png?${common(view, still)}`,
    meta: { layout, arrangement, scale: s, w, h },
  };
}

/**
 * @param {View} view
 * @param {string} control
 */
export function frameUrl(view, control) {
  const params = new URLSearchParams({ control, size: String(view.size), scale: String(view.scale) });
  return `frame.png?${common(view, params)}`;
}

/**
 * A clip of what the page shows (the server's /clip.FORMAT routes): `control`'s stage, or every stage
 * as the page arranges them, at the View's backdrop, scale and geometry; the `seconds` after now, from
 * scene time `start.at` (the kept history), or of the stored scenario `start.scenario` from its start
 * (all of it, up to the server's limit, when `seconds` is null).
 * @param {View} view
 * @param {StreamMeta} meta the stages as shown
 * @param {string} control a control's id, or "all"
 * @param {string} format webp, gif, mp4 or webm
 * @param {number | null} seconds
 * @param {{ at?: number, scenario?: string }} [start]
 */
export function clipUrl(view, meta, control, format, seconds, start = {}) {
  const columns = control === "all" ? meta.arrangement.columns : 1;
  const rows = control === "all" ? meta.arrangement.rows : 1;
  const params = new URLSearchParams({
    control, width: String(columns * meta.w), height: String(rows * meta.h), scale: String(meta.scale),
  });
  if (seconds !== null) params.set("seconds", String(seconds));
  params.set("fps", "30");
  if (start.at !== undefined && Number.isFinite(start.at)) params.set("at", start.at.toFixed(3));
  if (start.scenario) params.set("scenario", start.scenario);
  return `clip.${format}?${common(view, params)}`;
}
