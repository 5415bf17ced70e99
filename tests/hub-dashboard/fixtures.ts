import { BackupAlert, DashboardDevice, DeviceAlert, TodayAnswer } from '../../hub/protocol/dashboard'

/** Today at the given hour and minute, the browser's clock: what the page shows as "19:42". */
export function todayAt(hours: number, minutes: number): string {
  const at = new Date()
  at.setHours(hours, minutes, 0, 0)
  return at.toISOString()
}

/** A device tile as the hub sends it, parsed by the contract so a fixture can never drift from it. */
export function device(overrides: Partial<DashboardDevice> = {}): DashboardDevice {
  return DashboardDevice.parse({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Kiosk 3',
    place: 'Lobby kiosk 3',
    state: 'online',
    reasons: [],
    stateSince: todayAt(18, 0),
    lastHeartbeatAt: todayAt(19, 50),
    appVersion: '0.1.0',
    mode: 'self-service',
    backend: 'production',
    lastSaleAt: todayAt(19, 45),
    salesToday: 12,
    uploadsWaiting: 0,
    drawer: null,
    update: null,
    ...overrides,
  })
}

export function alert(overrides: Partial<DeviceAlert> = {}): DeviceAlert {
  return DeviceAlert.parse({
    id: '1',
    subject: 'device',
    deviceId: '00000000-0000-4000-8000-000000000001',
    deviceName: 'Kiosk 3',
    from: 'online',
    to: 'needs-attention',
    reasons: [{ what: 'printer', state: 'cannot-print', problems: ['no-paper'] }],
    raisedAt: todayAt(19, 42),
    acknowledged: null,
    ...overrides,
  })
}

export function backupAlert(overrides: Partial<BackupAlert> = {}): BackupAlert {
  return BackupAlert.parse({
    id: '20',
    subject: 'backup',
    problem: 'failed',
    lastGoodAt: todayAt(3, 1),
    file: '/srv/backups/foyer-hub-20261127T030000Z.backup',
    error: 'ENOENT: no such file or directory',
    raisedAt: todayAt(3, 2),
    acknowledged: null,
    clearedAt: null,
    ...overrides,
  })
}

export const manager = { id: '00000000-0000-4000-8000-00000000aaaa', name: 'Mei Ling' }

const noTakings = { sales: 0, tickets: 0, amountCents: 0, refunds: 0, refundedCents: 0, netCents: 0 }

/** The hub's today as it answers, parsed by the contract: nothing sold unless the test says otherwise. */
export function todayFigures(overrides: Partial<TodayAnswer> = {}): TodayAnswer {
  const start = new Date()
  start.setHours(0, 0, 0, 0)
  const end = new Date(start)
  end.setDate(end.getDate() + 1)
  return TodayAnswer.parse({
    day: { start: start.toISOString(), end: end.toISOString() },
    totals: noTakings,
    training: noTakings,
    byShow: [],
    byTender: [],
    byDevice: [],
    byCashier: [],
    byHour: [],
    ...overrides,
  })
}
