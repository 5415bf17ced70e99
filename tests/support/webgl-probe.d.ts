/** What tests/support/webgl-probe.js puts on the page's window. */
declare global {
  interface Window {
    __webgl: {
      /** Contexts created so far, and those still alive and not lost (after a garbage collection). */
      count(): { created: number; live: number }
      /** Where the first few were created. */
      stacks: string[]
    }
  }
}
export {}
