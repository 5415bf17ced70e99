import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { DASHBOARD_STAFF_PATHS, LocalStaffDecision, type HubStaffRole, StaffEditRequest, StaffRequest, type DashboardStaff, type StaffAnswer } from '../../protocol'
import { allLocalStaff, decideLocalStaff } from '../../storage/local-staff-table'
import { allStaff, insertStaff, setStaffDisabled, staffById, updateStaff, type StaffChange, type StaffRow } from '../../storage/staff-table'
import { refuse, refuseInvalid, requireManager, type DashboardContext } from '../dashboard-api'
import { hashPassword } from './passwords'

const StaffId = z.object({ id: z.uuid() })
const LocalId = z.object({ deviceId: z.uuid(), staffId: z.uuid() })

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
 * The venue's staff accounts, for a signed-in manager. Each PIN is hashed here with Argon2id, as
 * managers' passwords are, and kept only so; every change bumps the staff version, so each device
 * pulls the list after its next heartbeat (a disabled person is signed out there then).
 */
export function staffRoutes(api: FastifyInstance, ctx: DashboardContext): void {
  api.get(DASHBOARD_STAFF_PATHS.staff, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const local = await allLocalStaff(ctx.db)
    return {
      accounts: (await allStaff(ctx.db)).map(dashboardStaff),
      localAccounts: local.map((l) => ({ deviceId: l.device_id, deviceName: l.device_name, staffId: l.local_staff_id, name: l.name, role: l.role, decision: l.decision, mergedInto: l.merged_into })),
    } satisfies StaffAnswer
  })

  api.post(DASHBOARD_STAFF_PATHS.staff, async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const parsed = StaffRequest.safeParse(request.body)
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const { pin, password, ...fields } = parsed.data
    const passwordHash = await managerPasswordHash(fields.role, password)
    return answer(reply, await insertStaff(ctx.db, { ...fields, pinHash: await hashPassword(pin), ...passwordHash }, new Date(ctx.now())))
  })

  api.put(route(DASHBOARD_STAFF_PATHS.account('ID-id'), 'id'), async (request, reply) => {
    if (!(await requireManager(ctx, request, reply))) return reply
    const params = StaffId.safeParse(request.params)
    const parsed = StaffEditRequest.safeParse(request.body)
    if (!params.success) return refuse(reply, 404, 'not-found')
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const { pin, password, ...fields } = parsed.data
    const pinHash = pin === undefined ? undefined : await hashPassword(pin)
    const passwordHash = await managerPasswordHash(fields.role, password)
    return answer(reply, await updateStaff(ctx.db, params.data.id, { ...fields, ...(pinHash ? { pinHash } : {}), ...passwordHash }, new Date(ctx.now())))
  })

  for (const [path, disabled] of [
    [DASHBOARD_STAFF_PATHS.disable('ID-id'), true],
    [DASHBOARD_STAFF_PATHS.enable('ID-id'), false],
  ] as const) {
    api.post(route(path, 'id'), async (request, reply) => {
      if (!(await requireManager(ctx, request, reply))) return reply
      const params = StaffId.safeParse(request.params)
      if (!params.success) return refuse(reply, 404, 'not-found')
      return answer(reply, await setStaffDisabled(ctx.db, params.data.id, disabled, new Date(ctx.now())))
    })
  }

  api.post(route(DASHBOARD_STAFF_PATHS.localStaff('ID-deviceId', 'ID-staffId'), 'deviceId', 'staffId'), async (request, reply) => {
    const manager = await requireManager(ctx, request, reply)
    if (!manager) return reply
    const params = LocalId.safeParse(request.params)
    const parsed = LocalStaffDecision.safeParse(request.body)
    if (!params.success) return refuse(reply, 404, 'not-found')
    if (!parsed.success) return refuseInvalid(reply, parsed.error)
    const into = parsed.data.decision === 'merge' ? await staffById(ctx.db, parsed.data.into) : undefined
    if (parsed.data.decision === 'merge' && (!into || into.disabled_at !== null)) return refuse(reply, 404, 'not-found')
    const decided = await decideLocalStaff(ctx.db, {
      ...params.data,
      localStaffId: params.data.staffId,
      decision: parsed.data.decision === 'merge' ? 'merged' : 'dropped',
      mergedInto: into?.id ?? null,
      by: manager.name,
      now: new Date(ctx.now()),
    })
    return decided ? reply.code(204).send() : refuse(reply, 404, 'not-found')
  })
}
