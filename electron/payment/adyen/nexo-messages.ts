import { createHash, randomBytes } from 'node:crypto'
import type { CardReceipt, PaymentResult } from '../payment-port'

/**
 * The Terminal API messages Foyer sends (nexo Sale-to-POI, as Adyen documents
 * them) and how their answers become the payment port's outcomes.
 */
export interface Till {
  /** The POS's id at the terminal (MessageHeader.SaleID): one per kiosk or counter. */
  saleId: string
  poiid: string
}

type Category = 'Payment' | 'TransactionStatus' | 'Abort' | 'Reversal' | 'Diagnosis'

/**
 * A payment's ServiceID, made from its idempotency key: a status request after
 * a crash names the payment without anything but the journal's key. 10
 * alphanumerics, as the Terminal API allows.
 */
export function paymentServiceId(key: string): string {
  return createHash('sha256').update(key).digest('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 10)
}

/** Every other request's ServiceID: new each time. */
export const freshServiceId = (): string => randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 10)

function request(till: Till, category: Category, serviceId: string, body: Record<string, unknown>) {
  return {
    SaleToPOIRequest: {
      MessageHeader: {
        ProtocolVersion: '3.0',
        MessageClass: 'Service',
        MessageCategory: category,
        MessageType: 'Request',
        SaleID: till.saleId,
        ServiceID: serviceId,
        POIID: till.poiid,
      },
      [`${category}Request`]: body,
    },
  }
}

export function paymentRequest(till: Till, key: string, amountCents: number, currency: string, at: Date) {
  return request(till, 'Payment', paymentServiceId(key), {
    // The invoice reference and attempt: on the terminal's records and Adyen's, a retry is recognisably the same sale.
    SaleData: { SaleTransactionID: { TransactionID: key, TimeStamp: at.toISOString() }, SaleReferenceID: key },
    PaymentTransaction: { AmountsReq: { Currency: currency, RequestedAmount: amountCents / 100 } },
  })
}

const referenceTo = (till: Till, key: string) => ({ MessageCategory: 'Payment', SaleID: till.saleId, ServiceID: paymentServiceId(key) })

export const statusRequest = (till: Till, key: string) =>
  request(till, 'TransactionStatus', freshServiceId(), {
    MessageReference: referenceTo(till, key),
    DocumentQualifier: ['CashierReceipt', 'CustomerReceipt'],
    ReceiptReprintFlag: true,
  })

export const abortRequest = (till: Till, key: string) =>
  request(till, 'Abort', freshServiceId(), { MessageReference: referenceTo(till, key), AbortReason: 'MerchantAbort' })

export const reversalRequest = (till: Till, poiTransaction: { TransactionID: string; TimeStamp: string }) =>
  request(till, 'Reversal', freshServiceId(), { OriginalPOITransaction: { POITransactionID: poiTransaction }, ReversalReason: 'MerchantCancel' })

export const diagnosisRequest = (till: Till) => request(till, 'Diagnosis', freshServiceId(), { HostDiagnosisFlag: true })

// ------------------------------------------------------------------ answers

export interface NexoResponse {
  Result?: string
  ErrorCondition?: string
  AdditionalResponse?: string
}

/** AdditionalResponse is URL-encoded key=value pairs (or, from some terminals, base64 JSON: then nothing is read from it). */
export function additional(response: NexoResponse | undefined): URLSearchParams {
  const text = response?.AdditionalResponse ?? ''
  return text.includes('=') ? new URLSearchParams(text) : new URLSearchParams()
}

/** What the terminal said, in a line for the journal and staff. */
export function said(response: NexoResponse | undefined): string {
  const extra = additional(response)
  const message = extra.get('message') ?? extra.get('refusalReason')
  return [response?.ErrorCondition ?? response?.Result ?? 'no result', message].filter(Boolean).join(': ')
}

/**
 * A failed payment's ErrorCondition as the port's outcome. A busy terminal, or
 * one that cannot reach Adyen, took nothing (unavailable: try again), which is
 * not a decline; the customer or the till stopping it is a cancellation; only
 * the issuer or the card saying no is a decline.
 */
export function failedOutcome(errorCondition: string | undefined): PaymentResult['outcome'] {
  switch (errorCondition) {
    case 'Refusal':
    case 'InvalidCard':
    case 'WrongPin':
    case 'PaymentRestriction':
      return 'declined'
    case 'Cancel':
    case 'Aborted':
      return 'cancelled'
    case 'InProgress':
      // Another request of this payment is still with the customer: only its status can say.
      return 'unknown'
    default:
      // Busy, DeviceOut, UnavailableDevice, UnavailableService, UnreachableHost, LoggedOut, NotAllowed, MessageFormat, NotFound, InsertedCard.
      return 'unavailable'
  }
}

interface PaymentResponseBody {
  Response?: NexoResponse
  POIData?: { POITransactionID?: { TransactionID?: string; TimeStamp?: string } }
  PaymentResult?: {
    PaymentInstrumentData?: { CardData?: { MaskedPan?: string; PaymentBrand?: string; EntryMode?: string[] } }
    PaymentAcquirerData?: { ApprovalCode?: string }
  }
  PaymentReceipt?: { DocumentQualifier?: string; OutputContent?: { OutputText?: { Text?: string }[] } }[]
}

/** The customer receipt's lines as "name value" (the terminal sends each as URL-encoded key, name and value). */
function receiptLines(body: PaymentResponseBody): string[] {
  const receipt = body.PaymentReceipt?.find((r) => r.DocumentQualifier === 'CustomerReceipt') ?? body.PaymentReceipt?.[0]
  return (receipt?.OutputContent?.OutputText ?? [])
    .map((line) => {
      const fields = new URLSearchParams(line.Text ?? '')
      return [fields.get('name'), fields.get('value')].filter((part) => part).join(' ')
    })
    .filter((line) => line.length > 0)
    .slice(0, 40)
}

export interface ReadPayment {
  result: PaymentResult
  /** What a reversal of it names. */
  poiTransaction: { TransactionID: string; TimeStamp: string } | null
}

/** A PaymentResponse (answered, or repeated by a status request) as the port's result. */
export function readPayment(body: PaymentResponseBody | undefined): ReadPayment {
  const poi = body?.POIData?.POITransactionID
  const poiTransaction = poi?.TransactionID && poi.TimeStamp ? { TransactionID: poi.TransactionID, TimeStamp: poi.TimeStamp } : null
  const card = body?.PaymentResult?.PaymentInstrumentData?.CardData
  const extra = additional(body?.Response)
  const maskedPan = card?.MaskedPan ?? null
  const last4 = maskedPan && /\d{4}$/.test(maskedPan) ? maskedPan.slice(-4) : null
  const brand = card?.PaymentBrand ?? extra.get('cardScheme')
  const receipt: CardReceipt = {
    maskedPan,
    authCode: body?.PaymentResult?.PaymentAcquirerData?.ApprovalCode ?? extra.get('authCode'),
    aid: extra.get('AID'),
    entryMode: card?.EntryMode?.[0] ?? null,
    lines: body ? receiptLines(body) : [],
  }
  const common = { transactionId: poiTransaction?.TransactionID ?? null, brand: brand ? brand.toUpperCase() : null, last4 }
  const result = body?.Response?.Result
  if (result === 'Success') return { result: { outcome: 'approved', ...common, receipt }, poiTransaction }
  // A partial approval is not a sale Foyer can finish: the caller reverses it (see AdyenTerminal.charge).
  if (result === 'Partial') return { result: { outcome: 'unknown', ...common, receipt, detail: 'Partial' }, poiTransaction }
  return { result: { outcome: failedOutcome(body?.Response?.ErrorCondition), ...common, detail: said(body?.Response) }, poiTransaction }
}
