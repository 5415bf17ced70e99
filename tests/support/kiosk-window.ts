import { SelfServiceLock } from '../../electron/kiosk/self-service-lock'

/**
 * The self-service lock with its real rules (electron/kiosk/self-service-lock.ts)
 * and, instead of Electron's window (which cannot run here), a record of what
 * electron/main/kiosk.ts would apply to it: `windowLocked` is the window's
 * kiosk/full-screen/closable state as last applied.
 */
export class RecordedKioskWindow extends SelfServiceLock {
  windowLocked: boolean | null = null
  leaves = 0

  override leave(): void {
    if (this.locked) this.leaves += 1
    super.leave()
  }

  protected override applyLock(locked: boolean): void {
    this.windowLocked = locked
  }
}
