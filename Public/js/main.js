// @ts-check
// The preview studio. Two long-lived connections in all: ONE `control=all` MJPEG stream, cut into the
// stages, one per control, and ONE EventSource for state. Commands therefore never queue behind
// streams (browsers allow six connections per host). With the page's motion paused, still frames
// replace the stream.
import { send, serial, onLatency } from "./api.js";
import { $, $$, component, part } from "./dom.js";
import { reportError } from "./toast.js";
import { MjpegStream } from "./mjpeg.js";
import { VideoStream } from "./video.js";
import { Stills } from "./stills.js";
import { motionControl } from "./motion.js";
import { announce, announced } from "./announce.js";
import { StateFeed } from "./events.js";
import { SceneStore } from "./state.js";
import { Gallery, release } from "./gallery.js";
import { loadLayout } from "./layout.js";
import { loadView, saveView, streamTarget, frameUrl, stageBackground } from "./view.js";
import { viewPanel } from "./viewpanel.js";
import { clockPanel } from "./clock.js";
import { clipSaver } from "./clipsave.js";
import { recorder } from "./record.js";
import { scenarioReplay } from "./replay.js";
import { kit } from "./cards/kit.js";
import { placeCards, genericCard } from "./cards/generic.js";
import { commandRoute } from "./cards/commands.js";
import { propsPanels } from "./props/panels.js";
import { timelinePanel, SCRUB_EVENT } from "./timeline.js";

/**
 * @typedef {import("./cards/index.js").Card} Card
 * @typedef {import("./cards/index.js").CardModule} CardModule
 * @typedef {import("./layout.js").Layout} Layout
 */

const store = new SceneStore();
const view = loadView();
let frameTime = NaN;      // scene time of the frame on screen
/** @type {{ time: number, replaying: boolean, scenario: string | null, state: import("./state.js").SceneState | null } | null} a past frame on screen, or a recording's (its time from its start) */
let viewing = null;
/** @type {string | null} */
let focused = null;
/** @type {Layout | null} */
let layout = null;
// What the server registers decides the cards: GET /layout first (the stream needs it anyway).
const served = await loadLayout();

const statusBar = component("status");
const galleryRoot = component("gallery");
const rawState = part(component("inspector"), "raw-state");

// ---- Cards, keyed by the control each drives ----------------------------------------------------

// Each control's own card module where it serves one (GET /{id}/card.js), fetched together; one
// that fails to load gets the generic card and a message instead of no card.
/** @type {Map<string, CardModule>} */
const modules = new Map();
await Promise.all((served.cards ?? []).map(async (spec) => {
  if (!spec.card) return;
  try {
    modules.set(spec.id, await import(spec.card));
  } catch (error) {
    reportError(`${spec.title}'s card`, error);
  }
}));
placeCards(galleryRoot, served, modules);
// The cards' own keys first in the keyboard panel, then the page's.
const shortcuts = part(component("inspector"), "shortcuts");
for (const module of [...modules.values()].reverse()) {
  for (const html of [...(module.shortcuts ?? [])].reverse()) {
    const item = document.createElement("li");
    item.innerHTML = html;
    shortcuts.prepend(item);
  }
}
const specs = new Map((served.cards ?? []).map((spec) => [spec.id, spec]));
/** @type {Map<string, { root: HTMLElement, card: Card, queue: ReturnType<typeof serial> }>} */
const cards = new Map();
for (const root of $$(galleryRoot, "[data-control]")) {
  const control = root.dataset.control ?? "";
  const spec = specs.get(control);
  const make = modules.get(control)?.card ?? (spec ? genericCard(spec) : null);
  if (!make) continue;
  const queue = serial();
  const card = make({
    root,
    title: spec?.title ?? control,
    kit,
    state: () => store.state,
    async command(action, id, params = null, body = null) {
      setFocus(control);
      try {
        const route = commandRoute(spec, id, body);
        const reply = await queue(() => send(route.method, route.path, params, body));
        if (store.applyReply(card.stateKey, reply)) render();
        return reply;
      } catch (error) {
        reportError(action, error);
        return null;
      }
    },
  });
  cards.set(control, { root, card, queue });
}

// Each card's props panel sends its changes through the card's own queue, after its commands.
const props = propsPanels(new Map([...cards].map(([control, { root, queue }]) => [control, {
  root,
  title: part(root, "title").textContent ?? control,
  run: queue,
  /** @param {any} reply */
  onReply(reply) { if (store.applyProps(control, reply)) render(); },
}])), view, () => retarget());

const clock = clockPanel(component("clock"), {
  state: () => store.state,
  applyClock(reply) { if (store.applyClock(reply)) render(); },
});
const gallery = new Gallery(galleryRoot);

// ---- Live state -------------------------------------------------------------------------------

let rawPending = false;
function render() {
  const state = store.state;
  if (!state) return;
  // While the timeline shows a past frame, the cards read the scene as it was then.
  const shown = viewing?.state ?? state;
  for (const { card } of cards.values()) card.render(shown);
  props.render(state);
  clock.render(state.clock);
  if (!viewing) speakChanges(state);
  if (!motion.playing && state.revision !== stillRevision) {
    stillRevision = state.revision;
    stills.refresh();
  }
  showStatus();
  tick();
  if (rawState.closest("details")?.open && !rawPending) {
    rawPending = true;
    requestAnimationFrame(() => {
      rawPending = false;
      rawState.textContent = JSON.stringify(store.state, null, 2);
    });
  }
}

function tick() {
  const state = store.state;
  if (!state) return;
  const t = Number.isFinite(frameTime) ? frameTime : state.sceneTime;
  part(statusBar, "scene-time").textContent = t.toFixed(3);
  const past = viewing?.state;
  for (const { card } of cards.values()) {
    if (past) card.tick?.(past, past.sceneTime, past.sceneTime);
    else card.tick?.(state, store.timeOf(card.stateKey), t);
  }
}

// ---- Scrubbing: the header and the cards' readouts follow the time on screen ------------------

/** @type {{ time: number, query: string } | null} the newest state asked for while one is on its way */
let pastWanted = null;
let pastInFlight = false;
document.addEventListener(SCRUB_EVENT, (event) => {
  const detail = /** @type {CustomEvent<{ sceneTime: number | null, replaying: boolean, scenario?: string }>} */ (event).detail;
  if (typeof detail?.sceneTime !== "number") {
    viewing = null;
    pastWanted = null;
    render();
    return;
  }
  // The timeline taken up while a recording replays: the timeline's time wins.
  if (!detail.scenario && replayer.playing) replayer.stop();
  const time = detail.sceneTime;
  viewing = { time, replaying: detail.replaying, scenario: detail.scenario ?? null, state: viewing?.state ?? null };
  showStatus();
  // The query is fixed now: a recording's time is not a time of the live scene.
  readPast({ time, query: detail.scenario ? `scenario=${detail.scenario}&ahead=${time}` : `at=${time}` });
});
/** @param {{ time: number, query: string }} wanted */
async function readPast(wanted) {
  pastWanted = wanted;
  if (pastInFlight) return;
  pastInFlight = true;
  try {
    while (pastWanted !== null) {
      const { time, query } = pastWanted;
      pastWanted = null;
      const response = await fetch(`state?${query}`, { cache: "no-store" }).catch(() => null);
      // A time that has left the history keeps the last readouts: the timeline says why.
      if (!response?.ok || !viewing || viewing.time !== time) continue;
      viewing.state = await response.json();
      render();
    }
  } finally {
    pastInFlight = false;
  }
}

rawState.closest("details")?.addEventListener("toggle", render);

// ---- In words: each canvas's text alternative, and the live region when one changes ------------

/** @type {Map<string, string>} what was last said of each stage, and of the clock */
const spoken = new Map();
/** @param {import("./state.js").SceneState} state */
function speakChanges(state) {
  /** @type {[string, string, Element | null][]} */
  const said = [...cards].map(([control, { root, card }]) => [control, card.describe(state), part(root, "canvas")]);
  said.push(["clock", state.clock.paused ? "Clock paused" : "Clock running", null]);
  for (const [key, text, canvas] of said) {
    const before = spoken.get(key);
    if (before === text) continue;
    spoken.set(key, text);
    canvas?.setAttribute("aria-label", text);
    // The first state is what the page opens on, not a change.
    if (before !== undefined) announce(text);
  }
}

// ---- Connections ------------------------------------------------------------------------------

const status = { stream: "connecting", events: "connecting" };
let outage = false;

function showStatus() {
  let tone = "connecting";
  let label = "Connecting…";
  if (viewing) {
    const what = viewing.scenario ? "Replaying recording" : viewing.replaying ? "Replaying" : "Viewing";
    [tone, label] = ["viewing", `${what} t = ${viewing.time.toFixed(3)} s`];
  }
  else if (document.hidden) [tone, label] = ["paused", "Paused in background"];
  else if (!motion.playing) [tone, label] = status.events === "live" ? ["paused", "Still frames"] : ["reconnecting", "Still frames · reconnecting"];
  else if (status.stream === "failed") [tone, label] = ["error", "Stream refused"];
  else if (status.stream === "live" && status.events === "live") [tone, label] = ["live", liveLabel()];
  else if (status.stream === "live") [tone, label] = ["reconnecting", "Live · state reconnecting"];
  else if (status.stream === "reconnecting") [tone, label] = ["reconnecting", "Reconnecting…"];
  part(statusBar, "conn").dataset.state = tone;
  part(statusBar, "conn-label").textContent = label;
}

function liveLabel() {
  const clock = store.state?.clock;
  if (clock?.paused) return "Live · clock paused";
  if (clock && clock.speed !== 1) return `Live · ${clock.speed}× speed`;
  return "Live";
}

/** @type {import("./livestream.js").Handlers} */
const streamHandlers = {
  onFrame(picture, meta) {
    // While the timeline scrubs or a recording replays, the stream goes on but its frames are set aside.
    if (timeline.scrubbing || replayer.playing) {
      release(picture);
      return;
    }
    if (Number.isFinite(meta.sceneTime)) frameTime = meta.sceneTime;
    gallery.show(picture, meta);
    tick();
  },
  onStatus(next, error) {
    if (next === "live") outage = false;
    // Video this browser turns down after all: MJPEG for the rest of the visit, and said so.
    if (next === "failed" && error?.unplayable && view.transport === "video") {
      reportError("The live video cannot play here; showing MJPEG", error);
      view.transport = "mjpeg";
      settings.render();
      retarget();
      return;
    }
    if (error && (next === "failed" || !outage)) {
      outage = true;
      reportError(next === "failed" ? "The stream was refused" : "The stream dropped; reconnecting", error);
    }
    if (status.stream === next) return;
    status.stream = next;
    showStatus();
  },
};
// One of the two streams is open at a time, as the View's "Live as" says.
const streams = { video: new VideoStream(streamHandlers), mjpeg: new MjpegStream(streamHandlers) };
let stream = streams[view.transport];

const stills = new Stills({
  onFrame(bitmap, meta) {
    if (timeline.scrubbing || replayer.playing) {
      bitmap.close();
      return;
    }
    if (Number.isFinite(meta.sceneTime)) frameTime = meta.sceneTime;
    gallery.show(bitmap, meta);
    tick();
  },
  onError(error) { reportError("A still frame could not be loaded", error); },
});
let stillRevision = -1;

const feed = new StateFeed({
  onState(next) { if (store.applyState(next)) render(); },
  onConnect() { store.restart(); },
  onStatus(next) {
    status.events = next;
    showStatus();
  },
});

// The server sends a frame only when the picture changes (and one a second to keep the connection),
// so one frame a second means a still scene, not a slow one.
setInterval(() => {
  const fps = document.hidden || !motion.playing ? null : stream.fps;
  const still = fps !== null && fps <= 1;
  part(statusBar, "fps").textContent = fps === null ? "–" : still ? "still" : String(fps);
  // Hidden but kept in the line, so the header's width does not change with it.
  part(statusBar, "fps-unit").style.visibility = still ? "hidden" : "";
}, 500);
onLatency((ms) => { part(statusBar, "latency").textContent = `${Math.round(ms)} ms`; });

// ---- Timeline: scrubbing and slow replay show `at=` frames on this page alone ------------------

/** @type {ReturnType<typeof streamTarget> | null} */
let target = null;
/** @type {ReturnType<typeof clipSaver> | null} Save clip, which follows the stages as shown */
let clips = null;
/** Shows a frame the page asked for itself (a past one, or a recording's), stamped `time`.
 * @param {ImageBitmap} bitmap @param {number} time */
function showFetched(bitmap, time) {
  if (!target) return bitmap.close();
  frameTime = time;
  gallery.show(bitmap, target.meta);
  tick();
}
const timeline = timelinePanel(component("timeline"), {
  stillUrl: () => target?.still ?? null,
  onFrame: showFetched,
  onLive() { if (!motion.playing) stills.refresh(); },
  onError: reportError,
});

// ---- View settings ----------------------------------------------------------------------------

// Every stage has the same size; the first one is measured.
const stage = $(galleryRoot, ".stage");
let stageWidth = 0;
function retarget() {
  const w = Math.floor(stage.getBoundingClientRect().width);
  const h = view.size;
  if (!layout || w < 16) return;
  stageWidth = w;
  target = streamTarget(view, layout, w, h, props.previewParams());
  gallery.resize(w, h, target.meta.scale);
  if (stream !== streams[view.transport]) {
    stream.stop();
    stream = streams[view.transport];
  }
  if (motion.playing) {
    stills.stop();
    stream.open(target.url, target.meta);
  } else {
    stream.stop();
    stills.show(target.still, target.meta);
  }
  const frameSize = part(statusBar, "frame-size");
  frameSize.textContent = `${Math.round(w * target.meta.scale)}×${Math.round(h * target.meta.scale)}`;
  frameSize.title = `Each stage: ${w}×${h} pt at ${target.meta.scale}×`;
  clips?.update();
}

const settings = viewPanel(component("view"), view, applyView);
const motion = motionControl(component("view"), () => {
  retarget();
  showStatus();
});
function applyView() {
  const root = document.documentElement.style;
  root.setProperty("--stage-h", `${view.size}px`);
  root.setProperty("--stage-bg", stageBackground(view));
  settings.render();
  for (const [control, { root }] of cards) {
    part(root, "frame-link", HTMLAnchorElement).href = frameUrl(view, control);
  }
  saveView(view);
  retarget();
}

let resizeTimer = 0;
new ResizeObserver(() => {
  if (Math.floor(stage.getBoundingClientRect().width) === stageWidth) return;
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(retarget, 200);
}).observe(stage);

// ---- Focus: the card last touched is marked; Save clip has a target of its own ----------------

/** @param {string} control */
function setFocus(control) {
  if (focused === control || !cards.has(control)) return;
  focused = control;
  for (const [c, { root }] of cards) root.toggleAttribute("data-focused", c === control);
}
for (const [control, { root }] of cards) {
  root.addEventListener("pointerdown", () => setFocus(control));
  root.addEventListener("focusin", () => setFocus(control));
}

clips = clipSaver(part(component("clock"), "clip-save"), {
  view: () => view,
  meta: () => target?.meta ?? null,
  sceneTime: () => (Number.isFinite(frameTime) ? frameTime : store.state?.sceneTime ?? 0),
  targets: [...cards].map(([control, { root }]) => [control, part(root, "title").textContent ?? control]),
});

// ---- A recording: replayed on this page alone, from its own frames ------------------------------

const replayer = scenarioReplay({
  stillUrl: () => target?.still ?? null,
  onFrame: showFetched,
  onStart() {
    if (timeline.scrubbing) timeline.goLive();
    recording.replaying(true);
    announce("Replaying the recording on this page; the live scene goes on");
  },
  onEnd(finished) {
    recording.replaying(false);
    announce(finished ? "Replay finished; live again" : "Replay stopped; live again");
    if (!motion.playing) stills.refresh();
  },
  onError: reportError,
});
const recording = recorder(component("recorder"), {
  replayer,
  onRecorded: (id, duration) => clips?.offerRecording(id, duration),
});

document.addEventListener("visibilitychange", showStatus);

setFocus([...cards.keys()][0] ?? "");
applyView();
feed.start();
layout = served;
settings.limit(served);
retarget();

// For the browser tests and the curious: what the page is holding open, and the state it shows.
Object.assign(window, {
  studio: {
    get fps() { return stream.fps; },
    get motion() { return motion.playing; },
    get announced() { return [...announced]; },
    get frameTime() { return frameTime; },
    get streamUrl() { return stream.target?.url ?? null; },
    get video() { return streams.video.video; },
    get connections() { return (stream.isOpen ? 1 : 0) + (feed.source && feed.source.readyState !== EventSource.CLOSED ? 1 : 0); },
    get state() { return store.state; },
    get revision() { return store.revision; },
    get eventSource() { return feed.source; },
    get recorder() { return recording; },
    get replayer() { return replayer; },
    get propsReady() { return props.ready; },
    get previewing() { return props.previewing; },
    get viewing() { return viewing && { time: viewing.time, sceneTime: viewing.state?.sceneTime ?? null }; },
    get timeline() { return timeline; },
    send,
  },
});
