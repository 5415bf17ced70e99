import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * README and docs/ are where a newcomer starts: every relative link in them must lead somewhere.
 * A link to a file must name one that exists; a link with `#anchor` must name a heading of that
 * page as GitHub makes its anchors. Links to the web are not followed (the tests run offline).
 */
const root = resolve(import.meta.dirname, '../..')

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name))
  return [join(root, 'README.md'), ...docs]
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
}

function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!)
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const broken: string[] = []
  for (const link of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue // http:, https:, mailto:
    const [path, anchor] = link.split('#') as [string, string | undefined]
    const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path))
    if (!existsSync(target)) {
      broken.push(`${link} (no such file)`)
      continue
    }
    if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
      broken.push(`${link} (no heading #${anchor})`)
    }
  }
  return broken.map((line) => `${relative(root, file)}: ${line}`)
}

describe('the documentation', () => {
  it('README fits on a screen or two: at most 12 KB', () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(12 * 1024)
  })

  it('every relative link in README and docs/ leads to a file and heading that exist', () => {
    const files = markdownFiles()
    expect(files.length).toBeGreaterThan(5)
    expect(files.flatMap(brokenLinks)).toEqual([])
  })

  it('the check sees a broken link: a missing file and a missing heading are both caught, code is not a link', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-links-'))
    const page = join(dir, 'page.md')
    writeFileSync(page, '# Set-up: the hub\n## Tests\n## Tests\n[a](nowhere.md) `[b](code.md)` [c](https://x.example)\n[d](#set-up-the-hub) [e](#tests-1) [f](#gone) [g](page.md#tests)\n')
    try {
      expect(brokenLinks(page).map((line) => line.slice(line.indexOf(': ') + 2))).toEqual(['nowhere.md (no such file)', '#gone (no heading #gone)'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
