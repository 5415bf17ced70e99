/*
 * Here rather than in electron/sandbox/ because both sides of the wire read it:
 * the sandbox hands it out, and the training backend's payment client
 * (payment/training-terminal.ts) pairs with it, without importing the sandbox.
 */

/**
 * What a kiosk needs to pay at the simulated terminal, as staff would set up a
 * real one: its address, POIID, shared key and the root its certificate is
 * signed by; and the training controls beside the API.
 */
export interface SandboxTerminal {
  /** host:port of the terminal's Terminal API (a real terminal's is <its IP>:8443). */
  address: string
  poiid: string
  keyIdentifier: string
  keyVersion: number
  passphrase: string
  /** PEM of the root the terminal's certificate chain leads to. */
  rootCertificatePem: string
  /** The training controls (electron/sandbox/terminal/terminal-routes.ts). */
  controlUrl: string
}
