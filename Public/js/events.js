// @ts-check
// The scene's state: one GET /state to start, then every change pushed on GET /events (SSE).
import { errorFrom } from "./api.js";

/**
 * @typedef {import("./state.js").SceneState} SceneState
 * @typedef {"live" | "reconnecting" | "paused"} FeedStatus
 */

export class StateFeed {
  /**
   * onState(state) for each snapshot; onConnect() each time the event stream (re)opens, before its
   * first event; onStatus(status) as the connection comes and goes.
   * @param {{ onState: (state: SceneState) => void, onConnect: () => void, onStatus: (status: FeedStatus) => void }} handlers
   */
  constructor({ onState, onConnect, onStatus }) {
    this.onState = onState;
    this.onConnect = onConnect;
    this.onStatus = onStatus;
    /** @type {EventSource | null} */
    this.source = null;
    this.retryTimer = 0;
    document.addEventListener("visibilitychange", () => (document.hidden ? this.stop() : this.start()));
    window.addEventListener("pagehide", () => this.stop());
  }

  start() {
    this.stop();
    this.refresh();
    const source = new EventSource("events");
    this.source = source;
    source.addEventListener("state", (event) => {
      let state;
      try {
        state = JSON.parse(event.data);
      } catch {
        return; // A malformed event is dropped; the next one replaces it anyway.
      }
      this.onState(state);
    });
    source.addEventListener("open", () => {
      this.onConnect();
      this.onStatus("live");
    });
    source.addEventListener("error", () => {
      if (source !== this.source) return;
      this.onStatus("reconnecting");
      // The browser retries on its own unless the server refused outright (CLOSED).
      if (source.readyState === EventSource.CLOSED) {
        this.retryTimer = setTimeout(() => this.start(), 3000);
      }
    });
  }

  stop() {
    clearTimeout(this.retryTimer);
    this.source?.close();
    this.source = null;
    if (document.hidden) this.onStatus("paused");
  }

  async refresh() {
    let state;
    try {
      const response = await fetch("state", { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      state = await response.json();
    } catch {
      return; // The event stream reports the outage; its first event brings the state.
    }
    this.onState(state);
  }
}
