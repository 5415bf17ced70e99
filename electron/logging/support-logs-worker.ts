import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { z } from 'zod'
import { recentLogs } from './recent-logs'

/**
 * A worker thread's script (support-logs.ts starts it): the newest logs read back, redacted and written
 * as JSON text here, off main. Made on main, 4 MB of lines held it 40-80 ms at a time however finely the
 * work was sliced: the garbage collector's pauses over tens of thousands of parsed lines, not the work.
 */
// On Linux a thread has a nice value of its own, and 0 here is this thread: on a busy two-core kiosk the
// scheduler then gives main's thread the core first (elsewhere it would be the whole process's).
if (process.platform === 'linux') setPriority(0, 19)

const asked = z.object({ dir: z.string().nullable(), budget: z.number().int().positive() }).safeParse(workerData)
// Said in words: a ZodError's own message does not survive the trip to the thread that started this one.
if (!asked.success) throw new Error(`the logs worker was asked wrongly: ${asked.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`)
parentPort!.postMessage(JSON.stringify(await recentLogs(asked.data.dir, asked.data.budget)))
