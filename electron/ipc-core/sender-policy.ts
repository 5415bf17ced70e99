/**
 * Which frames may talk to main. Electron gives every IPC message its sender
 * frame; only the main frame of our own window, showing our own renderer, is
 * trusted. Kept free of `electron` imports so the rule is unit-tested.
 */
export interface SenderFacts {
  /** URL of the frame that sent the message (`event.senderFrame.url`). */
  frameUrl: string | undefined
  /** Whether that frame is the top-level frame of its page. */
  isMainFrame: boolean
  /** Whether the frame belongs to one of the windows Foyer created. */
  isOwnWindow: boolean
}

export interface SenderPolicy {
  /** Origins the renderer is served from: `app://foyer` (electron/security/app-path.ts), `http://localhost:5173` in dev. */
  allowedOrigins: readonly string[]
  /** file:// directory the packaged renderer is loaded from, with a trailing slash. */
  allowedFileRoot?: string
}

export function isTrustedSender(facts: SenderFacts, policy: SenderPolicy): boolean {
  if (!facts.isOwnWindow || !facts.isMainFrame || !facts.frameUrl) return false
  let url: URL
  try {
    url = new URL(facts.frameUrl)
  } catch {
    return false
  }
  if (url.protocol === 'file:') {
    // Compare decoded, normalised paths so `..` segments cannot escape the root.
    return policy.allowedFileRoot !== undefined && url.href.startsWith(policy.allowedFileRoot)
  }
  // WHATWG URL gives custom schemes an opaque origin ('null'); Chromium treats Foyer's
  // app:// as a standard scheme whose origin is scheme://host, so compare that.
  const origin = url.origin !== 'null' ? url.origin : url.host && !url.username && !url.password ? `${url.protocol}//${url.host}` : null
  return origin !== null && policy.allowedOrigins.includes(origin)
}
