import type { ReleaseResult, SeatOffer } from '../contract/model'
import type { Logger } from '../ipc-core/logger'
import { ApiCallError, cancelled, timeoutFailure } from './api-error'
import { salvageOfferedSeatIds } from './offer-salvage'
import { readAnswer } from './read-answer'
import * as read from './reader'
import type { HttpAnswer } from './transport'

/**
 * One seat offer's life: asked once, and given up on (a time-out, or the
 * caller gone) without forgetting it. The answer is still awaited for a while
 * and whatever the vendor reserved by it is released; an answer that cannot be
 * read has its seats salvaged from the text (./offer-salvage.ts) and released
 * too. So no lost or unreadable answer leaves seats held until expiry.
 */
export interface SeatOfferCall {
  productId: number
  query: Record<string, string | number | undefined>
  signal?: AbortSignal
}

export interface SeatOfferDeps {
  /** Sends the offer with a token, awaited up to `timeoutMs` and not bound to any caller's signal. */
  send: (path: string, query: SeatOfferCall['query'], timeoutMs: number) => Promise<HttpAnswer>
  releaseSeats: (productId: number, inventoryIds: readonly number[]) => Promise<ReleaseResult>
  log: Logger
  /** How long the caller waits for the answer. */
  writeMs: number
  /** How long a given-up offer is still listened for, so its seats can be released. */
  lateOfferMs: number
}

export async function offerOnce(deps: SeatOfferDeps, { productId, query, signal }: SeatOfferCall): Promise<SeatOffer> {
  const path = `/products/${productId}/seatmap/availability`
  if (signal?.aborted) throw cancelled(`GET ${path} cancelled before it was sent`)
  // Not bound to the caller's signal: once sent, the answer is awaited even if the caller
  // gives up, so that whatever the vendor reserved can be given back.
  const answer = deps.send(path, query, deps.lateOfferMs)
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort = () => {}
  const gaveUp = new Promise<'timeout' | 'cancelled'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deps.writeMs)
    onAbort = () => resolve('cancelled')
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  const first = await Promise.race([answer, gaveUp]).finally(() => {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  })
  if (first === 'timeout' || first === 'cancelled') {
    void releaseLateOffer(deps, productId, answer, first)
    throw first === 'timeout' ? timeoutFailure(`GET ${path} gave no answer within ${deps.writeMs} ms`) : cancelled(`GET ${path} cancelled`)
  }
  try {
    return readAnswer(first, read.readSeatOffer, `GET ${path}`)
  } catch (error) {
    if (error instanceof ApiCallError && error.kind === 'shape') await releaseOffered(deps, productId, first, 'unreadable')
    throw error
  }
}

async function releaseLateOffer(deps: SeatOfferDeps, productId: number, answer: Promise<HttpAnswer>, why: 'timeout' | 'cancelled'): Promise<void> {
  let late: HttpAnswer
  try {
    late = await answer
  } catch {
    return // No late answer: whatever it reserved lapses at the hold's expiry.
  }
  await releaseOffered(deps, productId, late, why)
}

/** Gives back what an offer the caller will never see reserved: read from the answer, or salvaged from its text. */
async function releaseOffered(deps: SeatOfferDeps, productId: number, answer: HttpAnswer, why: 'timeout' | 'cancelled' | 'unreadable'): Promise<void> {
  if (answer.status < 200 || answer.status >= 300) return
  let ids: number[]
  try {
    ids = read.readSeatOffer(answer.body).sets.flat().map((seat) => seat.inventoryId)
  } catch {
    ids = salvageOfferedSeatIds(answer.text)
  }
  if (ids.length === 0) {
    if (why === 'unreadable') deps.log.warn('a seat offer answered something unreadable naming no seats; whatever it reserved lapses', { productId })
    return
  }
  try {
    const result = await deps.releaseSeats(productId, ids)
    deps.log.warn('released the seats of a seat offer the kiosk could not use', { productId, seats: ids.length, why, ok: result.ok })
  } catch {
    deps.log.warn('could not release the seats of a seat offer the kiosk could not use; they lapse at the vendor', { productId, seats: ids.length, why })
  }
}
