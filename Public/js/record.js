// @ts-check
// Record: turns the commands sent while it runs (from this page or any other client) into a stored
// scenario (POST /scenarios/record), then offers it as a JSON download and a Replay that plays it
// on the live scene (POST /scenarios/{id}/play).
import { send, errorFrom, ApiError } from "./api.js";
import { part } from "./dom.js";
import { announce } from "./announce.js";
import { reportError } from "./toast.js";

/**
 * @typedef {{ recording: boolean, since: number, steps: number, id?: string, scenario?: unknown }} RecordReply
 */

/** @param {HTMLElement} root the recorder group */
export function recorder(root) {
  const button = part(root, "record");
  const label = part(root, "record-label");
  const download = part(root, "download", HTMLAnchorElement);
  const replay = part(root, "replay");
  let recording = false;
  /** @type {string | null} */
  let scenarioId = null;

  /** @param {boolean} on */
  function show(on) {
    recording = on;
    button.toggleAttribute("data-on", on);
    label.textContent = on ? "Stop recording" : "Record scenario";
    button.title = on ? "Stop recording and store the scenario"
      : "Record the commands sent from now on as a scenario you can download and replay";
  }

  /** @param {string} id */
  async function offer(id) {
    const response = await fetch(`scenarios/${id}`, { cache: "no-store" });
    if (!response.ok) throw await errorFrom(response);
    const text = await response.text();
    if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
    download.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    download.download = `layercast-scenario-${id}.json`;
    scenarioId = id;
    download.hidden = false;
    replay.hidden = false;
  }

  button.addEventListener("click", async () => {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    try {
      /** @type {RecordReply} */
      const reply = await send("POST", "scenarios/record", { action: recording ? "stop" : "start" });
      show(reply.recording);
      if (reply.recording) {
        announce("Recording started");
      } else if (reply.id) {
        await offer(reply.id);
        announce(`Recording stopped: ${reply.steps} step${reply.steps === 1 ? "" : "s"}, ready to download or replay`);
      }
    } catch (error) {
      // Another client may have started or stopped it: show what the server says.
      if (error instanceof ApiError && error.status === 409) show(!recording);
      reportError(recording ? "Stop recording" : "Record scenario", error);
    } finally {
      button.removeAttribute("aria-busy");
    }
  });

  replay.addEventListener("click", async () => {
    if (!scenarioId) return;
    try {
      const reply = await send("POST", `scenarios/${scenarioId}/play`);
      announce(`Replaying ${reply.steps} step${reply.steps === 1 ? "" : "s"}`);
    } catch (error) {
      reportError("Replay", error);
    }
  });

  // A recording started before this page opened (or by another page) shows as one.
  fetch("scenarios", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : null))
    .then((list) => { if (list?.recording) show(true); })
    .catch(() => {});

  show(false);
  return {
    get recording() { return recording; },
    get scenarioId() { return scenarioId; },
  };
}
