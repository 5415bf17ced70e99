import { backup, restore } from './backup'
import { check } from './check'
import { parseCommand, usageOf, USAGE_STATUS, UsageError, type Subcommand } from './command'
import { migrate } from './migrate'
import { serve } from './serve'

/**
 * `foyer-hub`'s subcommands, in the order `foyer-hub --help` lists them, each in a file of its own
 * beside this one: a new one is a file exporting a Subcommand (command.ts) and its line here.
 */
export const SUBCOMMANDS: readonly Subcommand[] = [serve, migrate, check, backup, restore]

function usage(): string {
  const width = Math.max(...SUBCOMMANDS.map((c) => c.name.length)) + 2
  const lines = SUBCOMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`)
  return `Usage: foyer-hub <command> [options]\n\nFoyer Hub, the box office's own server.\n\nCommands:\n${lines.join('\n')}\n\n\`foyer-hub <command> --help\` says a command's options.\n`
}

/** Runs the command line; answers the exit status, or 'running' when the hub goes on serving. */
export async function foyerHub(args: string[]): Promise<number | 'running'> {
  const [name, ...rest] = args
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    ;(name === undefined ? process.stderr : process.stdout).write(usage())
    return name === undefined ? USAGE_STATUS : 0
  }
  const command = SUBCOMMANDS.find((c) => c.name === name)
  try {
    if (!command) throw new UsageError(`foyer-hub: no command ${JSON.stringify(name)}; the commands are ${SUBCOMMANDS.map((c) => c.name).join(', ')}.`)
    const parsed = parseCommand(command, rest)
    if (!parsed) {
      process.stdout.write(usageOf(command))
      return 0
    }
    return await command.run(parsed.values, parsed.positionals)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${command ? `\`foyer-hub ${command.name} --help\` says its options.` : '`foyer-hub --help` lists them.'}\n`)
      return USAGE_STATUS
    }
    process.stderr.write(`foyer-hub ${name}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}
