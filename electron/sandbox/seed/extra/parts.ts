/**
 * The parts generated events are built from (see ./extra-events.ts): places,
 * themes and, per genre, a format, a sentence about it, running time, house
 * rules, prices and the seed venues it suits. Every text in the four API
 * languages. Words the training catalogue's own tests search for (Kopi,
 * Monsoon, rock, Siu Ma …) are kept out, so a search finds the same training
 * events with or without the generated ones.
 */
import { admission, type Admission } from '../events/house-rules'
import { t } from '../events/text'
import { duration, openHours } from '../events/time-words'
import type { Genre, LocalizedText } from '../types'

/** Singapore neighbourhoods: the "where" of a generated title. */
export const places: readonly LocalizedText[] = [
  t('Marina Bay', '滨海湾', '濱海灣', 'Marina Bay'),
  t('Tiong Bahru', '中峇鲁', '中峇魯', 'Tiong Bahru'),
  t('Orchard', '乌节', '烏節', 'Orchard'),
  t('Katong', '加东', '加東', 'Katong'),
  t('Kampong Glam', '甘榜格南', '甘榜格南', 'Kampong Glam'),
  t('Chinatown', '牛车水', '牛車水', 'Chinatown'),
  t('Little India', '小印度', '小印度', 'Little India'),
  t('Sentosa', '圣淘沙', '聖淘沙', 'Sentosa'),
  t('Jurong', '裕廊', '裕廊', 'Jurong'),
  t('Tampines', '淡滨尼', '淡濱尼', 'Tampines'),
  t('Bukit Timah', '武吉知马', '武吉知馬', 'Bukit Timah'),
  t('Serangoon', '实龙岗', '實龍崗', 'Serangoon'),
  t('Punggol', '榜鹅', '榜鵝', 'Punggol'),
  t('Clementi', '金文泰', '金文泰', 'Clementi'),
  t('Bedok', '勿洛', '勿洛', 'Bedok'),
  t('Changi', '樟宜', '樟宜', 'Changi'),
  t('Queenstown', '女皇镇', '女皇鎮', 'Queenstown'),
  t('Toa Payoh', '大巴窑', '大巴窯', 'Toa Payoh'),
  t('Ang Mo Kio', '宏茂桥', '宏茂橋', 'Ang Mo Kio'),
  t('Geylang', '芽笼', '芽籠', 'Geylang'),
]

/** The season's theme: the "what" of a generated title. */
export const themes: readonly LocalizedText[] = [
  t('Harbour Lights', '海港灯火', '海港燈火', 'Cahaya Pelabuhan'),
  t('Midnight Garden', '午夜花园', '午夜花園', 'Taman Tengah Malam'),
  t('Golden Hour', '黄金时刻', '黃金時刻', 'Waktu Keemasan'),
  t('Rain and Rhythm', '雨与节奏', '雨與節奏', 'Hujan dan Irama'),
  t('Paper Lanterns', '纸灯笼', '紙燈籠', 'Tanglung Kertas'),
  t('Sea Breeze', '海风', '海風', 'Angin Laut'),
  t('Old Friends', '老朋友', '老朋友', 'Kawan Lama'),
  t('First Light', '第一道曙光', '第一道曙光', 'Cahaya Pertama'),
  t('Island Stories', '岛屿故事', '島嶼故事', 'Kisah Pulau'),
  t('Spice Route', '香料之路', '香料之路', 'Laluan Rempah'),
  t('Night Owls', '夜猫子', '夜貓子', 'Burung Hantu Malam'),
  t('Orchid Season', '兰花季', '蘭花季', 'Musim Orkid'),
  t('Jade Moon', '玉月', '玉月', 'Bulan Jed'),
  t('Shophouse Tales', '店屋故事', '店屋故事', 'Kisah Rumah Kedai'),
  t('New Horizons', '新视野', '新視野', 'Ufuk Baharu'),
  t('Starry Skies', '星空下', '星空下', 'Langit Berbintang'),
  t('The Long Weekend', '长周末', '長週末', 'Hujung Minggu Panjang'),
  t('Tides and Tales', '潮汐与传说', '潮汐與傳說', 'Pasang Surut dan Cerita'),
  t('Red Dot Rising', '小红点崛起', '小紅點崛起', 'Kebangkitan Titik Merah'),
  t('Jasmine Evening', '茉莉之夜', '茉莉之夜', 'Malam Melur'),
  t('City of Gardens', '花园城市', '花園城市', 'Kota Taman'),
  t('Durian Days', '榴莲时节', '榴槤時節', 'Musim Durian'),
  t('Blue Hour', '蓝调时刻', '藍調時刻', 'Waktu Biru'),
  t('Silver Rain', '银色细雨', '銀色細雨', 'Hujan Perak'),
]

export const promoters: readonly string[] = [
  'Lion City Live',
  'Straits Stage Company',
  'Red Dot Events',
  'Equator Arts',
  'Merlion Productions',
  'Kallang Sports Promotions',
  'Garden City Presents',
  'Peranakan Arts Collective',
]

export interface GenreProfile {
  genre: Genre
  /** "Comedy Night", "Food Fair" … */
  format: LocalizedText
  /** The synopsis's second sentence. */
  about: LocalizedText
  /** Seed venue ids that suit the genre. */
  venues: readonly string[]
  language: string
  /** Standard price of the best tier at a seated venue, or the one price at a standing one; lower tiers step down. */
  price: number
  bookingFee: number
  duration: LocalizedText
  admissionRules: LocalizedText
  /** Show times to choose from. */
  times: readonly string[]
}

function profile(
  genre: Genre,
  format: LocalizedText,
  about: LocalizedText,
  rest: { venues: string[]; language: string; price: number; bookingFee: number; running: LocalizedText; rules: Admission; times: string[] },
): GenreProfile {
  const { running, rules, ...facts } = rest
  return { genre, format, about, ...facts, duration: running, admissionRules: admission(rules) }
}

const evening = ['19:30', '20:00']
const daytime = ['10:00', '11:00', '14:00']

/** One profile per genre, in the order of the genre list. */
export const genreProfiles: readonly GenreProfile[] = [
  profile(
    'Comedy',
    t('Comedy Night', '喜剧之夜', '喜劇之夜', 'Malam Komedi'),
    t(
      'Stand-up sets from local and regional comics, with an open-mic hour to close.',
      '本地及区域喜剧演员轮番登台表演单口喜剧，压轴为一小时开放麦。',
      '本地及區內棟篤笑演員輪番登場，壓軸為一小時開咪環節。',
      'Persembahan komedi berdiri daripada pelawak tempatan dan serantau, ditutup dengan sejam mikrofon terbuka.',
    ),
    { venues: ['recital-hall', 'warehouse-hall', 'grand-theatre'], language: 'English', price: 58, bookingFee: 3, running: duration(120, 15), rules: { minAge: 18, photo: 'none', late: 'break' }, times: ['20:00', '21:30'] },
  ),
  profile(
    'Concert',
    t('Music Festival', '音乐节', '音樂節', 'Festival Muzik'),
    t(
      'Bands and singer-songwriters on two stages, from acoustic sets to full electric shows.',
      '乐队与创作歌手在两个舞台轮番演出，从原声演奏到全电声现场。',
      '樂隊與唱作人在兩個舞台輪流演出，由不插電演奏到全電聲現場。',
      'Kumpulan muzik dan penyanyi-penulis lagu di dua pentas, daripada set akustik hingga persembahan elektrik penuh.',
    ),
    { venues: ['harbour-stadium', 'warehouse-hall', 'riverside-lawn'], language: 'English', price: 128, bookingFee: 4, running: duration(180), rules: { ticketFrom: 3, photo: 'no-flash', late: 'anytime' }, times: ['18:00', '19:30'] },
  ),
  profile(
    'Dance',
    t('Dance Showcase', '舞蹈展演', '舞蹈匯演', 'Pertunjukan Tarian'),
    t(
      'Contemporary and traditional companies share one evening of new choreography.',
      '现代与传统舞团同台，呈献一晚全新编舞作品。',
      '現代與傳統舞團同台，呈獻一晚全新編舞作品。',
      'Syarikat tarian kontemporari dan tradisional berkongsi satu malam koreografi baharu.',
    ),
    { venues: ['grand-theatre', 'recital-hall'], language: 'Non-verbal', price: 68, bookingFee: 3, running: duration(90, 20), rules: { minAge: 6, photo: 'none', late: 'break' }, times: evening },
  ),
  profile(
    'Family Entertainment',
    t('Family Fun Day', '家庭欢乐日', '家庭歡樂日', 'Hari Keluarga Ceria'),
    t(
      'Puppets, magic and sing-along songs for children and the grown-ups who bring them.',
      '木偶、魔术和儿歌合唱，适合儿童及陪同的大人。',
      '木偶、魔術和兒歌合唱，適合小朋友及陪同的大人。',
      'Boneka, silap mata dan lagu nyanyian bersama untuk kanak-kanak dan orang dewasa yang membawa mereka.',
    ),
    { venues: ['grand-theatre', 'expo-centre', 'riverside-lawn'], language: 'English', price: 32, bookingFee: 2, running: duration(60), rules: { ticketFrom: 2, photo: 'allowed', late: 'anytime' }, times: daytime },
  ),
  profile(
    'Film/Movies',
    t('Film Nights', '电影之夜', '電影之夜', 'Malam Filem'),
    t(
      'Restored classics and new Southeast Asian films, each with a short talk before the screening.',
      '修复经典与东南亚新片，每场放映前设简短导赏。',
      '修復經典與東南亞新片，每場放映前設簡短導賞。',
      'Filem klasik yang dipulihkan dan filem baharu Asia Tenggara, setiap tayangan didahului ceramah ringkas.',
    ),
    { venues: ['riverside-lawn', 'recital-hall'], language: 'English', price: 15, bookingFee: 1, running: duration(130), rules: { minAge: 13, photo: 'none', late: 'none' }, times: ['19:00', '21:30'] },
  ),
  profile(
    'Food & Beverage',
    t('Food Fair', '美食节', '美食節', 'Pesta Makanan'),
    t(
      'Hawker favourites, street snacks and cooking demonstrations by local chefs.',
      '小贩美食、街头小吃及本地厨师烹饪示范。',
      '小販美食、街頭小吃及本地廚師烹飪示範。',
      'Hidangan penjaja kegemaran, snek jalanan dan demonstrasi masakan oleh cef tempatan.',
    ),
    { venues: ['riverside-lawn', 'expo-centre'], language: 'English', price: 8, bookingFee: 1, running: openHours('11:00', '22:00'), rules: { ticketFrom: 7, photo: 'allowed', late: 'anytime' }, times: ['11:00'] },
  ),
  profile(
    'Lifestyle/Leisure',
    t('Weekend Market', '周末市集', '週末市集', 'Pasar Hujung Minggu'),
    t(
      'Makers, vintage stalls and live music over two relaxed days.',
      '手作人、古着摊位和现场音乐，度过两天悠闲时光。',
      '手作人、古著攤位和現場音樂，度過兩天悠閒時光。',
      'Pembuat kraf, gerai vintaj dan muzik langsung sepanjang dua hari yang santai.',
    ),
    { venues: ['expo-centre', 'riverside-lawn'], language: 'English', price: 5, bookingFee: 0, running: openHours('10:00', '20:00'), rules: { ticketFrom: 12, photo: 'allowed', late: 'anytime' }, times: ['10:00'] },
  ),
  profile(
    'MICE',
    t('Business Forum', '商业论坛', '商業論壇', 'Forum Perniagaan'),
    t(
      'Keynotes and panels on retail, travel and the events trade, with time to meet exhibitors.',
      '零售、旅游及活动业主题演讲和座谈，并设参展商交流时段。',
      '零售、旅遊及活動業主題演講和座談，並設參展商交流時段。',
      'Ucaptama dan panel tentang runcit, pelancongan dan industri acara, dengan masa untuk bertemu pempamer.',
    ),
    { venues: ['expo-centre'], language: 'English', price: 280, bookingFee: 0, running: openHours('09:00', '17:30'), rules: { minAge: 18, photo: 'no-flash', late: 'anytime' }, times: ['09:00'] },
  ),
  profile(
    'Merchandise',
    t("Collectors' Fair", '收藏品展销会', '收藏品展銷會', 'Pameran Pengumpul'),
    t(
      'Figures, trading cards and limited prints from independent sellers.',
      '独立卖家带来模型、集换式卡牌及限量版画。',
      '獨立賣家帶來模型、集換式卡牌及限量版畫。',
      'Patung figura, kad dagangan dan cetakan terhad daripada penjual bebas.',
    ),
    { venues: ['expo-centre', 'warehouse-hall'], language: 'English', price: 12, bookingFee: 1, running: openHours('11:00', '21:00'), rules: { ticketFrom: 7, photo: 'allowed', late: 'anytime' }, times: ['11:00'] },
  ),
  profile(
    'Musical',
    t('Musical', '音乐剧', '音樂劇', 'Muzikal'),
    t(
      'A new musical of neighbours, first loves and one very noisy HDB corridor.',
      '一部关于邻里、初恋和一条热闹组屋走廊的全新音乐剧。',
      '一部關於街坊、初戀和一條熱鬧組屋走廊的全新音樂劇。',
      'Muzikal baharu tentang jiran, cinta pertama dan sebuah koridor HDB yang sangat bising.',
    ),
    { venues: ['grand-theatre'], language: 'English', price: 118, bookingFee: 4, running: duration(150, 20), rules: { minAge: 6, photo: 'none', late: 'break' }, times: ['14:00', '19:30'] },
  ),
  profile(
    'Orchestra',
    t('Symphony Concert', '交响音乐会', '交響音樂會', 'Konsert Simfoni'),
    t(
      'Favourite symphonies and a new commission, with a pre-concert talk.',
      '经典交响曲与全新委约作品，音乐会前设导赏讲座。',
      '經典交響曲與全新委約作品，音樂會前設導賞講座。',
      'Simfoni kegemaran dan karya tugasan baharu, dengan ceramah sebelum konsert.',
    ),
    { venues: ['grand-theatre', 'recital-hall'], language: 'Non-verbal', price: 88, bookingFee: 4, running: duration(110, 20), rules: { minAge: 6, photo: 'none', late: 'break' }, times: evening },
  ),
  profile(
    'Seminar/Workshop',
    t('Creative Workshop', '创意工作坊', '創意工作坊', 'Bengkel Kreatif'),
    t(
      'Hands-on sessions in small groups, with all materials provided.',
      '小组动手实践课程，所有材料均已备齐。',
      '小組親手實踐課程，所有材料均已備齊。',
      'Sesi amali dalam kumpulan kecil, dengan semua bahan disediakan.',
    ),
    { venues: ['recital-hall', 'expo-centre'], language: 'English', price: 45, bookingFee: 2, running: duration(180, 15), rules: { minAge: 16, photo: 'allowed', late: 'none' }, times: daytime },
  ),
  profile(
    'Sports',
    t('Sports Cup', '体育杯赛', '體育盃賽', 'Piala Sukan'),
    t(
      'Club sides from across the region meet in a knockout final.',
      '来自区域各地的俱乐部球队在淘汰赛决赛中一决高下。',
      '來自區內各地的球會在淘汰賽決賽中一決高下。',
      'Pasukan kelab dari seluruh rantau bertemu dalam final kalah mati.',
    ),
    { venues: ['harbour-stadium'], language: 'English', price: 78, bookingFee: 3, running: duration(120, 15), rules: { ticketFrom: 3, photo: 'no-flash', late: 'anytime' }, times: ['16:00', '19:45'] },
  ),
  profile(
    'Theatre',
    t('Theatre Festival', '戏剧节', '戲劇節', 'Festival Teater'),
    t(
      'New short plays by Singaporean writers, performed in English, Mandarin and Malay.',
      '新加坡作家的全新短剧，以英语、华语及马来语演出。',
      '新加坡作家的全新短劇，以英語、華語及馬來語演出。',
      'Drama pendek baharu oleh penulis Singapura, dipentaskan dalam bahasa Inggeris, Mandarin dan Melayu.',
    ),
    { venues: ['grand-theatre', 'recital-hall'], language: 'Multilingual', price: 48, bookingFee: 3, running: duration(105, 15), rules: { minAge: 13, photo: 'none', late: 'break' }, times: ['15:00', '20:00'] },
  ),
]
