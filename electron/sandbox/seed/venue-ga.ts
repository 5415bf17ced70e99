/** The general-admission spaces: standing venues sold by capacity, drawn as outlines. */
import type { LocalizedText, SeedSection, SeedVenue } from './types'
import { formatCount } from './venue-parts'

function gaSection(id: number, alias: string, tier: number, capacity: number, entrance: string, polygon: number[]): SeedSection {
  return { id, levelAlias: 'General Admission', alias, type: 'GA', entrance, tier, polygon, capacity, rows: [] }
}

/** Standing venues: outlines only, since a GA section sells a capacity, not seats. */
export function buildGaVenues(): SeedVenue[] {
  const ga = (
    id: string,
    name: string,
    size: [number, number],
    sections: SeedSection[],
    description: (capacity: string) => LocalizedText,
  ): SeedVenue => ({
    id,
    name,
    description: description(formatCount(sections.reduce((sum, s) => sum + (s.capacity ?? 0), 0))),
    kind: 'ga',
    width: size[0],
    height: size[1],
    seatWidth: 8,
    seatHeight: 8,
    sections,
  })
  return [
    ga(
      'riverside-lawn',
      'Riverside Lawn',
      [1200, 900],
      // A lawn following the river bank, a stage at the top.
      [gaSection(4001, 'Lawn', 1, 3000, 'Park Gate', [200, 150, 1000, 150, 1100, 400, 1050, 750, 600, 820, 150, 750, 100, 400])],
      (n) => ({
        EN_SG: `An open-air lawn by the river for up to ${n} standing guests; picnic mats are welcome.`,
        ZH_CN: `河畔露天草坪，可容纳多达${n}名站立观众；欢迎自备野餐垫。`,
        ZH_HK: `河畔露天草坪，可容納多達${n}名站立觀眾；歡迎自備野餐墊。`,
        MS_MY: `Halaman rumput terbuka di tepi sungai untuk sehingga ${n} pengunjung berdiri; tikar berkelah dialu-alukan.`,
      }),
    ),
    ga(
      'warehouse-hall',
      'Warehouse Hall',
      [1000, 700],
      [
        // The pit sits in front of the stage; the rest of the floor wraps round it.
        gaSection(4002, 'Standing Pit', 1, 300, 'Door 1', [300, 130, 700, 130, 700, 330, 300, 330]),
        gaSection(4003, 'Standing', 2, 900, 'Door 2', [
          100, 130, 280, 130, 280, 350, 720, 350, 720, 130, 900, 130, 900, 650, 100, 650,
        ]),
      ],
      (n) => ({
        EN_SG: `A converted warehouse with a standing pit in front of the stage and ${n} standing places in all.`,
        ZH_CN: `由旧仓库改建而成的场馆，舞台前设有站立区，共可容纳${n}名站立观众。`,
        ZH_HK: `由舊貨倉改建而成的場館，舞台前設有企位區，合共可容納${n}名站立觀眾。`,
        MS_MY: `Gudang yang diubah suai dengan kawasan berdiri di hadapan pentas dan sejumlah ${n} tempat berdiri.`,
      }),
    ),
    ga(
      'expo-centre',
      'Expo Centre',
      [1400, 1000],
      [gaSection(4004, 'Hall 1', 1, 5000, 'Main Entrance', [100, 100, 1300, 100, 1300, 900, 100, 900])],
      (n) => ({
        EN_SG: `A column-free exhibition hall for fairs, conventions and festivals, admitting up to ${n} visitors.`,
        ZH_CN: `无柱式展览大厅，适合举办展销会、会议和节庆活动，可容纳多达${n}名访客。`,
        ZH_HK: `無柱式展覽大廳，適合舉辦展銷會、會議及節慶活動，可容納多達${n}名訪客。`,
        MS_MY: `Dewan pameran tanpa tiang untuk pameran, konvensyen dan festival, memuatkan sehingga ${n} pengunjung.`,
      }),
    ),
  ]
}
