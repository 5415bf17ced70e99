/** The own words of the festivals and fairs, by code, in the four API languages: title, synopsis, a house rule of their own, the advisory. */
import type { EventTexts } from './define-event'
import { idCheck } from './house-rules'
import { t } from './text'

export const lifestyleTexts: Readonly<Record<string, EventTexts>> = {
  FY26SATAYRIVER: {
    title: t('Satay by the River', '河畔沙爹节', '河畔沙嗲節', 'Sate di Tepi Sungai'),
    synopsis: t(
      'Twenty hawker stalls fire up their grills for three evenings of satay, otah and sugarcane juice, with live xinyao and keroncong sets on the lawn.',
      '二十个小贩摊位点燃烤炉，一连三晚供应沙爹、乌打和甘蔗水，草地上还有新谣和克朗章音乐现场表演。',
      '二十個小販攤檔燃點烤爐，一連三晚供應沙嗲、烏打及蔗汁，草地上更有新謠及克朗章音樂現場表演。',
      'Dua puluh gerai penjaja menyalakan panggangan untuk tiga malam sate, otak-otak dan air tebu, dengan persembahan langsung xinyao dan keroncong di padang.',
    ),
  },

  FY26MAKERSMKT: {
    title: t('Sunset Makers Market', '日落创意市集', '日落創意市集', 'Pasar Kraf Senja'),
    synopsis: t(
      "Over 80 local makers sell ceramics, batik, plants and prints by the river, with free craft demos, buskers and a kids' colouring corner.",
      '逾80位本地创作人在河畔售卖陶瓷、峇迪布、植物和版画，并设免费手作示范、街头艺人表演及儿童涂色角。',
      '逾80位本地創作人在河畔售賣陶瓷、峇迪布、植物及版畫，並設免費手作示範、街頭藝人表演及兒童填色角。',
      'Lebih 80 pembuat tempatan menjual seramik, batik, tumbuhan dan cetakan di tepi sungai, dengan demo kraf percuma, pemuzik jalanan dan sudut mewarna kanak-kanak.',
    ),
  },

  FY26KPOPCAMP: {
    title: t('K-Pop Dance Bootcamp', 'K-Pop舞蹈训练营', 'K-Pop舞蹈訓練營', 'Kem Latihan Tarian K-Pop'),
    synopsis: t(
      'Learn two full routines in an afternoon from professional choreographers, then perform them in a group showcase filmed for you to keep.',
      '一个下午内向专业编舞师学会两支完整舞蹈，再参加集体展演，全程录像让你留念。',
      '一個下午內跟專業編舞師學會兩支完整舞蹈，再參與集體展演，全程錄影讓你留念。',
      'Pelajari dua rutin penuh dalam satu petang daripada koreografer profesional, kemudian persembahkannya dalam pertunjukan berkumpulan yang dirakam untuk simpanan anda.',
    ),
    houseRule: t(
      'Wear comfortable clothes and clean indoor shoes; bring water.',
      '请穿着舒适服装及干净的室内鞋，并自备饮用水。',
      '請穿著舒適衣服及乾淨的室內鞋，並自備飲用水。',
      'Pakai pakaian selesa dan kasut dalaman yang bersih; bawa air minuman.',
    ),
  },

  FY26HOPSHAWK: {
    title: t(
      'Hops & Hawkers Craft Beer Festival',
      'Hops & Hawkers 精酿啤酒节',
      'Hops & Hawkers 手工啤酒節',
      'Pesta Bir Kraf Hops & Hawkers',
    ),
    synopsis: t(
      "Forty brews from Southeast Asian craft breweries meet hawker favourites; your ticket includes a souvenir glass and four 'Try-a-Flight' tasting tokens.",
      '四十款东南亚精酿啤酒遇上小贩美食；门票包括纪念酒杯及四枚“试饮套餐”代币。',
      '四十款東南亞手工啤酒遇上小販美食；門票包括紀念酒杯及四枚「試飲套餐」代幣。',
      "Empat puluh bir dari kilang bir kraf Asia Tenggara bertemu hidangan penjaja; tiket termasuk gelas cenderamata dan empat token rasa 'Try-a-Flight'.",
    ),
    houseRule: idCheck,
    advisory: 'Alcohol is served; please drink responsibly.',
  },

  FY26TOYVAULT: {
    title: t(
      'Toy Vault: Designer Toy Pop-up',
      'Toy Vault 设计师玩具快闪店',
      'Toy Vault 設計師玩具期間限定店',
      'Toy Vault: Kedai Pop-up Mainan Pereka',
    ),
    synopsis: t(
      'Timed entry to a pop-up of limited-edition vinyl figures, blind boxes and prints from 25 Asian toy designers, with artist signings every hour.',
      '按时段入场的快闪店，汇集25位亚洲玩具设计师的限量搪胶公仔、盲盒和版画，每小时设艺术家签名会。',
      '按時段進場的期間限定店，雲集25位亞洲玩具設計師的限量搪膠公仔、盲盒及版畫，每小時設藝術家簽名會。',
      'Kemasukan berjadual ke kedai pop-up figura vinil edisi terhad, kotak misteri dan cetakan daripada 25 pereka mainan Asia, dengan sesi tandatangan setiap jam.',
    ),
    houseRule: t(
      'Limit of 2 of each item per customer.',
      '每款商品每人限购2件。',
      '每款貨品每人限購2件。',
      'Had 2 unit bagi setiap barangan untuk setiap pelanggan.',
    ),
  },

  FY26TROPCITY: {
    title: t('Tropical Cities Summit', '热带城市峰会', '熱帶城市高峰會', 'Sidang Kemuncak Bandar Tropika'),
    synopsis: t(
      'Planners, engineers and start-ups share how hot, dense cities stay liveable: cooling, water, transport and housing, in two days of talks and an exhibition.',
      '城市规划师、工程师与初创企业分享炎热密集的城市如何保持宜居：降温、水务、交通与住房，为期两天的讲座及展览。',
      '城市規劃師、工程師及初創企業分享炎熱密集的城市如何保持宜居：降溫、水務、交通及房屋，為期兩日的講座及展覽。',
      'Perancang, jurutera dan syarikat pemula berkongsi cara bandar panas dan padat kekal selesa didiami: penyejukan, air, pengangkutan dan perumahan, dalam dua hari.',
    ),
    houseRule: t(
      'Delegates must wear their badge at all times.',
      '与会者须全程佩戴证件。',
      '與會者須全程佩戴證件。',
      'Perwakilan mesti memakai lencana pada setiap masa.',
    ),
  },

  FY26KAMPONGTBL: {
    title: t(
      'Kampong to Table: Food Innovation Expo',
      '从甘榜到餐桌：食品创新博览会',
      '由甘榜到餐桌：食品創新博覽會',
      'Dari Kampung ke Meja: Ekspo Inovasi Makanan',
    ),
    synopsis: t(
      "Trade buyers meet 200 food producers, from urban farms to alternative-protein labs, with tasting stations, pitch sessions and a chefs' stage.",
      '业界买家与200家食品生产商会面，从城市农场到替代蛋白实验室，另设试吃站、项目推介会及厨师舞台。',
      '業界買家與200家食品生產商會面，由城市農場到替代蛋白實驗室，另設試食站、項目推介會及廚師舞台。',
      'Pembeli dagangan bertemu 200 pengeluar makanan, dari ladang bandar hingga makmal protein alternatif, dengan stesen rasa, sesi pembentangan dan pentas cef.',
    ),
    houseRule: t(
      'Trade visitors only: bring a business card for entry.',
      '仅限业界人士：入场时请出示名片。',
      '只限業界人士：進場時請出示名片。',
      'Pelawat perdagangan sahaja: bawa kad perniagaan untuk masuk.',
    ),
  },

  FY26PANELSPLUSH: {
    title: t(
      'Panels & Plushies: Comics and Collectibles Fair',
      'Panels & Plushies 漫画与收藏品展',
      'Panels & Plushies 漫畫及收藏品展',
      'Panels & Plushies: Pameran Komik dan Barangan Koleksi',
    ),
    synopsis: t(
      'An artist alley of 150 tables, rare-figure traders and a cosplay parade at 4pm. Props must be < 1.5 m long; anything > 1 m is checked at the door.',
      '设有150个摊位的创作者专区、稀有手办商家，以及下午4时的角色扮演巡游。道具须短于1.5米，超过1米须在入口检查。',
      '設有150個攤位的創作者專區、稀有模型商家，以及下午4時的Cosplay巡遊。道具須短於1.5米，超過1米須於入口檢查。',
      'Lorong artis dengan 150 meja, peniaga figura jarang ditemui dan perarakan cosplay pada 4 petang. Prop mesti kurang 1.5 m; prop melebihi 1 m diperiksa di pintu.',
    ),
  },

  FY26NESTFAIR: {
    title: t('Nest: The Home and Living Fair', '安居家居生活展', '安居家品生活展', 'Nest: Pameran Rumah dan Gaya Hidup'),
    synopsis: t(
      'Renovation firms, furniture makers and smart-home brands under one roof, with free BTO layout clinics and lucky draws every hour.',
      '装修公司、家具制造商与智能家居品牌齐聚一堂，设免费预购组屋格局咨询及每小时幸运抽奖。',
      '裝修公司、傢俬製造商及智能家居品牌匯聚一堂，設免費預購組屋間隔諮詢及每小時幸運抽獎。',
      'Firma pengubahsuaian, pembuat perabot dan jenama rumah pintar di bawah satu bumbung, dengan klinik susun atur BTO percuma dan cabutan bertuah setiap jam.',
    ),
  },

  FY26MONEYTALK: {
    title: t(
      'Money Matters: Retirement Planning Made Simple',
      '理财讲堂：轻松规划退休',
      '理財講堂：輕鬆規劃退休',
      'Hal Ehwal Wang: Perancangan Persaraan Mudah',
    ),
    synopsis: t(
      'An independent adviser explains CPF payouts, annuities and budgeting in plain language, with a live Q&A. In English; Mandarin handouts available.',
      '独立理财顾问以浅白语言讲解公积金支出、年金及预算规划，现场设问答环节。讲座以英语进行，备有中文讲义。',
      '獨立理財顧問以淺白語言講解公積金發放、年金及預算規劃，現場設答問環節。講座以英語進行，備有中文講義。',
      'Penasihat bebas menerangkan bayaran CPF, anuiti dan belanjawan dalam bahasa mudah, dengan soal jawab langsung. Dalam bahasa Inggeris; nota Mandarin disediakan.',
    ),
  },
}
