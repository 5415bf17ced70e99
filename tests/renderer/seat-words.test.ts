import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { ShiftReportView } from '../../electron/contract'
import IdleWarning from '../../renderer/src/components/IdleWarning.vue'
import ShiftReportCard from '../../renderer/src/components/ShiftReportCard.vue'
import { describeSeats } from '../../renderer/src/cart/seat-words'
import { stepTexts } from '../../renderer/src/audio/speech'
import { createFoyerI18n, locales } from '../../renderer/src/i18n'
import { useIdleStore } from '../../renderer/src/stores/idle'

/**
 * Issue #22: a seat is named with its kind (a wheelchair space, its companion
 * seat, a couple seat) in words and with its symbol, and a count of seats or
 * tickets reads right for one ("seat 11", "1 ticket"), in all four languages.
 */
const sayIn = (locale: (typeof locales)[number]) => {
  const { t } = createFoyerI18n(locale).global
  return (key: string, values: Record<string, unknown>) => t(key, values)
}
const say = sayIn('en-SG')
const seat = (row: string, number: string, seatType: number | null = 1) => ({ inventoryId: Number(number), row, seat: number, seatType, geometry: null })

describe('describeSeats', () => {
  it('says one seat as "seat", more as "seats"', () => {
    expect(describeSeats([seat('12', '11')], say).rows).toEqual(['Row 12: seat 11'])
    expect(describeSeats([seat('C', '14'), seat('C', '15')], say).rows).toEqual(['Row C: seats 14, 15'])
  })

  it('names a wheelchair space and its companion seat, in words and with their symbols', () => {
    const rows = describeSeats([seat('22', '22', 2), seat('22', '21', 3)], say).rows
    expect(rows).toEqual(['Row 22: seat 22 (♿ wheelchair space); seat 21 (Ⓒ companion seat)'])
  })

  it('names a couple seat, and leaves plain seats plain beside it', () => {
    const rows = describeSeats([seat('F', '3', 6), seat('F', '4', 6), seat('F', '7')], say).rows
    expect(rows).toEqual(['Row F: seats 3, 4 (♥ couple seat); seat 7'])
  })

  it.each(locales)('%s names the kinds in its own words, with the symbols', (locale) => {
    const [row] = describeSeats([seat('22', '22', 2), seat('22', '21', 3)], sayIn(locale), locale).rows
    expect(row).toContain('♿')
    expect(row).toContain('Ⓒ')
    const { t } = createFoyerI18n(locale).global
    expect(row).toContain(t('seatWords.kind.wheelchair', { count: 1 }))
    expect(row).toContain(t('seatWords.kind.companion', { count: 1 }))
    expect(row).not.toContain('seatWords')
  })
})

describe('counts', () => {
  const { t } = createFoyerI18n('en-SG').global
  it.each([
    ['cart.ticketCount', {}, '1 ticket', '3 tickets'],
    ['cart.basket', { amount: 'S$10.00' }, 'Basket: 1 ticket, S$10.00', 'Basket: 3 tickets, S$10.00'],
    ['cart.places', {}, '1 place (general admission)', '3 places (general admission)'],
    ['cart.countOf', { name: 'Standard' }, '1 Standard ticket', '3 Standard tickets'],
    ['staff.digitsEntered', {}, '1 digit entered', '3 digits entered'],
  ])('%s reads right for one and for more', (key, values, one, three) => {
    expect(t(key, { ...values, count: 1 })).toBe(one)
    expect(t(key, { ...values, count: 3 })).toBe(three)
  })

  it.each([
    ['idle.countdown', { seconds: 1 }, 1, 'Your session ends in 1 second.'],
    ['staff.locked', { seconds: 1 }, 1, 'Too many wrong PINs. Try again in 1 second.'],
    ['counter.signIn.locked', { seconds: 1 }, 1, 'Too many wrong PINs. Please try again in 1 second.'],
    ['staff.autoLock.notice', { minutes: 1 }, 1, 'Signed out after 1 minute without use. Sign in again to go on.'],
    ['staff.autoLock.notice', { minutes: 5 }, 5, 'Signed out after 5 minutes without use. Sign in again to go on.'],
  ] as const)('%s counts its seconds or minutes', (key, values, count, said) => {
    expect(t(key, values, count)).toBe(said)
  })

  it('takes the language’s plural rules: none for 0, and the general form where no count was given', () => {
    expect(t('cart.ticketCount', { count: 0 })).toBe('0 tickets')
    // Without a count vue-i18n's own rule would pick the first (singular) form: "in 5 second".
    expect(t('idle.countdown', { seconds: 5 })).toBe('Your session ends in 5 seconds.')
  })

  it('the "are you still there?" countdown says its last second as one', async () => {
    setActivePinia(createPinia())
    useIdleStore().warningLeft = 1
    const warning = mount(IdleWarning, { global: { plugins: [createFoyerI18n('en-SG')] } })
    expect(warning.get('[data-testid="idle-seconds"]').text()).toBe('Your session ends in 1 second.')
    useIdleStore().warningLeft = 20
    await nextTick()
    expect(warning.get('[data-testid="idle-seconds"]').text()).toBe('Your session ends in 20 seconds.')
  })

  it('asks for one ticket in the singular', () => {
    expect(t('cart.chooseTickets', { count: 1, chosen: 0 })).toBe('Choose 1 ticket for your seat. Chosen so far: 0.')
    expect(t('cart.ticketsMatch', { count: 1 })).toBe('1 ticket chosen for your seat.')
    expect(t('cart.ga.chooseTickets', { count: 1, chosen: 0 })).toBe('Choose 1 ticket for one person. Chosen so far: 0.')
    expect(t('cart.ga.ticketsMatch', { count: 1 })).toBe('1 ticket chosen for one person.')
  })
})

describe('speech', () => {
  it('reads the seats the review marks, each with its kind in words (the symbol is for the eye)', () => {
    const { t, te } = createFoyerI18n('en-SG').global
    const [row] = describeSeats([seat('22', '22', 2), seat('22', '21', 3)], say).rows
    const root = document.createElement('div')
    root.innerHTML = `<main><h1>Check your order</h1><p data-speak>${row}</p></main>`
    expect(stepTexts(root, 'review', (k) => t(k), (k) => te(k), 'en-SG')).toEqual([
      'Check your order',
      t('access.speech.review'),
      'Row 22: seat 22 (wheelchair space); seat 21 (companion seat)',
    ])
  })
})

describe('the shift report on screen', () => {
  it('counts the wheelchair spaces and companion seats among the tickets, named with their symbols', () => {
    setActivePinia(createPinia())
    const none = { sales: 0, soldCents: 0, refunds: 0, refundedCents: 0, netCents: 0, paidBack: 0, paidBackCents: 0 }
    const report: ShiftReportView = {
      kind: 'X', shiftId: 'shift-0001', openedAt: new Date(0).toISOString(), closedAt: null, floatCents: 0, tickets: 3, ticketsRefunded: 0, ticketsNet: 3, refundsMade: [],
      seatKinds: { wheelchair: 2, companion: 1 }, card: { ...none, sales: 1 }, cash: none, standalone: none, expectedCashCents: 0,
      countedCents: null, count: null, varianceCents: null, unresolved: 0, terminal: 'kiosk-1', venues: [], openedBy: null, cashier: null, approvedBy: null, toleranceCents: null,
    }
    const card = mount(ShiftReportCard, { props: { report }, global: { plugins: [createFoyerI18n('en-SG')] } })
    expect(card.get('[data-testid="report-seat-kind-wheelchair"]').text()).toBe('♿ Wheelchair spaces2')
    expect(card.get('[data-testid="report-seat-kind-companion"]').text()).toBe('Ⓒ Companion seat1')
    expect(card.find('[data-testid="report-seat-kind-couple"]').exists()).toBe(false)
  })
})
