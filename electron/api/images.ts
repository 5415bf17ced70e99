import { ApiCallError, apiRejection, networkFailure, timeoutFailure } from './api-error'
import { MAX_IMAGE_BYTES, readBodyUpTo } from './bounded-body'
import { readPolicy, withRetry, type Sleeper } from './retry'
import type { Fetch } from './transport'

export interface ImageFetch {
  fetch: Fetch
  /** The image host's base URL (images are public: no bearer). */
  imageBaseUrl: string
  readMs: number
  sleeper: Sleeper
}

/**
 * An image path from any answer, resolved against the image host (no bearer: images are public).
 * The body is read only up to MAX_IMAGE_BYTES: a bigger one is refused (kind 'too-large') without being read whole.
 */
export function fetchImage(from: ImageFetch, path: string, signal?: AbortSignal): Promise<{ contentType: string; bytes: Buffer }> {
  const url = new URL(path.replace(/^\/+/, ''), from.imageBaseUrl.replace(/\/?$/, '/'))
  return withRetry(
    readPolicy,
    async () => {
      const deadline = AbortSignal.timeout(from.readMs)
      const where = `image ${url.pathname}`
      try {
        const response = await from.fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline })
        if (!response.ok) {
          await response.body?.cancel().catch(() => {})
          throw apiRejection(response.status, null, where)
        }
        const contentType = response.headers.get('content-type') ?? 'application/octet-stream'
        return { contentType, bytes: await readBodyUpTo(response, MAX_IMAGE_BYTES, where) }
      } catch (error) {
        // The refusals above are already typed; a failure of the fetch or of the body is the network or the deadline.
        if (error instanceof ApiCallError) throw error
        throw deadline.aborted ? timeoutFailure(where) : networkFailure(where, error)
      }
    },
    from.sleeper,
    signal,
  )
}
