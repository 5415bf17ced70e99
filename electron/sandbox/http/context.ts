import type { FastifyRequest } from 'fastify'
import type { Catalogue } from '../model/catalogue'
import type { InventoryBook } from '../model/inventory'
import type { OrderBook } from '../model/orders'
import type { SeatOffers } from '../model/seat-offers'
import { apiLangs, type ApiLang } from '../seed/types'
import { invalidParameter } from './api-error'
import type { Shapes } from './shapes'
import type { Scope, TokenIssuer } from './tokens'

/** Everything a route needs; built once by the server. */
export interface SandboxContext {
  tenant: string
  catalogue: Catalogue
  book: InventoryBook
  offers: SeatOffers
  orders: OrderBook
  tokens: TokenIssuer
  shapes: Shapes
  quirks: boolean
  holdMs: number
  now: () => number
  /** The public API base, `http://127.0.0.1:<port>/api/v0/<tenant>`, for paging links. */
  baseUrl: () => string
}

export type Query = Record<string, string | string[] | undefined>

/** Checks the bearer token of an API request for the tenant in its path; answers the client it was issued to. */
export function authorize(ctx: SandboxContext, request: FastifyRequest, scope: Scope): string {
  const { tenant } = request.params as { tenant: string }
  return ctx.tokens.verify(request.headers.authorization, tenant, scope).sub
}

/** A single-valued query parameter (a repeated one is refused). */
export function param(query: Query, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) throw invalidParameter(name, 'must be given once')
  return value
}

export function intParam(query: Query, name: string, range: { min: number; max: number }, fallback?: number): number {
  const text = param(query, name)
  if (text === undefined || text === '') {
    if (fallback === undefined) throw invalidParameter(name, 'is required')
    return fallback
  }
  if (!/^-?\d+$/.test(text)) throw invalidParameter(name, 'must be a whole number')
  const value = Number(text)
  if (value < range.min || value > range.max) throw invalidParameter(name, `must be between ${range.min} and ${range.max}`)
  return value
}

export function langParam(query: Query): ApiLang {
  const lang = param(query, 'lang') ?? 'EN_SG'
  if (!(apiLangs as readonly string[]).includes(lang)) throw invalidParameter('lang', `must be one of ${apiLangs.join(', ')}`)
  return lang as ApiLang
}

/** A numeric path segment (product ids), or an error naming it. */
export function idParam(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw invalidParameter(name, 'must be a number')
  return Number(value)
}
