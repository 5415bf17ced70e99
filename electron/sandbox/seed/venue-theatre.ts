/** The Grand Theatre: stalls, circle and boxes in a fan round the stage (two boxes deliberately misconfigured). */
import type { SeedVenue } from './types'
import type { Point } from './venue-geometry'
import { type FanLevel, fanAuditorium, fanSections, fanVenue, THEATRE_GRID } from './venue-fan'

/** The middle of the theatre's stage, which its seats face. */
export const THEATRE_STAGE: Point = { x: 600, y: 40 }

export function buildTheatre(): SeedVenue {
  const { sections, nextId } = fanAuditorium({
    stage: THEATRE_STAGE,
    firstId: 2001,
    firstRadius: 190,
    levels: [
      {
        level: 'Stalls',
        rows: 18,
        sections: [
          { alias: 'Stalls Left', from: -48, to: -17, tier: 2, entrance: 'Door A' },
          { alias: 'Stalls Centre', from: -15, to: 15, tier: 1, entrance: 'Door B' },
          { alias: 'Stalls Right', from: 17, to: 48, tier: 2, entrance: 'Door C' },
        ],
      },
      {
        level: 'Circle',
        rows: 10,
        sections: [
          { alias: 'Circle Left', from: -40, to: -16, tier: 3, entrance: 'Door D' },
          { alias: 'Circle Centre', from: -14, to: 14, tier: 2, entrance: 'Door E' },
          { alias: 'Circle Right', from: 16, to: 40, tier: 3, entrance: 'Door F' },
        ],
      },
      {
        level: 'Balcony',
        rows: 6,
        sections: [
          { alias: 'Balcony Left', from: -34, to: -18, tier: 4, entrance: 'Door G' },
          { alias: 'Balcony Centre', from: -16, to: 16, tier: 4, entrance: 'Door H' },
          { alias: 'Balcony Right', from: 18, to: 34, tier: 4, entrance: 'Door J' },
        ],
      },
    ],
    coupleSection: 'Balcony Centre',
  })

  // Two boxes by the stage, each deliberately missing part of its configuration
  // so the kiosk's handling of those back-end errors can be practised.
  const boxes: FanLevel = {
    level: 'Boxes',
    radius: 200,
    rows: 2,
    sections: [
      { alias: 'Box A', from: -72, to: -60, tier: 2, entrance: 'Door K' },
      { alias: 'Box B', from: 60, to: 72, tier: 2, entrance: 'Door L' },
    ],
  }
  const [boxA, boxB] = fanSections(THEATRE_STAGE, THEATRE_GRID, boxes, nextId)
  if (!boxA || !boxB) throw new Error('The theatre needs both boxes')
  sections.push({ ...boxA, missingCoordinates: true }, { ...boxB, missingSeatAngle: true })

  return fanVenue({ id: 'grand-theatre', name: 'Grand Theatre', kind: 'theatre', width: 1200, height: 800 }, sections, (seats) => ({
    EN_SG: `A historic ${seats}-seat theatre with stalls, a circle, a balcony and two boxes, all facing a proscenium stage.`,
    ZH_CN: `一座拥有${seats}个座位的历史剧院，设有池座、二楼楼座、三楼楼座和两个包厢，全部面向镜框式舞台。`,
    ZH_HK: `一座擁有${seats}個座位的歷史劇院，設有池座、二樓樓座、三樓樓座及兩個包廂，全部面向鏡框式舞台。`,
    MS_MY: `Teater bersejarah dengan ${seats} tempat duduk, terdiri daripada tingkat bawah, tingkat bulatan, balkoni dan dua kotak, semuanya menghadap pentas prosenium.`,
  }))
}
