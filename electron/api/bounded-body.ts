import { ApiCallError } from './api-error'

/**
 * A response body read only up to a size limit. An image host that sends a
 * huge (or endless) body must not make main buffer all of it before anyone
 * looks at the size: the declared Content-Length is checked first, then the
 * bytes are counted as they arrive and the stream is cancelled the moment the
 * count passes the limit, which also closes the connection.
 */

/** Posters and seat-map backgrounds are far smaller; anything above this is not an image for a kiosk. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024

export const tooLarge = (detail: string) => new ApiCallError('too-large', 'api.too-large', 'errors.api.unexpected', false, null, detail)

export async function readBodyUpTo(response: Response, maxBytes: number, where: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge(`${where} declares ${declared} bytes, more than ${maxBytes}`)
  }
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      // The rest is never asked for: cancelling tears the connection down.
      await reader.cancel().catch(() => {})
      throw tooLarge(`${where} sent more than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total)
}
