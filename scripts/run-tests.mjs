#!/usr/bin/env node
// `npm test`: lint, the type checks (one build of three projects) and the five builds, then Vitest and Playwright.
// The checks and builds are one Node process each and mostly single-threaded, and none needs
// another's output, so they run side by side, as many at once as there are cores (two on the
// machines npm test is measured on); run one after another they left a core idle for a minute.
// Then Vitest, and beside it Playwright's `venue` project: its specs (a hub and four hosts, three
// minutes) mostly wait on the hub's 15 s heartbeats, and Vitest's stage alone left a core a sixth idle
// (its process tests wait on their children). The other Playwright projects follow as soon as either
// of those ends, so they overlap Vitest's last minutes rather than waiting for them. (All of
// Playwright beside all of Vitest from the start was tried twice and taken back: both are CPU-bound.
// The second time, the machine 1.97 of 2 cores busy instead of 1.90, the run took 11.8 min against 11.9,
// and a five-minute spec ran past its timeout.)
// A job's output is printed whole when it ends (the Playwright runs' once Vitest's has ended), so two
// jobs' lines never mix. Vitest's stage starts once a lane of the checks has nothing left to start and
// every build is done, unless a check has failed by then. Any failure fails the run.
// Each stage's wall time and CPU seconds (its processes' user + system, where /proc tells) are
// printed at the end, to see where the time goes.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { delimiter, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const bin = resolve(root, 'node_modules', '.bin')

/** The checks and builds: the longest first, so the last to start is a short one. */
const checks = [
  // Main's and the renderer's projects, then the tests' against their declarations (tsconfig.test.json):
  // one job, as the tests' check waits for the other two.
  ['typecheck: main, renderer, tests', 'vue-tsc -b tsconfig.test.json'],
  ['lint', 'eslint --max-warnings 0 .'],
  ['build: app', 'electron-vite build'],
  ['build: hub dashboard', 'vite build --config hub/dashboard/vite.config.ts'],
  ['build: seat-map harness', 'vite build --config tests/seatmap-harness/vite.config.ts'],
  ['build: browser host', 'node scripts/build-browser-host.mjs'],
  ['build: hub', 'node scripts/build-hub.mjs'],
]

/** CPU seconds of this process's finished children (and theirs), from /proc; null where there is none. */
function childrenCpuSeconds() {
  try {
    // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}

/**
 * Runs one command through the shell, its output kept (`quiet`) or passed through; settles with its
 * exit code. A quiet job's output is printed when it ends, or once `printAfter` has settled too;
 * `onEnd` is told as soon as the command ends, before that.
 */
function run(name, command, { quiet, env = {}, printAfter = Promise.resolve(), onEnd = () => {} }) {
  const started = Date.now()
  const child = spawn(command, {
    cwd: root,
    shell: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'), ...env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((settle) => {
    child.on('close', async (code, signal) => {
      onEnd()
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const ok = code === 0
      await printAfter
      if (quiet) process.stdout.write(`\n── ${name} (${command}): ${ok ? 'passed' : 'FAILED'} in ${seconds} s\n${ok && !output.trim() ? '' : output}`)
      settle(ok ? 0 : (code ?? signal ?? 1))
    })
  })
}

/** A build: what the second stage needs done (the E2E specs and the process tests run its output). */
const isBuild = (name) => name.startsWith('build: ')

/**
 * Runs `jobs` with at most `width` at once; settles with the names of those that failed (`failed`, which
 * fills as they end). `onLaneFree` is told once a lane finds nothing left to start and no build is running.
 */
async function pool(jobs, width, failed, onLaneFree = () => {}) {
  const queue = [...jobs]
  const running = new Set()
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      running.add(job[0])
      if ((await run(job[0], job[1], { quiet: true })) !== 0) failed.push(job[0])
      running.delete(job[0])
    }
    if (![...running].some(isBuild)) onLaneFree()
  }
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane))
  return failed
}

const stages = []
/**
 * The machine's busy CPU seconds so far (every process's, from /proc/stat's first line: all but idle and
 * iowait); null where there is none. The children's count above misses what a child's own children do
 * after it stops waiting for them (Chromium's renderers, under Playwright): this one misses nothing, and
 * counts other jobs on the machine too.
 */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
    const idle = ticks[3] + (ticks[4] ?? 0)
    return (ticks.slice(0, 8).reduce((sum, n) => sum + n, 0) - idle) / 100
  } catch {
    return null
  }
}

/**
 * Runs a stage and keeps its wall time, its children's CPU seconds and how busy the machine was. A stage may
 * start while the one before is still ending (see below): the CPU of that one's last jobs, counted when they
 * end, is taken off this one's.
 */
async function stage(name, body) {
  const earlier = stages.at(-1)
  const [cpu0, busy0, t0] = [childrenCpuSeconds(), machineBusySeconds(), Date.now()]
  const kept = { name, ok: false, seconds: 0, cpu: null, cores: null, cpuAtEnd: null }
  stages.push(kept)
  kept.ok = await body()
  const [cpu1, busy1] = [childrenCpuSeconds(), machineBusySeconds()]
  kept.seconds = (Date.now() - t0) / 1000
  kept.cpuAtEnd = cpu1
  const overlap = earlier?.cpuAtEnd != null && cpu0 !== null ? Math.max(0, earlier.cpuAtEnd - cpu0) : 0
  kept.cpu = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 - overlap
  kept.cores = busy0 === null || busy1 === null ? null : (busy1 - busy0) / kept.seconds
  return kept.ok
}
const runStarted = Date.now()

/** Vitest's JSON report, read back for the summary's list of failures. */
const VITEST_REPORT = 'test-results/vitest.json'

/**
 * The Vitest tests that failed, and those that passed only when run again (vitest.config.ts's retry), a line
 * each: file, name, the first line of what failed. A CI log is often seen only by its tail, and Vitest prints
 * its failures far above it, before Playwright's whole stage.
 */
function vitestTrouble() {
  const line = (name, t) => `  ${name} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`
  try {
    const report = JSON.parse(readFileSync(resolve(root, VITEST_REPORT), 'utf8'))
    const failed = []
    const flaky = []
    for (const file of report.testResults) {
      const name = relative(root, file.name)
      const tests = file.assertionResults
      if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed.push(`  ${name}: ${String(file.message ?? '').split('\n')[0]}`)
      for (const t of tests.filter((t) => t.status === 'failed')) failed.push(line(name, t))
      for (const t of tests.filter((t) => t.status === 'passed' && t.failureMessages?.length)) flaky.push(line(name, t))
    }
    return { failed, flaky }
  } catch {
    return { failed: [], flaky: [] }
  }
}

function summary() {
  const { failed, flaky } = vitestTrouble()
  if (failed.length) process.stdout.write(`\nVitest failed:\n${failed.join('\n')}\n`)
  if (flaky.length) process.stdout.write(`\nVitest passed only when run again (flaky, to be looked at):\n${flaky.join('\n')}\n`)
  const line = (s) =>
    `  ${s.ok ? 'ok    ' : 'FAILED'} ${s.name.padEnd(36)} ${s.seconds.toFixed(1).padStart(7)} s${s.cpu === null ? '' : `  (${s.cpu.toFixed(1)} CPU-s)`}${s.cores === null ? '' : `  machine ${s.cores.toFixed(2)} of ${availableParallelism()} cores busy`}`
  const total = (Date.now() - runStarted) / 1000
  process.stdout.write(`\nnpm test, stage by stage (the second starts once a lane of the first is free):\n${stages.map(line).join('\n')}\n  total ${(total / 60).toFixed(1)} min\n`)
}

const width = Math.max(2, availableParallelism())
// The second stage starts as soon as a lane of the first has nothing left to start, if nothing has failed by
// then: the type checks (the longest job) then end beside Vitest's first files rather than with a core idle.
// Every build is done by then (the type checks are the only job left). A check that fails after that fails
// the run all the same, once the second stage has ended.
const checksFailed = []
let laneFree
const aLaneFree = new Promise((resolve) => (laneFree = resolve))
const checksOk = stage(`checks and builds (${width} at once)`, async () => {
  const failed = await pool(checks, width, checksFailed, () => laneFree())
  if (failed.length) process.stdout.write(`\nFailed: ${failed.join(', ')}\n`)
  return failed.length === 0
})
await Promise.race([aLaneFree, checksOk])
let ok = checksFailed.length === 0
if (ok) {
  // All three run to the end even when one fails, so one run shows every failure. The Playwright runs
  // start no web server of their own for the builds (FOYER_E2E_PART, playwright.config.ts): the stage
  // above made them. The other specs start once the venue's have ended or Vitest has, whichever is
  // first: Vitest's last minutes are a few long process tests that leave a core half idle, and the
  // venue's mostly wait on heartbeats; run after both, as before, the E2E stage left a third of the
  // machine idle for five minutes.
  ok = await stage('vitest, and the E2E specs beside it', async () => {
    rmSync(VITEST_REPORT, { force: true })
    const vitest = run('vitest', `vitest run --reporter=default --reporter=json --outputFile.json=${VITEST_REPORT}`, { quiet: false })
    // When the venue's process ends: its run settles only once Vitest's has too (its output is printed after).
    let venueEnded
    const venueEnd = new Promise((resolve) => (venueEnded = resolve))
    const venue = run('playwright: venue', 'playwright test', { quiet: true, env: { FOYER_E2E_PART: 'venue' }, printAfter: vitest, onEnd: () => venueEnded() })
    const others = Promise.race([vitest, venueEnd]).then(() =>
      run('playwright', 'playwright test', { quiet: true, env: { FOYER_E2E_PART: 'others' }, printAfter: Promise.all([vitest, venue]) }),
    )
    const codes = await Promise.all([vitest, venue, others])
    return codes.every((code) => code === 0)
  })
}
ok = (await checksOk) && ok
summary()
process.exit(ok ? 0 : 1)
