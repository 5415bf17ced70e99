/** parse-prometheus-text-format ships no types: its one function, as its README gives the output (prom2json's shape). */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    value?: string
    labels?: Record<string, string>
    /** Histograms: upper bound (`le`) → cumulative count. */
    buckets?: Record<string, string>
    /** Summaries: quantile → value. */
    quantiles?: Record<string, string>
    count?: string
    sum?: string
  }
  export interface PrometheusFamily {
    name: string
    help: string
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
    metrics: PrometheusSample[]
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[]
}
