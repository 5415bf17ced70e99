import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { AddDeviceAnswer, AddDeviceRequest, DASHBOARD_PATHS, DashboardDevice, DevicesAnswer } from '../../protocol/dashboard'
import { ask } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto, type FormProblem } from './session'

/**
 * The devices grid: GET /api/devices once, then each tile as the event stream pushes it (stores/live.ts).
 * Sorted by place then name, so a tile never jumps about as its state changes.
 */
export const useDevices = defineStore('devices', () => {
  const byId = ref(new Map<string, DashboardDevice>())
  const loaded = ref(false)
  const problem = ref<FormProblem | null>(null)
  const busy = ref(false)

  const devices = computed(() => [...byId.value.values()].sort((a, b) => a.place.localeCompare(b.place) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id)))

  const failed = failedInto(problem)

  async function load(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_PATHS.devices, DevicesAnswer)
    if (!answer.ok) return failed(answer.problem)
    byId.value = new Map(answer.value.devices.map((device) => [device.id, device]))
    loaded.value = true
    problem.value = null
  }

  /** A pushed tile; answers what the device was before, so a change of state can be announced. */
  function apply(device: DashboardDevice): DashboardDevice | undefined {
    const before = byId.value.get(device.id)
    byId.value.set(device.id, device)
    return before
  }

  /** Adds a device; its one-time code is returned to be shown once, and kept nowhere in the store. */
  async function add(name: string, place: string): Promise<AddDeviceAnswer | null> {
    const request = AddDeviceRequest.safeParse({ name, place })
    if (!request.success) {
      problem.value = { kind: 'not-valid' }
      return null
    }
    return whileBusy(busy, async () => {
      const answer = await ask('POST', DASHBOARD_PATHS.devices, AddDeviceAnswer, request.data)
      if (!answer.ok) {
        failed(answer.problem)
        return null
      }
      problem.value = null
      await load()
      return answer.value
    })
  }

  async function revoke(deviceId: string): Promise<boolean> {
    return whileBusy(busy, async () => {
      // The hub answers the tile as it is now, revoked: shown at once, without reading the whole grid again.
      const answer = await ask('POST', DASHBOARD_PATHS.revokeDevice(deviceId), DashboardDevice, {})
      if (!answer.ok) {
        failed(answer.problem)
        return false
      }
      problem.value = null
      apply(answer.value)
      return true
    })
  }

  function clear(): void {
    byId.value = new Map()
    loaded.value = false
    problem.value = null
  }

  return { devices, loaded, problem, busy, load, apply, add, revoke, clear }
})
