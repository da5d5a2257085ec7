// @ts-check
// The live stream as H.264 video (GET /stream.mp4), about a tenth of MJPEG's bytes, played through
// Media Source Extensions in a <video> the page keeps out of sight. The cards draw each frame it
// shows from it (gallery.js), stamped with the scene time of the emsg box before its fragment, so
// scrubbing, Save clip and the readouts read the same time either way. Connecting, retrying and
// closing on a hidden tab are livestream.js's.
import { LiveStream } from "./livestream.js";

/**
 * @typedef {import("./livestream.js").Target} Target
 * @typedef {{ video: HTMLVideoElement, source: MediaSource, buffer: SourceBuffer | null, queue: Uint8Array[],
 *   times: Map<number, number>, sceneTime: number, moof: Uint8Array | null, timescale: number, started: boolean,
 *   url: string }} Session
 */

// The emsg scheme of a fragment's scene time (LiveVideoEncoder.sceneTimeScheme).
const SCENE_TIME = "urn:layercast:scene-time";
// Asked before the first byte: x264's High profile, which the server's encoder writes.
const PROBE_TYPE = 'video/mp4; codecs="avc1.64001F"';
// Further behind the newest frame than this, the player jumps to it: a viewer that joins gets the
// frames since the last key frame (up to 2 s) and should see now, not then.
const LIVE_SLACK_S = 0.2;
// Played frames are let go of after this long, so a page left open keeps a few seconds of video.
const KEEP_S = 4;

/** Whether this browser can play the live video: Media Source with H.264, and a callback per frame. */
export function videoPlayable() {
  return typeof MediaSource !== "undefined" && MediaSource.isTypeSupported(PROBE_TYPE)
    && "requestVideoFrameCallback" in HTMLVideoElement.prototype;
}

/**
 * The boxes of an ISO BMFF byte stream, whole, as they complete.
 */
class BoxReader {
  constructor() {
    this.bytes = new Uint8Array(0);
  }

  /**
   * @param {Uint8Array} chunk
   * @returns {{ type: string, bytes: Uint8Array }[]}
   */
  push(chunk) {
    const joined = new Uint8Array(this.bytes.length + chunk.length);
    joined.set(this.bytes);
    joined.set(chunk, this.bytes.length);
    const view = new DataView(joined.buffer);
    const boxes = [];
    let at = 0;
    while (at + 8 <= joined.length) {
      const size = view.getUint32(at);
      if (size < 8) throw new Error(`a box of ${size} bytes in the video stream`);
      if (at + size > joined.length) break;
      boxes.push({ type: fourCC(joined, at + 4), bytes: joined.subarray(at, at + size) });
      at += size;
    }
    this.bytes = joined.slice(at);
    return boxes;
  }
}

/** @param {Uint8Array} bytes @param {number} at */
function fourCC(bytes, at) { return String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]); }

/**
 * The body of the first child box of `type` in `box` (whose children start at `from`), or null.
 * @param {Uint8Array} box
 * @param {string} type
 * @param {number} [from]
 */
function child(box, type, from = 8) {
  const view = new DataView(box.buffer, box.byteOffset, box.byteLength);
  for (let at = from; at + 8 <= box.length;) {
    const size = view.getUint32(at);
    if (size < 8 || at + size > box.length) return null;
    if (fourCC(box, at + 4) === type) return box.subarray(at, at + size);
    at += size;
  }
  return null;
}

/**
 * RFC 6381's codecs value of the init segment's H.264 track (avc1.PPCCLL from its avcC box) and the
 * track's timescale (mdhd).
 * @param {Uint8Array} moov
 */
function trackOf(moov) {
  const mdia = child(child(moov, "trak") ?? new Uint8Array(0), "mdia");
  const mdhd = mdia && child(mdia, "mdhd");
  if (!mdhd) throw Object.assign(new Error("the video has no track"), { unplayable: true });
  const view = new DataView(mdhd.buffer, mdhd.byteOffset, mdhd.byteLength);
  const timescale = view.getUint32(mdhd[8] === 1 ? 28 : 20);
  let codec = "avc1.64001F";
  for (let i = 0; i + 8 <= moov.length; i++) {
    if (fourCC(moov, i) === "avcC") {
      codec = "avc1." + [...moov.subarray(i + 5, i + 8)].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
      break;
    }
  }
  return { codec, timescale };
}

/**
 * A fragment's decode time in its track's units (moof › traf › tfdt).
 * @param {Uint8Array} moof
 */
function decodeTime(moof) {
  const tfdt = child(child(moof, "traf") ?? new Uint8Array(0), "tfdt");
  if (!tfdt) return NaN;
  const view = new DataView(tfdt.buffer, tfdt.byteOffset, tfdt.byteLength);
  return tfdt[8] === 1 ? Number(view.getBigUint64(12)) : view.getUint32(12);
}

/**
 * The scene time an emsg box carries, or NaN for another scheme (version 0: scheme, value, four
 * 32-bit fields, then the message).
 * @param {Uint8Array} emsg
 */
function sceneTimeOf(emsg) {
  if (emsg[8] !== 0) return NaN;
  const schemeEnd = emsg.indexOf(0, 12);
  const valueEnd = schemeEnd < 0 ? -1 : emsg.indexOf(0, schemeEnd + 1);
  if (valueEnd < 0) return NaN;
  if (new TextDecoder().decode(emsg.subarray(12, schemeEnd)) !== SCENE_TIME) return NaN;
  return Number.parseFloat(new TextDecoder().decode(emsg.subarray(valueEnd + 17)));
}

/** @param {Uint8Array} a @param {Uint8Array} b */
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export class VideoStream extends LiveStream {
  /** @param {import("./livestream.js").Handlers} handlers */
  constructor(handlers) {
    super(handlers);
    /** @type {Session | null} */
    this.session = null;
    /** @type {Uint8Array | null} the ftyp box, kept until its moov comes */
    this.ftyp = null;
  }

  /** The <video> playing now, for the browser tests. */
  get video() { return this.session?.video ?? null; }

  /**
   * @param {Response} _response
   * @param {Target} target
   * @param {number} generation
   */
  begin(_response, target, generation) {
    this.release();
    const reader = new BoxReader();
    return (/** @type {Uint8Array} */ bytes) => {
      if (generation !== this.generation) return;
      for (const box of reader.push(bytes)) this.take(box, target, generation);
    };
  }

  /**
   * @param {{ type: string, bytes: Uint8Array }} box
   * @param {Target} target
   * @param {number} generation
   */
  take({ type, bytes }, target, generation) {
    const session = this.session;
    switch (type) {
      case "ftyp":
        this.ftyp = bytes.slice();
        break;
      case "moov":
        this.start(concat(this.ftyp ?? new Uint8Array(0), bytes), target, generation);
        break;
      case "emsg":
        if (session) session.sceneTime = sceneTimeOf(bytes);
        break;
      case "moof":
        if (!session) break;
        session.moof = bytes.slice();
        session.times.set(Math.round(decodeTime(bytes) / session.timescale * 1000), session.sceneTime);
        session.sceneTime = NaN;
        break;
      case "mdat":
        if (!session?.moof) break;
        this.append(session, concat(session.moof, bytes));
        session.moof = null;
        break;
    }
  }

  /**
   * A player for the stream whose init segment is `init`.
   * @param {Uint8Array} init
   * @param {Target} target
   * @param {number} generation
   */
  start(init, target, generation) {
    const { codec, timescale } = trackOf(init.subarray(this.ftyp?.length ?? 0));
    const type = `video/mp4; codecs="${codec}"`;
    if (!MediaSource.isTypeSupported(type)) {
      this.failed(Object.assign(new Error(`this browser cannot play ${type}`), { unplayable: true }), generation);
      return;
    }
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.className = "live-video";
    video.setAttribute("aria-hidden", "true");
    video.tabIndex = -1;
    const source = new MediaSource();
    const url = URL.createObjectURL(source);
    /** @type {Session} */
    const session = { video, source, buffer: null, queue: [init], times: new Map(), sceneTime: NaN, moof: null, timescale, started: false, url };
    this.session = session;
    video.src = url;
    document.body.append(video);
    source.addEventListener("sourceopen", () => {
      if (this.session !== session) return;
      const buffer = source.addSourceBuffer(type);
      buffer.mode = "segments";
      buffer.addEventListener("updateend", () => this.drain(session));
      buffer.addEventListener("error", () => this.failed(new Error("the video could not be decoded"), generation));
      session.buffer = buffer;
      this.drain(session);
    }, { once: true });
    video.addEventListener("error", () => {
      if (this.session !== session) return;
      const error = new Error(`the video failed: ${video.error?.message || `code ${video.error?.code}`}`);
      this.failed(Object.assign(error, { unplayable: video.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED }), generation);
    });
    /** @type {VideoFrameRequestCallback} */
    const shown = (_now, frame) => {
      if (this.session !== session) return;
      video.requestVideoFrameCallback(shown);
      // Counted as shown, not as received: the first fragments wait for the player to start.
      this.arrived();
      this.onStatus("live");
      this.onFrame(video, { ...target.meta, sceneTime: session.times.get(Math.round(frame.mediaTime * 1000)) ?? NaN });
    };
    video.requestVideoFrameCallback(shown);
  }

  /**
   * @param {Session} session
   * @param {Uint8Array} bytes
   */
  append(session, bytes) {
    session.queue.push(bytes);
    this.drain(session);
  }

  /**
   * Appends what waits, one at a time; then keeps the player at the newest frame and lets go of
   * frames played more than KEEP_S ago.
   * @param {Session} session
   */
  drain(session) {
    const { buffer, video } = session;
    if (!buffer || buffer.updating || this.session !== session) return;
    const next = session.queue.shift();
    if (next) {
      buffer.appendBuffer(next);
      return;
    }
    const ranges = buffer.buffered;
    if (!ranges.length) return;
    const end = ranges.end(ranges.length - 1);
    if (end - video.currentTime > LIVE_SLACK_S) video.currentTime = end - 0.01;
    if (!session.started) {
      session.started = true;
      video.play().catch(() => {});
    }
    const start = ranges.start(0);
    if (video.currentTime - start > 2 * KEEP_S) {
      buffer.remove(start, video.currentTime - KEEP_S);
      for (const key of session.times.keys()) {
        if (key < (video.currentTime - KEEP_S) * 1000) session.times.delete(key);
      }
    }
  }

  release() {
    const session = this.session;
    this.session = null;
    this.ftyp = null;
    if (!session) return;
    session.video.removeAttribute("src");
    session.video.load();
    session.video.remove();
    URL.revokeObjectURL(session.url);
  }
}
