// <layercast-player>: a Layercast control, live or as a stored scenario, in any page (issue 34).
// One ES module with no imports, served at /embed.js to every origin, so a docs site needs one tag:
//
//   <script type="module" src="http://layercast.example/embed.js?v=VERSION"></script>
//   <layercast-player control="spinner" scenario="ID" autoplay loop controls></layercast-player>
//
// What it shows: a scenario as a looping video (`at` given: its still at that time); without one,
// the live scene as MJPEG, which every browser takes in an <img>. Off screen or in a hidden tab it
// pauses and closes its connection, and resumes on return. With prefers-reduced-motion it shows a
// still and a play button. It sends no credentials and stores nothing (no cookies, no storage).

const moduleUrl = new URL(import.meta.url);
// The server version the embed code was written for: it pins the renderer, so a scenario's frames and
// clips are immutable (docs: README "Cacheable").
const pinnedVersion = moduleUrl.searchParams.get("v");
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

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
  static observedAttributes = ["server", "control", "scenario", "at", "size", "autoplay", "loop", "controls", "poster", "label"];

  #root = this.attachShadow({ mode: "open" });
  /** @type {HTMLImageElement | HTMLVideoElement | null} */
  #media = null;
  #button = document.createElement("button");
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
  #onPageHide = () => this.#media?.removeAttribute("src");
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
    /** @type {HTMLImageElement | HTMLVideoElement} */
    let media;
    if (kind === "video") {
      const video = document.createElement("video");
      Object.assign(video, { muted: true, playsInline: true, loop: this.hasAttribute("loop"), preload: "none" });
      video.poster = this.#posterUrl();
      video.setAttribute("aria-label", this.#name);
      media = video;
    } else {
      media = Object.assign(document.createElement("img"), { alt: this.#name });
    }
    // Anonymous CORS: no cookies or credentials go with it, and a page may draw it on a canvas.
    media.crossOrigin = "anonymous";
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
        if (!media.src) media.src = this.#clipUrl(media);
        media.play().catch(() => {});
      } else {
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
    if (!this.#media) return;
    if (this.#media instanceof HTMLVideoElement) this.#media.pause();
    this.#media.removeAttribute("src");
    this.#media = null;
  }
}

if (!customElements.get("layercast-player")) customElements.define("layercast-player", LayercastPlayer);
