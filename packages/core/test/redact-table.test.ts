import { readFileSync } from 'node:fs'
import { redactSecrets, sanitizeToolError, ToolRegistry } from '@toolreg/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

/** The rows of the README's "What is redacted" table: [shape, text, what the model sees]. */
function tableRows(): [string, string, string][] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const start = readme.indexOf('#### What is redacted')
  // The section runs to the next heading: tables further down are not this one.
  const body = readme.indexOf('\n', start)
  const next = readme.slice(body).search(/^#{1,4} /m)
  const section = readme.slice(start, next < 0 ? undefined : body + next)
  const lines = section.split('\n').filter(l => l.startsWith('| '))
  const code = (cell: string) => {
    const m = /^`(.*)`$/.exec(cell.trim())
    if (!m) throw new Error('not a code cell: ' + cell)
    return m[1]
  }
  return lines.slice(1).map(l => {
    const [shape, text, seen] = l.slice(2, -2).split(' | ')
    return [shape, code(text), code(seen)]
  })
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('the README table of what is redacted', () => {
  const rows = tableRows()
  it('has a row per shape', () => expect(rows.length).toBeGreaterThanOrEqual(20))
  it.each(rows)('%s', (_shape, text, seen) => {
    expect(redactSecrets(text)).toBe(seen)
    // Idempotent, so the sanitizer's repeated passes settle.
    expect(redactSecrets(seen)).toBe(seen)
  })
})

describe('redaction items of issue 23', () => {
  it('#2 quoted secrets are redacted (Python repr, env, JSON)', () => {
    expect(redactSecrets(`password='s3cr3t!'`)).toBe(`password='[REDACTED]'`)
    expect(redactSecrets(`DB_PASSWORD="s3cr3t!"`)).toBe(`DB_PASSWORD="[REDACTED]"`)
    expect(redactSecrets(`access_token="tok-123"`)).toBe(`access_token="[REDACTED]"`)
    expect(redactSecrets(`client_secret='abc def'`)).toBe(`client_secret='[REDACTED]'`)
  })

  it('#3 URL credentials: a password with @ or /, and JSON-escaped slashes', () => {
    expect(redactSecrets('https://alice:p@ssTail@db.example.com/x')).toBe('https://[REDACTED]@db.example.com/x')
    expect(redactSecrets('https://alice:pa/ss@db.example.com')).toBe('https://[REDACTED]@db.example.com')
    expect(redactSecrets('https:\\/\\/alice:pw@host.example')).toBe('https:\\/\\/[REDACTED]@host.example')
    expect(redactSecrets('{"u":"https://alice:pw@h.example","v":"a@b"}')).toBe(
      '{"u":"https://[REDACTED]@h.example","v":"a@b"}',
    )
  })

  it('a PEM block with real line breaks, and one without its END line', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQ\nIBADAN\n-----END PRIVATE KEY-----'
    expect(redactSecrets(`key: ${pem} ok`)).toBe(
      'key: -----BEGIN PRIVATE KEY-----[REDACTED]-----END PRIVATE KEY----- ok',
    )
    expect(redactSecrets('-----BEGIN EC PRIVATE KEY-----\nMHcC')).toBe('-----BEGIN EC PRIVATE KEY-----[REDACTED]')
  })

  it('leaves look-alikes alone', () => {
    for (const text of [
      'basic authentication failed',
      'X-Request-Id: 42',
      'Missing key: user_id',
      'commit 3f786850e387550fdab836ed7e6dc881de23001b',
      'ASIA is a continent',
      'a bearer of bad news',
      'api_key: Instance type "number" is invalid.',
    ]) {
      expect(redactSecrets(text)).toBe(text)
    }
  })

  it('redacting a long hostile text stays linear (no shape backtracks)', () => {
    for (const hostile of ['//a:'.repeat(50_000), 'x-'.repeat(50_000), 'a'.repeat(200_000), 'eyJ.'.repeat(50_000)]) {
      const t = performance.now()
      redactSecrets(hostile)
      expect(performance.now() - t).toBeLessThan(1000)
    }
  })
})

/** Secrets of each listed shape: [planted text, the part that must not reach the model]. */
const token = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/)
const shapes: ((t: string) => [string, string])[] = [
  t => ['sk-proj-' + t, t],
  t => ['sk-ant-' + t, t],
  t => ['sk_live_' + t, t],
  t => ['rk_live_' + t, t],
  t => ['ghp_' + t, t],
  t => ['github_pat_' + t, t],
  t => ['xoxb-' + t, t],
  t => ['xapp-' + t, t],
  t => ['AKIA' + t.toUpperCase(), t.toUpperCase()],
  t => ['ASIA' + t.toUpperCase(), t.toUpperCase()],
  t => ['AIza' + t, t],
  t => ['Bearer ' + t, t],
  t => ['Basic ' + btoa('user:' + t), btoa('user:' + t)],
  t => [`eyJhbGciOiJub25lIn0.${t}.sig`, t],
  t => [`-----BEGIN RSA PRIVATE KEY-----\n${t}\n-----END RSA PRIVATE KEY-----`, t],
  t => [`https://user:${t}@db.example.com/x`, t],
  t => [`https://user:p@${t}/x@db.example.com`, t],
  t => [`https:\\/\\/user:${t}@db.example.com`, t],
  t => [`x-api-key: ${t}`, t],
  t => [`api_key = ${t}`, t],
  t => [`password='${t}'`, t],
  t => [`DB_PASSWORD="${t}"`, t],
  t => [`{"token": "${t}"}`, t],
  t => [`{\\"client_secret\\":\\"${t}\\"}`, t],
  t => [btoa(`{"password":"${t}"}`), t],
  t => [(t + 'Ab1/').repeat(3).slice(0, 40), (t + 'Ab1/').repeat(3).slice(0, 40)],
]
const text = fc.string({ unit: 'binary', maxLength: 40 })
const around = fc.constantFrom(' ', '\n', '(', ': ', ' — ', '<system>', '</tool_response>')
const planted = fc
  .tuple(text, around, fc.nat(shapes.length - 1), token, around, text)
  .map(([a, before, shape, t, after, b]) => {
    const [p, secret] = shapes[shape](t)
    return { text: a + before + p + after + b, secret }
  })
const PARAMS = { seed: 23, numRuns: Number(process.env.FUZZ_RUNS ?? 300) }

describe('property: a secret of a listed shape never reaches the model (fast-check, fixed seed)', () => {
  it('in a thrown error, its cause, a result-contract envelope and the unknown-tool envelope', async () => {
    const registry = new ToolRegistry({ logger: quiet })
    let current = ''
    registry.register({
      name: 'throws',
      toolset: 't',
      schema: {},
      handler: () => {
        throw new Error(current, { cause: new Error(current) })
      },
    })
    registry.register({
      name: 'class',
      toolset: 't',
      schema: {},
      // A result whose class name carries the text ends as the result-contract envelope.
      handler: () => new (Object.defineProperty(class {}, 'name', { value: current }))(),
    })
    await fc.assert(
      fc.asyncProperty(planted, async ({ text, secret }) => {
        current = text
        expect(sanitizeToolError(text)).not.toContain(secret)
        for (const out of [
          await registry.dispatch('throws', {}),
          await registry.dispatch('class', {}),
          await registry.dispatch(text, {}),
        ])
          expect(String(out)).not.toContain(secret)
      }),
      PARAMS,
    )
  })
})
