import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DASHBOARD_PATHS } from '../../hub/protocol/dashboard'
import { timeWords } from '../../hub/dashboard/words/time'
import { FakeHub } from './fake-hub'
import { backupAlert, todayAt } from './fixtures'
import { mountDashboard, signIn, text } from './mount-dashboard'

const lastGood = { at: todayAt(3, 1), file: '/srv/backups/foyer-hub-20261126T030000Z.backup', bytes: 4_800_227 }

/** The hub's backups on the alerts page (issue #36 §2): the last good one, a failure since, and their alerts. */
describe('the dashboard: backups', () => {
  let hub: FakeHub
  let page: VueWrapper
  beforeEach(async () => {
    hub = new FakeHub().install()
    hub.backups = { lastGood, lastFailure: { at: todayAt(3, 2), file: '/srv/backups/x.backup', error: 'pg_dump failed (exit 1)' }, schedule: { hour: 3, keep: 7, folder: '/srv/backups' } }
    hub.alerts = [backupAlert({ id: '20', error: 'pg_dump failed (exit 1)' })]
    page = await mountDashboard()
    await signIn(page, hub)
    hub.stream.connect()
    await page.get('[data-testid="nav-alerts"]').trigger('click')
    await flushPromises()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows the last good backup, the failure since, and the schedule', () => {
    expect(text(page, 'backup-last-good')).toBe(`Last good backup ${timeWords(lastGood.at, 'en-SG')}: ${lastGood.file} (4.8 MB)`)
    expect(text(page, 'backup-last-failure')).toBe(`Failed since, at ${timeWords(todayAt(3, 2), 'en-SG')}: pg_dump failed (exit 1)`)
    expect(text(page, 'backup-schedule')).toBe('Backed up daily at 03:00 into /srv/backups, keeping the newest 7.')
  })

  it('lists a backup alert with what went wrong, waiting until a good backup clears it; the status is read again then', async () => {
    expect(text(page, 'alert-20')).toContain("The hub's backup failed")
    expect(text(page, 'alert-20')).toContain('What went wrong: pg_dump failed (exit 1)')
    expect(page.get('[data-testid="alert-20"] [data-testid="acknowledge"]').attributes('aria-label')).toBe(`Acknowledge the backup alert raised ${timeWords(todayAt(3, 2), 'en-SG')}`)
    expect(text(page, 'nav-alerts')).toBe('Alerts (1 waiting)')

    const asked = hub.sent.filter((s) => s.path === DASHBOARD_PATHS.backups).length
    hub.backups = { ...hub.backups, lastGood: { ...lastGood, at: todayAt(3, 30) }, lastFailure: null }
    hub.push({ type: 'alert', alert: backupAlert({ id: '20', error: 'pg_dump failed (exit 1)', clearedAt: todayAt(3, 30) }) })
    await flushPromises()
    expect(text(page, 'nav-alerts')).toBe('Alerts')
    expect(text(page, 'alert-20')).toContain(`Cleared by a good backup at ${timeWords(todayAt(3, 30), 'en-SG')}`)
    expect(text(page, 'live-region')).toContain('Backup alert cleared: a good backup was made')
    expect(hub.sent.filter((s) => s.path === DASHBOARD_PATHS.backups).length).toBe(asked + 1)
    expect(page.find('[data-testid="backup-last-failure"]').exists()).toBe(false)
  })

  it('says when the hub takes no backups by itself, and that there is none yet', async () => {
    hub.backups = { lastGood: null, lastFailure: null, schedule: null }
    hub.push({ type: 'alert', alert: backupAlert({ id: '21', problem: 'overdue', error: null, file: null, lastGoodAt: null }) })
    await flushPromises()
    expect(text(page, 'backup-last-good')).toBe('No good backup yet.')
    expect(text(page, 'backup-schedule')).toBe('This hub takes no daily backup (FOYER_HUB_BACKUP_DIR is not set).')
    expect(text(page, 'alert-21')).toContain('No good backup for over 26 hours')
    expect(text(page, 'alert-21')).toContain('No good backup before it')
  })
})
