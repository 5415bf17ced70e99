import type { TodayAnswer } from '../../protocol/dashboard'

/** How the page says words, counts and money (its useWords, Intl and moneyWords in the page's language). */
export interface TableWords {
  t: (key: string) => string
  count: (n: number) => string
  money: (cents: number) => string
}

/**
 * Today's and end of day's tables by tender, by device and by cashier: the same figures (end of day reuses Today's
 * schema for them), so one layout, under each page's own test id.
 */
export function byTenderTable(testid: string, rows: TodayAnswer['byTender'], { t, count, money }: TableWords) {
  return {
    testid,
    caption: t('today.byTender'),
    headings: [t('today.tenderHeading'), t('today.payments'), t('today.amount'), t('today.refunded')],
    rows: rows.map((r) => ({ key: r.tender, cells: [t(`today.tender.${r.tender}`), count(r.payments), money(r.amountCents), money(r.refundedCents)] })),
  }
}

export function byDeviceTable(testid: string, rows: TodayAnswer['byDevice'], { t, count, money }: TableWords) {
  return {
    testid,
    caption: t('today.byDevice'),
    headings: [t('today.device'), t('today.sales'), t('today.tickets'), t('today.amount'), t('today.refunded')],
    rows: rows.map((r) => ({ key: r.deviceId, cells: [r.deviceName, count(r.sales), count(r.tickets), money(r.amountCents), money(r.refundedCents)] })),
  }
}

export function byCashierTable(testid: string, rows: TodayAnswer['byCashier'], { t, count, money }: TableWords) {
  return {
    testid,
    caption: t('today.byCashier'),
    headings: [t('today.cashier'), t('today.sales'), t('today.tickets'), t('today.amount')],
    rows: rows.map((r) => ({ key: r.cashier ?? '', cells: [r.cashier ?? t('today.selfService'), count(r.sales), count(r.tickets), money(r.amountCents)] })),
  }
}
