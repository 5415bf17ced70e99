import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's admin database: tests make a database of their own on it (hub-backends.ts). */
    hubPostgresAdminUrl: string
  }
}

/**
 * The `hub` project's global setup: one throwaway PostgreSQL cluster for the whole run (making one
 * takes seconds), each test file making its own database on it; stopped and removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster()
  project.provide('hubPostgresAdminUrl', cluster.adminUrl)
  return () => cluster.stop()
}
