import { HUB_PATHS, PinTryAnswer, StaffPullAnswer, type LocalStaffAccount, type PinTryRequest, type StaffPullRequest } from '../../hub/protocol'
import type { HubStaffStore } from './hub-staff-store'
import type { HubAnswer } from './pinned-https'

/**
 * The device's half of the venue's staff accounts (hub/protocol/staff-sync.ts): pulled when a
 * heartbeat's answer names another version than the one kept, with the device's own accounts told
 * to the hub as it pulls; and each PIN typed for a venue account told to the hub, which counts them
 * per person across the venue.
 */
export type Post = (path: string, body: unknown) => Promise<HubAnswer>

/** Pulls the accounts when the hub's version is not the one kept. @returns whether they changed. */
export async function pullStaffIfChanged(
  post: Post,
  store: HubStaffStore,
  hubVersion: number | undefined,
  localAccounts: readonly LocalStaffAccount[],
  now: number,
): Promise<boolean> {
  if (hubVersion === undefined || hubVersion === store.version()) return false
  const answer = await post(HUB_PATHS.staff, { localAccounts: [...localAccounts] } satisfies StaffPullRequest)
  const parsed = answer.status === 200 ? StaffPullAnswer.safeParse(answer.body) : null
  if (!parsed?.success) throw new Error(`the hub answered the staff pull with ${answer.status}`)
  store.replace(parsed.data, now)
  return true
}

/** The hub's word on one PIN try, or null when it cannot be had (the device's own lockout still counts). */
export async function tellPinTry(post: Post, request: PinTryRequest): Promise<PinTryAnswer | null> {
  try {
    const answer = await post(HUB_PATHS.pinTry, request)
    const parsed = answer.status === 200 ? PinTryAnswer.safeParse(answer.body) : null
    return parsed?.success ? parsed.data : null
  } catch {
    return null
  }
}
