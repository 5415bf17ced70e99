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
  /** Origins the renderer is served from, e.g. `http://localhost:5173` in dev. */
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
  return url.origin !== 'null' && policy.allowedOrigins.includes(url.origin)
}
