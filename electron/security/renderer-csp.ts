/**
 * The renderer's Content Security Policy, one definition for every place it is
 * set: the `app://` protocol handler (header, packaged app), the browser host
 * (header) and renderer/index.html (meta; a test checks the two agree).
 *
 * - No 'unsafe-eval': pixi.js is imported as `pixi.js/unsafe-eval`, the build
 *   that does not need eval.
 * - connect-src 'self': in Electron the renderer makes no requests at all (IPC
 *   carries everything, and its session refuses http/https/ws); in the browser
 *   host 'self' is the host's own /ipc and /push.
 * - img-src data: because main sends event images as data: URLs; blob: for
 *   canvas-made textures. No workers, frames or plugins are needed.
 * - style-src 'unsafe-inline' for Vue's scoped and bound styles; styles cannot run script.
 */
export const RENDERER_CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
] as const

/** As a response header. */
export const RENDERER_CSP = RENDERER_CSP_DIRECTIVES.join('; ')

/** Directives a <meta> policy cannot carry (browsers ignore them there, with a console warning). */
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'sandbox']

/** As index.html's <meta http-equiv="Content-Security-Policy">: the same policy minus the header-only directives. */
export const RENDERER_CSP_META = RENDERER_CSP_DIRECTIVES.filter((d) => !HEADER_ONLY.includes(d.split(' ')[0]!)).join('; ')
