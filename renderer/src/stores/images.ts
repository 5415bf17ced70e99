import { defineStore } from 'pinia'
import { reactive } from 'vue'
import { useFoyer } from '../bridge/foyer'

/** Event images, fetched by main and handed over as data: URLs (the renderer has no network). */
export const useImagesStore = defineStore('images', () => {
  const urls = reactive(new Map<string, string | null>())

  function url(path: string | null): string | null {
    if (!path) return null
    if (!urls.has(path)) {
      urls.set(path, null)
      void useFoyer()
        .images.get({ path })
        .then((reply) => {
          if (reply.ok) urls.set(path, reply.value.dataUrl)
        })
    }
    return urls.get(path) ?? null
  }

  return { url }
})
