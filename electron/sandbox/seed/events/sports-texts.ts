/** The own words of the sports events, by code, in the four API languages: title, synopsis, a house rule of their own, the advisory. */
import type { EventTexts } from './define-event'
import { t } from './text'

const gatesOpen = t(
  'Gates open 90 minutes before the start; bags are checked at entry.',
  '闸门于开赛前90分钟开放；入场时须接受行李检查。',
  '閘口於開賽前90分鐘開放；進場時須接受行李檢查。',
  'Pintu pagar dibuka 90 minit sebelum acara bermula; beg akan diperiksa semasa masuk.',
)

export const sportsTexts: Readonly<Record<string, EventTexts>> = {
  FY26STRAITSCUP: {
    title: t(
      'Straits Cup Final: Harbour City FC vs Eastcoast Rangers',
      '海峡杯决赛：海港城足球俱乐部对东海岸流浪者',
      '海峽盃決賽：海港城足球會對東岸流浪',
      'Final Piala Selat: Harbour City FC lwn Eastcoast Rangers',
    ),
    synopsis: t(
      "The league's two top sides meet in a one-off final under the lights, with a pre-match fan zone and a half-time drone show.",
      '联赛两大劲旅在灯光下争夺海峡杯，一场定胜负；赛前设球迷区，中场休息更有无人机表演。',
      '聯賽兩大勁旅在燈光下爭奪海峽盃，一場定勝負；賽前設球迷區，半場休息更有無人機表演。',
      'Dua pasukan terbaik liga bertemu dalam final tunggal di bawah lampu, dengan zon peminat sebelum perlawanan dan pertunjukan dron semasa rehat separuh masa.',
    ),
    houseRule: gatesOpen,
  },

  FY26EQSEVENS: {
    title: t(
      'Equator Sevens Rugby Championship',
      '赤道七人制橄榄球锦标赛',
      '赤道七人欖球錦標賽',
      'Kejohanan Ragbi Sevens Khatulistiwa',
    ),
    synopsis: t(
      "Twelve national sides play fast, bruising sevens rugby over two days, with fancy dress in the stands, a kids' zone and the Cup final on the second evening.",
      '十二支国家队在两天内进行快速激烈的七人制橄榄球赛，看台上有变装球迷，另设儿童区，杯赛决赛于第二晚举行。',
      '十二支國家隊於兩日內上演快速激烈的七人欖球賽，看台上有變裝球迷，另設兒童區，盃賽決賽於第二晚舉行。',
      'Dua belas pasukan kebangsaan beraksi dalam ragbi sevens yang pantas dan sengit selama dua hari, dengan kostum di tempat duduk, zon kanak-kanak dan final Piala pada malam kedua.',
    ),
    houseRule: t(
      'Fancy dress is welcome; no full-face masks or props longer than 1 metre.',
      '欢迎变装；禁止佩戴全脸面具或携带长度超过1米的道具。',
      '歡迎變裝；不准佩戴全臉面具或攜帶長度超過1米的道具。',
      'Pakaian beragam dialu-alukan; topeng muka penuh atau prop melebihi 1 meter tidak dibenarkan.',
    ),
  },

  FY26ATHLETICS: {
    title: t(
      'Southern Cross Athletics Invitational',
      '南十字星田径邀请赛',
      '南十字星田徑邀請賽',
      'Kejohanan Jemputan Olahraga Southern Cross',
    ),
    synopsis: t(
      "Sprinters, jumpers and throwers from 20 countries chase qualifying marks on a warm evening, ending with the men's and women's 4x100m relays.",
      '来自20个国家的短跑、跳跃及投掷选手在温暖的夜晚争取达标成绩，压轴项目为男女4x100米接力。',
      '來自20個國家的短跑、跳躍及投擲選手於溫暖晚上爭取達標成績，壓軸項目為男女子4x100米接力。',
      'Pelari pecut, pelompat dan pelontar dari 20 negara memburu catatan kelayakan pada malam yang hangat, diakhiri acara lari berganti-ganti 4x100m lelaki dan wanita.',
    ),
    houseRule: gatesOpen,
  },
}
