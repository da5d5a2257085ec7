// <layercast-player>: a Layercast control, live or as a stored scenario, in any page (issue 34).
// One ES module with no imports, served at /embed.js to every origin, so a docs site needs one tag:
//
//   <script type="module" src="http://layercast.example/embed.js?v=VERSION"></script>
//   <layercast-player control="spinner" scenario="ID" autoplay loop controls></layercast-player>
//
// What it shows: a scenario as a looping video (`at` given: its still at that time); without one,
// the live scene in the best stream the browser takes: H.264 (GET /stream.mp4, about a tenth of
// MJPEG's bytes) through Media Source Extensions in a <video>, else MJPEG in an <img>, which every
// browser shows. It falls back to MJPEG when the video fails (refused, cut, or a codec or buffer the
// browser will not take); `transport="mjpeg"` asks for MJPEG from the start. Off screen, in a hidden
// tab or on leaving the page it pauses and closes its connection, and resumes on return. With
// prefers-reduced-motion it shows a still and a play button, and opens no stream until pressed. It
// sends no credentials and stores nothing (no cookies, no storage).

const moduleUrl = new URL(import.meta.url);
// The server version the embed code was written for: it pins the renderer, so a scenario's frames and
// clips are immutable (docs: README "Cacheable").
const pinnedVersion = moduleUrl.searchParams.get("v");
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

// The live video. The studio plays the same stream (Public/js/video.js, which this module cannot
// import: it is imported from other origins, and has no imports of its own).
// Asked before the first byte (H.264 Constrained Baseline); the init segment's own codec is asked again.
const PROBE_TYPE = 'video/mp4; codecs="avc1.42E01E"';
// Further behind the newest frame than this, the player jumps to just behind it: a viewer that joins
// gets the frames since the last key frame (up to 2 s), and should see now, not then.
const LIVE_SLACK_S = 0.5;
const LIVE_LAG_S = 0.1;
// Played video is let go of once this far behind, so a page left open holds a few seconds of it.
const KEEP_S = 4;

/** Whether this browser can play H.264 through Media Source. */
function videoPlayable() {
  return typeof MediaSource !== "undefined" && MediaSource.isTypeSupported(PROBE_TYPE);
}

/** @param {Uint8Array} bytes @param {number} at */
function fourCC(bytes, at) {
  return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
}

/** @param {Uint8Array[]} chunks */
function joined(chunks) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The MIME type of a live MP4 stream whose first bytes are `head`, once they hold its init segment
 * (ftyp, then moov); null until then. The codecs value is RFC 6381's avc1.PPCCLL: the profile,
 * constraint flags and level, the three bytes after the version in the moov's avcC box.
 * @param {Uint8Array} head
 * @returns {string | null}
 */
function initType(head) {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  for (let at = 0; at + 8 <= head.length;) {
    const size = view.getUint32(at);
    if (size < 8) throw new Error(`a box of ${size} bytes in the live video`);
    if (at + size > head.length) return null;
    if (fourCC(head, at + 4) === "moov") {
      for (let i = at + 8; i + 8 <= at + size; i++) {
        if (fourCC(head, i) !== "avcC") continue;
        const codec = [...head.subarray(i + 5, i + 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
        return `video/mp4; codecs="avc1.${codec.toUpperCase()}"`;
      }
      throw new Error("the live video has no H.264 track");
    }
    at += size;
  }
  return null;
}

/**
 * One connection to GET /stream.mp4 (fragmented MP4: the init segment, then a fragment per frame,
 * from a key frame on) played in `video`: fetch() reads it and a SourceBuffer takes the bytes as
 * they come, whole boxes or not. `stop()` aborts the fetch, which closes the connection (the video
 * keeps its last frame); any other end (a refusal, a cut, a codec or an append the browser will not
 * take, a decode error) stops it too and calls `onFail`.
 */
class LiveVideo {
  #controller = new AbortController();
  #source = new MediaSource();
  /** @type {SourceBuffer | null} */
  #buffer = null;
  /** @type {Uint8Array[]} bytes that wait while the buffer is updating */
  #queue = [];
  /** @type {HTMLVideoElement} */
  #video;
  /** @type {(error: unknown) => void} */
  #onFail;

  /**
   * @param {HTMLVideoElement} video
   * @param {string} url
   * @param {(error: unknown) => void} onFail
   */
  constructor(video, url, onFail) {
    this.#video = video;
    this.#onFail = onFail;
    // Listeners added with the abort signal go with the connection.
    const { signal } = this.#controller;
    video.addEventListener("error", () => this.#fail(video.error), { signal });
    const objectUrl = URL.createObjectURL(this.#source);
    /** @type {Promise<void>} */
    const opened = new Promise((resolve) => {
      this.#source.addEventListener("sourceopen", () => {
        URL.revokeObjectURL(objectUrl); // the video holds the source now
        resolve();
      }, { once: true, signal });
    });
    video.src = objectUrl;
    this.#read(url, opened).catch((error) => this.#fail(error));
  }

  stop() {
    this.#controller.abort();
    this.#queue = [];
  }

  /**
   * @param {string} url
   * @param {Promise<void>} opened
   */
  async #read(url, opened) {
    // Anonymous CORS, as the <img> and <video> elements ask: no cookies or credentials go with it.
    const response = await fetch(url, { mode: "cors", credentials: "omit", signal: this.#controller.signal });
    if (response.status !== 200 || !response.body) throw new Error(`GET /stream.mp4 answered ${response.status}`);
    const reader = response.body.getReader();
    /** @type {Uint8Array[]} the bytes before the init segment is whole */
    let head = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the live video ended");
      if (this.#buffer) {
        this.#queue.push(value);
        this.#drain();
        continue;
      }
      head.push(value);
      const bytes = joined(head);
      head = [bytes];
      const type = initType(bytes);
      if (!type) continue;
      if (!MediaSource.isTypeSupported(type)) throw new Error(`this browser cannot play ${type}`);
      await opened;
      if (this.#controller.signal.aborted) return;
      const buffer = this.#source.addSourceBuffer(type);
      const { signal } = this.#controller;
      buffer.addEventListener("updateend", () => this.#drain(), { signal });
      buffer.addEventListener("error", () => this.#fail(new Error("the live video could not be appended")), { signal });
      this.#buffer = buffer;
      this.#queue.push(bytes);
      this.#drain();
    }
  }

  // Appends what waits, in one go; once all is in, keeps the video near the newest frame and lets
  // go of what it played more than KEEP_S ago.
  #drain() {
    const buffer = this.#buffer;
    if (!buffer || buffer.updating || this.#controller.signal.aborted) return;
    try {
      if (this.#queue.length) {
        buffer.appendBuffer(joined(this.#queue.splice(0)));
        return;
      }
      const ranges = buffer.buffered;
      if (!ranges.length) return;
      const video = this.#video;
      const end = ranges.end(ranges.length - 1);
      if (end - video.currentTime > LIVE_SLACK_S) video.currentTime = end - LIVE_LAG_S;
      const start = ranges.start(0);
      // A second of slack, so that it removes now and then rather than after every frame.
      if (video.currentTime - start > KEEP_S + 1) buffer.remove(start, video.currentTime - KEEP_S);
    } catch (error) {
      this.#fail(error); // QuotaExceededError, or a buffer the video let go of
    }
  }

  /** @param {unknown} error */
  #fail(error) {
    if (this.#controller.signal.aborted) return; // stopped on purpose
    this.stop();
    this.#onFail(error);
  }
}

/**
 * Lets go of what `media` shows and of its connection: a video needs load() for that, as removing
 * its src alone leaves it loading.
 * @param {HTMLImageElement | HTMLVideoElement} media
 */
function release(media) {
  media.removeAttribute("src");
  if (media instanceof HTMLVideoElement) {
    media.pause();
    media.load();
  }
}

/**
 * HTML lowercases attribute names, so a prop is written in kebab-case (`props.line-width`), and its
 * name, after the last dot, goes back to the camelCase the server declares (`props.lineWidth`).
 * @param {string} attribute
 */
export function propParameter(attribute) {
  const cut = attribute.lastIndexOf(".");
  return attribute.slice(0, cut + 1) + attribute.slice(cut + 1).replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/**
 * The attribute that carries a `props.` parameter: `propParameter`'s inverse.
 * @param {string} parameter
 */
export function propAttribute(parameter) {
  const cut = parameter.lastIndexOf(".");
  return parameter.slice(0, cut + 1) + parameter.slice(cut + 1).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

const style = `
:host { display: inline-block; position: relative; line-height: 0; max-width: 100%; }
img, video { display: block; max-width: 100%; height: auto; }
button { position: absolute; left: 8px; bottom: 8px; min-width: 44px; min-height: 44px; padding: 0 12px;
  border: 2px solid #fff; border-radius: 22px; background: #1f2937; color: #fff; font: 600 14px/1 system-ui, sans-serif;
  cursor: pointer; }
button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
[hidden] { display: none !important; }`;

class LayercastPlayer extends HTMLElement {
  static observedAttributes = ["server", "control", "scenario", "at", "size", "autoplay", "loop", "controls", "poster",
    "label", "transport"];

  #root = this.attachShadow({ mode: "open" });
  /** @type {HTMLImageElement | HTMLVideoElement | null} */
  #media = null;
  #button = document.createElement("button");
  /** @type {LiveVideo | null} the live video's connection, while it plays */
  #live = null;
  // Set once the live video failed: this player shows MJPEG from then on.
  #videoFailed = false;
  #visible = false;
  #playing = false;
  // Attributes arrive one by one as the element is parsed or upgraded: it builds once, when connected.
  #connected = false;
  #observer = new IntersectionObserver((entries) => {
    this.#visible = entries.some((e) => e.isIntersecting);
    this.#update();
  });
  #onVisibility = () => this.#update();
  // Leaving the page (or its going into the back-forward cache) must not leave a stream open: the
  // media lets go of its source, and a page shown again starts over.
  #onPageHide = () => this.#stop();
  #onPageShow = (/** @type {PageTransitionEvent} */ event) => {
    if (event.persisted) this.#build();
  };

  connectedCallback() {
    this.#connected = true;
    this.#build();
    this.#observer.observe(this);
    document.addEventListener("visibilitychange", this.#onVisibility);
    addEventListener("pagehide", this.#onPageHide);
    addEventListener("pageshow", this.#onPageShow);
  }

  disconnectedCallback() {
    this.#connected = false;
    this.#observer.disconnect();
    document.removeEventListener("visibilitychange", this.#onVisibility);
    removeEventListener("pagehide", this.#onPageHide);
    removeEventListener("pageshow", this.#onPageShow);
    this.#stop();
  }

  attributeChangedCallback() {
    if (this.#connected) this.#build();
  }

  // The server's address: the `server` attribute, else where this module came from.
  get #server() {
    return new URL(this.getAttribute("server") || moduleUrl.origin).origin;
  }

  /**
   * A URL of the server with this player's parameters: control, size and every `props.*` attribute.
   * @param {string} path
   * @param {Record<string, string>} extra
   */
  #url(path, extra = {}) {
    const url = new URL(path, this.#server);
    url.searchParams.set("control", this.getAttribute("control") || "all");
    url.searchParams.set("size", this.getAttribute("size") || "240");
    for (const { name, value } of this.attributes) {
      if (name.startsWith("props.")) url.searchParams.set(propParameter(name), value);
    }
    for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
    return url.href;
  }

  get #kind() {
    if (!this.hasAttribute("scenario")) return "live";
    return this.hasAttribute("at") ? "still" : "video";
  }

  // The live scene as H.264 video, unless MJPEG is asked for, the browser cannot play it, or it failed.
  get #liveVideo() {
    return this.getAttribute("transport") !== "mjpeg" && !this.#videoFailed && videoPlayable();
  }

  get #name() {
    const control = this.getAttribute("control") || "all controls";
    const what = { live: "live", still: "still", video: "scenario" }[this.#kind];
    return this.getAttribute("label") || `Layercast: ${control}, ${what}`;
  }

  // The scenario's frame (at `at`, else its first) or the live scene's frame now.
  #posterUrl() {
    const poster = this.getAttribute("poster");
    if (poster) return new URL(poster, this.#server).href;
    const scenario = this.getAttribute("scenario");
    if (!scenario) return this.#url("/frame.png");
    return this.#url("/frame.png", { scenario, ahead: this.getAttribute("at") || "0", ...this.#pin() });
  }

  /** @returns {Record<string, string>} */
  #pin() {
    return pinnedVersion ? { v: pinnedVersion } : {};
  }

  #build() {
    this.#stop();
    const kind = this.#kind;
    const media = this.#createMedia();
    this.#media = media;
    const button = document.createElement("button");
    button.type = "button";
    button.addEventListener("click", () => this.#toggle());
    this.#button = button;
    this.#root.replaceChildren(Object.assign(document.createElement("style"), { textContent: style }), media, button);
    // Motion starts by itself only with `autoplay` and without a wish for reduced motion.
    this.#playing = kind !== "still" && this.hasAttribute("autoplay") && !reducedMotion.matches;
    this.#update();
  }

  /**
   * What shows this player: a <video> for a scenario and for the live video (its poster the still
   * shown before it plays, and while it shows nothing yet), else an <img>.
   * @returns {HTMLImageElement | HTMLVideoElement}
   */
  #createMedia() {
    const kind = this.#kind;
    /** @type {HTMLImageElement | HTMLVideoElement} */
    let media;
    if (kind === "video" || (kind === "live" && this.#liveVideo)) {
      const video = document.createElement("video");
      Object.assign(video, { muted: true, playsInline: true, loop: kind === "video" && this.hasAttribute("loop") });
      // A clip loads when it is to play; the live video has no src until then.
      if (kind === "video") video.preload = "none";
      video.poster = this.#posterUrl();
      video.setAttribute("aria-label", this.#name);
      media = video;
    } else {
      media = Object.assign(document.createElement("img"), { alt: this.#name });
    }
    // Anonymous CORS: no cookies or credentials go with it, and a page may draw it on a canvas.
    media.crossOrigin = "anonymous";
    return media;
  }

  // The live video failed: the player goes on in MJPEG, in an <img> in the <video>'s place.
  #fallBack() {
    this.#videoFailed = true;
    this.#live = null;
    const video = this.#media;
    if (!video) return;
    release(video);
    const media = this.#createMedia();
    video.replaceWith(media);
    this.#media = media;
    this.#update();
  }

  #toggle() {
    this.#playing = !this.#playing;
    this.#update();
  }

  // Plays while wanted, on screen and in a visible tab; otherwise shows a still and holds no connection.
  #update() {
    const media = this.#media;
    if (!media) return;
    const kind = this.#kind;
    const running = this.#playing && this.#visible && document.visibilityState === "visible";
    const showButton = kind !== "still" && (this.hasAttribute("controls") || !this.#playing);
    this.#button.hidden = !showButton;
    this.#button.textContent = this.#playing ? "Pause" : "Play";
    this.#button.setAttribute("aria-label", `${this.#playing ? "Pause" : "Play"} ${this.#name}`);
    if (media instanceof HTMLVideoElement) {
      if (running) {
        if (kind === "video") {
          if (!media.src) media.src = this.#clipUrl(media);
        } else {
          // The same parameters as the MJPEG stream's.
          this.#live ??= new LiveVideo(media, this.#url("/stream.mp4", { fps: "30" }), () => this.#fallBack());
        }
        media.play().catch(() => {});
      } else {
        // The live video's connection closes; its last frame stays.
        this.#live?.stop();
        this.#live = null;
        media.pause();
      }
      return;
    }
    // A live <img> whose src moves off the stream closes the stream's connection.
    const wanted = kind === "live" && running ? this.#url("/stream.mjpg", { fps: "30" }) : this.#posterUrl();
    if (media.getAttribute("src") !== wanted) media.src = wanted;
  }

  /** @param {HTMLVideoElement} video */
  #clipUrl(video) {
    const webm = video.canPlayType('video/mp4; codecs="avc1.42E01E"') === "";
    return this.#url(webm ? "/clip.webm" : "/clip.mp4", { scenario: this.getAttribute("scenario") || "", ...this.#pin() });
  }

  #stop() {
    this.#live?.stop();
    this.#live = null;
    if (this.#media) release(this.#media);
    this.#media = null;
  }
}

if (!customElements.get("layercast-player")) customElements.define("layercast-player", LayercastPlayer);
