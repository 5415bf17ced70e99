/** The own words of concerts and orchestras, by code, in the four API languages: title, synopsis, a house rule of their own, the advisory. */
import type { EventTexts } from './define-event'
import { idCheck } from './house-rules'
import { t } from './text'

export const musicTexts: Readonly<Record<string, EventTexts>> = {
  FY26NOVA9: {
    title: t(
      'NOVA9 World Tour: Starlight Odyssey',
      'NOVA9世界巡回演唱会：星光奥德赛 新加坡站',
      'NOVA9世界巡迴演唱會：星光奧德賽 新加坡站',
      'Jelajah Dunia NOVA9: Starlight Odyssey',
    ),
    synopsis: t(
      'The nine-member K-pop group NOVA9 brings its Starlight Odyssey tour to Singapore for two nights, with a 360-degree stage, new singles and fan-favourite hits.',
      '九人K-pop男团NOVA9携“星光奥德赛”巡演登陆新加坡，连续两晚以360度舞台呈献新单曲及人气金曲。',
      '九人K-pop男團NOVA9帶同「星光奧德賽」巡演登陸新加坡，一連兩晚以360度舞台獻唱新歌及人氣金曲。',
      'Kumpulan K-pop sembilan anggota NOVA9 membawa jelajah Starlight Odyssey ke Singapura selama dua malam, dengan pentas 360 darjah, single baharu dan lagu kegemaran peminat.',
    ),
    houseRule: t(
      'Light sticks are welcome; professional cameras and selfie sticks are not.',
      '欢迎携带应援棒；禁止携带专业相机及自拍杆。',
      '歡迎攜帶應援棒；嚴禁攜帶專業相機及自拍棒。',
      'Kayu lampu dialu-alukan; kamera profesional dan kayu swafoto tidak dibenarkan.',
    ),
    advisory: 'Pyrotechnics and strobe lighting are used throughout the show.',
  },

  FY26HPOMAHLER: {
    title: t(
      'Harbourfront Philharmonic: Mahler Symphony No. 5',
      '海港爱乐乐团：马勒第五交响曲',
      '海港愛樂樂團：馬勒第五交響曲',
      'Filharmonik Harbourfront: Simfoni No. 5 Mahler',
    ),
    synopsis: t(
      "Music director Clara Ong leads the orchestra in Mahler's Fifth Symphony, from its funeral march to the famous Adagietto, opening with a new Singaporean work.",
      '音乐总监王嘉乐执棒海港爱乐乐团，演绎马勒第五交响曲，从葬礼进行曲到著名的小柔板，并以一首新加坡新作揭开序幕。',
      '音樂總監王嘉樂指揮海港愛樂樂團，演繹馬勒第五交響曲，由送葬進行曲到著名的小慢板，並以一首新加坡新作揭開序幕。',
      'Pengarah muzik Clara Ong memimpin orkestra dalam Simfoni Kelima Mahler, dari mars pengebumian hingga Adagietto yang terkenal, dibuka dengan karya baharu Singapura.',
    ),
  },

  FY26NHCOSPRING: {
    title: t(
      'Nanyang Heritage Chinese Orchestra: Spring River in Moonlight',
      '南洋传承华乐团：春江花月夜',
      '南洋傳承中樂團：春江花月夜',
      'Orkestra Cina Warisan Nanyang: Sungai Musim Bunga di Bawah Cahaya Bulan',
    ),
    synopsis: t(
      'Erhu, pipa and guzheng soloists join the full orchestra for Chinese masterpieces and Nanyang folk tunes, ending with a lantern-lit Spring River in Moonlight.',
      '二胡、琵琶与古筝独奏家携手全团，演奏中国经典名曲与南洋民谣，最后在灯笼映照下奏响《春江花月夜》。',
      '二胡、琵琶及古箏獨奏家聯同全團，演奏中國經典名曲及南洋民謠，最後在燈籠映照下奏出《春江花月夜》。',
      'Pemain solo erhu, pipa dan guzheng bersama orkestra penuh membawakan karya agung Cina dan lagu rakyat Nanyang, diakhiri Spring River in Moonlight bertemankan tanglung.',
    ),
  },

  FY26FILMSYMPH: {
    title: t(
      'Cinema in Concert: A Century of Film Scores',
      '电影交响音乐会：百年电影配乐',
      '電影交響音樂會：百年電影配樂',
      'Konsert Sinema: Satu Abad Muzik Filem',
    ),
    synopsis: t(
      'A full orchestra plays a century of great film music while restored clips from classic Asian and Hollywood-era cinema fill the big screen above the stage.',
      '管弦乐团现场演奏百年经典电影配乐，舞台上方大银幕同步放映修复版亚洲及好莱坞经典电影片段。',
      '管弦樂團現場演奏百年經典電影配樂，舞台上方大銀幕同步放映修復版亞洲及荷里活經典電影片段。',
      'Orkestra penuh memainkan muzik filem terbaik sepanjang satu abad sambil klip filem klasik Asia dan era Hollywood yang dipulihkan ditayangkan di skrin besar.',
    ),
  },

  FY26MONSOON10: {
    title: t(
      'Seventh Monsoon 10th Anniversary Concert',
      '七月季风十周年演唱会',
      '七月季風十周年演唱會',
      'Konsert Ulang Tahun ke-10 Seventh Monsoon',
    ),
    synopsis: t(
      "Singapore's favourite Mandopop band marks ten years together with ballads, rock anthems and their first album, played in full for the first time.",
      '新加坡人气华语乐队七月季风迎来成军十周年，带来抒情歌、摇滚金曲，并首度完整演出首张专辑。',
      '新加坡人氣華語樂隊七月季風成軍十周年，帶來抒情歌、搖滾金曲，並首度完整演出首張專輯。',
      'Kumpulan Mandopop kegemaran Singapura meraikan sepuluh tahun bersama dengan balada, lagu rock dan album pertama mereka yang dimainkan penuh buat kali pertama.',
    ),
  },

  FY26EMERALDQ: {
    title: t(
      "Emerald Quartet: Beethoven's Late Quartets",
      '翡翠四重奏：贝多芬晚期弦乐四重奏',
      '翡翠四重奏：貝多芬晚期弦樂四重奏',
      'Kuartet Emerald: Kuartet Akhir Beethoven',
    ),
    synopsis: t(
      "The Emerald Quartet plays Beethoven's Op. 131 and the Grosse Fuge in an intimate evening, with a short talk from the players before each half.",
      '翡翠四重奏在温馨的夜晚演奏贝多芬作品131号及《大赋格》，上下半场开始前由乐手简短导赏。',
      '翡翠四重奏於親密的晚上演奏貝多芬作品131號及《大賦格》，上下半場開始前由樂手簡短導賞。',
      'Kuartet Emerald memainkan Op. 131 dan Grosse Fuge karya Beethoven dalam malam yang intim, dengan ceramah ringkas oleh pemuzik sebelum setiap babak.',
    ),
  },

  FY26TAYPIANO: {
    title: t(
      'Mei Ling Tay Piano Recital: Nocturnes by Night',
      '郑美玲钢琴独奏会：夜之夜曲',
      '鄭美玲鋼琴獨奏會：夜之夜曲',
      'Resital Piano Mei Ling Tay: Nokturna Waktu Malam',
    ),
    synopsis: t(
      "Pianist Mei Ling Tay pairs Chopin's nocturnes with night music by Debussy and a premiere from a young Singaporean composer.",
      '钢琴家郑美玲将肖邦的夜曲与德彪西的夜之音乐并置，并首演一位新加坡青年作曲家的新作。',
      '鋼琴家鄭美玲將蕭邦的夜曲與德布西的夜之音樂並置，並首演一位新加坡年輕作曲家的新作。',
      'Pemain piano Mei Ling Tay menggandingkan nokturna Chopin dengan muzik malam Debussy dan persembahan perdana karya komposer muda Singapura.',
    ),
  },

  FY26BLUENOTES: {
    title: t('Blue Notes After Dark', '午夜蓝调', '夜色藍調', 'Blue Notes Selepas Senja'),
    synopsis: t(
      'A late-night jazz quintet swings through standards and original tunes, then invites the audience to call out requests for the <Encore> set.',
      '深夜爵士五重奏演绎经典标准曲与原创作品，最后邀请观众点歌，组成<Encore>环节。',
      '深夜爵士五重奏演繹經典標準曲及原創作品，最後邀請觀眾點歌，組成<Encore>環節。',
      'Kuintet jaz lewat malam membawakan lagu standard dan ciptaan asli, kemudian menjemput penonton membuat permintaan untuk set <Encore>.',
    ),
    houseRule: idCheck,
  },

  FY26SILKSTRING: {
    title: t(
      'Strings of the Silk Road: Guzheng & Pipa Duo',
      '丝路之弦：古筝与琵琶二重奏',
      '絲路之弦：古箏與琵琶二重奏',
      'Tali Jalan Sutera: Duo Guzheng & Pipa',
    ),
    synopsis: t(
      "Two virtuosi trace the Silk Road from Xi'an to Samarkand in music for guzheng and pipa, old and new.",
      '两位演奏家以古筝与琵琶的新旧乐曲，沿丝绸之路从西安走到撒马尔罕。',
      '兩位演奏家以古箏及琵琶的新舊樂曲，沿絲綢之路由西安走到撒馬爾罕。',
      "Dua pemuzik ulung menjejaki Jalan Sutera dari Xi'an ke Samarkand melalui muzik lama dan baharu untuk guzheng dan pipa.",
    ),
  },

  FY26ROCKLAWN: {
    title: t(
      'Rock & Roll "Live" at the Lawn',
      'Rock & Roll "Live"：河畔草地摇滚夜',
      'Rock & Roll "Live"：河畔草地搖滾夜',
      'Rock & Roll "Live" di Padang Rumput',
    ),
    synopsis: t(
      "Three local bands and a '70s tribute act rock the riverside lawn from sunset; bring a mat, grab a drink & sing along.",
      '三支本地乐队与一支七十年代致敬乐队从日落时分起在河畔草地开唱；带上野餐垫，拿杯饮料，一起高歌。',
      '三隊本地樂隊及一隊七十年代致敬樂隊由日落起於河畔草地開唱；帶備野餐墊，拎杯飲品，一齊大合唱。',
      "Tiga kumpulan tempatan dan satu kumpulan tribut era '70-an menggegarkan padang tepi sungai dari senja; bawa tikar, ambil minuman & nyanyi bersama.",
    ),
    houseRule: t(
      'No outside alcohol; picnic mats are allowed, chairs are not.',
      '禁止自带酒精饮料；可携带野餐垫，但不可携带椅子。',
      '不准自攜酒精飲品；可攜帶野餐墊，但不可攜帶椅子。',
      'Minuman beralkohol dari luar tidak dibenarkan; tikar piknik dibenarkan, kerusi tidak.',
    ),
  },

  FY26BASSFREQ: {
    title: t('Bass Frequencies: Warehouse Sessions', '低频共振：仓库现场', '低頻共振：貨倉現場', 'Frekuensi Bes: Sesi Gudang'),
    synopsis: t(
      'Four DJs and a live drummer turn the warehouse into a club until late, with a full sound system and a lighting rig built for the night.',
      '四位DJ与一位现场鼓手将仓库变身深夜俱乐部，配备全套音响系统及专为当晚打造的灯光装置。',
      '四位DJ聯同一位現場鼓手將貨倉變身深夜會所，配備全套音響系統及為當晚度身打造的燈光裝置。',
      'Empat DJ dan seorang pemain dram secara langsung menjadikan gudang sebuah kelab hingga lewat malam, dengan sistem bunyi penuh dan pencahayaan khas.',
    ),
    houseRule: idCheck,
    advisory: 'Strobe lighting and loud music throughout.',
  },

  FY26KALLANGFER: {
    title: t(
      'The Kallang Ferries: Album Launch Gig',
      'The Kallang Ferries 新专辑发布音乐会',
      'The Kallang Ferries 新碟發佈音樂會',
      'The Kallang Ferries: Gig Pelancaran Album',
    ),
    synopsis: t(
      'The indie band launches its second album with a loud, sweaty hometown gig, supported by two up-and-coming acts from the local scene.',
      '独立乐队The Kallang Ferries以一场热血沸腾的主场演出发布第二张专辑，另有两组本地新晋乐团担任暖场嘉宾。',
      '獨立樂隊The Kallang Ferries以一場熱血沸騰的主場演出發佈第二張專輯，另有兩隊本地新晉樂隊擔任暖場嘉賓。',
      'Kumpulan indie ini melancarkan album kedua dengan gig tempatan yang bertenaga, disokong dua kumpulan baharu dari arena muzik tempatan.',
    ),
  },
}
