/** The own words of the stage events (plays, musicals, dance, stand-up comedy), by code, in the four API languages: title, synopsis, a house rule of their own, the advisory. */
import type { EventTexts } from './define-event'
import { t } from './text'

export const stageTexts: Readonly<Record<string, EventTexts>> = {
  FY26HAMLET: {
    title: t('Hamlet in the Straits', '海峡上的哈姆雷特', '海峽上的哈姆雷特', 'Hamlet di Selat'),
    synopsis: t(
      "Shakespeare's tragedy moves to a 1920s Straits trading house, where a grieving heir suspects his uncle of murder. In English, with a live gamelan score.",
      '莎士比亚悲剧移师1920年代的海峡贸易商行，悲痛的继承人怀疑叔父谋杀亲父。以英语演出，甘美兰乐队现场伴奏。',
      '莎士比亞悲劇移師1920年代的海峽商行，傷痛的繼承人懷疑叔父殺害父親。以英語演出，甘美蘭樂隊現場伴奏。',
      'Tragedi Shakespeare berlatarkan rumah dagang Selat tahun 1920-an, apabila seorang waris yang berduka mengesyaki bapa saudaranya pembunuh. Dalam bahasa Inggeris, diiringi gamelan.',
    ),
    advisory: 'Contains depictions of violence and the use of theatrical smoke.',
  },

  FY26LANTERNKD: {
    title: t("The Lantern Keeper's Daughter", '守灯人的女儿', '守燈人的女兒', 'Anak Perempuan Penjaga Tanglung'),
    synopsis: t(
      'A girl who keeps the lanterns of a kampong lit sets out to find the moon that went missing on Mid-Autumn night. A new family musical with original songs.',
      '一个负责点亮甘榜灯笼的女孩，在中秋夜出发寻找失踪的月亮。一部全新原创家庭音乐剧。',
      '一個負責點亮甘榜燈籠的女孩，在中秋夜出發尋找失蹤的月亮。全新原創合家歡音樂劇。',
      'Seorang gadis penjaga tanglung kampung keluar mencari bulan yang hilang pada malam Pertengahan Musim Luruh. Muzikal keluarga baharu dengan lagu asli.',
    ),
  },

  FY26KOPIKAYA: {
    title: t('Kopi & Kaya: The Musical', '咖啡与咖椰：音乐剧', '咖啡與咖椰：音樂劇', 'Kopi & Kaya: Muzikal'),
    synopsis: t(
      "When a developer eyes Mum & Dad's old kopitiam, three siblings must save it with one last breakfast rush. A feel-good musical in English and Singlish.",
      '当开发商看中爸妈的老咖啡店，三兄妹必须靠最后一场早餐高峰拯救它。一部以英语和新加坡式英语演出的温馨音乐剧。',
      '發展商看中爸媽的老咖啡店，三兄妹必須靠最後一場早餐繁忙時段拯救它。以英語及星式英語演出的溫馨音樂劇。',
      'Apabila pemaju mengincar kopitiam lama Mak & Ayah, tiga beradik perlu menyelamatkannya dengan satu kesibukan sarapan terakhir. Muzikal ceria dalam bahasa Inggeris dan Singlish.',
    ),
  },

  FY26MOONLANE: {
    title: t('Moonlit Lane', '月光小巷', '月光小巷', 'Lorong Cahaya Bulan'),
    synopsis: t(
      'A Mandarin musical about two neighbours in a 1960s shophouse lane whose friendship survives floods, fires and fifty years of change. English and Chinese surtitles.',
      '一部华语音乐剧，讲述1960年代店屋小巷里两位邻居的友谊，历经水灾、火灾和五十年的变迁。设中英文字幕。',
      '一部華語音樂劇，講述1960年代店屋小巷兩位鄰居的友誼，歷經水災、火災及五十年變遷。設中英文字幕。',
      'Muzikal Mandarin tentang dua jiran di lorong rumah kedai tahun 1960-an yang persahabatannya bertahan melalui banjir, kebakaran dan lima dekad perubahan. Sari kata Inggeris dan Cina.',
    ),
  },

  FY26MONSOONBODY: {
    title: t('Monsoon Bodies', '季风之躯', '季候風之軀', 'Tubuh Monsun'),
    synopsis: t(
      'Eight dancers and a percussion ensemble move through the rhythm of the monsoon, from the first heavy drops to the flooded calm that follows.',
      '八位舞者与敲击乐团随季风的节奏起舞，从第一阵骤雨到雨后积水的宁静。',
      '八位舞者與敲擊樂團隨季候風的節奏起舞，由第一場驟雨到雨後水浸的寧靜。',
      'Lapan penari dan ensembel perkusi bergerak mengikut rentak monsun, dari titisan hujan lebat pertama hingga ketenangan selepas banjir.',
    ),
    advisory: 'Some scenes contain strobe lighting and haze.',
  },

  FY26SWANLAKE: {
    title: t('Straits Ballet Theatre: Swan Lake', '海峡芭蕾舞团：天鹅湖', '海峽芭蕾舞團：天鵝湖', 'Teater Balet Selat: Tasik Angsa'),
    synopsis: t(
      "Tchaikovsky's ballet returns in a full-length staging with 40 dancers and live orchestra, as Prince Siegfried falls for Odette, the enchanted swan queen.",
      '柴可夫斯基的芭蕾舞剧以全本形式回归，40位舞者与现场乐团呈献，讲述齐格弗里德王子爱上被施咒的天鹅公主奥杰塔。',
      '柴可夫斯基的芭蕾舞劇以全劇形式回歸，40位舞者與現場樂團呈獻，講述齊格菲王子愛上被施咒的天鵝公主奧傑塔。',
      'Balet Tchaikovsky kembali dalam pementasan penuh dengan 40 penari dan orkestra langsung, apabila Putera Siegfried jatuh cinta pada Odette, ratu angsa yang disumpah.',
    ),
  },

  FY26AUNTIEMABEL: {
    title: t(
      'Auntie Mabel Says "Can or Not?"',
      '梅宝安娣问：“可以吗？”',
      '梅寶安娣問：「得唔得？」',
      'Mak Cik Mabel Tanya "Boleh Tak?"',
    ),
    synopsis: t(
      "Singapore's nosiest auntie returns with a new stand-up hour on HDB life, family group chats and why you never, ever eat enough.",
      '新加坡最八卦的安娣带来全新单口喜剧，畅谈组屋生活、家庭群聊，以及为什么你永远吃不够。',
      '新加坡最八卦的安娣帶來全新棟篤笑，暢談組屋生活、家族群組，以及為何你永遠吃不夠。',
      'Mak cik paling penyibuk di Singapura kembali dengan komedi berdiri baharu tentang kehidupan HDB, sembang kumpulan keluarga dan sebab anda tak pernah cukup makan.',
    ),
    advisory: 'Contains strong language and mature humour.',
  },

  FY26SIUMA: {
    title: t('Siu Ma: Cantonese Stand-up Live', '小马粤语单口喜剧专场', '小馬棟篤笑', 'Siu Ma: Komedi Berdiri Kantonis'),
    synopsis: t(
      'Hong Kong-born, Singapore-based comic Siu Ma compares dim sum, property prices and parents in both cities. In Cantonese with English surtitles.',
      '生于香港、定居新加坡的喜剧演员小马，比较两地的点心、楼价与父母。以粤语演出，设英文字幕。',
      '香港出世、定居新加坡的棟篤笑藝人小馬，比較兩地的點心、樓價及父母。以粵語演出，設英文字幕。',
      'Pelawak kelahiran Hong Kong yang menetap di Singapura, Siu Ma, membandingkan dim sum, harga rumah dan ibu bapa di kedua-dua bandar. Dalam bahasa Kantonis, sari kata Inggeris.',
    ),
    advisory: 'Contains strong language.',
  },

  FY26BANGSAWAN: {
    title: t(
      'Puteri Gunung Ledang: A Bangsawan Revival',
      '马来歌剧班沙湾：勒当山公主',
      '馬來歌劇班沙灣：勒當山公主',
      'Bangsawan Puteri Gunung Ledang',
    ),
    synopsis: t(
      'The legend of the fairy princess of Mount Ledang and her seven impossible demands returns in lavish bangsawan style, with painted backdrops and a live orkes Melayu.',
      '勒当山仙女公主及其七个不可能实现的要求的传说，以华丽的班沙湾风格重现，配以彩绘布景和现场马来乐队。',
      '勒當山仙女公主及其七個不可能實現的要求之傳說，以華麗的班沙灣風格重現，配以彩繪佈景及現場馬來樂隊。',
      'Legenda puteri kayangan Gunung Ledang dan tujuh permintaannya yang mustahil kembali dalam gaya bangsawan yang megah, dengan latar lukisan dan orkes Melayu.',
    ),
  },

  FY26KANNAGI: {
    title: t('Kannagi: The Anklet of Fire', '坎娜姬：火焰脚镯', '坎娜姬：火焰腳鐲', 'Kannagi: Gelang Kaki Api'),
    synopsis: t(
      'A Tamil retelling of the ancient epic: wronged by a king, Kannagi walks into Madurai with one anklet and a demand for justice. English surtitles.',
      '以泰米尔语重新演绎古老史诗：蒙受国王冤屈的坎娜姬手持一只脚镯走进马杜赖，要求讨回公道。设英文字幕。',
      '以泰米爾語重新演繹古老史詩：蒙受國王冤屈的坎娜姬手持一隻腳鐲走進馬杜賴，要求討回公道。設英文字幕。',
      'Kisah epik purba dalam bahasa Tamil: dianiaya oleh raja, Kannagi melangkah ke Madurai dengan sebelah gelang kaki dan menuntut keadilan. Sari kata Inggeris.',
    ),
  },

  FY26NEONTIGER: {
    title: t('Neon Tiger', '霓虹虎', '霓虹虎', 'Harimau Neon'),
    synopsis: t(
      'A washed-up getai singer and a teenage beatboxer team up to win one last talent contest in this loud, funny musical set in a 1990s night market.',
      '过气歌台歌手与少年Beatbox高手联手，争取赢得最后一场才艺比赛。一部热闹搞笑、以1990年代夜市为背景的音乐剧。',
      '過氣歌台歌手與少年Beatbox高手聯手，爭取贏得最後一場才藝比賽。一部熱鬧搞笑、以1990年代夜市為背景的音樂劇。',
      'Penyanyi getai yang sudah pudar dan remaja pemain beatbox bergabung untuk memenangi satu pertandingan bakat terakhir dalam muzikal lucu berlatarkan pasar malam 1990-an.',
    ),
  },

  FY26NAVARASA: {
    title: t(
      'Nava Rasa: Nine Emotions in Bharatanatyam',
      '九味：婆罗多舞中的九种情感',
      '九味：婆羅多舞中的九種情感',
      'Nava Rasa: Sembilan Emosi dalam Bharatanatyam',
    ),
    synopsis: t(
      'Nine soloists each dance one of the nine rasas of Indian aesthetics, from love and laughter to fury and peace, with live Carnatic musicians.',
      '九位独舞者各自演绎印度美学中的一种情味，从爱恋、欢笑到愤怒与宁静，由卡纳提克乐手现场伴奏。',
      '九位獨舞者各自演繹印度美學中的一種情味，由愛戀、歡笑到憤怒與寧靜，由卡納提克樂手現場伴奏。',
      'Sembilan penari solo masing-masing menarikan satu daripada sembilan rasa estetika India, dari cinta dan tawa hingga amarah dan damai, diiringi pemuzik Karnatik.',
    ),
  },

  FY26OPENMIC: {
    title: t('Open Mic Gold', '金牌开放麦', '金牌Open Mic之夜', 'Mikrofon Terbuka Emas'),
    synopsis: t(
      'Eight rising comics, eight tight sets and one host keeping order: a fast-moving night of new stand-up from the local circuit.',
      '八位新晋喜剧人、八段精炼演出，加上一位控场主持：一个节奏明快的本地单口喜剧新人之夜。',
      '八位新晉笑匠、八段精煉演出，加上一位控場主持：一個節奏明快的本地棟篤笑新人之夜。',
      'Lapan pelawak baharu, lapan set padat dan seorang hos yang mengawal suasana: malam komedi berdiri baharu yang rancak dari pentas tempatan.',
    ),
    advisory: 'Contains strong language.',
  },

  FY26VOIDDECK: {
    title: t('Voices from the Void Deck', '组屋楼下的声音', '組屋地下的聲音', 'Suara dari Kolong Blok'),
    synopsis: t(
      'Six actors, six monologues, one void deck: a cleaner, a bride, a grandfather and others tell the stories of a single HDB block over one day.',
      '六位演员、六段独白、一个组屋楼下空地：清洁工、新娘、老爷爷等人讲述一座组屋一天里的故事。',
      '六位演員、六段獨白、一個組屋地下空間：清潔工、新娘、老爺爺等人講述一座組屋一天裏的故事。',
      'Enam pelakon, enam monolog, satu kolong blok: seorang tukang cuci, pengantin, datuk dan lain-lain menceritakan kisah sebuah blok HDB dalam satu hari.',
    ),
  },
}
