import { MAX_IMAGE_BYTES } from '../api/bounded-body'
import { FoyerError } from '../ipc-core/foyer-error'

/**
 * Images for the renderer, which has no network: main fetches them and hands
 * them over as data: URLs. Recently used ones are kept (bounded by bytes), so
 * the attract loop and seat maps do not refetch the same poster.
 */
const MAX_BYTES = 32 * 1024 * 1024

export class ImageCache {
  readonly #entries = new Map<string, string>()
  readonly #pending = new Map<string, Promise<string>>()
  #bytes = 0

  constructor(private readonly fetchImage: (path: string) => Promise<{ contentType: string; bytes: Buffer }>) {}

  dataUrl(path: string): Promise<string> {
    const key = path.replace(/^\/+/, '')
    const hit = this.#entries.get(key)
    if (hit) {
      // Re-insert: Map order is the recency order.
      this.#entries.delete(key)
      this.#entries.set(key, hit)
      return Promise.resolve(hit)
    }
    let pending = this.#pending.get(key)
    if (!pending) {
      pending = this.#load(key).finally(() => this.#pending.delete(key))
      this.#pending.set(key, pending)
    }
    return pending
  }

  async #load(key: string): Promise<string> {
    const { contentType, bytes } = await this.fetchImage(key)
    const type = contentType.split(';')[0]!.trim().toLowerCase()
    if (!/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(type) || bytes.length > MAX_IMAGE_BYTES) {
      throw new FoyerError({ code: 'images.unusable', messageKey: 'errors.api.unexpected', retryable: false, detail: `not a usable image (${type})` })
    }
    const url = `data:${type};base64,${bytes.toString('base64')}`
    this.#entries.set(key, url)
    this.#bytes += url.length
    for (const [oldKey, oldUrl] of this.#entries) {
      if (this.#bytes <= MAX_BYTES) break
      this.#entries.delete(oldKey)
      this.#bytes -= oldUrl.length
    }
    return url
  }
}
