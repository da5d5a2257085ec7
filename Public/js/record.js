// @ts-check
// Record: turns the commands sent while it runs (from this page or any other client) into a stored
// scenario that starts from the scene as it was (POST /scenarios/record), then offers it as a JSON
// download, a Replay on this page alone (./replay.js: its own frames, the live scene untouched),
// embed code for a docs page (which pins the scenario, so newer ones never push it out) and,
// through `onRecorded`, as a range of Save clip.
import { send, errorFrom, ApiError } from "./api.js";
import { part } from "./dom.js";
import { announce } from "./announce.js";
import { reportError, toast } from "./toast.js";
import { loadLayout } from "./layout.js";
import { copyText } from "./props/copy.js";
import { scenarioEmbedCode } from "./props/embedcode.js";

/**
 * @typedef {{ recording: boolean, since: number, steps: number, id?: string, scenario?: { duration: number } }} RecordReply
 */

/**
 * @param {HTMLElement} root the recorder group
 * @param {{ replayer: ReturnType<typeof import("./replay.js").scenarioReplay>,
 *   onRecorded: (id: string, duration: number) => void }} ctx the page's replayer, and who else offers the recording
 */
export function recorder(root, ctx) {
  const button = part(root, "record");
  const label = part(root, "record-label");
  const download = part(root, "download", HTMLAnchorElement);
  const replay = part(root, "replay");
  const embed = part(root, "embed", HTMLButtonElement);
  let recording = false;
  /** @type {string | null} */
  let scenarioId = null;
  let duration = 0;

  /** @param {boolean} on */
  function show(on) {
    recording = on;
    button.toggleAttribute("data-on", on);
    label.textContent = on ? "Stop recording" : "Record scenario";
    button.title = on ? "Stop recording and store the scenario"
      : "Record the commands sent from now on as a scenario you can download and replay";
  }

  /** @param {string} id @param {number} seconds */
  async function offer(id, seconds) {
    const response = await fetch(`scenarios/${id}`, { cache: "no-store" });
    if (!response.ok) throw await errorFrom(response);
    const text = await response.text();
    if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
    download.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    download.download = `layercast-scenario-${id}.json`;
    scenarioId = id;
    duration = seconds;
    download.hidden = false;
    replay.hidden = false;
    embed.hidden = false;
    ctx.onRecorded(id, seconds);
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
        await offer(reply.id, reply.scenario?.duration ?? 0);
        announce(`Recording stopped: ${reply.steps} step${reply.steps === 1 ? "" : "s"}, ready to download, replay or save as a clip`);
      }
    } catch (error) {
      // Another client may have started or stopped it: show what the server says.
      if (error instanceof ApiError && error.status === 409) show(!recording);
      reportError(recording ? "Stop recording" : "Record scenario", error);
    } finally {
      button.removeAttribute("aria-busy");
    }
  });

  // A page that embeds the scenario names it for as long as the page lives: pinned first, then copied.
  embed.addEventListener("click", async () => {
    if (!scenarioId || embed.getAttribute("aria-busy") === "true") return;
    embed.setAttribute("aria-busy", "true");
    try {
      await send("POST", `scenarios/${scenarioId}/pin`);
      const code = scenarioEmbedCode(scenarioId, (await loadLayout()).version);
      if (await copyText(code, root)) toast("Embed code copied", "The scenario is pinned: newer ones will not push it out.", "info", 3);
    } catch (error) {
      reportError("Copy embed code", error);
    } finally {
      embed.removeAttribute("aria-busy");
    }
  });

  replay.addEventListener("click", () => {
    if (!scenarioId) return;
    if (ctx.replayer.playing) ctx.replayer.stop();
    else ctx.replayer.play(scenarioId, duration);
  });

  /** The Replay button says what it does now.
   * @param {boolean} on */
  function replaying(on) {
    replay.textContent = on ? "Stop replay" : "Replay here";
    replay.title = on ? "Back to the live scene"
      : "Replay the recording on this page only, from the scene it started from; the live scene goes on";
  }
  replaying(false);

  // A recording started before this page opened (or by another page) shows as one.
  fetch("scenarios", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : null))
    .then((list) => { if (list?.recording) show(true); })
    .catch(() => {});

  show(false);
  return {
    get recording() { return recording; },
    get scenarioId() { return scenarioId; },
    replaying,
  };
}
