import { z } from 'zod'

/** Enumerations several parts of the contract share. */
export const appModeSchema = z.enum(['self-service', 'counter'])
export type AppMode = z.infer<typeof appModeSchema>

export const backendKindSchema = z.enum(['sandbox', 'staging', 'production'])
export type BackendKind = z.infer<typeof backendKindSchema>

export const hostKindSchema = z.enum(['electron', 'browser'])
export type HostKind = z.infer<typeof hostKindSchema>

