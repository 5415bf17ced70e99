import { HUB_PATHS, PinTryAnswer, PinTryRequest, StaffPullAnswer, StaffPullRequest } from '../../protocol'
import { clearWrongTries, countWrongTry, secondsLocked } from '../../storage/keyed-lockouts'
import { recordLocalStaff, settledLocalStaff } from '../../storage/local-staff-table'
import { staffById, staffForDevice, staffVersion } from '../../storage/staff-table'
import { DeviceRefusal, unreadableRequest } from '../plugins/device-auth'
import type { HubRoutes } from '../plugins/zod-schemas'

/** Wrong PINs are counted per person, across every device of the venue and every hub process. */
export const staffPinKey = (staffId: string) => `staff-pin:${staffId}`

/** The staff half of the device protocol (hub/protocol/staff-sync.ts): the accounts pulled by a device in service (its group's hook, app.ts). */
export const staffPullRoute: HubRoutes = async (app) => {
  const response = { 200: StaffPullAnswer, 401: DeviceRefusal, 403: DeviceRefusal }
  app.post(HUB_PATHS.staff, { schema: { body: StaffPullRequest, response } }, async (request, reply) => {
    const device = request.device
    // The version is read first: a change made while the list is read makes the device pull again at its next heartbeat.
    const version = await staffVersion(app.db)
    await recordLocalStaff(app.db, device.id, request.body.localAccounts, new Date(app.clock()))
    const accounts = await staffForDevice(app.db, device)
    return reply.send({
      version,
      accounts: accounts.map((a) => ({ staffId: a.id, name: a.name, role: a.role, pinHash: a.pin_hash })),
      settledLocal: await settledLocalStaff(app.db, device.id),
    })
  })
}

/**
 * PIN tries, counted whoever made them, on whichever enrolled device (a revoked one's too); a right
 * PIN while the person is locked out signs nobody in. In the enrolled devices' group (app.ts).
 */
export const pinTryRoute: HubRoutes = async (app) => {
  app.post(HUB_PATHS.pinTry, { schema: { body: PinTryRequest, response: { 200: PinTryAnswer, 401: DeviceRefusal } } }, async (request, reply) => {
    if (!(await staffById(app.db, request.body.staffId))) return unreadableRequest(reply)
    const key = staffPinKey(request.body.staffId)
    const now = new Date(app.clock())
    const locked = await secondsLocked(app.db, key, now)
    if (locked > 0) return reply.send({ locked: true, retryAfterSeconds: locked })
    if (request.body.right) {
      await clearWrongTries(app.db, key)
      return reply.send({ locked: false })
    }
    await countWrongTry(app.db, key, now)
    const after = await secondsLocked(app.db, key, now)
    return reply.send(after > 0 ? { locked: true, retryAfterSeconds: after } : { locked: false })
  })
}
