import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { HubDatabase } from '../../storage/database'
import { deleteSession, insertSession, managerOfSession } from '../../storage/session-table'
import { hashToken } from '../devices/device-tokens'

/**
 * A manager's session: 256 random bits in an HttpOnly, Secure, SameSite=Strict cookie; the hub keeps
 * only its SHA-256, with its expiry, in the database, so every hub process on it honours the session.
 */
export const SESSION_COOKIE = 'foyer_hub_session'
const SESSION_LIFETIME_MS = 12 * 3600_000

export interface SignedInManager {
  id: string
  name: string
  /** The session's id hash: to sign it out. */
  sessionHash: string
}

function cookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`
}

/** Starts a session for the manager and sets its cookie on the reply. */
export async function startSession(db: HubDatabase, reply: FastifyReply, managerId: string, now: Date): Promise<void> {
  const id = randomBytes(32).toString('base64url')
  await insertSession(db, { idHash: hashToken(id), managerId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
  void reply.header('set-cookie', cookie(id, SESSION_LIFETIME_MS / 1000))
}

/** The session id in the request's cookie, when it has one of the right form. */
function sessionIdOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === SESSION_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value
  }
  return undefined
}

/** The manager whose live session the request carries, or undefined. */
export async function signedInManager(db: HubDatabase, request: FastifyRequest, now: Date): Promise<SignedInManager | undefined> {
  const id = sessionIdOf(request)
  if (!id) return undefined
  const sessionHash = hashToken(id)
  const manager = await managerOfSession(db, sessionHash, now)
  return manager && { ...manager, sessionHash }
}

/** Ends the session in the database (for every hub process) and clears the cookie. */
export async function endSession(db: HubDatabase, reply: FastifyReply, sessionHash: string, now: Date): Promise<void> {
  await deleteSession(db, sessionHash, now)
  void reply.header('set-cookie', cookie('', 0))
}
