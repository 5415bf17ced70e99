import { ipcMain, BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { channels, ContractErrorCode, CUSTOMER_DISPLAY_CHANNELS, CUSTOMER_DISPLAY_PUSHES, electronPushChannel, errorReply, type Reply } from '../contract'
import type { Dispatcher } from '../ipc-core/dispatcher'
import type { PushBus } from '../ipc-core/push-bus'
import { isTrustedSender, type SenderPolicy } from '../ipc-core/sender-policy'

function senderIsTrusted(event: IpcMainInvokeEvent, policy: SenderPolicy): boolean {
  try {
    const frame = event.senderFrame
    const window = BrowserWindow.fromWebContents(event.sender)
    return isTrustedSender(
      {
        frameUrl: frame?.url,
        isMainFrame: frame !== null && frame === event.sender.mainFrame,
        isOwnWindow: window !== null,
      },
      policy,
    )
  } catch {
    // A frame Electron has already disposed throws when read: it is no one we trust.
    return false
  }
}

const untrusted = (): Reply<never> =>
  errorReply({ code: ContractErrorCode.UntrustedSender, messageKey: 'errors.contract.untrustedSender', retryable: false })

/**
 * Registers one ipcMain handler per contract channel. Each checks the sender
 * frame, then hands the payload to the dispatcher, which validates it; the
 * reply is always a Reply envelope, never a rejected promise. The customer
 * display's window (`isCustomerPage`, by its webContents) is the same renderer
 * but another sender: it may call the customer display's channel and no other.
 */
export function handleContract(dispatcher: Dispatcher, policy: SenderPolicy, isCustomerPage: (contentsId: number) => boolean = () => false): void {
  for (const channel of Object.keys(channels)) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Reply<unknown>> => {
      if (isCustomerPage(event.sender.id) && !CUSTOMER_DISPLAY_CHANNELS.includes(channel)) return untrusted()
      if (!senderIsTrusted(event, policy)) return untrusted()
      return dispatcher.dispatch(channel, payload, { transport: 'ipc' })
    })
  }
}

/** Forwards every push on the bus to every Foyer window; the customer display's window hears its own push only. */
export function forwardPushes(pushes: PushBus, isCustomerPage: (contentsId: number) => boolean = () => false): () => void {
  return pushes.attach((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (window.isDestroyed()) continue
      if (isCustomerPage(window.webContents.id) && !CUSTOMER_DISPLAY_PUSHES.includes(name)) continue
      window.webContents.send(electronPushChannel(name), payload)
    }
  })
}
