// @ts-check
// What a card is to the page. Every control gets one, keyed by its id (its root's data-control),
// never by position: the module the control serves as its own card (GET /{id}/card.js, named in
// /layout; Sources/Controls/Plugin/PageCard.swift), or else the generic card (./generic.js).

/**
 * @typedef {import("../state.js").SceneState} SceneState
 * @typedef {import("../state.js").StateKey} StateKey
 * @typedef {import("../state.js").CommandReply} CommandReply
 * @typedef {import("../api.js").Params} Params
 *
 * @typedef {object} CardContext
 * @property {HTMLElement} root the card's element; the card looks for its parts inside it only
 * @property {string} title the control's title, as /layout gives it ("Play button")
 * @property {() => SceneState | null} state the newest state applied
 * @property {(action: string, id: string, params?: Params | null, body?: Blob | null) => Promise<CommandReply | null>} command
 *   sends a command, named by its id ("meterHold"), for this card's control after its earlier ones,
 *   to the route /layout gives it (with a `body`, its upload route); shows the reply at once and an
 *   error as a message (then resolves to null)
 * @property {typeof import("./kit.js").kit} kit the page's helpers, for a card module that imports nothing
 *
 * @typedef {object} Card
 * @property {StateKey} stateKey the card's part of the scene state, which its commands' replies replace
 * @property {(state: SceneState) => void} render shows a new state
 * @property {(state: SceneState) => string} describe what the stage shows, in words: its canvas's
 *   text alternative, said when it changes ("Play button, buffering"); never anything that moves
 *   with every frame
 * @property {(state: SceneState, at: number, frameTime: number) => void} [tick] follows the frame on
 *   screen (scene time `frameTime`) between states; `at` is the scene time of the card's part of `state`
 *
 * @typedef {object} CardModule a control's own card, as its module exports it
 * @property {string} markup the card below its head (its stage, with a canvas whose data-cell is
 *   the control's id, its controls and readout); the page makes the <article> and the head
 * @property {string} [origin] the line under the title (where the original comes from)
 * @property {(ctx: CardContext) => Card} card drives the markup
 * @property {string[]} [shortcuts] its keys, as HTML list items for the page's keyboard panel
 */

export {};
