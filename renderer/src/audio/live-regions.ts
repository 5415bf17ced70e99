import { textOf } from './accessible-name'

/**
 * Text a customer needs that changes while they stay on a screen (a total, a
 * guidance line, an error, a payment's progress) is in a live region, as it
 * is for screen readers: role status or alert, or aria-live. Each change is
 * handed to `say` once; a region marked data-speak-live="off" (a countdown
 * ticking every second) says its own news at the moments that matter.
 */
const REGION = '[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]'

export interface LiveRegions {
  /** Drops the changes not yet handed on: a new screen is said whole, not region by region. */
  forget(): void
  stop(): void
}

function regionOf(node: Node): Element | null {
  const element = node instanceof Element ? node : node.parentElement
  return element?.closest(REGION) ?? null
}

export function watchLiveRegions(root: HTMLElement, say: (text: string) => void): LiveRegions {
  const lastSaid = new WeakMap<Element, string>()
  const observer = new MutationObserver((records) => {
    const changed = new Set<Element>()
    for (const record of records) {
      const region = regionOf(record.target)
      if (region) changed.add(region)
      // A region shown inside something new (the card's instruction, with the card section around it).
      for (const added of record.addedNodes) {
        if (!(added instanceof Element)) continue
        if (added.matches(REGION)) changed.add(added)
        for (const inner of added.querySelectorAll(REGION)) changed.add(inner)
      }
    }
    for (const region of changed) {
      if (!region.isConnected || region.closest('[data-speak-live="off"], [aria-hidden="true"], [hidden]')) continue
      const text = textOf(region)
      if (text === '' || lastSaid.get(region) === text) continue
      lastSaid.set(region, text)
      say(text)
    }
  })
  observer.observe(root, { childList: true, subtree: true, characterData: true })
  return {
    forget: () => void observer.takeRecords(),
    stop: () => observer.disconnect(),
  }
}
