// Arithmetic without eval or Function (a Worker's CSP and good sense forbid
// both): a recursive-descent parser over numbers, + - * / % ^, parentheses,
// unary signs, a few constants and functions.
//
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/' | '%') unary)*
//   unary      := ('+' | '-') unary | power
//   power      := primary ('^' unary)?          right-associative, binds tighter than unary minus on its left
//   primary    := number | constant | name '(' expression (',' expression)* ')' | '(' expression ')'

export class ExpressionError extends Error {
  override name = 'ExpressionError'
}

const MAX_LENGTH = 1000
const MAX_DEPTH = 64

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI }

const FUNCTIONS: Record<string, { arity: [number, number]; fn: (...xs: number[]) => number }> = {
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  abs: { arity: [1, 1], fn: Math.abs },
  round: { arity: [1, 1], fn: Math.round },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  ln: { arity: [1, 1], fn: Math.log },
  log10: { arity: [1, 1], fn: Math.log10 },
  exp: { arity: [1, 1], fn: Math.exp },
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  min: { arity: [1, Infinity], fn: Math.min },
  max: { arity: [1, Infinity], fn: Math.max },
}

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number }

export function evaluateExpression(source: string): number {
  if (source.length > MAX_LENGTH) throw new ExpressionError(`expression longer than ${MAX_LENGTH} characters`)
  const tokens = tokenize(source)
  let pos = 0
  let depth = 0

  const peek = (): Token | undefined => tokens[pos]
  const isOp = (value: string): boolean => {
    const token = tokens[pos]
    return token?.kind === 'op' && token.value === value
  }
  const expect = (value: string): void => {
    if (!isOp(value)) throw unexpected(value)
    pos++
  }
  const unexpected = (wanted: string): ExpressionError => {
    const token = peek()
    return new ExpressionError(
      token
        ? `expected ${wanted} at position ${token.at + 1}, found '${token.value}'`
        : `expected ${wanted} at the end`,
    )
  }
  const nested = <T>(parse: () => T): T => {
    if (++depth > MAX_DEPTH) throw new ExpressionError('expression nested too deeply')
    try {
      return parse()
    } finally {
      depth--
    }
  }

  function expression(): number {
    return nested(() => {
      let value = term()
      while (isOp('+') || isOp('-')) {
        const op = tokens[pos++].value
        value = op === '+' ? value + term() : value - term()
      }
      return value
    })
  }

  function term(): number {
    let value = unary()
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[pos++].value
      const right = unary()
      if (op !== '*' && right === 0) throw new ExpressionError(op === '/' ? 'division by zero' : 'modulo by zero')
      value = op === '*' ? value * right : op === '/' ? value / right : value % right
    }
    return value
  }

  function unary(): number {
    if (isOp('-')) {
      pos++
      return nested(() => -unary())
    }
    if (isOp('+')) {
      pos++
      return nested(() => unary())
    }
    return power()
  }

  function power(): number {
    const base = primary()
    if (!isOp('^')) return base
    pos++
    return base ** nested(() => unary())
  }

  function primary(): number {
    const token = peek()
    if (!token) throw unexpected('a number')
    if (token.kind === 'number') {
      pos++
      return token.value
    }
    if (isOp('(')) {
      pos++
      const value = expression()
      expect(')')
      return value
    }
    if (token.kind === 'name') {
      pos++
      const name = token.value.toLowerCase()
      if (Object.hasOwn(CONSTANTS, name)) return CONSTANTS[name]
      if (!Object.hasOwn(FUNCTIONS, name))
        throw new ExpressionError(`unknown name '${token.value}' at position ${token.at + 1}`)
      const { arity, fn } = FUNCTIONS[name]
      expect('(')
      const args = [expression()]
      while (isOp(',')) {
        pos++
        args.push(expression())
      }
      expect(')')
      if (args.length < arity[0] || args.length > arity[1])
        throw new ExpressionError(
          `${name}() takes ${arity[0] === arity[1] ? arity[0] : `at least ${arity[0]}`} argument(s)`,
        )
      return fn(...args)
    }
    throw unexpected('a number')
  }

  const value = expression()
  if (pos < tokens.length) throw unexpected('an operator')
  if (!Number.isFinite(value)) throw new ExpressionError('result is not a finite number')
  return value
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  const pattern =
    /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/%^(),×÷]))/y
  let at = 0
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break
    pattern.lastIndex = at
    const match = pattern.exec(source)
    if (!match) {
      const offset = at + (source.slice(at).length - source.slice(at).trimStart().length)
      throw new ExpressionError(`unexpected character '${source[offset]}' at position ${offset + 1}`)
    }
    const start = pattern.lastIndex - match[0].trimStart().length
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]), at: start })
    else if (match[2] !== undefined) tokens.push({ kind: 'name', value: match[2], at: start })
    else tokens.push({ kind: 'op', value: normalizeOperator(match[3]), at: start })
    at = pattern.lastIndex
  }
  return tokens
}

function normalizeOperator(op: string): string {
  return op === '**' ? '^' : op === '×' ? '*' : op === '÷' ? '/' : op
}
