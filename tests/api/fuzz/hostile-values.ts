import fc from 'fast-check'

const MB = 1024 * 1024

/** Strings that broke or could break something: NUL, lone surrogates, other controls, bidi overrides, 1 MB. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'nul\u0000byte',
    '\u0000',
    'a\uD800b',
    '\uDFFF',
    '\uD83D',
    'ctl\u0001\u0008\u000b\u000c\u001f',
    '\u202Eevil\u2066name\u2069',
    'e\u0301',
    '',
    ' ',
    '-1',
    'NaN',
    'Infinity',
    '1e309',
    '9'.repeat(400),
    '../../etc/passwd',
    "'; DROP TABLE posts; --",
    '%00',
    'x'.repeat(1_000_000),
    'nul\u0000'.repeat(190_000),
    'é'.repeat(MB),
  ),
  // Any UTF-16 code unit, so lone surrogates and controls land anywhere in a string.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
)

const hostileNumber = fc.oneof(
  fc.constantFrom(
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    2 ** 53 + 1,
    -(2 ** 63),
    2 ** 31,
    -1,
    0,
    -0,
    0.5,
    1e308,
    -1e-308,
  ),
  fc.double(),
  fc.integer(),
)

/** A value of any JSON type, including wrong ones: numbers, booleans, null, arrays and nested objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileText, weight: 4 },
    { arbitrary: hostileNumber, weight: 2 },
    { arbitrary: fc.constantFrom(true, false, null, [], {}), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc.dictionary(
        hostileText.filter((k) => k.length < 50),
        tie('value'),
        { maxKeys: 3 },
      ),
      weight: 1,
    },
  ),
})).value

/** Characters that must not get stored as they are: NUL, lone surrogates, controls, bidi overrides, decomposed text. */
const taint = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDC00',
  '\u0001',
  '\u000b',
  '\u001f',
  '\u202E',
  '\u2066',
  'e\u0301',
  '\r\n',
  '\t',
)

/** A good value with bad characters put in it, so it still passes every other check and reaches the database. */
export function tainted(text: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat(text.length), fc.array(taint, { minLength: 1, maxLength: 3 }))
    .map(([at, bad]) => `${text.slice(0, at)}${bad.join('')}${text.slice(at)}`)
}

/** Percent-encodes for a URL; a lone surrogate goes out as the (invalid) UTF-8 bytes a careless client would send. */
export function encodeComponent(text: string): string {
  let out = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else out += encodeURIComponent(ch)
  }
  return out
}

/** URL parts no encoder would produce: bad escapes, overlong NUL, dot segments, encoded slashes. */
const rawUrlPart = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '..',
  '%2e%2e',
  '%2F',
  'a%00b',
  '%E2%80%AE',
)

/** Node refuses request heads over 16 KB (431) before the app sees them, so longer URL parts test nothing. */
const URL_PART_MAX = 16_000

/** A path segment or query value: a known-good id (so the handler runs), a hostile string, or a raw bad escape. */
export function urlPart(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known).map(encodeURIComponent), weight: 4 },
    {
      arbitrary: fc
        .constantFrom(...known)
        .chain(tainted)
        .map(encodeComponent),
      weight: 2,
    },
    { arbitrary: hostileText.map((t) => encodeComponent(t.slice(0, URL_PART_MAX))), weight: 2 },
    { arbitrary: rawUrlPart, weight: 1 },
  )
}

/** A JSON body: prototype-poisoning keys spliced in, malformed or very deeply nested JSON. */
export const rawJsonBody = fc.constantFrom(
  '{"__proto__":{"isAdmin":true},"title":"t","content":"c","name":"n"}',
  '{"constructor":{"prototype":{"isAdmin":true}},"title":"t"}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '{"content":',
  'nul\u0000',
  '"\\ud800"',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
)
