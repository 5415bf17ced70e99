import { scrape, type Scrape } from '../../tests/support/hub-scrape'
import { failureCode } from './hub-http'

/** What a Prometheus scraping the hub during the run saw, and what the scrapes cost. */
export interface ScrapeFacts {
  /** Scrapes answered, and those not (no listener: the hub was started without metrics). */
  scrapes: number
  failed: number
  /** Why scrapes failed (the connection's code, or the answer), with how many. */
  failedWhy: Record<string, number>
  /** Each answered scrape's time, ms: the fleet's gauges are read from the database at each. */
  scrapeMs: number[]
  /** The hub's own counts at the last scrape (undefined without one). */
  last: { heartbeatsOk?: number; uploads?: number; statements?: number; statementSeconds?: number } | undefined
}

/**
 * Scrapes the hub's /metrics as a venue's Prometheus would (every 15 s by default) while the bench
 * runs, so the figures are measured with metrics on and being read.
 */
export function scrapeWhileRunning(metricsUrl: string, everyMs = 15_000): { stop(): Promise<ScrapeFacts> } {
  const facts: ScrapeFacts = { scrapes: 0, failed: 0, failedWhy: {}, scrapeMs: [], last: undefined }
  let lastScrape: Scrape | undefined
  const once = async () => {
    const started = performance.now()
    try {
      lastScrape = await scrape(metricsUrl)
      facts.scrapeMs.push(performance.now() - started)
      facts.scrapes++
    } catch (error) {
      // A scrape reset or refused is counted and the next one goes at its time, as Prometheus does.
      facts.failed++
      const why = failureCode(error)
      facts.failedWhy[why] = (facts.failedWhy[why] ?? 0) + 1
    }
  }
  let running = once()
  const timer = setInterval(() => {
    running = running.then(once)
  }, everyMs)
  return {
    async stop() {
      clearInterval(timer)
      await running.then(once)
      const family = lastScrape?.families.find((f) => f.name === 'foyer_hub_db_query_seconds')?.metrics[0]
      facts.last = lastScrape && {
        heartbeatsOk: lastScrape.value('foyer_hub_heartbeats_total', { answer: 'ok' }),
        uploads: lastScrape.value('foyer_hub_uploads_total'),
        statements: family?.count === undefined ? undefined : Number(family.count),
        statementSeconds: family?.sum === undefined ? undefined : Number(family.sum),
      }
      return facts
    },
  }
}
