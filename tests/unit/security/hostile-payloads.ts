import fc from 'fast-check'

/**
 * What a compromised renderer (or a page that reached the browser host) could
 * send main: the hand-written corpus of known-nasty values, and fast-check's
 * arbitrary values from a fixed seed, so every run sends the same storm and a
 * failure can be replayed.
 */
export const FUZZ_SEED = 20_260_408

export const MEGABYTE_STRING = 'x'.repeat(1 << 20)

function nested(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = wrap(value)
  return value
}

/** Values with prototype-pollution keys as own properties, as JSON.parse and structured clone deliver them. */
export const pollutingValues = (): unknown[] => [
  JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  JSON.parse('{"prototype":{"polluted":"yes"},"__proto__":null}'),
  JSON.parse('{"a":{"__proto__":{"polluted":"yes"}},"__defineGetter__":"x","hasOwnProperty":"x","toString":"x","valueOf":1}'),
]

/** Single hostile values: used as whole payloads and in place of one field of a valid request. */
export function hostileValues(): unknown[] {
  return [
    undefined,
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 53,
    -(2 ** 53),
    10n,
    '',
    ' ',
    '1',
    '-1',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    'true',
    'null',
    'undefined',
    '[]',
    '{}',
    MEGABYTE_STRING,
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil\u202C',
    '\u200B\u200C\u200D\uFEFF',
    'e\u0301\u0301\u0301',
    '🎭'.repeat(10_000),
    '../../../../etc/passwd',
    '%2e%2e%2f%2e%2e%2f',
    '<script>window.__xss=1</script>',
    "'; DROP TABLE sales; --",
    '${process.exit(1)}',
    [],
    [[]],
    [1, 2, 3],
    new Array(100_000).fill(1),
    {},
    Object.create(null),
    { length: 1e9 },
    nested(5_000, 1, (inner) => ({ a: inner })),
    nested(5_000, 1, (inner) => [inner]),
    new Date(Number.NaN),
    new Date(0),
    new Map([['a', 1]]),
    new Set([1]),
    new Uint8Array(16),
    new ArrayBuffer(8),
    ...pollutingValues(),
  ]
}

/** Arbitrary values of every shape structured clone can carry, prototype keys included. */
export function arbitraryPayload(): fc.Arbitrary<unknown> {
  const nastyKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'pin', 'lang', 'productId', '')
  return fc.oneof(
    fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
      key: fc.oneof(fc.string(), nastyKey),
    }),
    fc.dictionary(nastyKey, fc.anything({ maxDepth: 2 })),
    fc.jsonValue().map((value) => JSON.parse(JSON.stringify({ __proto__x: 1, value }).replace('__proto__x', '__proto__')) as unknown),
  )
}

/** `count` arbitrary payloads, the same ones on every run. */
export function arbitraryPayloads(count: number, seedOffset = 0): unknown[] {
  return fc.sample(arbitraryPayload(), { seed: FUZZ_SEED + seedOffset, numRuns: count })
}

/**
 * One valid request broken in one place each way: every field left out, set
 * to each hostile value, or a number given as a string; plus extra fields and
 * prototype keys beside the valid ones.
 */
export function mutationsOf(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = []
  for (const key of Object.keys(valid)) {
    const { [key]: value, ...without } = valid
    out.push(without)
    for (const hostile of hostileValues()) out.push({ ...valid, [key]: hostile })
    if (typeof value === 'number') out.push({ ...valid, [key]: String(value) })
    if (typeof value === 'string') out.push({ ...valid, [key]: [value] }, { ...valid, [key]: { value } })
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of mutationsOf(value as Record<string, unknown>).slice(0, 40)) out.push({ ...valid, [key]: inner })
    }
  }
  out.push({ ...valid, extra: 1 }, [valid], JSON.stringify(valid))
  for (const polluting of pollutingValues()) out.push(Object.assign(JSON.parse(JSON.stringify(polluting)) as object, valid))
  return out
}
