import { ipcMain, BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { channels, ContractErrorCode, electronPushChannel, errorReply, type Reply } from '../contract'
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

/**
 * Registers one ipcMain handler per contract channel. Each checks the sender
 * frame, then hands the payload to the dispatcher, which validates it; the
 * reply is always a Reply envelope, never a rejected promise.
 */
export function handleContract(dispatcher: Dispatcher, policy: SenderPolicy): void {
  for (const channel of Object.keys(channels)) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<Reply<unknown>> => {
      if (!senderIsTrusted(event, policy)) {
        return errorReply({
          code: ContractErrorCode.UntrustedSender,
          messageKey: 'errors.contract.untrustedSender',
          retryable: false,
        })
      }
      return dispatcher.dispatch(channel, payload, { transport: 'ipc' })
    })
  }
}

/** Forwards every push on the bus to every Foyer window. */
export function forwardPushes(pushes: PushBus): () => void {
  return pushes.attach((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(electronPushChannel(name), payload)
    }
  })
}
