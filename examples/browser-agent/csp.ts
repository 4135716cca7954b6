// The page's Content-Security-Policy: scripts and styles from the page's own
// origin only — no inline code and no 'unsafe-eval' (the registry, the loop and
// the calculator never need eval or new Function).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the page's code worker (same origin, same policy) compile WebAssembly,
  // and only that: code mode runs the model's code in QuickJS compiled to WebAssembly
  // (src/code-worker.ts, src/quickjs.ts; core README, "Code mode").
  // JavaScript eval and new Function stay refused (that would need 'unsafe-eval', never added);
  // the model's code is interpreted by QuickJS inside the sandbox, not by the page's engine.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The same policy for a `<meta http-equiv>` tag, where `frame-ancestors` is not allowed. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter(directive => !directive.startsWith('frame-ancestors'))
  .join('; ')
