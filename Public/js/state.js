// @ts-check
// The scene's state as the page holds it, and the one rule for replacing it: a state is applied
// only if its revision (the server's command count) is at least the newest applied. Scene time
// cannot order states: it steps backwards when the clock is stepped back.

/**
 * @typedef {{ sceneTime: number, paused: boolean, speed: number, fps: number }} Clock
 * @typedef {Clock & { revision: number }} ClockReply
 * @typedef {Record<string, any>} Controls each registered control's member, by its state key
 *   ("playButton"), as the control declares it (GET /layout names each card's)
 * @typedef {string} StateKey
 * @typedef {Record<string, import("./props/schema.js").PropValues>} PropsByControl every control's props, by its id in the API
 * @typedef {Controls & { sceneTime: number, revision: number, clock: Clock, props: PropsByControl }} SceneState
 * @typedef {{ sceneTime: number, revision: number, state: any }} CommandReply
 */

export class SceneStore {
  constructor() {
    /** @type {SceneState | null} */
    this.state = null;
    /** The revision of the newest state, reply or clock applied; -1 before any. */
    this.revision = -1;
    /** @type {Partial<Record<StateKey, number>>} scene times of the parts newer than `state.sceneTime` */
    this.times = {};
  }

  /**
   * A whole state (GET /state or an event).
   * @param {SceneState} next
   * @returns {boolean} whether it was applied
   */
  applyState(next) {
    if (!this.accepts(next.revision)) return false;
    this.state = next;
    this.times = {};
    return true;
  }

  /**
   * A command's reply: the new state of the control whose part of the state is `key`.
   * @param {StateKey} key
   * @param {CommandReply} reply
   * @returns {boolean}
   */
  applyReply(key, reply) {
    if (!this.state || !this.accepts(reply.revision)) return false;
    this.state = { ...this.state, [key]: reply.state };
    this.times[key] = reply.sceneTime;
    return true;
  }

  /**
   * The reply to a change of a control's props: its values, under the control's id.
   * @param {string} control
   * @param {{ revision: number, state: { values: import("./props/schema.js").PropValues } }} reply
   * @returns {boolean}
   */
  applyProps(control, reply) {
    if (!this.state || !this.accepts(reply.revision)) return false;
    this.state = { ...this.state, props: { ...this.state.props, [control]: reply.state.values } };
    return true;
  }

  /**
   * The clock after a change.
   * @param {ClockReply} reply
   * @returns {boolean}
   */
  applyClock({ revision, ...clock }) {
    if (!this.state || !this.accepts(revision)) return false;
    this.state = { ...this.state, clock };
    return true;
  }

  /**
   * The scene time the part `key` of the state is from: a reply's is later than the state's.
   * @param {StateKey} key
   */
  timeOf(key) {
    return this.times[key] ?? this.state?.sceneTime ?? NaN;
  }

  /**
   * Forgets the newest revision, when the event stream (re)opens: the server may have restarted and
   * count from 0 again. The stream's first state then stands even if a reply just before it was
   * newer (a command in flight across a reconnect); the next event, a poll later, is newer again.
   */
  restart() {
    this.revision = -1;
  }

  /**
   * Takes `revision` as the newest unless it is older than that.
   * @param {number} revision
   */
  accepts(revision) {
    if (!(revision >= this.revision)) return false;
    this.revision = revision;
    return true;
  }
}
