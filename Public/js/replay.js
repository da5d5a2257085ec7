// @ts-check
// Replay a recording on this page alone: the recording's own frames (`frame.png?scenario=ID&ahead=t`,
// from the snapshot it started from) in the cards at its pace, while the live scene goes on untouched
// for everyone else. Only the newest frame is asked for once the one in flight lands, so a slow
// server skips frames rather than falls behind. `document` gets the scrub event for each frame shown,
// with the scenario, so the header and the cards' readouts follow (`GET /state?scenario=&ahead=`).
import { errorFrom } from "./api.js";
import { SCRUB_EVENT } from "./timeline.js";

/**
 * @param {{ stillUrl: () => string | null, onFrame: (bitmap: ImageBitmap, t: number) => void,
 *   onStart: () => void, onEnd: (finished: boolean) => void, onError: (title: string, error: unknown) => void }} hooks
 *   the stages' still URL as shown now, where a frame goes, and what to do as a replay starts and ends
 */
export function scenarioReplay(hooks) {
  /** @type {{ id: string, duration: number, started: number } | null} */
  let current = null;
  let inFlight = false;
  let shownTime = -1;

  /** @param {number} t @param {string} id */
  function dispatch(t, id) {
    document.dispatchEvent(new CustomEvent(SCRUB_EVENT, { detail: { sceneTime: t, replaying: true, scenario: id } }));
  }

  async function next() {
    const now = current;
    const url = hooks.stillUrl();
    if (!now || !url || inFlight) return;
    const t = Math.min((performance.now() - now.started) / 1000, now.duration);
    inFlight = true;
    try {
      const response = await fetch(`${url}&scenario=${now.id}&ahead=${t.toFixed(6)}`, { cache: "no-store" });
      if (!response.ok) throw await errorFrom(response);
      const bitmap = await createImageBitmap(await response.blob());
      if (current !== now) {
        bitmap.close();
        return;
      }
      shownTime = t;
      hooks.onFrame(bitmap, t);
      dispatch(t, now.id);
      if (t >= now.duration) stop(true);
    } catch (error) {
      if (current === now) {
        stop(false);
        hooks.onError("The recording could not be replayed", error);
      }
    } finally {
      inFlight = false;
      if (current) requestAnimationFrame(next);
    }
  }

  /** @param {boolean} finished whether it ran to its end */
  function stop(finished) {
    if (!current) return;
    current = null;
    document.dispatchEvent(new CustomEvent(SCRUB_EVENT, { detail: { sceneTime: null, replaying: false } }));
    hooks.onEnd(finished);
  }

  return {
    /** Replays scenario `id` of `duration` seconds from its start.
     * @param {string} id @param {number} duration */
    play(id, duration) {
      current = { id, duration, started: performance.now() };
      shownTime = -1;
      hooks.onStart();
      next();
    },
    stop() { stop(false); },
    get playing() { return current !== null; },
    /** The recording's time of the frame on screen, for the tests. */
    get shownTime() { return shownTime; },
  };
}
