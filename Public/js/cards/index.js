// @ts-check
// Every card, by the name of the control it drives (its root's data-control): the page builds one
// per card it holds and keys them by that name, never by position. A control registered on the
// server without a card here gets the generic card (./generic.js).
import { meterCard } from "./meter.js";
import { playButtonCard } from "./playbutton.js";
import { playerCard } from "./player.js";
import { spinnerCard } from "./spinner.js";

/**
 * @typedef {import("../state.js").SceneState} SceneState
 * @typedef {import("../state.js").StateKey} StateKey
 * @typedef {import("../state.js").CommandReply} CommandReply
 * @typedef {import("../api.js").Params} Params
 *
 * @typedef {object} CardContext
 * @property {HTMLElement} root the card's element; the card looks for its parts inside it only
 * @property {() => SceneState | null} state the newest state applied
 * @property {(action: string, method: string, path: string, params?: Params | null, body?: Blob | null) => Promise<CommandReply | null>} command
 *   sends a command for this card's control after its earlier ones; shows the reply at once and an
 *   error as a message (then resolves to null)
 *
 * @typedef {object} Card
 * @property {StateKey} stateKey the card's part of the scene state, which its commands' replies replace
 * @property {(state: SceneState) => void} render shows a new state
 * @property {(state: SceneState) => string} describe what the stage shows, in words: its canvas's
 *   text alternative, said when it changes ("Play button, buffering"); never anything that moves
 *   with every frame
 * @property {(state: SceneState, at: number, frameTime: number) => void} [tick] follows the frame on
 *   screen (scene time `frameTime`) between states; `at` is the scene time of the card's part of `state`
 */

/** @type {Record<string, (ctx: CardContext) => Card>} */
export const CARDS = {
  meter: meterCard,
  "play-button": playButtonCard,
  player: playerCard,
  spinner: spinnerCard,
};
