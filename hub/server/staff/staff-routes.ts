import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { DASHBOARD_STAFF_PATHS, DashboardStaff, LocalStaffDecision, StaffAnswer, StaffEditRequest, StaffRequest, type HubStaffRole } from '../../protocol'
import { allLocalStaff, decideLocalStaff } from '../../storage/local-staff-table'
import { allStaff, insertStaff, setStaffDisabled, staffById, updateStaff, type StaffChange, type StaffRow } from '../../storage/staff-table'
import { refuse, REFUSALS } from '../plugins/dashboard-rules'
import { NoContent, type HubRoutes } from '../plugins/zod-schemas'
import { hashPassword } from './passwords'

const StaffId = z.object({ id: z.uuid() })
const LocalId = z.object({ deviceId: z.uuid(), staffId: z.uuid() })
const staffAnswers = { 200: DashboardStaff, ...REFUSALS }

/** A contract path with ids, as a Fastify route. */
const route = (path: string, ...names: string[]) => names.reduce((p, name) => p.replace(`ID-${name}`, `:${name}`), path)

/** What the page sees of an account: never its PIN's hash nor its password's, only whether it signs in to the dashboard. */
export const dashboardStaff = (row: StaffRow): DashboardStaff => ({
  id: row.id,
  name: row.name,
  role: row.role,
  devices: row.devices,
  places: row.places,
  disabled: row.disabled_at !== null,
  dashboardPassword: row.dashboard_password,
  changedAt: row.changed_at.toISOString(),
})

function answer(reply: FastifyReply, change: StaffChange) {
  if (change.done) return reply.send(dashboardStaff(change.account))
  if (change.why === 'password-needed') return refuse(reply, 400, 'password-needed')
  return change.why === 'not-found' ? refuse(reply, 404, 'not-found') : refuse(reply, 409, 'name-taken')
}

/** A dashboard password's Argon2id hash, for the manager role only: another role's password is not kept. */
async function managerPasswordHash(role: HubStaffRole, password: string | undefined): Promise<{ passwordHash?: string }> {
  return role === 'manager' && password !== undefined ? { passwordHash: await hashPassword(password) } : {}
}

/**
 * The venue's staff accounts, for the signed-in group. Each PIN is hashed here with Argon2id, as
 * managers' passwords are, and kept only so; every change bumps the staff version, so each device
 * pulls the list after its next heartbeat (a disabled person is signed out there then).
 */
export const staffRoutes: HubRoutes = async (api) => {
  api.get(DASHBOARD_STAFF_PATHS.staff, { schema: { response: { 200: StaffAnswer, ...REFUSALS } } }, async () => ({
    accounts: (await allStaff(api.db)).map(dashboardStaff),
    localAccounts: (await allLocalStaff(api.db)).map((l) => ({ deviceId: l.device_id, deviceName: l.device_name, staffId: l.local_staff_id, name: l.name, role: l.role, decision: l.decision, mergedInto: l.merged_into })),
  }))

  api.post(DASHBOARD_STAFF_PATHS.staff, { schema: { body: StaffRequest, response: staffAnswers } }, async (request, reply) => {
    const { pin, password, ...fields } = request.body
    const passwordHash = await managerPasswordHash(fields.role, password)
    return answer(reply, await insertStaff(api.db, { ...fields, pinHash: await hashPassword(pin), ...passwordHash }, new Date(api.clock())))
  })

  const edit = { params: StaffId, body: StaffEditRequest, response: staffAnswers }
  api.put(route(DASHBOARD_STAFF_PATHS.account('ID-id'), 'id'), { schema: edit }, async (request, reply) => {
    const { pin, password, ...fields } = request.body
    const pinHash = pin === undefined ? undefined : await hashPassword(pin)
    const passwordHash = await managerPasswordHash(fields.role, password)
    return answer(reply, await updateStaff(api.db, request.params.id, { ...fields, ...(pinHash ? { pinHash } : {}), ...passwordHash }, new Date(api.clock())))
  })

  for (const [path, disabled] of [
    [DASHBOARD_STAFF_PATHS.disable('ID-id'), true],
    [DASHBOARD_STAFF_PATHS.enable('ID-id'), false],
  ] as const) {
    api.post(route(path, 'id'), { schema: { params: StaffId, response: staffAnswers } }, async (request, reply) =>
      answer(reply, await setStaffDisabled(api.db, request.params.id, disabled, new Date(api.clock()))),
    )
  }

  await api.register(localStaffRoute)
}

/** A device's own local account, settled by a manager: merged into a hub account, or dropped. */
const localStaffRoute: HubRoutes = async (api) => {
  const decide = { params: LocalId, body: LocalStaffDecision, response: { 204: NoContent, ...REFUSALS } }
  api.post(route(DASHBOARD_STAFF_PATHS.localStaff('ID-deviceId', 'ID-staffId'), 'deviceId', 'staffId'), { schema: decide }, async (request, reply) => {
    const { params, body } = request
    const into = body.decision === 'merge' ? await staffById(api.db, body.into) : undefined
    if (body.decision === 'merge' && (!into || into.disabled_at !== null)) return refuse(reply, 404, 'not-found')
    const decided = await decideLocalStaff(api.db, {
      ...params,
      localStaffId: params.staffId,
      decision: body.decision === 'merge' ? 'merged' : 'dropped',
      mergedInto: into?.id ?? null,
      by: request.manager.name,
      now: new Date(api.clock()),
    })
    return decided ? reply.code(204).send() : refuse(reply, 404, 'not-found')
  })
}
