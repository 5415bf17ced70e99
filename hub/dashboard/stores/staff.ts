import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  DASHBOARD_STAFF_PATHS,
  DashboardStaff,
  ManagerPassword,
  StaffAnswer,
  StaffEditRequest,
  StaffRequest,
  type DeviceLocalStaff,
  type LocalStaffDecision,
} from '../../protocol/dashboard'
import { StaffPin } from '../../protocol/staff-sync'
import { ask, NO_BODY } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto, type FormProblem } from './session'

/** What the staff form holds: the PIN (and a manager's password) empty when an edit keeps the old one. */
export interface StaffForm {
  name: string
  role: DashboardStaff['role']
  pin: string
  /** The dashboard password, for the manager role only: empty when an edit keeps a manager's current one. */
  password: string
  devices: string[]
  places: string[]
}

/**
 * The password to send: a manager's only (the other roles never sign in to the dashboard). One made
 * manager needs one; a manager already signing in (`keeps`) keeps theirs when the field is left empty.
 */
function managerPassword(form: StaffForm, keeps: boolean): string | undefined | FormProblem {
  if (form.role !== 'manager') return undefined
  if (form.password === '') return keeps ? undefined : { kind: 'password-needed' }
  return ManagerPassword.safeParse(form.password).success ? form.password : { kind: 'password-too-short' }
}

/**
 * The venue's staff accounts, and each device's own accounts for the manager to merge or drop. A PIN
 * typed here goes to the hub once, in the request that sets it, and is kept nowhere on the page.
 */
export const useStaff = defineStore('staff', () => {
  const accounts = ref<DashboardStaff[]>([])
  const localAccounts = ref<DeviceLocalStaff[]>([])
  const loaded = ref(false)
  const problem = ref<FormProblem | null>(null)
  const busy = ref(false)
  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_STAFF_PATHS.staff, StaffAnswer)
    if (!answer.ok) return failed(answer.problem)
    accounts.value = answer.value.accounts
    localAccounts.value = answer.value.localAccounts
    loaded.value = true
    problem.value = null
  }

  /** Makes an account (`id` null) or changes one; true when the hub took it. */
  async function save(form: StaffForm, id: string | null): Promise<boolean> {
    const pin = form.pin === '' && id !== null ? undefined : form.pin
    if (pin !== undefined && !StaffPin.safeParse(pin).success) {
      problem.value = { kind: 'pin-not-valid' }
      return false
    }
    const password = managerPassword(form, accounts.value.some((a) => a.id === id && a.dashboardPassword))
    if (typeof password === 'object') {
      problem.value = password
      return false
    }
    const body = { name: form.name, role: form.role, devices: form.devices, places: form.places, ...(pin === undefined ? {} : { pin }), ...(password === undefined ? {} : { password }) }
    const request = id === null ? StaffRequest.safeParse(body) : StaffEditRequest.safeParse(body)
    if (!request.success) {
      problem.value = { kind: 'not-valid' }
      return false
    }
    return change(() => (id === null ? ask('POST', DASHBOARD_STAFF_PATHS.staff, DashboardStaff, request.data) : ask('PUT', DASHBOARD_STAFF_PATHS.account(id), DashboardStaff, request.data)))
  }

  /** Disabled: signed out at every device within one heartbeat (and out of this dashboard at once, if a manager). */
  function setDisabled(id: string, disabled: boolean): Promise<boolean> {
    return change(() => ask('POST', disabled ? DASHBOARD_STAFF_PATHS.disable(id) : DASHBOARD_STAFF_PATHS.enable(id), DashboardStaff, {}))
  }

  function decide(local: DeviceLocalStaff, decision: LocalStaffDecision): Promise<boolean> {
    return change(() => ask('POST', DASHBOARD_STAFF_PATHS.localStaff(local.deviceId, local.staffId), NO_BODY, decision))
  }

  async function change(request: () => Promise<{ ok: true } | { ok: false; problem: Parameters<typeof failed>[0] }>): Promise<boolean> {
    return whileBusy(busy, async () => {
      const answer = await request()
      if (!answer.ok) {
        failed(answer.problem)
        return false
      }
      await load()
      return true
    })
  }

  function clear(): void {
    accounts.value = []
    localAccounts.value = []
    loaded.value = false
    problem.value = null
  }

  return { accounts, localAccounts, loaded, problem, busy, load, save, setDisabled, decide, clear }
})
