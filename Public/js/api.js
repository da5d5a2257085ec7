// @ts-check
// Talking to the server: commands with readable errors, and the latency of each reply.

/** @typedef {Record<string, string | number | boolean>} Params */

// A server started with --token needs it on every command; the page takes it from #token=… once.
const token = new URLSearchParams(location.hash.slice(1)).get("token");

/** An error the page can show as is: the API's own words plus what it would accept. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {{ status?: number, parameter?: string | null, allowed?: string | null, retryAfter?: number }} details
   */
  constructor(message, { status = 0, parameter = null, allowed = null, retryAfter = 0 } = {}) {
    super(message);
    this.status = status;
    this.parameter = parameter;
    this.allowed = allowed;
    /** Seconds the server asked to wait before trying again (its Retry-After on a 503); 0 when it said none. */
    this.retryAfter = retryAfter;
  }

  /** One line for a person: "invalid value for 'mode': x — allowed: play, pause". */
  get detail() {
    return this.allowed ? `${this.message} — allowed: ${this.allowed}` : this.message;
  }
}

/**
 * Turns a non-2xx response into an ApiError, using the JSON body {error, parameter, allowed} when there is one.
 * @param {Response} response
 * @returns {Promise<ApiError>}
 */
export async function errorFrom(response) {
  /** @type {{ error?: string, parameter?: string, allowed?: string } | null} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): the status line has to do.
  }
  const message = body?.error ?? `the server answered ${response.status} ${response.statusText}`.trim();
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return new ApiError(message, {
    status: response.status, parameter: body?.parameter, allowed: body?.allowed,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 0,
  });
}

/** @type {Set<(ms: number, path: string) => void>} */
const latencyListeners = new Set();
/** @param {(ms: number, path: string) => void} listener */
export function onLatency(listener) { latencyListeners.add(listener); }

/**
 * Sends one command. `params` go as a form body; a Blob `body` goes as is with its type.
 * Resolves to the reply JSON ({sceneTime, revision, state} for controls), rejects with ApiError.
 * @param {string} method
 * @param {string} path
 * @param {Params | null} [params]
 * @param {Blob | null} [body]
 * @returns {Promise<any>}
 */
export async function send(method, path, params = null, body = null) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  /** @type {BodyInit | null} */
  let payload = null;
  if (body) {
    payload = body;
    headers["Content-Type"] = body.type || "application/octet-stream";
  } else if (params) {
    payload = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  }
  const started = performance.now();
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload, cache: "no-store" });
  } catch {
    throw new ApiError("the server can't be reached; is layercast still running?");
  }
  if (!response.ok) throw await errorFrom(response);
  const reply = await response.json();
  const ms = performance.now() - started;
  for (const listener of latencyListeners) listener(ms, path);
  return reply;
}

/**
 * A chain that runs one command after another, so a release never overtakes its press.
 * @returns {<T>(task: () => Promise<T>) => Promise<T>}
 */
export function serial() {
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}
