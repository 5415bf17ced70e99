import type { TestCardName } from '../../contract/checkout-channels'
import { TEST_CARDS } from '../../terminal-protocol/test-cards'

/**
 * The bodies the simulated terminal answers with, shaped as an Adyen terminal
 * shapes them (Terminal API, nexo Sale-to-POI): a Response object with Result
 * and ErrorCondition, AdditionalResponse as URL-encoded key=value pairs, and
 * receipts as lines of URL-encoded `key=…&name=…&value=…`.
 */
export type Header = Record<string, unknown> & { MessageCategory?: string; SaleID?: string; ServiceID?: string; POIID?: string }

export const failure = (errorCondition: string, message: string) => ({
  Result: 'Failure',
  ErrorCondition: errorCondition,
  AdditionalResponse: new URLSearchParams({ message }).toString(),
})

const receiptLine = (name: string, value: string, key: string) => ({
  Alignment: 'Left',
  CharacterStyle: 'Normal',
  EndOfLineFlag: true,
  Text: new URLSearchParams({ key, name, value }).toString(),
})

/** Everything a card receipt needs, as the terminal prints it (brand, masked PAN, AID, auth code, result). */
function receipts(card: (typeof TEST_CARDS)[TestCardName], maskedPan: string, authCode: string, amount: string, approved: boolean) {
  const lines = (copy: string) => [
    receiptLine('Foyer training terminal', '', 'header1'),
    receiptLine('Card', maskedPan, 'pan'),
    receiptLine('Brand', card.brand.toUpperCase(), 'paymentMethod'),
    receiptLine('AID', card.aid, 'aid'),
    ...(approved ? [receiptLine('Auth. code', authCode, 'authCode')] : []),
    receiptLine('Total', `SGD ${amount}`, 'totalAmount'),
    receiptLine(approved ? 'APPROVED' : 'DECLINED', '', 'approved'),
    receiptLine(copy, '', 'copy'),
  ]
  return [
    { DocumentQualifier: 'CashierReceipt', RequiredSignatureFlag: false, OutputContent: { OutputFormat: 'Text', OutputText: lines('Merchant copy') } },
    { DocumentQualifier: 'CustomerReceipt', RequiredSignatureFlag: false, OutputContent: { OutputFormat: 'Text', OutputText: lines('Cardholder copy') } },
  ]
}

const maskedPanOf = (pan: string): string => {
  const digits = pan.replaceAll(' ', '')
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`
}

export interface PaymentAnswerInput {
  card: TestCardName
  /** What came of it: the error condition, or null for an approval. */
  errorCondition: string | null
  message: string
  saleTransaction: unknown
  poiTransactionId: string
  timeStamp: string
  amount: number
  currency: string
  authCode: string
  poiid: string
}

/** A PaymentResponse body: approved with the card's data and receipts, or failed with the error condition. */
export function paymentAnswer(input: PaymentAnswerInput): Record<string, unknown> {
  const card = TEST_CARDS[input.card]
  const maskedPan = maskedPanOf(card.pan)
  const approved = input.errorCondition === null
  const additional = new URLSearchParams({
    AID: card.aid,
    cardScheme: card.brand,
    paymentMethod: card.brand,
    ...(approved ? { authCode: input.authCode } : { refusalReason: input.message }),
    ...(approved ? {} : { message: input.message }),
  }).toString()
  // A card the customer never presented leaves no card data; one that was read does, approved or not.
  const cardRead = input.card !== 'no-card' && input.errorCondition !== 'Cancel'
  return {
    Response: approved
      ? { Result: 'Success', AdditionalResponse: additional }
      : { Result: 'Failure', ErrorCondition: input.errorCondition, AdditionalResponse: additional },
    SaleData: { SaleTransactionID: input.saleTransaction },
    POIData: { POITransactionID: { TransactionID: input.poiTransactionId, TimeStamp: input.timeStamp } },
    ...(cardRead
      ? {
          PaymentResult: {
            PaymentType: 'Normal',
            AmountsResp: { AuthorizedAmount: approved ? input.amount : 0, Currency: input.currency },
            PaymentInstrumentData: { PaymentInstrumentType: 'Card', CardData: { MaskedPan: maskedPan, PaymentBrand: card.brand, EntryMode: ['Contactless'] } },
            ...(approved ? { PaymentAcquirerData: { AcquirerPOIID: input.poiid, MerchantID: 'FoyerTraining', ApprovalCode: input.authCode } } : {}),
          },
          PaymentReceipt: receipts(card, maskedPan, input.authCode, input.amount.toFixed(2), approved),
        }
      : {}),
  }
}
