import type { Ref } from 'vue'

/** Runs a request with its form's buttons disabled, so a second press cannot send it twice. */
export async function whileBusy<T>(busy: Ref<boolean>, request: () => Promise<T>): Promise<T> {
  busy.value = true
  try {
    return await request()
  } finally {
    busy.value = false
  }
}
