import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  PROFILE_PATHS,
  ProfilesAnswer,
  ServiceRulesAnswer,
  DashboardProfile,
  type DeviceSetupRequest,
  type ProfileRequest,
  type ServiceRuleRequest,
} from '../../protocol/dashboard'
import { ask, type Outcome, type Problem } from '../api/hub-client'
import { whileBusy } from './busy'
import { failedInto } from './session'

/**
 * Profiles, each device's profile and group, and the service rules: GET them, and each change sent
 * and answered by the hub (which counts the revision every device pulls at its next heartbeat).
 */
export const useProfiles = defineStore('profiles', () => {
  const page = ref<ProfilesAnswer | null>(null)
  const rules = ref<ServiceRulesAnswer['rules']>([])
  const problem = ref<Problem | null>(null)
  const busy = ref(false)
  const failed = failedInto(problem)
  /** Runs one request with the page busy; a problem is shown; true when it went through. */
  const send = (step: () => Promise<Outcome<unknown>>) =>
    whileBusy(busy, async () => {
      const outcome = await step()
      if (!outcome.ok) {
        failed(outcome.problem)
        return false
      }
      problem.value = null
      return true
    })

  /** The hub answers a rule added or ended with every rule now in force: those are the page's. */
  function rulesFrom(answer: Outcome<ServiceRulesAnswer>): Outcome<ServiceRulesAnswer> {
    if (answer.ok) rules.value = answer.value.rules
    return answer
  }

  async function load(): Promise<void> {
    await send(async () => {
      const [profiles, service] = [await ask('GET', PROFILE_PATHS.profiles, ProfilesAnswer), await ask('GET', PROFILE_PATHS.serviceRules, ServiceRulesAnswer)]
      if (profiles.ok) page.value = profiles.value
      if (service.ok) rules.value = service.value.rules
      return !profiles.ok ? profiles : service
    })
  }

  /** A new profile (no id) or the profile changed whole. */
  async function saveProfile(id: string | null, profile: ProfileRequest): Promise<boolean> {
    const saved = await send(() => (id ? ask('PUT', PROFILE_PATHS.profile(id), DashboardProfile, profile) : ask('POST', PROFILE_PATHS.profiles, DashboardProfile, profile)))
    if (saved) await load()
    return saved
  }

  async function setUp(deviceId: string, setup: DeviceSetupRequest): Promise<boolean> {
    return send(async () => {
      const answer = await ask('PUT', PROFILE_PATHS.deviceSetup(deviceId), ProfilesAnswer, setup)
      if (answer.ok) page.value = answer.value
      return answer
    })
  }

  async function addRule(rule: ServiceRuleRequest): Promise<boolean> {
    return send(async () => rulesFrom(await ask('POST', PROFILE_PATHS.serviceRules, ServiceRulesAnswer, rule)))
  }

  async function endRule(ruleId: string): Promise<boolean> {
    return send(async () => rulesFrom(await ask('DELETE', PROFILE_PATHS.serviceRule(ruleId), ServiceRulesAnswer)))
  }

  function clear(): void {
    page.value = null
    rules.value = []
    problem.value = null
  }

  return { page, rules, problem, busy, load, saveProfile, setUp, addRule, endRule, clear }
})
