/** The own words of the family shows and films, by code, in the four API languages: title, synopsis, a house rule of their own, the advisory. */
import type { EventTexts } from './define-event'
import { t } from './text'

export const familyFilmTexts: Readonly<Record<string, EventTexts>> = {
  FY26PIPOTTER: {
    title: t('Pip the Otter Goes to Sea', '小水獭皮普出海记', '小水獺皮普出海記', 'Pip si Memerang ke Laut'),
    synopsis: t(
      'Puppetry, bubbles and sing-along songs follow a curious young otter from the Singapore River all the way out to sea. For children aged 2 to 8.',
      '木偶、泡泡与欢唱歌曲，陪伴一只好奇的小水獭从新加坡河一路游向大海。适合2至8岁儿童。',
      '木偶、泡泡及齊齊唱的歌曲，陪伴一隻好奇的小水獺由新加坡河一直游到大海。適合2至8歲小朋友。',
      'Boneka, buih dan lagu nyanyian bersama mengikuti seekor anak memerang yang ingin tahu dari Sungai Singapura hingga ke laut. Untuk kanak-kanak 2 hingga 8 tahun.',
    ),
  },

  FY26HFFGALA: {
    title: t(
      'Harbour Film Festival Opening Gala: The Last Ferry',
      '海港电影节开幕电影：末班渡轮',
      '海港電影節開幕電影：尾班渡輪',
      'Gala Pembukaan Festival Filem Harbour: Feri Terakhir',
    ),
    synopsis: t(
      'The festival opens with the premiere of a Singaporean drama about the last ferry from a southern island, followed by a Q&A with the director and cast.',
      '电影节以新加坡剧情片首映揭幕，讲述南部岛屿的最后一班渡轮，放映后设导演及演员问答环节。',
      '電影節以新加坡劇情片首映揭幕，講述南部島嶼的尾班渡輪，放映後設導演及演員答問環節。',
      'Festival dibuka dengan tayangan perdana drama Singapura tentang feri terakhir dari sebuah pulau selatan, diikuti sesi soal jawab bersama pengarah dan pelakon.',
    ),
    advisory: 'Rated NC16 for some coarse language.',
  },

  FY26MRKWEK: {
    title: t(
      'The Marvellous Mr Kwek: Magic for Kids',
      '神奇的郭先生：儿童魔术秀',
      '神奇郭先生：兒童魔術表演',
      'Encik Kwek yang Menakjubkan: Silap Mata untuk Kanak-kanak',
    ),
    synopsis: t(
      'Disappearing durians, a rabbit that refuses to leave the hat and plenty of help from the audience in a silly, gentle magic show for young families.',
      '榴莲凭空消失、兔子赖在帽子里不肯出来，还有观众踊跃帮忙——一场专为小家庭而设、轻松搞笑的魔术表演。',
      '榴槤憑空消失、兔仔賴在帽子裏不肯出來，還有觀眾踴躍幫忙——一場專為小家庭而設、輕鬆搞笑的魔術表演。',
      'Durian yang ghaib, arnab yang enggan keluar dari topi dan banyak bantuan penonton dalam pertunjukan silap mata yang lucu dan lembut untuk keluarga muda.',
    ),
  },

  FY26RIVERDOC: {
    title: t(
      'Rivers of Memory: Documentary Screening and Talk',
      '记忆之河：纪录片放映及座谈',
      '記憶之河：紀錄片放映及座談',
      'Sungai Kenangan: Tayangan Dokumentari dan Bicara',
    ),
    synopsis: t(
      'A documentary on the families who lived on the Singapore River before the 1980s clean-up, followed by a talk with the filmmaker and a river historian.',
      '一部讲述1980年代清河运动前生活在新加坡河上家庭的纪录片，放映后由导演与河川历史学者对谈。',
      '一部講述1980年代清河運動前居於新加坡河上家庭的紀錄片，放映後由導演與河道歷史學者對談。',
      'Dokumentari tentang keluarga yang tinggal di Sungai Singapura sebelum pembersihan 1980-an, diikuti bicara bersama pembikin filem dan ahli sejarah sungai.',
    ),
  },

  FY26PICBOOK: {
    title: t(
      'Write Your First Picture Book',
      '写出你的第一本绘本',
      '寫出你的第一本繪本',
      'Tulis Buku Bergambar Pertama Anda',
    ),
    synopsis: t(
      'Two award-winning local authors share how a picture book goes from idea to print, then help parents and kids draft their own story together.',
      '两位屡获殊荣的本地作家分享绘本从构思到出版的过程，并带领家长与孩子一起创作属于自己的故事。',
      '兩位屢獲殊榮的本地作家分享繪本由構思到出版的過程，並帶領家長與孩子一同創作屬於自己的故事。',
      'Dua penulis tempatan yang memenangi anugerah berkongsi perjalanan buku bergambar dari idea hingga dicetak, lalu membantu ibu bapa dan anak menulis cerita sendiri.',
    ),
    houseRule: t(
      'Paper, pencils and crayons are provided; children must be accompanied by a ticketed adult.',
      '现场提供纸张、铅笔及蜡笔；儿童须由持票成人陪同。',
      '現場提供紙張、鉛筆及蠟筆；小童須由持票成人陪同。',
      'Kertas, pensel dan krayon disediakan; kanak-kanak mesti ditemani orang dewasa yang bertiket.',
    ),
  },

  FY26LAWNMOVIES: {
    title: t('Movies on the Lawn', '草地电影夜', '草地電影夜', 'Filem di Padang Rumput'),
    synopsis: t(
      'Spread a mat under the stars for a different family-friendly classic each night on a giant outdoor screen, with popcorn carts from 6pm.',
      '在星空下铺上野餐垫，每晚于巨型户外银幕观赏不同的合家欢经典电影，傍晚6时起设爆米花摊。',
      '在星空下鋪上野餐墊，每晚於巨型戶外銀幕欣賞不同的合家歡經典電影，傍晚6時起設爆谷攤檔。',
      'Bentangkan tikar di bawah bintang untuk filem klasik mesra keluarga yang berbeza setiap malam di skrin luar gergasi, dengan kereta bertih jagung dari 6 petang.',
    ),
    houseRule: t(
      'Screenings go ahead in light rain; in a thunderstorm they are called off and tickets refunded.',
      '小雨照常放映；如遇雷暴则取消放映并退款。',
      '微雨照常放映；如遇雷暴則取消放映並退款。',
      'Tayangan diteruskan semasa hujan renyai; jika ribut petir, tayangan dibatalkan dan wang tiket dipulangkan.',
    ),
  },

  FY26DINOPLAY: {
    title: t('Dino Discovery Playland', '恐龙探索乐园', '恐龍探索樂園', 'Taman Permainan Penemuan Dinosaur'),
    synopsis: t(
      'Walk among 30 life-size animatronic dinosaurs, dig for fossils in the sandpit and meet a baby T. rex in a hall built for curious kids.',
      '与30只真实大小的电动恐龙同行，在沙池挖掘化石，还能与小暴龙见面，专为好奇的孩子打造。',
      '與30隻真實大小的機械恐龍同行，在沙池發掘化石，更可與小暴龍見面，專為好奇的小朋友打造。',
      'Berjalan di antara 30 dinosaur animatronik bersaiz sebenar, gali fosil di kotak pasir dan bertemu bayi T. rex di dewan yang dibina untuk kanak-kanak.',
    ),
  },
}
