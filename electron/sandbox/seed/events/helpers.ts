/**
 * Small builders for the training event catalogue: they turn structured facts
 * (prices, running time, house rules, sale window) into the same sentence in
 * the four API languages, so the event files hold only what differs per event.
 * Pure and deterministic, like everything in the seed.
 */
import type { LocalizedText, PreSold, SeedEvent, SeedPriceCategory, SeedShow, ShowOverride } from '../types'

/** One text in the four API languages: English, Simplified Chinese, Traditional Chinese (Hong Kong), Malay. */
export function t(en: string, zhCN: string, zhHK: string, ms: string): LocalizedText {
  return { EN_SG: en, ZH_CN: zhCN, ZH_HK: zhHK, MS_MY: ms }
}

function join(parts: readonly LocalizedText[]): LocalizedText {
  const spaced = (lang: 'EN_SG' | 'MS_MY') => parts.map((p) => p[lang]).join(' ')
  const tight = (lang: 'ZH_CN' | 'ZH_HK') => parts.map((p) => p[lang]).join('')
  return t(spaced('EN_SG'), tight('ZH_CN'), tight('ZH_HK'), spaced('MS_MY'))
}

// ---------------------------------------------------------------- shows and prices

export const soldOut: PreSold = { kind: 'sold-out' }
export const singleSeats: PreSold = { kind: 'single-seats' }

/** A show; a number for `sold` is the share of seats pre-sold, omitted means nothing pre-sold. */
export function show(dayOffset: number, time: string, sold?: number | PreSold, override?: ShowOverride): SeedShow {
  const result: SeedShow = { dayOffset, time }
  if (sold !== undefined) result.preSold = typeof sold === 'number' ? { kind: 'fraction', value: sold } : sold
  if (override) result.override = override
  return result
}

export function cat(num: number, alias: string, amount: number, tiers: number[]): SeedPriceCategory {
  return { num, alias, amount, tiers }
}

/** "CAT 1" … "CAT n", one per venue tier, best tier first. */
export function cats(...amounts: number[]): SeedPriceCategory[] {
  return amounts.map((amount, i) => cat(i + 1, `CAT ${i + 1}`, amount, [i + 1]))
}

/** The one category of a general-admission venue, covering all of its tiers. */
export function ga(alias: string, amount: number, tiers: number[] = [1]): SeedPriceCategory[] {
  return [cat(1, alias, amount, tiers)]
}

function sgd(amount: number): string {
  return `S$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
}

function priceText(categories: readonly SeedPriceCategory[], bookingFee: number, notes: readonly LocalizedText[]): LocalizedText {
  const list = (sep: string, colon: string) => categories.map((c) => `${c.alias}${colon}${sgd(c.amount)}`).join(sep)
  const fee = sgd(bookingFee)
  const head =
    bookingFee > 0
      ? t(
          `${list(', ', ' ')}. Prices exclude a booking fee of ${fee} per ticket.`,
          `${list('，', '：')}。票价不含每张门票${fee}的预订费。`,
          `${list('，', '：')}。票價不包括每張門票${fee}的手續費。`,
          `${list(', ', ': ')}. Harga tidak termasuk yuran tempahan ${fee} bagi setiap tiket.`,
        )
      : t(
          `${list(', ', ' ')}. No booking fee.`,
          `${list('，', '：')}。不收取预订费。`,
          `${list('，', '：')}。不設手續費。`,
          `${list(', ', ': ')}. Tiada yuran tempahan.`,
        )
  return join([head, ...notes])
}

/** Price note: a concession price for students, NSFs and seniors. */
export function concession(amount: number): LocalizedText {
  const p = sgd(amount)
  return t(
    `Concession price of ${p} for students, full-time national servicemen and seniors aged 60 and above, in the lowest category only.`,
    `学生、全职国民服役人员及60岁及以上乐龄人士可享优惠价${p}，仅限最低票价类别。`,
    `學生、全職國民服役人員及60歲或以上長者可享優惠價${p}，只限最低票價類別。`,
    `Harga konsesi ${p} untuk pelajar, anggota perkhidmatan negara sepenuh masa dan warga emas berumur 60 tahun ke atas, bagi kategori terendah sahaja.`,
  )
}

/** Price note: young children go free. */
export function childFree(age: number): LocalizedText {
  return t(
    `Children under ${age} enter free.`,
    `${age}岁以下儿童免费入场。`,
    `${age}歲以下小童免費入場。`,
    `Kanak-kanak bawah ${age} tahun masuk percuma.`,
  )
}

/** Price note: a group discount. */
export const groupDiscount = t(
  'Buy 4 or more tickets in one transaction and save 10%.',
  '单次购买4张或以上门票可享九折优惠。',
  '單次購買4張或以上門票可享九折優惠。',
  'Beli 4 tiket atau lebih dalam satu transaksi dan jimat 10%.',
)

// ---------------------------------------------------------------- running time

function span(minutes: number): LocalizedText {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const en = [h > 0 ? `${h} hour${h > 1 ? 's' : ''}` : '', m > 0 ? `${m} minutes` : ''].filter(Boolean).join(' ')
  const ms = [h > 0 ? `${h} jam` : '', m > 0 ? `${m} minit` : ''].filter(Boolean).join(' ')
  const zh = (hour: string, min: string) => `${h > 0 ? `${h}${hour}` : ''}${m > 0 ? `${m}${min}` : ''}`
  return t(en, zh('小时', '分钟'), zh('小時', '分鐘'), ms)
}

/** "Approximately 2 hours 30 minutes, including a 20-minute interval" (or "no interval"). */
export function duration(minutes: number, interval?: number): LocalizedText {
  const s = span(minutes)
  if (interval) {
    return t(
      `Approximately ${s.EN_SG}, including a ${interval}-minute interval`,
      `约${s.ZH_CN}，包括${interval}分钟中场休息`,
      `約${s.ZH_HK}，包括${interval}分鐘中場休息`,
      `Kira-kira ${s.MS_MY}, termasuk rehat selama ${interval} minit`,
    )
  }
  return t(
    `Approximately ${s.EN_SG}, no interval`,
    `约${s.ZH_CN}，不设中场休息`,
    `約${s.ZH_HK}，不設中場休息`,
    `Kira-kira ${s.MS_MY}, tanpa rehat`,
  )
}

/** For timed-entry events: how long one entry slot lasts. */
export function slot(minutes: number): LocalizedText {
  const s = span(minutes)
  return t(
    `Each timed-entry slot lasts ${s.EN_SG}`,
    `每个入场时段为${s.ZH_CN}`,
    `每個進場時段為${s.ZH_HK}`,
    `Setiap slot kemasukan berjadual selama ${s.MS_MY}`,
  )
}

/** "7.30pm", "晚上7时30分", "晚上7時30分", "7.30 malam" from "19:30". */
function clock(time: string): LocalizedText {
  const [hh = 0, mm = 0] = time.split(':').map(Number)
  const h12 = hh % 12 || 12
  const min = String(mm).padStart(2, '0')
  const en = `${h12}${mm ? `.${min}` : ''}${hh === 12 ? 'pm' : hh < 12 ? 'am' : 'pm'}`
  const zhPeriod = hh < 6 ? '凌晨' : hh < 12 ? '上午' : hh === 12 ? '中午' : hh < 19 ? '下午' : '晚上'
  const msPeriod = hh < 12 ? 'pagi' : hh === 12 ? 'tengah hari' : hh < 19 ? 'petang' : 'malam'
  return t(
    en,
    `${zhPeriod}${h12}时${mm ? `${mm}分` : ''}`,
    `${zhPeriod}${h12}時${mm ? `${mm}分` : ''}`,
    `${h12}${mm ? `.${min}` : ''} ${msPeriod}`,
  )
}

/** For festivals and fairs: opening hours of each day instead of a running time. */
export function openHours(from: string, to: string): LocalizedText {
  const a = clock(from)
  const b = clock(to)
  return t(
    `Open from ${a.EN_SG} to ${b.EN_SG} on each event day`,
    `每个活动日${a.ZH_CN}至${b.ZH_CN}开放`,
    `每個活動日${a.ZH_HK}至${b.ZH_HK}開放`,
    `Dibuka dari ${a.MS_MY} hingga ${b.MS_MY} pada setiap hari acara`,
  )
}

// ---------------------------------------------------------------- house rules

export interface Admission {
  /** Only people of this age and above are admitted. */
  minAge?: number
  /** Everyone of this age and above needs a ticket (family events). Neither: even infants need one. */
  ticketFrom?: number
  photo: 'none' | 'no-flash' | 'allowed'
  /** break: admitted at a suitable break; none: not admitted; anytime: no re-entry; slot: timed entry. */
  late: 'break' | 'none' | 'anytime' | 'slot'
  extra?: LocalizedText
}

const ageRule = (a: Admission): LocalizedText =>
  a.minAge !== undefined
    ? t(
        `Admission for ages ${a.minAge} and above.`,
        `仅限${a.minAge}岁及以上人士入场。`,
        `只限${a.minAge}歲或以上人士進場。`,
        `Kemasukan untuk mereka berumur ${a.minAge} tahun ke atas.`,
      )
    : a.ticketFrom !== undefined
      ? t(
          `Everyone aged ${a.ticketFrom} and above needs a ticket.`,
          `${a.ticketFrom}岁及以上人士须凭票入场。`,
          `${a.ticketFrom}歲或以上人士須憑票進場。`,
          `Setiap individu berumur ${a.ticketFrom} tahun ke atas memerlukan tiket.`,
        )
      : t(
          'No age limit; everyone needs a ticket, including infants.',
          '不设年龄限制；所有人士（包括婴儿）均须凭票入场。',
          '不設年齡限制；所有人士（包括嬰兒）均須憑票進場。',
          'Tiada had umur; setiap individu termasuk bayi memerlukan tiket.',
        )

const photoRules = {
  none: t('No photography or video recording.', '禁止拍照及录影。', '嚴禁拍照及錄影。', 'Fotografi dan rakaman video tidak dibenarkan.'),
  'no-flash': t(
    'Photography without flash is allowed; no video recording.',
    '可拍照但不得使用闪光灯，禁止录影。',
    '可拍照但不可使用閃光燈，嚴禁錄影。',
    'Fotografi tanpa denyar dibenarkan; rakaman video tidak dibenarkan.',
  ),
  allowed: t(
    'Photography and video for personal use are welcome.',
    '欢迎拍照及录影作个人用途。',
    '歡迎拍照及錄影作個人用途。',
    'Fotografi dan video untuk kegunaan peribadi dialu-alukan.',
  ),
} as const

const lateRules = {
  break: t(
    'Latecomers will be admitted at a suitable break.',
    '迟到者须待适当时候方可入场。',
    '遲到人士須待適當時候方可進場。',
    'Penonton yang lewat akan dibenarkan masuk pada waktu rehat yang sesuai.',
  ),
  none: t('Latecomers will not be admitted.', '迟到者将不获准入场。', '遲到人士將不獲安排進場。', 'Penonton yang lewat tidak akan dibenarkan masuk.'),
  anytime: t(
    'Entry at any time; no re-entry once you leave.',
    '可随时入场；离场后不得再次进入。',
    '可隨時進場；離場後不得再次進場。',
    'Masuk pada bila-bila masa; tiada kemasukan semula selepas keluar.',
  ),
  slot: t(
    'Please arrive within your time slot; late arrivals join the next slot if space allows.',
    '请在所选时段内到场；迟到者如有余位可改入下一时段。',
    '請於所選時段內到場；遲到人士如有餘位可改入下一時段。',
    'Sila tiba dalam slot masa anda; yang lewat boleh menyertai slot seterusnya jika ada ruang.',
  ),
} as const

export function admission(a: Admission): LocalizedText {
  return join([ageRule(a), photoRules[a.photo], lateRules[a.late], ...(a.extra ? [a.extra] : [])])
}

/** Extra house rule: photo ID checked at the door. */
export const idCheck = t(
  'Photo ID is checked at the door.',
  '入场时须出示附照片的身份证件。',
  '進場時須出示附有相片的身份證明文件。',
  'Kad pengenalan bergambar akan diperiksa di pintu masuk.',
)

// ---------------------------------------------------------------- sale window

function salesText(sellability: SeedEvent['sellability'], ticketLimit?: number): LocalizedText {
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

// ---------------------------------------------------------------- events

export type EventSpec = Omit<SeedEvent, 'priceDescription' | 'salesDateText' | 'eventDates' | 'advisory'> & {
  /** Further sentences of the price description (concessions, free children …). */
  priceNotes?: LocalizedText[]
  /** Stated in the sale text while the event is on sale. */
  ticketLimit?: number
  advisory?: string
}

/**
 * An event from its spec: the price description follows the categories, the
 * sale text follows the sale window, and the event dates span the shows.
 */
export function defineEvent(spec: EventSpec): SeedEvent {
  const { priceNotes = [], ticketLimit, advisory = null, ...event } = spec
  const days = event.shows.map((s) => s.dayOffset)
  return {
    ...event,
    advisory,
    priceDescription: priceText(event.priceCategories, event.bookingFee, priceNotes),
    salesDateText: salesText(event.sellability, ticketLimit),
    eventDates: { startOffsetDays: Math.min(...days), endOffsetDays: Math.max(...days) },
  }
}
