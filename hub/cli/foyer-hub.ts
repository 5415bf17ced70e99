import { foyerHub } from './subcommands'

// `foyer-hub`'s entry (bin/foyer-hub.mjs imports it): the subcommands' table is subcommands.ts.
const status = await foyerHub(process.argv.slice(2))
if (status !== 'running') process.exitCode = status
