// The registry-only bundle's size budget, shared by bundle.test.ts and search.test.ts.
/**
 * The min+gzip budget of a bundle importing only `registry`. 4096 until typed tools came into
 * `register` and `dispatch` (Standard Schema conversion, the object-schema check, argument
 * validation and its issues envelope: about 400 B that no tree-shaking can drop, since every
 * registry must take a zod schema as it is); 4608 until the sources API (setSources,
 * beginSource, endSource: class methods by contract) and the hostile-input hardening of
 * dispatch and the availability cache (secret redaction, queued events, per-call abort
 * signals): about 460 B more, 4949 B in all, then trimmed to 4915 B with no change of
 * behaviour; the budget is that figure rounded up to 64 B. 4928 until the cheaper start-up
 * registration of lazy tables (an already deep-frozen schema used as is, no event object
 * without a listener, error messages built only on failure): 4964 B; 4990 B with the faster
 * `setSources`, a `meta.source` kept for the name (lazy tools' sources travel in the lazy table)
 * and the ⚡ default computed, so that a bundle of the core is ASCII (a browser decodes a chunk
 * with one non-ASCII character as two-byte text: ~35 ms more for a 1 MB chunk). 4992 until the
 * redaction of issue 23 (quoted and JSON key=/token= values, Stripe, Google, JWT, PEM, AWS
 * secret keys, Basic, x-api-key headers, URL passwords holding @ or /, base64-wrapped keys: one
 * linear regular expression per shape instead of one alternation that no ReDoS checker could
 * decide) and the sanitized unknown-tool and result-contract envelopes: 5668 B (+678 B); 5709 B
 * with the rejection a lazy tool's call reports (`getRejection`), rounded up to 64 B. 5760 until
 * the registry was split by concern (its events, the conflict rule, the availability statuses
 * and the available definitions in modules of their own, so that no file holds more than one
 * sitting's reading): each boundary costs a few bytes, 5846 B (+135 B) with esbuild, 5705 B
 * with Vite. 5888 until the tool layer of issue 25 (approval, timeouts, retries, concurrency,
 * progress, output validation, input examples, hooks) was in `dispatch`: 7380 B (+1534 B) with
 * esbuild, 7218 B with Vite; 7424 until it moved to `@toolreg/core/tool-layer`, which the app (or
 * the build plugin) installs with `registry.configure({ toolLayer })`, core keeping only the check
 * that refuses a spec using one of its fields without it (fail closed) and the hint a streaming
 * result without it gets: 6257 B with esbuild, 6097 B with Vite (7871 B / 7685 B with the tool
 * layer), rounded up to 64 B. 6272 until getToolDefinitions kept a generation's frozen
 * definitions, so that a memo hit is a fresh array of them (O(1), not a copy per tool): 6338 B
 * with esbuild (+81 B), rounded up to 64 B. 6400 until the tool layer was made part of every
 * registry (a tool file using approval or limits threw at import wherever the install was
 * missed): 7979 B with esbuild; the budget is 8 KB. See the core README's "Size".
 */
export const BUDGET = 8192
