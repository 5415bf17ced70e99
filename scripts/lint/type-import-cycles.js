// @ts-check
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * An ESLint rule: no cycle of imports between modules of electron/ that runs
 * through an `import type`. import-x/no-cycle holds cycles of value imports,
 * but skips every type-only import, with no option to count them (its
 * source, eslint-plugin-import-x 4.18: "importKind === 'type'" returns early,
 * and the modules it walks drop `isOnlyImportingTypes` edges). A type-only
 * cycle costs nothing at run time, but it is the same tangle: two modules
 * that each need the other to be understood, and the next value import along
 * it is a real cycle. This rule reports only what import-x leaves out (a cycle
 * with at least one type-only edge), so a value cycle is reported once.
 *
 * Imports are read with TypeScript's own parser: the linted file from the
 * text ESLint was given, every other module from disk (cached by mtime).
 */

/** @typedef {{ target: string, typeOnly: boolean, at: number }} Edge */

/** @type {Map<string, { mtimeMs: number, edges: Edge[] }>} */
const onDisk = new Map()

/**
 * The .ts module a relative specifier names, or null (a package, or not a TypeScript module).
 * @param {string} from
 * @param {string} specifier
 * @returns {string | null}
 */
function resolveModule(from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [`${base}.ts`, resolve(base, 'index.ts'), base]) {
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/**
 * Whether an import brings only types (erased at run time), as import-x/no-cycle
 * tells them apart. A re-export (`export type … from`) counts as a value edge:
 * import-x/no-cycle follows those already.
 * @param {import('typescript').Statement} statement
 */
function onlyTypes(statement) {
  if (!ts.isImportDeclaration(statement)) return false
  const clause = statement.importClause
  if (!clause) return false // import './x' runs it
  if (clause.isTypeOnly) return true
  const named = clause.namedBindings
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
}

/**
 * The modules a file's source imports or re-exports, each with whether only types come through.
 * @param {string} file
 * @param {string} text
 */
function edgesOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  /** @type {Edge[]} */
  const edges = []
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier)) continue
    const target = resolveModule(file, specifier.text)
    if (target) edges.push({ target, typeOnly: onlyTypes(statement), at: statement.getStart(source) })
  }
  return edges
}

/** @param {string} file */
function edgesOnDisk(file) {
  const { mtimeMs } = statSync(file)
  const kept = onDisk.get(file)
  if (kept && kept.mtimeMs === mtimeMs) return kept.edges
  const edges = edgesOf(file, readFileSync(file, 'utf8'))
  onDisk.set(file, { mtimeMs, edges })
  return edges
}

/**
 * A path of modules from `start` back to `home`, over every edge or over value edges only; null when there is none.
 * @param {string} start
 * @param {string} home
 * @param {boolean} valuesOnly
 * @returns {string[] | null}
 */
function pathHome(start, home, valuesOnly) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift())
    for (const { target, typeOnly } of edgesOnDisk(file)) {
      if (valuesOnly && typeOnly) continue
      if (target === home) {
        const path = [file]
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) path.unshift(step)
        return path
      }
      if (cameFrom.has(target)) continue
      cameFrom.set(target, file)
      queue.push(target)
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const typeImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import cycle between modules that import-x/no-cycle misses because part of it is `import type`.' },
    messages: { cycle: 'Import cycle through a type-only import: {{route}}. Move the shared type to a module both can import.' },
    schema: [],
  },
  create(context) {
    const home = context.physicalFilename
    if (!home.endsWith('.ts')) return {}
    return {
      Program() {
        const { sourceCode } = context
        for (const edge of edgesOf(home, sourceCode.getText())) {
          if (edge.target === home) continue
          const around = pathHome(edge.target, home, false)
          if (!around) continue
          // A value import closing a cycle of value imports is import-x/no-cycle's to report.
          if (!edge.typeOnly && pathHome(edge.target, home, true)) continue
          const route = [home, ...around, home].map((file) => relative(process.cwd(), file)).join(' → ')
          context.report({ loc: sourceCode.getLocFromIndex(edge.at), messageId: 'cycle', data: { route } })
        }
      },
    }
  },
}
