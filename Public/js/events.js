// The scene's state: one GET /state to start, then every change pushed on GET /events (SSE).
import { errorFrom } from "./api.js";

export class StateFeed {
  /** onState(state) for each snapshot; onStatus("live" | "reconnecting" | "paused"). */
  constructor({ onState, onStatus }) {
    this.onState = onState;
    this.onStatus = onStatus;
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
      try {
        this.onState(JSON.parse(event.data));
      } catch {
        // A malformed event is dropped; the next one replaces it anyway.
      }
    });
    source.addEventListener("open", () => this.onStatus("live"));
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
    try {
      const response = await fetch("state", { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      this.onState(await response.json());
    } catch {
      // The event stream reports the outage; its first event brings the state.
    }
  }
}
