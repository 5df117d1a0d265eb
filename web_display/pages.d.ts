// Types for tsc's check of the pages' scripts (jsconfig.json): what the browser gives them that
// no script declares. Not served; the pages have no build step.

/** Preact with htm, served as /vendor/preact-htm.js (vendor.json: htm/preact/standalone.module.js). */
declare module "*/preact-htm.js" {
  export const html: (strings: TemplateStringsArray, ...values: any[]) => any;
  export function render(tree: any, parent: Element): void;
  export function useState<T>(initial: T | (() => T)): [T, (next: T | ((was: T) => T)) => void];
  export function useEffect(effect: () => void | (() => void), deps?: readonly any[]): void;
}

interface Window {
  /** The Socket.IO client, the classic script /vendor/socket.io.min.js. */
  io: (options?: object) => any;
  /** Set once a page's module has run (the boot check in the templates). */
  __dudoBooted: boolean;
}
