import type { FastifyInstance, FastifyReply } from 'fastify'
import { eventPoster, overviewMap, sectionMap } from '../images/svg'
import type { Catalogue } from '../model/catalogue'
import { ApiError } from './api-error'

/**
 * `GET {image_base_url}/{imagePath}`: public, no bearer (images are fetched by
 * the kiosk's main process and handed to the renderer). Cached after first use.
 */
export function imageRoutes(app: FastifyInstance, catalogue: Catalogue): void {
  const cache = new Map<string, string>()
  const send = (reply: FastifyReply, key: string, make: () => string | null) => {
    let svg = cache.get(key)
    if (svg === undefined) {
      const made = make()
      if (made === null) throw new ApiError(404, 'error.image.not-found', 'No such image')
      svg = made
      if (cache.size > 500) cache.clear()
      cache.set(key, svg)
    }
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg)
  }
  const productOf = (id: string) => {
    const product = /^\d+$/.test(id) ? catalogue.product(Number(id)) : undefined
    if (!product) throw new ApiError(404, 'error.image.not-found', 'No such image')
    return product
  }

  app.get('/images/events/:file', (request, reply) => {
    const { file } = request.params as { file: string }
    const event = catalogue.event(file.replace(/\.svg$/, ''))
    return send(reply, `e:${file}`, () => (event && file.endsWith('.svg') ? eventPoster(event) : null))
  })
  app.get('/images/seatmaps/:productId/overview.svg', (request, reply) => {
    const product = productOf((request.params as { productId: string }).productId)
    return send(reply, `o:${product.id}`, () => overviewMap(product))
  })
  app.get('/images/seatmaps/:productId/:sectionId/:kind', (request, reply) => {
    const { productId, sectionId, kind } = request.params as { productId: string; sectionId: string; kind: string }
    const product = productOf(productId)
    if (kind !== '2d.svg' && kind !== '3d.svg') throw new ApiError(404, 'error.image.not-found', 'No such image')
    return send(reply, `s:${product.id}:${sectionId}:${kind}`, () => sectionMap(product, Number(sectionId), kind === '2d.svg'))
  })
}
