/**
 * How long an event runs, or when it is open, in the four languages, from
 * minutes and 24-hour times.
 */
import type { LocalizedText } from '../types'
import { t } from './text'

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
