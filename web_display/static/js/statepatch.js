// A connection's state, whole once and then patched (server/hub/statepatch.py, docs/protocol.md):
// pure functions, no page or socket here (common.js receives the messages; node --test runs these).
import { MESSAGES } from "./protocol.js";

/** `doc` changed by the hub's patch operations (in place where it can be); returns the new root.
 * ["s", path, value] sets, ["d", path] deletes an object key, ["l", path, n, items] keeps an
 * array's first n items and appends `items`. A path lists object keys and array indexes. */
export function applyOps(doc, ops) {
  for (const [code, path, a, b] of ops) {
    if (code === "s" && path.length === 0) { doc = a; continue; }
    let parent = doc;
    for (let i = 0; i < path.length - 1; i += 1) parent = parent[path[i]];
    const last = path.length ? path[path.length - 1] : null;
    if (code === "s") parent[last] = a;
    else if (code === "d") delete parent[last];
    else {
      const list = last === null ? doc : parent[last];
      list.length = a;
      list.push(...b);
    }
  }
  return doc;
}

/** A connection's state as the pages see it: `take(event, data)` returns the whole state after a
 * `state` or a `state_patch` message, or null on a gap (a patch that does not follow the version
 * held: then ask `sync`, and patches wait for the whole state it brings). */
export function stateHolder() {
  let v = null;
  let body = null; // the state without its events
  return {
    take(event, data) {
      if (event === MESSAGES.STATE) {
        body = structuredClone(data);
        delete body.events;
        v = data.v ?? null;
        return data;
      }
      if (body === null || data.v_from !== v) { body = null; v = null; return null; }
      body = applyOps(body, data.ops);
      body.v = v = data.v;
      return { ...structuredClone(body), events: data.events };
    },
    forget() { body = null; v = null; },
  };
}
