import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'

/**
 * One of `foyer-hub`'s subcommands, each in a file of its own here. Its options are parsed strictly:
 * an option it does not know is refused in words (exit 2), so a typo in a unit file or a script
 * (`--date` for `--data`) stops the command instead of being ignored.
 */
export interface Subcommand {
  name: string
  /** One line, for `foyer-hub --help`. */
  summary: string
  /** What `foyer-hub <name> --help` prints under its usage line: the options and what they default to. */
  help: string
  /** Positional arguments it takes (`restore FILE`); none unless said. */
  positionals?: { usage: string; min: number; max: number }
  options: ParseArgsOptionsConfig
  /**
   * Does the work. Answers the exit status, or `'running'` for a command that goes on serving after it
   * returns (serve): the process then ends when its signals say.
   */
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number | 'running'>
}

/** Exit status for a command line refused: as getopt's programs and the shell's built-ins use it. */
export const USAGE_STATUS = 2

/** The command line is wrong (an unknown subcommand or option, a missing value): said to the operator, exit 2. */
export class UsageError extends Error {}

export function usageOf(command: Subcommand): string {
  const positionals = command.positionals ? ` ${command.positionals.usage}` : ''
  return `Usage: foyer-hub ${command.name} [options]${positionals}\n\n${command.summary}\n\n${command.help.trimEnd()}\n  --help              this text\n`
}

/** The command's arguments parsed, or a UsageError saying what is wrong. `--help` answers null. */
export function parseCommand(command: Subcommand, args: string[]): { values: Record<string, string | boolean | undefined>; positionals: string[] } | null {
  let parsed
  try {
    parsed = parseArgs({ args, options: { ...command.options, help: { type: 'boolean' } }, strict: true, allowPositionals: true })
  } catch (error) {
    // parseArgs says what it refused ("Unknown option '--date'"): passed on with the command it was given to.
    // (its advice on '--' for a positional that starts with one is cut: no command here takes such a positional).
    const said = (error instanceof Error ? error.message : String(error)).replace(/\. To specify a positional.*$/s, '.')
    throw new UsageError(`foyer-hub ${command.name}: ${said}`)
  }
  if (parsed.values['help']) return null
  const { min = 0, max = 0 } = command.positionals ?? {}
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    const extra = parsed.positionals.length > max ? `does not take ${JSON.stringify(parsed.positionals[max])}` : `needs ${command.positionals?.usage}`
    throw new UsageError(`foyer-hub ${command.name} ${extra}.`)
  }
  return { values: parsed.values, positionals: parsed.positionals }
}
