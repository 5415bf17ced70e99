/**
 * For fault tests only: `FOYER_CRASH_AFTER_STEP=<journal step>` (e.g.
 * `payment-approved`) makes the browser host die at once (SIGKILL: nothing
 * flushed, no hold given back, no answer sent) right after checkout journals
 * that step, as a power cut at that point would. The e2e specs then start the
 * host again on the same data folder and watch what the customer is told.
 * The browser host is never packaged, and Electron main has no such hook.
 */
export function crashHookFromEnv(env: NodeJS.ProcessEnv): ((saleId: string, step: string) => Promise<void>) | undefined {
  const crashAt = env.FOYER_CRASH_AFTER_STEP
  if (!crashAt) return undefined
  return async (_saleId, step) => {
    if (step === crashAt) process.kill(process.pid, 'SIGKILL')
  }
}
