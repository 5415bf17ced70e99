import { contextBridge, ipcRenderer } from 'electron'
import { createFoyerApi, electronPushChannel, type FoyerTransport } from '../contract/api'
import type { Reply } from '../contract/reply'

const transport: FoyerTransport = {
  invoke: (channel, request) => ipcRenderer.invoke(channel, request) as Promise<Reply<unknown>>,
  subscribe(push, listener) {
    const channel = electronPushChannel(push)
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, forward)
    return () => {
      ipcRenderer.removeListener(channel, forward)
    }
  },
}

// One frozen object of domain methods; the renderer never sees ipcRenderer.
contextBridge.exposeInMainWorld('foyer', createFoyerApi(transport))
