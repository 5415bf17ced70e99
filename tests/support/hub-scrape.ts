import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format'

/** One scrape of a hub's /metrics, parsed as Prometheus parses the text format. */
export interface Scrape {
  families: PrometheusFamily[]
  /** The sample of `name` whose labels include `labels`; undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined
  /** A histogram's count of observations (all its series together). */
  histogramCount(name: string): number | undefined
}

export async function scrape(metricsUrl: string): Promise<Scrape> {
  const answer = await fetch(new URL('/metrics', metricsUrl))
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`)
  if (!answer.headers.get('content-type')?.startsWith('text/plain; version=0.0.4')) throw new Error(`/metrics is ${answer.headers.get('content-type')}`)
  const families = parsePrometheusTextFormat(await answer.text())
  const family = (name: string) => families.find((f) => f.name === name)
  return {
    families,
    value(name, labels = {}) {
      const sample = family(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
      return sample?.value === undefined ? undefined : Number(sample.value)
    },
    histogramCount(name) {
      const samples = family(name)?.metrics
      return samples && samples.reduce((sum, m) => sum + Number(m.count), 0)
    },
  }
}
