import type { FastifyInstance } from 'fastify'
import { HUB_PATHS, PinTryRequest, StaffPullRequest, type PinTryAnswer, type StaffPullAnswer } from '../../protocol'
import { clearWrongTries, countWrongTry, secondsLocked } from '../../storage/keyed-lockouts'
import { recordLocalStaff, settledLocalStaff } from '../../storage/local-staff-table'
import { staffById, staffForDevice, staffVersion } from '../../storage/staff-table'
import { authenticate, type DeviceRouteContext } from '../devices/device-routes'

/** Wrong PINs are counted per person, across every device of the venue and every hub process. */
export const staffPinKey = (staffId: string) => `staff-pin:${staffId}`

/** The staff half of the device protocol (hub/protocol/staff-sync.ts): the accounts pulled, PIN tries counted. */
export function staffDeviceRoutes(app: FastifyInstance, ctx: DeviceRouteContext): void {
  app.post(HUB_PATHS.staff, async (request, reply) => {
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    if (device.revoked_at) return reply.code(403).send({ error: 'revoked' })
    const parsed = StaffPullRequest.safeParse(request.body)
    if (!parsed.success) return reply.code(400).send({ error: 'unreadable-request' })
    // The version is read first: a change made while the list is read makes the device pull again at its next heartbeat.
    const version = await staffVersion(ctx.db)
    await recordLocalStaff(ctx.db, device.id, parsed.data.localAccounts, new Date(ctx.now()))
    const accounts = await staffForDevice(ctx.db, device)
    return reply.send({
      version,
      accounts: accounts.map((a) => ({ staffId: a.id, name: a.name, role: a.role, pinHash: a.pin_hash })),
      settledLocal: await settledLocalStaff(ctx.db, device.id),
    } satisfies StaffPullAnswer)
  })

  // A try is counted whoever made it, on whichever device; a right PIN while the person is locked out signs nobody in.
  app.post(HUB_PATHS.pinTry, async (request, reply) => {
    const device = await authenticate(ctx, request, reply)
    if (!device) return reply
    const parsed = PinTryRequest.safeParse(request.body)
    if (!parsed.success || !(await staffById(ctx.db, parsed.data.staffId))) return reply.code(400).send({ error: 'unreadable-request' })
    const key = staffPinKey(parsed.data.staffId)
    const now = new Date(ctx.now())
    const locked = await secondsLocked(ctx.db, key, now)
    if (locked > 0) return reply.send({ locked: true, retryAfterSeconds: locked } satisfies PinTryAnswer)
    if (parsed.data.right) {
      await clearWrongTries(ctx.db, key)
      return reply.send({ locked: false } satisfies PinTryAnswer)
    }
    await countWrongTry(ctx.db, key, now)
    const after = await secondsLocked(ctx.db, key, now)
    return reply.send((after > 0 ? { locked: true, retryAfterSeconds: after } : { locked: false }) satisfies PinTryAnswer)
  })
}
