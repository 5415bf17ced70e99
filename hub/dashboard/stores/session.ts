import { defineStore } from 'pinia'
import { ref } from 'vue'
import { DASHBOARD_PATHS, FirstManagerRequest, SessionAnswer, SignInRequest } from '../../protocol/dashboard'
import { ask, isSignedOut, NO_BODY, type Problem } from '../api/hub-client'
import { whileBusy } from './busy'

/** The dashboard's pages; a signed-out manager sees only the first two. */
export type Page = 'sign-in' | 'first-manager' | 'devices' | 'alerts' | 'today' | 'day' | 'staff' | 'profiles' | 'service' | 'updates'
/** A form the page refused before asking the hub: a field left empty, a new password under 12 characters, a manager without one. */
export type FormProblem = Problem | { kind: 'not-valid' } | { kind: 'password-too-short' } | { kind: 'password-needed' } | { kind: 'pin-not-valid' }

/** Signed out: the first manager's form while the hub has no manager yet (its 401 says so), sign-in otherwise. */
function signedOutPage(problem: Problem): Page {
  return problem.kind === 'refused' && problem.refusal.firstManagerNeeded ? 'first-manager' : 'sign-in'
}

/**
 * Who is signed in, and which page they see. The session itself is the hub's HttpOnly cookie: the page
 * learns only the manager's name: from the answer to signing in or enrolling the first manager, and from GET
 * /api/session when it opens.
 */
export const useSession = defineStore('session', () => {
  const manager = ref<SessionAnswer['manager'] | null>(null)
  const page = ref<Page>('sign-in')
  const checked = ref(false)
  const busy = ref(false)
  const problem = ref<FormProblem | null>(null)

  /** When the page opens: the devices if someone is signed in; the first manager's form while the hub has none. */
  async function check(): Promise<void> {
    const answer = await ask('GET', DASHBOARD_PATHS.session, SessionAnswer)
    checked.value = true
    manager.value = answer.ok ? answer.value.manager : null
    page.value = answer.ok ? 'devices' : signedOutPage(answer.problem)
    // Not being signed in yet is no problem to show; anything else (the hub down, a bad answer) is.
    problem.value = answer.ok || isSignedOut(answer.problem) ? null : answer.problem
  }

  /** Sends a form the contract's schema accepts; the hub answers who is signed in now (SessionAnswer, with its cookie). */
  function submit(path: string, body: unknown): Promise<boolean> {
    return whileBusy(busy, async () => {
      const sent = await ask('POST', path, SessionAnswer, body)
      if (!sent.ok) return refuse(sent.problem)
      problem.value = null
      manager.value = sent.value.manager
      page.value = 'devices'
      return true
    })
  }

  async function signIn(name: string, password: string): Promise<boolean> {
    const request = SignInRequest.safeParse({ name, password })
    if (!request.success) return refuse()
    return submit(DASHBOARD_PATHS.session, request.data)
  }

  async function enrolFirstManager(code: string, name: string, password: string): Promise<boolean> {
    const request = FirstManagerRequest.safeParse({ code, name, password })
    if (!request.success) return refuse(request.error.issues.some((issue) => issue.path[0] === 'password' && issue.code === 'too_small') ? { kind: 'password-too-short' } : { kind: 'not-valid' })
    return submit(DASHBOARD_PATHS.firstManager, request.data)
  }

  function refuse(why: FormProblem = { kind: 'not-valid' }): false {
    problem.value = why
    return false
  }

  async function signOut(): Promise<void> {
    const answer = await ask('DELETE', DASHBOARD_PATHS.session, NO_BODY)
    // Signed out already is as good as signed out; anything else leaves the manager signed in, and says so.
    if (!answer.ok && !isSignedOut(answer.problem)) {
      problem.value = answer.problem
      return
    }
    endedElsewhere(null)
  }

  /** The hub said nobody is signed in (the session expired, or ended in another tab): back to sign-in. */
  function endedElsewhere(why: FormProblem | null): void {
    manager.value = null
    page.value = 'sign-in'
    problem.value = why
  }

  function show(next: Page): void {
    if (manager.value || next === 'sign-in' || next === 'first-manager') page.value = next
    problem.value = null
  }

  return { manager, page, checked, busy, problem, check, signIn, enrolFirstManager, signOut, endedElsewhere, show }
})

/**
 * How a page's store takes a failed request: signed out sends the manager to sign in; anything else
 * is shown on that page (its `problem`).
 */
export function failedInto(problem: { value: FormProblem | null }): (why: Problem) => void {
  return (why) => {
    if (isSignedOut(why)) useSession().endedElsewhere(why)
    else problem.value = why
  }
}
