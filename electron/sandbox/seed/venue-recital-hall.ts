/** The Recital Hall: a small fan of stalls and a gallery, for chamber music and recitals. */
import type { SeedVenue } from './types'
import type { Point } from './venue-geometry'
import { fanAuditorium, fanVenue } from './venue-fan'

/** The middle of the recital hall's stage, which its seats face. */
export const RECITAL_STAGE: Point = { x: 400, y: 40 }

export function buildRecitalHall(): SeedVenue {
  const { sections } = fanAuditorium({
    stage: RECITAL_STAGE,
    firstId: 3001,
    firstRadius: 150,
    levels: [
      {
        level: 'Stalls',
        rows: 12,
        sections: [
          { alias: 'Stalls Left', from: -50, to: -18, tier: 2, entrance: 'Door 1' },
          { alias: 'Stalls Centre', from: -16, to: 16, tier: 1, entrance: 'Door 2' },
          { alias: 'Stalls Right', from: 18, to: 50, tier: 2, entrance: 'Door 3' },
        ],
      },
      {
        level: 'Gallery',
        rows: 4,
        sections: [{ alias: 'Gallery', from: -36, to: 36, tier: 3, entrance: 'Door 4' }],
      },
    ],
    coupleSection: 'Gallery',
  })
  return fanVenue({ id: 'recital-hall', name: 'Recital Hall', kind: 'recital', width: 800, height: 600 }, sections, (seats) => ({
    EN_SG: `An intimate ${seats}-seat hall with a warm natural acoustic, built for chamber music and solo recitals.`,
    ZH_CN: `一座拥有${seats}个座位的小型音乐厅，音响温暖自然，专为室内乐和独奏会而建。`,
    ZH_HK: `一座擁有${seats}個座位的小型音樂廳，音響溫暖自然，專為室樂及獨奏會而設。`,
    MS_MY: `Dewan intim dengan ${seats} tempat duduk dan akustik semula jadi yang hangat, dibina untuk muzik kamar dan resital solo.`,
  }))
}
