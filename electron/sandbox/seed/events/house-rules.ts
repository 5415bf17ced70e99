/**
 * The house rules in the four languages (who is admitted, photography,
 * latecomers) from an event's admission facts, plus any rule of its own.
 */
import type { LocalizedText } from '../types'
import { join, t } from './text'

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
