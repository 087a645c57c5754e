// The page's only door to gridsat: JSON over HTTP to the server that served it.

export class ApiError extends Error {}

/** An answer whose `error` key holds the server's message (`{"error": "line 3, column 5: …"}`).
 * @typedef {{ error?: string }} ErrorAnswer
 */

/** POSTs `body` as JSON to `path`; resolves to the answer object or throws ApiError
 *  with the server's message (`{"error": "line 3, column 5: …"}`). The answer is
 *  `unknown` here: each caller names its shape with a `@type` cast.
 * @param {string} path
 * @param {object} body
 * @param {AbortSignal} [signal]
 * @returns {Promise<unknown>}
 */
export async function post(path, body, signal) {
  let res;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (/** @type {Error} */ (e).name === "AbortError") throw e;
    throw new ApiError(`cannot reach gridsat: ${/** @type {Error} */ (e).message}`);
  }
  const text = await res.text();
  /** @type {ErrorAnswer} */
  let obj;
  try {
    obj = JSON.parse(text);
  } catch {
    throw new ApiError(`unexpected answer (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  if (!res.ok) throw new ApiError(obj.error || `HTTP ${res.status}`);
  return obj;
}

/** GETs `path`; resolves to the JSON answer (`unknown`: the caller casts it).
 * @param {string} path
 * @returns {Promise<unknown>}
 */
export async function get(path) {
  const res = await fetch(path);
  if (!res.ok) throw new ApiError(`HTTP ${res.status}`);
  return res.json();
}

/** POSTs and reads server-sent events: calls `onEvent(name, data)` for each, resolves
 *  with the data of the `result` event. Abort with `signal` to cancel the work.
 * @param {string} path
 * @param {object} body
 * @param {(name: string, data: unknown) => void} onEvent `data` is the event's JSON object
 * @param {AbortSignal} [signal]
 * @returns {Promise<unknown>}
 */
export async function stream(path, body, onEvent, signal) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) {
    const text = await res.text();
    let msg = `HTTP ${res.status}`;
    try { msg = JSON.parse(text).error || msg; } catch { /* keep */ }
    throw new ApiError(msg);
  }
  // A fetch answer that is ok always has a body (null only for HEAD, 204 and the like).
  const reader = /** @type {ReadableStream<Uint8Array>} */ (res.body).getReader();
  const decoder = new TextDecoder();
  let buf = "";
  let result = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const chunk = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let name = "message";
      let data = "";
      for (const line of chunk.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (!data) continue;
      const obj = JSON.parse(data);
      if (name === "error") throw new ApiError(obj.error);
      if (name === "result") result = obj;
      onEvent(name, obj);
    }
  }
  if (!result) throw new ApiError("the search ended without a result");
  return result;
}
