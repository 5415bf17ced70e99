/**
 * The sale text in the four languages: on sale now (and the ticket limit),
 * not yet on sale, or closed, from the event's sale window.
 */
import type { LocalizedText, SeedEvent } from '../types'
import { join, t } from './text'

export function salesText(sellability: SeedEvent['sellability'], ticketLimit?: number): LocalizedText {
  if (sellability.startOffsetDays > 0) {
    return t(
      'Public sale opens at 10am; check the kiosk for the sale date.',
      '公开发售于上午10时开始，发售日期请留意自助售票机。',
      '公開發售於上午10時開始，發售日期請留意自助售票機。',
      'Jualan awam dibuka pada 10 pagi; sila semak tarikh jualan di kiosk.',
    )
  }
  if (sellability.endOffsetDays < 0) {
    return t('Ticket sales have closed.', '门票已停止发售。', '門票已停止發售。', 'Jualan tiket telah ditutup.')
  }
  const now = t(
    'Tickets on sale now at the box office and kiosks, daily from 10am.',
    '门票现已在售票处及自助售票机发售，每日上午10时起。',
    '門票現於售票處及自助售票機發售，每日上午10時起。',
    'Tiket kini dijual di kaunter tiket dan kiosk, setiap hari dari 10 pagi.',
  )
  if (ticketLimit === undefined) return now
  const limit = t(
    `Limit of ${ticketLimit} tickets per transaction.`,
    `每次交易限购${ticketLimit}张。`,
    `每次交易限購${ticketLimit}張。`,
    `Had ${ticketLimit} tiket bagi setiap transaksi.`,
  )
  return join([now, limit])
}
