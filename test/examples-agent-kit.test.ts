// The pieces the examples are made of, in Node: the shared loop and scripted
// model over a real ToolRegistry, and the edge tools' expression and unit libs.
import { describe, expect, it } from 'vitest'
import { ToolRegistry } from '@toolreg/core'
import { createScriptedModel, planCalls, runAgent, type ScriptRule } from '@toolreg/example-agent-kit'
import { evaluateExpression } from '../examples/edge-agent/src/lib/expression.ts'
import { convertUnits } from '../examples/edge-agent/src/lib/units.ts'

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

function echoRegistry() {
  const registry = new ToolRegistry({ logger: quiet })
  registry.register({
    name: 'echo',
    toolset: 'test',
    schema: { parameters: { type: 'object', properties: { text: { type: 'string' } } } },
    handler: (args, ctx) => JSON.stringify({ text: args.text, region: ctx.env?.REGION ?? null }),
  })
  registry.register({
    name: 'secret_echo',
    toolset: 'test',
    requiresEnv: ['SECRET'],
    schema: { parameters: { type: 'object', properties: {} } },
    handler: () => JSON.stringify({ secret: 'seen' }),
  })
  return registry
}

const rules: ScriptRule[] = [
  {
    tool: 'echo',
    pattern: /\becho (\w+)/g,
    args: m => ({ text: m[1] }),
    describe: r => `echoed ${(r as { text: string }).text}`,
  },
  { tool: 'secret_echo', pattern: /\bsecret\b/g, args: () => ({}), describe: () => 'secret seen' },
]

describe('runAgent with the scripted model', () => {
  it('dispatches with the caller ctx and answers from the results', async () => {
    const transcript = await runAgent({
      model: createScriptedModel({ rules }),
      registry: echoRegistry(),
      messages: [{ role: 'user', content: 'echo alpha then echo beta' }],
      ctx: { env: { REGION: 'eu' } },
    })
    expect(transcript.toolCalls.map(c => [c.id, c.name, JSON.parse(c.result)])).toEqual([
      ['call_1', 'echo', { text: 'alpha', region: 'eu' }],
      ['call_2', 'echo', { text: 'beta', region: 'eu' }],
    ])
    expect(transcript.answer).toBe('echoed alpha\nechoed beta')
    expect(transcript).toMatchObject({ steps: 2, stoppedBy: 'answer', model: 'scripted' })
  })

  it('offers a requiresEnv tool only when ctx.env has the variable', async () => {
    const model = createScriptedModel({ rules })
    const without = await runAgent({
      model,
      registry: echoRegistry(),
      messages: [{ role: 'user', content: 'secret' }],
      ctx: { env: {} },
    })
    expect(without.toolsOffered).toEqual(['echo'])
    expect(without.toolCalls).toEqual([])
    expect(without.answer).toBe('I could not use secret_echo: it is not available here.')

    const withEnv = await runAgent({
      model,
      registry: echoRegistry(),
      messages: [{ role: 'user', content: 'secret' }],
      ctx: { env: { SECRET: 'x' } },
    })
    expect(withEnv.toolsOffered.sort()).toEqual(['echo', 'secret_echo'])
    expect(withEnv.answer).toBe('secret seen')
  })

  it('keeps tool call ids unique across turns', async () => {
    const model = createScriptedModel({ rules })
    const registry = echoRegistry()
    const first = await runAgent({ model, registry, messages: [{ role: 'user', content: 'echo one' }] })
    const second = await runAgent({
      model,
      registry,
      messages: [...first.messages, { role: 'user', content: 'echo two and echo three' }],
    })
    expect(second.toolCalls.map(c => c.id)).toEqual(['call_2', 'call_3'])
    expect(second.answer).toBe('echoed two\nechoed three')
  })

  // Without ctx.env, requiresEnv is only metadata (SPEC §2.8): both tools are offered.
  it('answers without tools when nothing matches', async () => {
    const transcript = await runAgent({
      model: createScriptedModel({ rules }),
      registry: echoRegistry(),
      messages: [{ role: 'user', content: 'hello' }],
    })
    expect(transcript.toolCalls).toEqual([])
    expect(transcript.answer).toBe('I found nothing to do in that. Tools I can use: echo, secret_echo.')
    expect(transcript.steps).toBe(1)
  })

  it('plans calls in the order the phrases appear', () => {
    expect(planCalls(rules, 'secret, echo a, secret').map(c => c.rule.tool)).toEqual([
      'secret_echo',
      'echo',
      'secret_echo',
    ])
  })
})

describe('evaluateExpression (the calculate tool)', () => {
  it.each([
    ['2*(3+4)', 14],
    ['1 + 2 * 3 - 4 / 2', 5],
    ['2^3^2', 512],
    ['-2^2', -4],
    ['2^-1', 0.5],
    ['2 ** 10', 1024],
    ['10 % 4', 2],
    ['7 × 6 ÷ 2', 21],
    ['sqrt(16) + abs(-3)', 7],
    ['max(1, 5, 3) - min(4, 2)', 3],
    ['1e3 / 4', 250],
    ['.5 * 4', 2],
    ['round(2.5) + floor(-1.5) + ceil(1.2)', 3],
    ['--3', 3],
  ])('%s = %d', (expression, expected) => {
    expect(evaluateExpression(expression)).toBe(expected)
  })

  it('knows pi and e', () => {
    expect(evaluateExpression('2 * pi')).toBeCloseTo(2 * Math.PI, 12)
    expect(evaluateExpression('ln(e^2)')).toBeCloseTo(2, 12)
  })

  it.each([
    ['1/0', /division by zero/],
    ['5 % 0', /modulo by zero/],
    ['2 +', /expected a number at the end/],
    ['(1 + 2', /expected \) at the end/],
    ['1 2', /expected an operator at position 3/],
    ['constructor', /unknown name 'constructor'/],
    ['__proto__(1)', /unknown name '__proto__'/],
    ['process.exit(1)', /unexpected character '\.'|unknown name 'process'/],
    ['alert`1`', /unexpected character '`'|unknown name 'alert'/],
    ['sqrt(1, 2)', /sqrt\(\) takes 1 argument/],
    ['10^400', /not a finite number/],
    [`${'('.repeat(100)}1${')'.repeat(100)}`, /nested too deeply/],
    ['1+'.repeat(600) + '1', /longer than 1000 characters/],
  ])('rejects %s', (expression, message) => {
    expect(() => evaluateExpression(expression)).toThrow(message)
  })
})

describe('convertUnits (the convert_units tool)', () => {
  it.each([
    [100, 'C', 'F', 212],
    [-40, 'celsius', 'fahrenheit', -40],
    [0, 'K', '°C', -273.15],
    [1, 'mi', 'ft', 5280],
    [26.2, 'miles', 'km', 42.1648128],
    [1, 'GiB', 'MB', 1073.741824],
    [36, 'km/h', 'm/s', 10],
    [1, 'lb', 'oz', 16],
    [2, 'week', 'h', 336],
  ])('%d %s → %s = %d', (value, from, to, expected) => {
    expect(convertUnits(value, from, to).result).toBeCloseTo(expected, 9)
  })

  it('refuses unknown units and mixed dimensions', () => {
    expect(() => convertUnits(1, 'parsec', 'km')).toThrow(/unknown unit 'parsec'/)
    expect(() => convertUnits(1, 'kg', 'km')).toThrow('cannot convert mass (kg) to length (km)')
    expect(() => convertUnits(Number.NaN, 'kg', 'g')).toThrow(/finite/)
  })
})
