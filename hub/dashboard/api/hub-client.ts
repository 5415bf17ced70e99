import type { z } from 'zod'
import { DashboardRefusal } from '../../protocol/dashboard'

/**
 * What went wrong with a request, as the page words it: the hub refused (its code, worded per language),
 * its answer did not read as the contract says, or the hub could not be reached at all.
 */
export type Problem = { kind: 'refused'; refusal: DashboardRefusal } | { kind: 'unreadable' } | { kind: 'unreachable' }
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem }

/** An answer that has no body (sign out: 204). */
export const NO_BODY = null

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One request to the hub, same origin. State-changing requests carry JSON (the browser adds Origin,
 * which the hub checks); the session is the hub's HttpOnly cookie, sent by the browser, never seen here.
 * Every answer is parsed with the contract's schema: a malformed one is a problem, never a crash.
 */
export async function ask<S extends z.ZodType>(method: Method, path: string, schema: S | typeof NO_BODY, body?: unknown): Promise<Outcome<z.infer<S>>> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    return { ok: false, problem: { kind: 'unreachable' } }
  }
  if (!response.ok) return { ok: false, problem: await refusalOf(response) }
  if (schema === NO_BODY) return { ok: true, value: undefined as z.infer<S> }
  const parsed = schema.safeParse(await jsonOf(response))
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: { kind: 'unreadable' } }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/** A refusal the contract names; any other failing answer (a proxy's 502, a page of HTML) is unreadable. */
async function refusalOf(response: Response): Promise<Problem> {
  const parsed = DashboardRefusal.safeParse(await jsonOf(response))
  return parsed.success ? { kind: 'refused', refusal: parsed.data } : { kind: 'unreadable' }
}

/** A request the hub refused because nobody is signed in (the session ended or was never there). */
export function isSignedOut(problem: Problem): boolean {
  return problem.kind === 'refused' && problem.refusal.refused === 'signed-out'
}
