/**
 * Secret redaction for text the model sees (README: "Error text the model sees", whose
 * table lists exactly what is covered). Each rule is one small regular expression that runs
 * in linear time (test/redos.test.ts checks every one), applied in turn; the context that
 * names a secret (`password=`, `Bearer `, `https://`) is kept, the secret becomes [REDACTED].
 * Runs are unbounded, so a match never ends inside a surrogate pair.
 */
const R = '[REDACTED]'
// A key=value or "key": "value" name: `api_key`, `DB_PASSWORD`, `access_token`, `client_secret`…
const NAME = String.raw`\w*(?:key|token|secret|password)`
// A value: double- or single-quoted (the quote may be JSON-escaped: \"…\"), else a bare run.
const VALUE = String.raw`(\\?"[^"\\]*|\\?'[^'\\]*|[^\s&#"'\\]+)`
const rule = (source: string, flags = 'gi') => new RegExp(source, flags)

const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // Prefixed API keys: OpenAI/Anthropic, Stripe, GitHub, Slack, AWS key ids, Google.
  [rule(String.raw`\b(?:sk-|[rs]k_(?:live|test)_|gh[pousr]_|github_pat_|xox\w-|xapp-|AIza)[\w-]+`, 'g'), R],
  [rule(String.raw`\bA[KS]IA[A-Z\d]{12,}`, 'g'), R],
  // JWTs: base64url JSON header (`{"` is `eyJ`), payload, optional signature.
  [rule(String.raw`(?<![\w-])eyJ[\w-]*\.[\w-]+\.[\w-]*`, 'g'), R],
  // PEM private-key blocks, to their END line (or the end of the text).
  [
    rule(String.raw`(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)`, 'g'),
    '$1' + R + '$2',
  ],
  // `Bearer <token>` (8 characters or more: not "a bearer of bad news").
  [rule(String.raw`\b(bearer\s+)(?=[\w.~+/-]{8})[^\s&#"'\\]+`), '$1' + R],
  // `Basic <base64>`, unless the word after it is plain lower-case prose ("basic authentication").
  [rule(String.raw`\b(basic\s+)([\w+/]{8,}=*)`), (m, p, t) => (/^[a-z]+$/.test(t) ? m : p + R)],
  // `key=value`, `password = 'x'`, `token="x"` (and `\"x\"` inside JSON-escaped text).
  [rule(String.raw`\b(${NAME}\s*=\s*)${VALUE}`), (_, p, v) => p + quote(v) + R],
  // JSON and dict keys: `"token": "x"`, `'password': 'x'`, `\"api_key\":\"x\"`.
  [
    rule(String.raw`(\\?["'][\w-]*(?:key|token|secret|password)\\?["']\s*:\s*)(\\?"[^"\\]*|\\?'[^'\\]*)`),
    (_, p, v) => p + quote(v) + R,
  ],
  // Header style: `X-Api-Key: x`, `x-auth-token: x`, `Authorization: x` (Bearer/Basic ran first).
  [
    rule(String.raw`(?<![\w-])(x-[\w-]*|authorization)(\s*:\s*)([^\s"'\\]+)`),
    (m, n, s, v) =>
      /key|token|secret|auth|signature/i.test(n) && !/^(?:bearer|basic|\[REDACTED])$/i.test(v) ? n + s + R : m,
  ],
  // AWS secret access keys: 40 base64 characters of mixed case with a digit, / or + (not a hex SHA).
  [
    rule(String.raw`(?<![\w/+])[\w/+]{40}(?![\w/+=])`, 'g'),
    m => (/[A-Z]/.test(m) && /[a-z]/.test(m) && /[\d/+]/.test(m) && !m.includes('_') ? R : m),
  ],
]

/** The opening quote of a quoted value (kept, so the text still reads as code), else ''. */
const quote = (v: string) => (/^\\?["']/.test(v) ? v.slice(0, v[0] == '\\' ? 2 : 1) : '')

// `scheme://user:password@` and its JSON-escaped form `:\/\/user:password@`.
const USERINFO = /(\/\/|\\\/\\\/)[^\s/@:\\]*:/g
// Where a URL's password ends at the latest: whitespace or a quote.
const URL_END = /[\s"'`]/g

/**
 * Redacts the `user:password` of `//user:password@` up to the last `@` before the URL ends
 * (a password may hold `@` and `/`). Linear: each URL's end and its last `@` are found once.
 */
function urlCredentials(text: string): string {
  let out = ''
  let from = 0
  let end = -1
  let lastAt = -1
  for (const m of text.matchAll(USERINFO)) {
    const i = m.index!
    if (i < from) continue
    const start = i + m[1].length
    const password = i + m[0].length
    if (password >= end) {
      URL_END.lastIndex = password
      end = URL_END.exec(text)?.index ?? text.length
      lastAt = password + text.slice(password, end).lastIndexOf('@')
    }
    if (lastAt < password) continue
    out += text.slice(from, start) + R
    from = lastAt
  }
  return out + text.slice(from)
}

// Base64 runs long enough to hold a key (standard or URL-safe alphabet).
const BASE64 = /(?<![\w+/-])[\w+/-]{16,}={0,2}/g

/** A base64 run whose decoded text holds a secret of a listed shape is redacted whole. */
function base64Wrapped(text: string): string {
  return text.replace(BASE64, run => {
    try {
      const bytes = atob(
        run
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .slice(0, run.length & ~3),
      )
      return plain(bytes) != bytes ? R : run
    } catch {
      return run // not base64 after all
    }
  })
}

/** Every rule but the base64 one. */
function plain(text: string): string {
  for (const [re, to] of RULES) text = text.replace(re, to as string)
  return urlCredentials(text)
}

/** Replaces every secret-shaped run of `text` with `[REDACTED]`, keeping what names it. */
export const redactSecrets = (text: string): string => base64Wrapped(plain(text))

/** Every regular expression redaction runs, for the ReDoS check of test/redos.test.ts (not exported by the package). */
export const redactionPatterns = (): RegExp[] => [...RULES.map(r => r[0]), USERINFO, URL_END, BASE64]
