// Text → search terms for tool search: split identifiers, drop filler words, stem lightly and
// fold common synonyms onto one term, the same way for tool text and for queries.

const STOP = new Set(
  (
    'a an and any are as at be by can could do does for from give has have how i if in into is it its me my ' +
    'of on or our please should so some that the their them then there these this those to us using want was we ' +
    'what when where which who will with would you your'
  ).split(' '),
)

// Words that mean the same thing in tool names and requests; each row folds onto its first word.
const SYNONYMS = [
  'create add new make insert compose open',
  'delete remove erase destroy drop trash',
  'update edit modify change patch alter',
  'list enumerate browse all every',
  'search find query lookup locate look',
  'fetch get retrieve read show view display',
  'send post deliver dm tell notify inform announce',
  'email mail inbox',
  'image picture photo pic img screenshot drawing draw',
  'document doc',
  'user member person people',
  'meeting event appointment',
  'invoice bill',
  'payment charge pay transaction',
  'customer client buyer',
  'message msg chat',
  'cancel stop abort terminate halt kill',
  'start launch run begin trigger execute kick',
  'repository repo',
  'issue ticket bug',
  'schedule book reserve',
  'price cost pricing quote',
  'location address place',
  'song track tune music',
  'task todo chore',
  'folder directory dir',
  'instance vm server machine',
  'secret credential password',
  'refund reimburse',
  'employee staff worker colleague',
  'sms texting',
  'alert alarm',
  'incident outage',
  'deployment deploy release',
  'subscription membership',
  'note memo',
  'reply respond answer',
  'archive shelve',
  'download grab',
  'upload attach',
  'translate translation',
  'summary summarize summarise recap gist tldr',
  'weather forecast',
  'error exception crash',
  'video clip',
  'ride taxi cab lift',
  'flight plane fly',
  'hotel lodging accommodation',
  'car vehicle',
  'stock ticker equity',
  'holiday vacation pto',
  'follower fan',
  'tag label',
  'comment remark',
  'weather rain snow sunny temperature umbrella outside',
  'currency exchange dollar euro yen fx',
  'crypto bitcoin btc ethereum eth cryptocurrency',
  'language japanese french german spanish italian chinese english',
  'spell spelling typo proofread grammar',
  'directions route drive driving navigate commute',
  'nearby near around closest',
  'unit kilometer km mile meter kilogram celsius fahrenheit inch',
  'shorten short shorter',
  'resize bigger smaller enlarge shrink scale',
  'speech voice aloud loud speak spoken',
  'score game win',
  'expiry expire expiration',
  'certificate cert tls ssl https',
  'reaction emoji thumbs react',
  'reschedule postpone delay',
  'restore recover undelete',
  'rollback revert undo',
  'permission access',
  'reboot restart bounce',
  'twitter tweet',
  'acknowledge ack',
  'visitor visit traffic pageview session',
  'width wide',
  'pixel px',
  'revision version',
  'latest newest recent',
]
// Phrasal verbs: two words that together mean what one term says.
const PHRASES = new Map(
  Object.entries({
    'money back': 'refund',
    'pay out': 'payout',
    'pass on': 'forward',
    'bump up': 'escalate',
    'roll back': 'rollback',
    'go back': 'rollback',
    'bring back': 'restore',
    'set up': 'create',
    'sign up': 'create',
    'turn on': 'toggle',
    'turn off': 'toggle',
    'shut down': 'cancel',
    'what time': 'clock',
    'time zone': 'timezone',
    'close to': 'nearby',
  }),
)
const FOLD = new Map<string, string>()
for (const row of SYNONYMS) {
  const words = row.split(' ')
  for (const w of words) FOLD.set(w, words[0])
}

/** Light suffix stripping: plurals, -ing, -ed (enough for API vocabulary; not a full Porter stemmer). */
function stem(w: string): string {
  if (w.length < 4) return w
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y'
  if (/(?:ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2)
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1)
  if (w.endsWith('ing') && w.length > 5) return undouble(w.slice(0, -3))
  if (w.endsWith('ed') && w.length > 4)
    return undouble(w.slice(0, w.endsWith('ied') ? -3 : -2) + (w.endsWith('ied') ? 'y' : ''))
  return w
}
// "shipped" → "shipp" → "ship"; "stopping" → "stop".
const undouble = (w: string) => (/([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w)

// Words repeat across thousands of tools: each is stemmed and folded once. Only tool text
// writes here, never a query (the model's words are not kept after its call), and the memo
// is bounded (cleared when full), so no input grows it without end.
const memo = new Map<string, string>()
const MEMO_MAX = 20_000

/** One word → its search term ('' for a filler word); `learn` false reads the memo only. */
function term(word: string, learn: boolean): string {
  let t = memo.get(word)
  if (t === undefined) {
    t = fold(word)
    if (learn) {
      if (memo.size >= MEMO_MAX) memo.clear()
      memo.set(word, t)
    }
  }
  return t
}

function fold(word: string): string {
  if (STOP.has(word)) return ''
  const folded = FOLD.get(word)
  if (folded) return folded
  // "scheduled", "creating": a known word ending in -e that lost it to the suffix.
  const e = word.endsWith('ed') ? word.slice(0, -1) : word.endsWith('ing') ? word.slice(0, -3) + 'e' : ''
  if (e && FOLD.has(e)) return FOLD.get(e)!
  const s = stem(word)
  return FOLD.get(s) ?? s
}

// Character classes for the word splitter: 0 separator, 1 lower case or digit (or a letter without case), 2 upper case.
function kind(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 128) return c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 1 : 0
  const ch = text[i]
  const lower = ch.toLowerCase()
  // Non-ASCII: letters with case, and other letters or marks of scripts without case (no surrogate halves).
  return lower !== ch ? 2 : ch.toUpperCase() !== ch || /[\p{L}\p{N}\p{M}]/u.test(ch) ? 1 : 0
}

/**
 * Search terms of a text: words split at anything but letters and digits and at camelCase
 * humps (`getHTTPResponse` → get, http, response), lower-cased, stemmed and folded.
 * One pass over the characters: it runs over every tool's text when the index is built.
 * `learn` is false for a query: its words are not memoized.
 */
export function terms(text: string, learn = true): string[] {
  const out: string[] = []
  const n = text.length
  let start = 0
  let prev = 0
  let last = ''
  let lastKept = false
  for (let i = 0; i <= n; i++) {
    const k = i < n ? kind(text, i) : 0
    // A word ends at a separator, before an upper-case letter after a lower one, and before the last capital of an acronym followed by lower case.
    const cut =
      k == 0 || (k == 2 && prev == 1) || (k == 1 && prev == 2 && i - start > 1 && i + 1 < n && kind(text, i + 1) == 1)
    if (cut && i > start && prev) {
      const end = k == 1 ? i - 1 : i
      const word = text.slice(start, end).toLowerCase()
      const phrase = PHRASES.get(last + ' ' + word)
      if (phrase) {
        if (lastKept) out.pop()
        out.push(phrase)
      } else {
        const t = term(word, learn)
        if (t) out.push(t)
        lastKept = !!t
      }
      last = phrase ? '' : word
      if (phrase) lastKept = false
      start = end
    }
    if (k == 0) start = i + 1
    prev = k
  }
  return out
}
