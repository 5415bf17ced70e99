import type { BackendKind } from '../contract'

/** Where one backend lives: the spec's {base_url}, {auth_url}, {image_base_url}, and the client's identity. */
export interface BackendEndpoints {
  kind: BackendKind
  baseUrl: string
  authUrl: string
  imageBaseUrl: string
  tenant: string
  clientId: string
}
