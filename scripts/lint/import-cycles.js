// @ts-check
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * An ESLint rule: no cycle of imports between Foyer's own modules (.ts and .vue), value imports
 * and `import type` alike. It takes the place of import-x/no-cycle, which skips every type-only import
 * with no option to count them (eslint-plugin-import-x 4.18: "importKind === 'type'" returns early),
 * and which built a full export map of every module it walked: two fifths of lint's time. A type-only
 * cycle costs nothing at run time, but it is the same tangle: two modules that each need the other to
 * be understood, and the next value import along it is a real cycle.
 *
 * Edges are a module's imports, re-exports and `import()` calls naming another of its project's modules:
 * a relative path, or an alias of tsconfig.json's `paths` (`@contract`); packages are not followed (a
 * package cannot import Foyer back). Read with TypeScript's own parser: the linted file from the text
 * ESLint was given (a single-file component's <script> blocks), every other module from disk (cached
 * by mtime, for the whole lint run).
 */

/** @typedef {{ target: string, typeOnly: boolean, at: number }} Edge */

const root = process.cwd()

/** tsconfig.json's path aliases, as [prefix, folder or file] (`@contract/*` → electron/contract/*). */
const aliases = (() => {
  /** @type {Record<string, string[]>} */
  const paths = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config?.compilerOptions?.paths ?? {}
  return Object.entries(paths).map(([alias, [target = '']]) => /** @type {const} */ ([alias.replace(/\*$/, ''), resolve(root, target.replace(/\*$/, ''))]))
})()

/** @type {Map<string, { mtimeMs: number, edges: Edge[] }>} */
const onDisk = new Map()

/** @param {string} path */
const isFile = (path) => existsSync(path) && statSync(path).isFile()

/**
 * The module of Foyer's a specifier names, or null (a package, or no .ts or .vue module there).
 * @param {string} from
 * @param {string} specifier
 * @returns {string | null}
 */
function resolveModule(from, specifier) {
  let base = null
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else {
    const alias = aliases.find(([prefix]) => specifier === prefix || (prefix.endsWith('/') && specifier.startsWith(prefix)))
    if (alias) base = alias[0].endsWith('/') ? join(alias[1], specifier.slice(alias[0].length)) : alias[1]
  }
  if (base === null) return null
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if ((candidate.endsWith('.ts') || candidate.endsWith('.vue')) && isFile(candidate)) return candidate
  }
  return null
}

/**
 * Whether an import brings only types (erased at run time). A re-export (`export type … from`)
 * counts as a value edge, as import-x/no-cycle counted it.
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
 * The script of a module: a .ts file's text, or a single-file component's <script> blocks, each kept
 * at its place (everything else blanked, line breaks kept), so a position in it is one in the file.
 * @param {string} file
 * @param {string} text
 */
function scriptOf(file, text) {
  if (!file.endsWith('.vue')) return text
  let script = text.replace(/[^\n]/g, ' ')
  for (const block of text.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    const start = /** @type {number} */ (block.index) + /** @type {string} */ (block[1]).length
    script = script.slice(0, start) + block[2] + script.slice(start + /** @type {string} */ (block[2]).length)
  }
  return script
}

/**
 * The modules a file imports, re-exports or loads with import(), each with whether only types come through.
 * @param {string} file
 * @param {string} text
 */
function edgesOf(file, text) {
  const source = ts.createSourceFile(file, scriptOf(file, text), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  /** @type {Edge[]} */
  const edges = []
  /** @param {import('typescript').Expression | undefined} specifier @param {import('typescript').Node} at @param {boolean} typeOnly */
  const add = (specifier, at, typeOnly) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return
    const target = resolveModule(file, specifier.text)
    if (target) edges.push({ target, typeOnly, at: at.getStart(source) })
  }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) add(statement.moduleSpecifier, statement, onlyTypes(statement))
  }
  /** @param {import('typescript').Node} node */
  const loads = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], node, false)
    ts.forEachChild(node, loads)
  }
  // The whole tree only where an import() may be: most modules have none.
  if (source.text.includes('import(')) loads(source)
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
 * A path of modules from `start` back to `home`, over every edge or over value edges only; null when
 * there is none. `cannot` holds the modules already known to lead nowhere near `home` (over the same
 * edges), and gains those this search finds so, so one file's imports are walked once between them.
 * @param {string} start
 * @param {string} home
 * @param {boolean} valuesOnly
 * @param {Set<string>} cannot
 * @returns {string[] | null}
 */
function pathHome(start, home, valuesOnly, cannot) {
  if (cannot.has(start)) return null
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
      if (cameFrom.has(target) || cannot.has(target)) continue
      cameFrom.set(target, file)
      queue.push(target)
    }
  }
  for (const file of cameFrom.keys()) cannot.add(file)
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid an import cycle between Foyer's own modules, through `import type` as well." },
    messages: {
      cycle: 'Import cycle: {{route}}. Move what both need to a module both can import.',
      typeCycle: 'Import cycle through a type-only import: {{route}}. Move the shared type to a module both can import.',
    },
    schema: [],
  },
  create(context) {
    const home = context.physicalFilename
    if (!home.endsWith('.ts') && !home.endsWith('.vue')) return {}
    return {
      Program() {
        const { sourceCode } = context
        const unreachable = { values: new Set(), any: new Set() }
        for (const edge of edgesOf(home, sourceCode.getText())) {
          if (edge.target === home) continue
          // A cycle of value imports is named as one even where a type-only way round exists too.
          const values = edge.typeOnly ? null : pathHome(edge.target, home, true, unreachable.values)
          const around = values ?? pathHome(edge.target, home, false, unreachable.any)
          if (!around) continue
          const route = [home, ...around, home].map((file) => relative(root, file)).join(' → ')
          context.report({ loc: sourceCode.getLocFromIndex(edge.at), messageId: values ? 'cycle' : 'typeCycle', data: { route } })
        }
      },
    }
  },
}
