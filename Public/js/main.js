// The preview studio. Two long-lived connections in all: ONE `control=all` MJPEG stream, cut into the
// four stages, and ONE EventSource for state. Commands therefore never queue behind streams (browsers
// allow six connections per host).
import { send, serial, onLatency } from "./api.js";
import { reportError } from "./toast.js";
import { MjpegStream } from "./mjpeg.js";
import { StateFeed } from "./events.js";
import { Gallery } from "./gallery.js";
import { CONTROLS, loadView, saveView, streamTarget, frameUrl, stageBackground, onSchemeChange } from "./view.js";
import { clockPanel } from "./clock.js";
import { meterCard } from "./cards/meter.js";
import { playButtonCard } from "./cards/playbutton.js";
import { playerCard } from "./cards/player.js";
import { spinnerCard } from "./cards/spinner.js";

const $ = (id) => document.getElementById(id);
const STATE_KEY = { meter: "meter", "play-button": "playButton", player: "player", spinner: "spinner" };

let state = null;
let meterAt = 0;          // scene time at which state.meter was true
let frameTime = NaN;      // scene time of the frame on screen
let focused = null;
const view = loadView();
const queues = Object.fromEntries(CONTROLS.map((c) => [c, serial()]));

const ctx = {
  state: () => state,
  /** Sends a command for `control` after its earlier ones; shows its reply at once, its error as a message. */
  async command(control, action, method, path, params = null, body = null) {
    setFocus(control);
    try {
      const reply = await queues[control](() => send(method, path, params, body));
      if (reply?.state && state) {
        state = { ...state, [STATE_KEY[control]]: reply.state };
        if (control === "meter") meterAt = reply.sceneTime;
        render();
      }
      return reply;
    } catch (error) {
      reportError(action, error);
      return null;
    }
  },
  mergeClock(clock) {
    if (!state) return;
    state = { ...state, clock };
    render();
  },
};

const cards = [meterCard(ctx), playButtonCard(ctx), playerCard(ctx), spinnerCard(ctx)];
const clock = clockPanel(ctx);
const gallery = new Gallery(document);

// ---- Live state -------------------------------------------------------------------------------

let rawPending = false;
function render() {
  if (!state) return;
  for (const card of cards) card.render(state);
  clock.render(state.clock);
  showStatus();
  tick();
  if ($("raw-state").closest("details").open && !rawPending) {
    rawPending = true;
    requestAnimationFrame(() => {
      rawPending = false;
      $("raw-state").textContent = JSON.stringify(state, null, 2);
    });
  }
}

function tick() {
  if (!state) return;
  const t = Number.isFinite(frameTime) ? frameTime : state.sceneTime;
  $("scene-time").textContent = t.toFixed(3);
  cards[0].tick({ ...state, sceneTime: meterAt }, t);
}

$("raw-state").closest("details").addEventListener("toggle", render);

// ---- Connections ------------------------------------------------------------------------------

const status = { stream: "connecting", events: "connecting" };
let outage = false;

function showStatus() {
  let tone = "connecting";
  let label = "Connecting…";
  if (document.hidden) [tone, label] = ["paused", "Paused in background"];
  else if (status.stream === "failed") [tone, label] = ["error", "Stream refused"];
  else if (status.stream === "live" && status.events === "live") [tone, label] = ["live", liveLabel()];
  else if (status.stream === "live") [tone, label] = ["reconnecting", "Live · state reconnecting"];
  else if (status.stream === "reconnecting") [tone, label] = ["reconnecting", "Reconnecting…"];
  $("conn").dataset.state = tone;
  $("conn-label").textContent = label;
}

function liveLabel() {
  const clock = state?.clock;
  if (clock?.paused) return "Live · clock paused";
  if (clock && clock.speed !== 1) return `Live · ${clock.speed}× speed`;
  return "Live";
}

const stream = new MjpegStream({
  onFrame(bitmap, meta) {
    if (Number.isFinite(meta.sceneTime)) frameTime = meta.sceneTime;
    gallery.show(bitmap, meta);
    tick();
  },
  onStatus(next, error) {
    if (next === "live") outage = false;
    if (error && (next === "failed" || !outage)) {
      outage = true;
      reportError(next === "failed" ? "The stream was refused" : "The stream dropped; reconnecting", error);
    }
    if (status.stream === next) return;
    status.stream = next;
    showStatus();
  },
});

const feed = new StateFeed({
  onState(next) {
    state = next;
    meterAt = next.sceneTime;
    render();
  },
  onStatus(next) {
    status.events = next;
    showStatus();
  },
});

setInterval(() => { $("fps").textContent = document.hidden ? "–" : String(stream.fps); }, 500);
onLatency((ms) => { $("latency").textContent = `${Math.round(ms)} ms`; });

// ---- View settings ----------------------------------------------------------------------------

let stageWidth = 0;
function retarget() {
  const w = Math.floor($("meter-stage").getBoundingClientRect().width);
  const h = view.size;
  if (w < 16) return;
  stageWidth = w;
  const target = streamTarget(view, w, h);
  gallery.resize(w, h, target.meta.scale);
  stream.open(target.url, target.meta);
  $("frame-size").textContent = `${Math.round(w * target.meta.scale)}×${Math.round(h * target.meta.scale)}`;
  $("frame-size").title = `Each stage: ${w}×${h} pt at ${target.meta.scale}×`;
}

function applyView() {
  const root = document.documentElement.style;
  root.setProperty("--stage-h", `${view.size}px`);
  root.setProperty("--stage-bg", stageBackground(view));
  $("size").value = String(view.size);
  for (const b of document.querySelectorAll("#scale [data-scale]")) {
    b.setAttribute("aria-pressed", String(Number(b.dataset.scale) === view.scale));
  }
  for (const b of document.querySelectorAll("#background [data-bg]")) {
    b.setAttribute("aria-pressed", String(b.dataset.bg === view.background));
  }
  const custom = document.querySelector(".sw-custom");
  custom.classList.toggle("is-checked", view.background === "custom");
  custom.style.setProperty("--custom", view.custom);
  $("bg-custom").value = view.custom;
  $("quality").value = String(view.quality);
  $("quality").style.setProperty("--fill", `${((view.quality - 30) / 70) * 100}%`);
  $("quality-out").textContent = String(view.quality);
  $("debug-toggle").checked = view.debug;
  for (const link of document.querySelectorAll("[data-frame-link]")) {
    link.href = frameUrl(view, link.closest("[data-control]").dataset.control);
  }
  saveView(view);
  retarget();
}

function change(patch) {
  Object.assign(view, patch);
  applyView();
}

$("size").addEventListener("change", (e) => change({ size: Number(e.target.value) }));
for (const b of document.querySelectorAll("#scale [data-scale]")) {
  b.addEventListener("click", () => change({ scale: Number(b.dataset.scale) }));
}
for (const b of document.querySelectorAll("#background [data-bg]")) {
  b.addEventListener("click", () => change({ background: b.dataset.bg }));
}
$("bg-custom").addEventListener("input", (e) => change({ background: "custom", custom: e.target.value }));
$("quality").addEventListener("input", (e) => {
  $("quality-out").textContent = e.target.value;
  e.target.style.setProperty("--fill", `${((e.target.value - 30) / 70) * 100}%`);
});
$("quality").addEventListener("change", (e) => change({ quality: Number(e.target.value) }));
$("debug-toggle").addEventListener("change", (e) => change({ debug: e.target.checked }));
onSchemeChange(() => { if (view.background === "auto") applyView(); });

let resizeTimer = 0;
new ResizeObserver(() => {
  const w = Math.floor($("meter-stage").getBoundingClientRect().width);
  if (w === stageWidth) return;
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(retarget, 200);
}).observe($("meter-stage"));

// ---- Focus: the card last touched is the one "Save clip" records ------------------------------

function setFocus(control) {
  if (focused === control) return;
  focused = control;
  for (const card of document.querySelectorAll(".card")) {
    card.toggleAttribute("data-focused", card.dataset.control === control);
  }
  clock.focus(control);
}
for (const card of document.querySelectorAll(".card")) {
  const pick = () => setFocus(card.dataset.control);
  card.addEventListener("pointerdown", pick);
  card.addEventListener("focusin", pick);
}

document.addEventListener("visibilitychange", showStatus);

setFocus("play-button");
applyView();
feed.start();

// For the browser tests and the curious: what the page is holding open.
window.studio = {
  get fps() { return stream.fps; },
  get frameTime() { return frameTime; },
  get streamUrl() { return stream.target?.url ?? null; },
  get connections() { return (stream.isOpen ? 1 : 0) + (feed.source && feed.source.readyState !== EventSource.CLOSED ? 1 : 0); },
  send,
};
