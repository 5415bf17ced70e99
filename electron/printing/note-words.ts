import { formatMoney } from '../contract/money'
import { noteParams, type StaffNoteKey, type StaffNoteView } from '../contract/staff-note'
import type { PaperLanguage } from './paper-words'

/**
 * A sale's note for staff on paper (the refund slip's "Why"), in the paper's
 * language: the same sentences the recovery screen shows
 * (renderer/src/i18n/locales/checkout/*.json, `staffNotes`), kept here for
 * main, which has no vue-i18n. Kept apart from paper-words.ts so the notes
 * change with checkout's sentences, not with every other paper's words. The
 * Record's type holds that every sentence has its words in every language.
 */
type NoteWords = Record<StaffNoteKey | 'unknown', string>

const noteWords: Record<PaperLanguage, NoteWords> = {
  'en-SG': {
    unknown: 'unknown',
    paymentUnknown: 'The card terminal did not say whether payment {paymentKey} of {reference} went through. Check the terminal before refunding or selling again.',
    paymentStillUnknown: 'The card terminal still cannot say whether payment {paymentKey} of {reference} went through. Check the terminal.',
    cashInterrupted: 'A cash sale for {reference} stopped while taking the money. Check the drawer: complete it or give the cash back.',
    standaloneInterrupted: 'A standalone-terminal sale for {reference} stopped while its approval code {approvalCode} was being recorded. Check the standalone terminal: if it approved {amount}, reverse it there (the order was not confirmed), then sell again.',
    confirmUnknown: 'Payment {paymentRef} for {reference} was taken, but the vendor neither confirmed the order nor said whether it is confirmed ({detail}). Check the order at the vendor: hand over the tickets if it is confirmed, refund the payment if it is not.',
    refundFailed: 'Payment {paymentKey} of {reference} could not be refunded ({error}). Refund it on the terminal.',
    cashToGiveBack: 'Give back {amount} in cash for {reference}.',
    cardRefunded: 'Card payment {paymentKey} of {reference} was refunded.',
    standaloneToReverse: 'Reverse {amount} (approval code {approvalCode}, payment {paymentRef}) on the standalone terminal for {reference}. Foyer cannot refund a card taken on the standalone terminal.',
    counterRefundFailed: 'Refund of {reference}: the card terminal did not refund payment {paymentKey} ({error}). Refund it on the terminal.',
    counterCardRefunded: 'Card payment {paymentKey} of {reference} refunded.',
    counterCashRefunded: '{amount} given back in cash from the drawer for {reference}.',
    counterStandaloneToReverse: 'Reverse {amount} (approval code {approvalCode}) on the standalone terminal for {reference}.',
    refundApproved: 'Approved by {approvedBy}.',
    refundAskedAndApproved: 'Asked by {askedBy}, approved by {approvedBy}.',
    voidAtVendor: "Keep the returned tickets and void order {reference} in the vendor's back office.",
    splitRefunded: "Split sale {reference} refunded, each part its own way:",
    splitNotCompleted: 'Split sale {reference} could not be completed; each part goes back:',
    partCardRefunded: "Card payment {paymentKey} of {amount} refunded.",
    partCardNotRefunded: "Card payment {paymentKey} of {amount} NOT refunded ({error}): refund it on the terminal.",
    partCashBack: "Give back {amount} in cash from the drawer.",
    partStandaloneToReverse: "Reverse {amount} (approval code {approvalCode}) on the standalone terminal.",
    whyNotConfirmed: 'Why: the vendor did not confirm the order ({code}) and has it as {orderStatus}.',
    whyCustomerCancelled: 'Why: the customer gave up before paying the rest.',
    whyOrderLapsed: 'Why: the order ran out of time and could not be placed again ({code}).',
    whySplitInterrupted: 'Why: the sale stopped between its parts (Foyer restarted).',
    whySplitCardNotTaken: 'Why: the card part was not taken (found when Foyer restarted).',
    printMissing: 'Not all of the tickets and receipt of {reference} printed (the printer stopped). Reprint the missing ones here.',
  },
  'zh-CN': {
    unknown: '未知',
    paymentUnknown: '刷卡机未告知 {reference} 的付款 {paymentKey} 是否成功。请先查看刷卡机，再退款或重新销售。',
    paymentStillUnknown: '刷卡机仍无法告知 {reference} 的付款 {paymentKey} 是否成功。请查看刷卡机。',
    cashInterrupted: '{reference} 的现金销售在收款时中断。请检查钱箱：完成这笔销售，或把现金退还。',
    standaloneInterrupted: '{reference} 的独立刷卡机销售在记录授权码 {approvalCode} 时中断。请查看独立刷卡机：如果它批准了 {amount}，请在该机上撤销（订单未确认），然后重新销售。',
    confirmUnknown: '{reference} 的付款 {paymentRef} 已收取，但票务供应商既未确认订单，也未告知订单是否已确认（{detail}）。请在供应商处查看订单：已确认则交付门票，未确认则退还付款。',
    refundFailed: '{reference} 的付款 {paymentKey} 未能退款（{error}）。请在刷卡机上退款。',
    cashToGiveBack: '请为 {reference} 退还现金 {amount}。',
    cardRefunded: '{reference} 的刷卡付款 {paymentKey} 已退款。',
    standaloneToReverse: '请在独立刷卡机上为 {reference} 撤销 {amount}（授权码 {approvalCode}，付款 {paymentRef}）。Foyer 无法退还在独立刷卡机上刷的卡。',
    counterRefundFailed: '{reference} 的退款：刷卡机未能退还付款 {paymentKey}（{error}）。请在刷卡机上退款。',
    counterCardRefunded: '{reference} 的刷卡付款 {paymentKey} 已退款。',
    counterCashRefunded: '已从钱箱为 {reference} 退还现金 {amount}。',
    counterStandaloneToReverse: '请在独立刷卡机上为 {reference} 撤销 {amount}（授权码 {approvalCode}）。',
    refundApproved: '由 {approvedBy} 批准。',
    refundAskedAndApproved: '由 {askedBy} 申请，{approvedBy} 批准。',
    voidAtVendor: '请保留退回的门票，并在供应商后台作废订单 {reference}。',
    splitRefunded: "分开付款的销售 {reference} 已退款，每部分按各自方式退还：",
    splitNotCompleted: '分开付款的销售 {reference} 未能完成；每部分退还如下：',
    partCardRefunded: "刷卡付款 {paymentKey}（{amount}）已退款。",
    partCardNotRefunded: "刷卡付款 {paymentKey}（{amount}）未能退款（{error}）：请在刷卡机上退款。",
    partCashBack: "请从钱箱退还现金 {amount}。",
    partStandaloneToReverse: "请在独立刷卡机上撤销 {amount}（授权码 {approvalCode}）。",
    whyNotConfirmed: '原因：票务供应商未确认订单（{code}），订单状态为 {orderStatus}。',
    whyCustomerCancelled: '原因：顾客在支付余额前放弃了购买。',
    whyOrderLapsed: '原因：订单已超时，且未能重新下单（{code}）。',
    whySplitInterrupted: '原因：销售在两部分付款之间中断（Foyer 已重新启动）。',
    whySplitCardNotTaken: '原因：刷卡部分未收取（Foyer 重新启动时发现）。',
    printMissing: '{reference} 的门票和收据未能全部打印（打印机中途停止）。请在此补打未打印的部分。',
  },
  'zh-HK': {
    unknown: '不明',
    paymentUnknown: '付款機未有表明 {reference} 的付款 {paymentKey} 是否成功。請先查看付款機，再退款或重新銷售。',
    paymentStillUnknown: '付款機仍未能表明 {reference} 的付款 {paymentKey} 是否成功。請查看付款機。',
    cashInterrupted: '{reference} 的現金銷售在收款時中斷。請檢查錢箱：完成這宗銷售，或把現金退還。',
    standaloneInterrupted: '{reference} 的獨立咭機銷售在記錄授權碼 {approvalCode} 時中斷。請查看獨立咭機：如它批准了 {amount}，請在該機上撤銷（訂單未確認），然後重新銷售。',
    confirmUnknown: '{reference} 的付款 {paymentRef} 已收取，但票務供應商既未確認訂單，亦未表明訂單是否已確認（{detail}）。請向供應商查看訂單：已確認便交付門票，未確認便退還付款。',
    refundFailed: '{reference} 的付款 {paymentKey} 未能退款（{error}）。請在付款機上退款。',
    cashToGiveBack: '請為 {reference} 退還現金 {amount}。',
    cardRefunded: '{reference} 的信用卡付款 {paymentKey} 已退款。',
    standaloneToReverse: '請在獨立咭機上為 {reference} 撤銷 {amount}（授權碼 {approvalCode}，付款 {paymentRef}）。Foyer 無法退還在獨立咭機上過的咭。',
    counterRefundFailed: '{reference} 的退款：付款機未能退還付款 {paymentKey}（{error}）。請在付款機上退款。',
    counterCardRefunded: '{reference} 的信用卡付款 {paymentKey} 已退款。',
    counterCashRefunded: '已從錢箱為 {reference} 退還現金 {amount}。',
    counterStandaloneToReverse: '請在獨立咭機上為 {reference} 撤銷 {amount}（授權碼 {approvalCode}）。',
    refundApproved: '由 {approvedBy} 批准。',
    refundAskedAndApproved: '由 {askedBy} 申請，{approvedBy} 批准。',
    voidAtVendor: '請保留退回的門票，並在供應商後台作廢訂單 {reference}。',
    splitRefunded: "分開付款的銷售 {reference} 已退款，每部分按各自方式退還：",
    splitNotCompleted: '分開付款的銷售 {reference} 未能完成；每部分退還如下：',
    partCardRefunded: "咭付款 {paymentKey}（{amount}）已退款。",
    partCardNotRefunded: "咭付款 {paymentKey}（{amount}）未能退款（{error}）：請在付款機上退款。",
    partCashBack: "請從錢箱退還現金 {amount}。",
    partStandaloneToReverse: "請在獨立咭機上撤銷 {amount}（授權碼 {approvalCode}）。",
    whyNotConfirmed: '原因：票務供應商未有確認訂單（{code}），訂單狀態為 {orderStatus}。',
    whyCustomerCancelled: '原因：顧客在支付餘額前放棄了購買。',
    whyOrderLapsed: '原因：訂單已逾時，亦未能重新落單（{code}）。',
    whySplitInterrupted: '原因：銷售在兩部分付款之間中斷（Foyer 已重新啟動）。',
    whySplitCardNotTaken: '原因：咭付款部分未有收取（Foyer 重新啟動時發現）。',
    printMissing: '{reference} 的門票和收據未能全部列印（打印機中途停止）。請在此補印未列印的部分。',
  },
  'ms-MY': {
    unknown: 'tidak diketahui',
    paymentUnknown: 'Terminal kad tidak menyatakan sama ada bayaran {paymentKey} bagi {reference} berjaya. Semak terminal sebelum membuat bayaran balik atau menjual semula.',
    paymentStillUnknown: 'Terminal kad masih tidak dapat menyatakan sama ada bayaran {paymentKey} bagi {reference} berjaya. Semak terminal.',
    cashInterrupted: 'Jualan tunai bagi {reference} terhenti semasa wang diterima. Semak laci wang: selesaikan jualan itu atau pulangkan wang tunai.',
    standaloneInterrupted: 'Jualan terminal berasingan bagi {reference} terhenti semasa kod kelulusan {approvalCode} sedang direkodkan. Semak terminal berasingan: jika ia meluluskan {amount}, batalkan di sana (pesanan tidak disahkan), kemudian jual semula.',
    confirmUnknown: 'Bayaran {paymentRef} bagi {reference} telah diambil, tetapi pembekal tidak mengesahkan pesanan dan tidak menyatakan sama ada ia telah disahkan ({detail}). Semak pesanan di pihak pembekal: serahkan tiket jika ia disahkan, pulangkan bayaran jika tidak.',
    refundFailed: 'Bayaran {paymentKey} bagi {reference} tidak dapat dipulangkan ({error}). Buat bayaran balik di terminal.',
    cashToGiveBack: 'Pulangkan {amount} secara tunai bagi {reference}.',
    cardRefunded: 'Bayaran kad {paymentKey} bagi {reference} telah dipulangkan.',
    standaloneToReverse: 'Batalkan {amount} (kod kelulusan {approvalCode}, bayaran {paymentRef}) di terminal berasingan bagi {reference}. Foyer tidak dapat membuat bayaran balik kad yang diambil di terminal berasingan.',
    counterRefundFailed: 'Bayaran balik {reference}: terminal kad tidak memulangkan bayaran {paymentKey} ({error}). Buat bayaran balik di terminal.',
    counterCardRefunded: 'Bayaran kad {paymentKey} bagi {reference} telah dipulangkan.',
    counterCashRefunded: '{amount} dipulangkan secara tunai dari laci wang bagi {reference}.',
    counterStandaloneToReverse: 'Batalkan {amount} (kod kelulusan {approvalCode}) di terminal berasingan bagi {reference}.',
    refundApproved: 'Diluluskan oleh {approvedBy}.',
    refundAskedAndApproved: 'Diminta oleh {askedBy}, diluluskan oleh {approvedBy}.',
    voidAtVendor: 'Simpan tiket yang dipulangkan dan batalkan pesanan {reference} di pejabat belakang pembekal.',
    splitRefunded: "Jualan berpecah {reference} telah dibayar balik, setiap bahagian dengan caranya sendiri:",
    splitNotCompleted: 'Jualan berpecah {reference} tidak dapat diselesaikan; setiap bahagian dikembalikan:',
    partCardRefunded: "Bayaran kad {paymentKey} sebanyak {amount} telah dibayar balik.",
    partCardNotRefunded: "Bayaran kad {paymentKey} sebanyak {amount} TIDAK dibayar balik ({error}): bayar balik di terminal.",
    partCashBack: "Pulangkan {amount} secara tunai dari laci.",
    partStandaloneToReverse: "Batalkan {amount} (kod kelulusan {approvalCode}) di terminal berasingan.",
    whyNotConfirmed: 'Sebab: pembekal tidak mengesahkan pesanan ({code}) dan merekodkannya sebagai {orderStatus}.',
    whyCustomerCancelled: 'Sebab: pelanggan berhenti sebelum membayar bakinya.',
    whyOrderLapsed: 'Sebab: pesanan tamat masa dan tidak dapat dibuat semula ({code}).',
    whySplitInterrupted: 'Sebab: jualan terhenti antara bahagian-bahagiannya (Foyer dimulakan semula).',
    whySplitCardNotTaken: 'Sebab: bahagian kad tidak diambil (didapati semasa Foyer dimulakan semula).',
    printMissing: 'Tidak semua tiket dan resit bagi {reference} dicetak (pencetak berhenti). Cetak semula yang tertinggal di sini.',
  },
}

/** Fills `{name}` slots; a slot with no value stays as written, so a missing value shows rather than vanishes. */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot)

/** The note in `language`; a note an older Foyer wrote in English is printed as it is. */
export function staffNoteOnPaper(note: StaffNoteView, language: PaperLanguage): string {
  if (note.kind === 'legacy') return note.text
  const words = noteWords[language]
  return note.sentences.map((sentence) => fill(words[sentence.key], noteParams(sentence, (cents) => formatMoney(cents, language), words.unknown))).join(' ')
}
