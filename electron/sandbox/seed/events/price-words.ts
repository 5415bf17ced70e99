/**
 * The price description in the four languages: the categories and the
 * booking fee as the customer reads them, and the notes that may follow
 * (concessions, free children, group discounts).
 */
import type { LocalizedText, SeedPriceCategory } from '../types'
import { join, t } from './text'

function sgd(amount: number): string {
  return `S$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
}

/** The categories, each with its price, then the booking fee, then the notes. */
export function priceText(categories: readonly SeedPriceCategory[], bookingFee: number, notes: readonly LocalizedText[]): LocalizedText {
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

/** Price note: food vouchers of this value come with the entry. */
export function foodVouchers(amount: number): LocalizedText {
  const p = sgd(amount)
  return t(
    `Entry includes ${p} of food vouchers.`,
    `门票包括价值${p}的餐饮券。`,
    `門票包括價值${p}的餐飲券。`,
    `Tiket masuk termasuk baucar makanan bernilai ${p}.`,
  )
}

/** Price note: the entry fee comes off a purchase of at least this much. */
export function redeemableFrom(amount: number): LocalizedText {
  const p = sgd(amount)
  return t(
    `The entry fee can be redeemed against any purchase of ${p} or more.`,
    `购物满${p}可抵扣入场费。`,
    `購物滿${p}可抵銷入場費。`,
    `Bayaran masuk boleh ditebus untuk sebarang pembelian ${p} ke atas.`,
  )
}

/** Price note: a delegate's price in a group of at least `size`. */
export function groupRate(size: number, amount: number): LocalizedText {
  const p = sgd(amount)
  return t(
    `Group rate for ${size} or more delegates: ${p} each.`,
    `${size}人或以上团体报名每人${p}。`,
    `${size}人或以上團體報名每位${p}。`,
    `Kadar kumpulan untuk ${size} perwakilan atau lebih: ${p} seorang.`,
  )
}
