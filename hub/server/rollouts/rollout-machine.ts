import type { RolloutState, RolloutStep } from '../../protocol'

/**
 * A rollout's state machine, in one transition function (as pretix keeps an order's): every change of
 * a rollout, whether a manager asked for it or the hub's sweep found it due, goes through `nextStage`,
 * so what may follow what is said in one place and refused alike from every caller.
 */
export interface RolloutStage {
  state: RolloutState
  heldFrom: 'pilot' | 'rest' | null
  /** When the current stage began: a pilot's alert counts only from then. */
  stageSince: Date
  /** When every pilot first ran the version; the rest follow `restAfterMs` after it. */
  pilotsOnVersionAt: Date | null
}

export type RolloutEvent =
  | { kind: 'hold' }
  | { kind: 'resume' }
  | { kind: 'back' }
  | { kind: 'replace' }
  /** The hub's sweep: what the pilots' heartbeats and alerts say now. */
  | { kind: 'tick'; pilotsOnVersion: boolean; pilotAlert: boolean }

export interface Transition {
  stage: RolloutStage
  step: RolloutStep['step']
}

/** Whether the rollout still gives orders: a replaced one is history. */
export const isOpen = (state: RolloutState) => state !== 'replaced'

/**
 * The stage after `event`, and the step to keep; null when the event changes nothing or is not allowed
 * from this state (a manager's action then answers 409 `not-now`).
 */
export function nextStage(stage: RolloutStage, event: RolloutEvent, now: Date, restAfterMs: number): Transition | null {
  const to = (state: RolloutState, step: Transition['step'], changes: Partial<RolloutStage> = {}): Transition => ({
    stage: { ...stage, state, heldFrom: null, stageSince: now, ...changes },
    step,
  })
  const moving = stage.state === 'pilot' || stage.state === 'rest'
  switch (event.kind) {
    case 'hold':
      return moving ? to('held', 'held', { heldFrom: stage.state as 'pilot' | 'rest' }) : null
    case 'resume':
      // Back to where it was held, its pilots watched afresh: an alert that caused the hold is not counted again,
      // and the wait for the rest counts again from when every pilot runs the version.
      if (stage.state !== 'held' || !stage.heldFrom) return null
      return to(stage.heldFrom, 'resumed', stage.heldFrom === 'pilot' ? { pilotsOnVersionAt: null } : {})
    case 'back':
      return moving || stage.state === 'held' ? to('back', 'back') : null
    case 'replace':
      return isOpen(stage.state) ? to('replaced', 'replaced') : null
    case 'tick':
      return tick(stage, event, now, restAfterMs, to)
  }
}

function tick(
  stage: RolloutStage,
  event: Extract<RolloutEvent, { kind: 'tick' }>,
  now: Date,
  restAfterMs: number,
  to: (state: RolloutState, step: Transition['step'], changes?: Partial<RolloutStage>) => Transition,
): Transition | null {
  if (stage.state !== 'pilot') return null
  // An alert from a pilot stops the rollout for a manager to judge: resume, or back.
  if (event.pilotAlert) return to('held', 'held-on-alert', { heldFrom: 'pilot' })
  if (stage.pilotsOnVersionAt === null) {
    return event.pilotsOnVersion ? { stage: { ...stage, pilotsOnVersionAt: now }, step: 'pilots-on-version' } : null
  }
  if (now.getTime() - stage.pilotsOnVersionAt.getTime() >= restAfterMs) return to('rest', 'rest')
  return null
}
