/** pino-roll ships no types: the part of its API Foyer uses (node_modules/pino-roll/pino-roll.js). */
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom'

  interface PinoRollOptions {
    file: string | (() => string)
    size?: number | string
    frequency?: number | string
    extension?: string
    dateFormat?: string
    mkdir?: boolean
    sync?: boolean
    limit?: { count?: number; removeOtherLogFiles?: boolean }
  }

  export default function roll(options: PinoRollOptions): Promise<SonicBoom>
}
