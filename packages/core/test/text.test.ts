import { redactSecrets, sanitizeToolError, type ToolResult } from '@toolreg/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setup, spec } from './helpers.js'

/** A lone surrogate: half a pair. */
const HALF = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const error = (r: ToolResult) => (JSON.parse(r as string) as { error: string }).error

/** One secret of each shape the README names, with what must stay in front of `[REDACTED]`. */
const SECRETS: [label: string, text: string, secret: string, kept: string][] = [
  ['OpenAI key', 'sk-proj-4f9Kx0aZq7LmN2bV8cR1', 'sk-proj-4f9Kx0aZq7LmN2bV8cR1', ''],
  ['Anthropic key', 'sk-ant-api03-Zx81Qw_9plMn', 'sk-ant-api03-Zx81Qw_9plMn', ''],
  [
    'Bearer token',
    'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2ln',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2ln',
    'Bearer ',
  ],
  [
    'GitHub token',
    'token ghp_0123456789abcdefghijABCDEFGHIJ012345 rejected',
    'ghp_0123456789abcdefghijABCDEFGHIJ012345',
    '',
  ],
  [
    'GitHub fine-grained token',
    'github_pat_11ABCDEFG0123456789_abcdefXYZ',
    'github_pat_11ABCDEFG0123456789_abcdefXYZ',
    '',
  ],
  [
    'Slack token',
    'slack said invalid_auth for xoxb-1234567890-0987654321-AbCdEfGhIjKl',
    'xoxb-1234567890-0987654321-AbCdEfGhIjKl',
    '',
  ],
  ['AWS key id', 'The AWS Access Key Id AKIAIOSFODNN7EXAMPLE does not exist', 'AKIAIOSFODNN7EXAMPLE', ''],
  ['URL password', 'connect to https://admin:hunter2pass@db.example.com:5432/app failed', 'hunter2pass', 'https://'],
  [
    'URL token as user',
    'git clone https://ghp_AbCdEf0123456789:x-oauth-basic@github.com/o/r',
    'ghp_AbCdEf0123456789',
    'https://',
  ],
  [
    'key= query value',
    'GET https://api.example.com/v1/search?q=x&key=AIzaSyD-9tSrke72 failed',
    'AIzaSyD-9tSrke72',
    '&key=',
  ],
  ['token= query value', 'GET /hook?token=tok_live_51H8 403', 'tok_live_51H8', '?token='],
  ['api_key= value', 'api_key=abc123def456&page=2', 'abc123def456', 'api_key='],
  ['access_token= value', 'redirect to /cb#access_token=ya29.a0Af&state=1', 'ya29.a0Af', 'access_token='],
]

describe('secrets in error text are redacted; the log keeps the original', () => {
  for (const [label, text, secret, kept] of SECRETS) {
    it(label, async () => {
      const { registry, log } = setup()
      registry.register(
        spec('t', 't', {
          handler: () => {
            throw new Error(text)
          },
        }),
      )
      const out = error(await registry.dispatch('t', {}))
      expect(out).not.toContain(secret)
      expect(out).toContain(kept + '[REDACTED]')
      expect(sanitizeToolError(text)).not.toContain(secret)
      expect(redactSecrets(text)).not.toContain(secret)
      // The log gets the error itself.
      expect((log.of('error')[0].args[1] as Error).message).toBe(text)
    })
  }

  it('rejections, non-Error throws and abort reasons too', async () => {
    const { registry } = setup()
    registry.register(spec('rejects', 't', { handler: async () => Promise.reject(new Error('Bearer abcd.efgh1')) }))
    registry.register(
      spec('string', 't', {
        handler: () => {
          throw 'sk-abcdef123456'
        },
      }),
    )
    registry.register(spec('hang', 't', { handler: () => new Promise(() => {}) }))
    expect(error(await registry.dispatch('rejects', {}))).toBe(
      '[TOOL_ERROR] Tool execution failed: Error: Bearer [REDACTED]',
    )
    expect(error(await registry.dispatch('string', {}))).toBe('[TOOL_ERROR] Tool execution failed: string: [REDACTED]')
    const controller = new AbortController()
    const call = registry.dispatch('hang', {}, { signal: controller.signal })
    controller.abort(new Error('session https://u:pw1234@x.test ended'))
    expect(error(await call)).toBe('[TOOL_ERROR] Tool execution aborted: session https://[REDACTED]@x.test ended')
  })

  it('argument JSON echoed by the parser is redacted too', async () => {
    const { registry } = setup()
    registry.register(spec('t'))
    // The parser quotes short input whole: "Unexpected token 's', "sk-abcdefgh1" is not valid JSON".
    const out = error(await registry.dispatch('t', 'sk-abcdefgh1'))
    expect(out).toMatch(/^Invalid arguments for tool t: /)
    expect(out).not.toContain('sk-abcdefgh1')
  })

  it('leaves look-alikes alone', () => {
    for (const text of [
      'task-list failed',
      'disk-usage',
      'http://localhost:8080/path',
      'Unexpected token } in JSON',
      'monkey business',
      'the key is missing',
      'akia',
      'a bearer of bad news',
      'ghp',
      'xox',
    ]) {
      expect(redactSecrets(text)).toBe(text)
    }
  })

  it('a secret right after a role tag is redacted before the tag goes (it would then touch the text before it)', () => {
    expect(sanitizeToolError('HTTP 401<result>sk-abcdef123456</result>')).toBe('HTTP 401[REDACTED]')
  })

  // Counterexample of the property below (seed 20261201) when a Bearer token needed a digit or punctuation.
  it('regression: an all-letter Bearer token', () => {
    expect(sanitizeToolError(' Bearer AaaAaaaaaaaA ')).toBe(' Bearer [REDACTED] ')
  })

  // Counterexamples of longer runs (20 000 cases, seeds 1, 7, 42, 99, 2026): a key= value ended at a `Bearer` and left the token.
  it('regression: key=(Bearer TOKEN', () => {
    // Bearer tokens are redacted first, then the key= value (`Bearer`) too.
    expect(sanitizeToolError('key=(Bearer 0A0aAAA00AA0 ')).toBe('key=[REDACTED] [REDACTED] ')
    expect(sanitizeToolError('token=Bearer A0aaA0000aAA')).toBe('token=[REDACTED] [REDACTED]')
    expect(sanitizeToolError('key=Bearer  Bearer 00AaaA0a0aaA ')).toBe('key=[REDACTED]  Bearer [REDACTED] ')
  })

  // Counterexample (20 000 cases, seeds 7, 99, 6…): the URL alternative kept a quoted token as the user part.
  it('regression: a token between // and :…@ is not kept as a URL user', () => {
    expect(sanitizeToolError('//"a00AAAaaAaa0":<@')).toBe('//[REDACTED]@')
  })

  it('a Bearer split by a role tag is reassembled, then redacted', () => {
    expect(sanitizeToolError('Bear<user>er tok123456')).toBe('Bearer [REDACTED]')
  })
})

describe('cuts never split a surrogate pair', () => {
  it('result truncation at a limit that falls inside a pair', async () => {
    const { registry } = setup()
    registry.register(spec('t', 't', { handler: () => 'a'.repeat(9) + '😀'.repeat(10), maxResultSizeChars: 10 }))
    const out = (await registry.dispatch('t', {})) as string
    expect(out).toBe('a'.repeat(9) + '\n\n[Truncated: tool response was 29 chars; limit is 10.]')
    expect(out).not.toMatch(HALF)
  })

  it('result truncation at a limit right after a pair keeps it', async () => {
    const { registry } = setup()
    registry.register(spec('t', 't', { handler: () => 'a'.repeat(9) + '😀'.repeat(10), maxResultSizeChars: 11 }))
    expect(((await registry.dispatch('t', {})) as string).startsWith('a'.repeat(9) + '😀\n\n')).toBe(true)
  })

  it('the 2000-character cap of error text', async () => {
    const { registry } = setup()
    registry.register(
      spec('t', 't', {
        handler: () => {
          throw new Error('😀'.repeat(1500))
        },
      }),
    )
    const out = error(await registry.dispatch('t', {}))
    expect(out).not.toMatch(HALF)
    expect(out.endsWith('😀...')).toBe(true)
  })

  it('sanitizing a long run of nested tags stays linear and well-formed', () => {
    const nested = '<'.repeat(3000) + 'system>'.repeat(3000) + '😀'
    const out = sanitizeToolError(nested)
    expect(out).not.toContain('<')
    expect(out).not.toMatch(HALF)
    expect(sanitizeToolError('<user '.repeat(20_000)).length).toBeLessThanOrEqual(2000)
  })
})

describe('properties (fast-check, fixed seed)', () => {
  const PARAMS = { seed: 20261201, numRuns: 300 }
  const token = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/)
  const text = fc.string({ unit: 'binary', maxLength: 60 })
  const around = fc.constantFrom(' ', '\n', '"', '(', ': ', ' — ')
  const shapes: ((t: string) => [planted: string, secret: string])[] = [
    t => ['sk-' + t, t],
    t => ['Bearer ' + t, t],
    t => ['ghp_' + t, t],
    t => ['xoxp-' + t, t],
    t => ['AKIA' + t.toUpperCase(), t.toUpperCase()],
    t => [`https://user:${t}@host.test/x`, t],
    t => [`https://h.test/?a=1&key=${t}`, t],
    t => [`?token=${t}`, t],
  ]

  it('sanitizeToolError never returns a planted secret, and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(text, around, fc.nat(shapes.length - 1), token, around, text, (a, before, shape, t, after, b) => {
        const [planted, secret] = shapes[shape](t)
        const out = sanitizeToolError(a + before + planted + after + b)
        expect(out).not.toContain(secret)
        if (!HALF.test(a + b)) expect(out).not.toMatch(HALF)
      }),
      PARAMS,
    )
  })

  it('result truncation never splits a surrogate pair', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        fc.nat(45),
        async (result, limit) => {
          const { registry } = setup()
          registry.register(spec('t', 't', { handler: () => result, maxResultSizeChars: limit }))
          const out = (await registry.dispatch('t', {})) as string
          expect(out).not.toMatch(HALF)
          expect(out.startsWith(result.slice(0, Math.max(0, limit - 1)))).toBe(true)
        },
      ),
      PARAMS,
    )
  })
})
