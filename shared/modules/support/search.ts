/**
 * The full-text search of `support-query` over the documentation passages (shared/docs/passages.ts), with
 * MiniSearch (BM25 with prefix and fuzzy matching). The index is built at build time
 * (`npm run docs` writes docs-index.generated.ts) and loaded once per process: a question costs
 * no file read and no build.
 */
import MiniSearch, { type Options, type SearchResult } from 'minisearch';

/** A passage of the documentation (cut by shared/docs/passages.ts at build time). */
export interface Passage {
  id: number;
  /** The heading (or `POST /admissions`, or the tool's name). */
  title: string;
  /** Where to read on: doc path and heading anchor (`docs/inpatient.md#admitting`). */
  link: string;
  /** What is searched: the section text without code blocks and tables' markup. */
  text: string;
  kind: 'doc' | 'route' | 'tool';
  /** A route passage: `POST /admissions`. */
  route?: string;
  /** A route passage: its operation. */
  operation?: string;
  /** The MCP tools (A2A capabilities) that call its operation, or the tool itself. */
  tools?: string[];
}

/** Words of a question that say nothing about its subject ("how do I …", "what does … mean"). */
const STOP_WORDS = new Set(
  (
    "a an and are as at be by can could do does did for from how i i'm in is it its me mean means my of on or " +
    'please should so that the their then there this to was we what when where which who why will with would you your'
  ).split(' '),
);

const SNIPPET = 280;

/**
 * A light English stemmer, so that "admit", "admits", "admitted", "admitting" and "admission" are
 * one word (and "patients" is "patient"): plural, -ing, -ed and -ission endings.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us'))
    w = w.slice(0, -1);
  if (w.length > 6 && w.endsWith('ission')) return `${w.slice(0, -6)}it`;
  for (const suffix of ['ing', 'ed']) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      // "admitt" → "admit", "booking" → "book" (a doubled final consonant is one).
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|ff|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  return w;
}

type Stored = Pick<Passage, 'title' | 'link' | 'kind' | 'route' | 'operation' | 'tools'> & {
  snippet: string;
};

/** The options the index is built and loaded with (they must be the same both times). */
export const SEARCH_OPTIONS: Options<Passage & { snippet: string }> = {
  fields: ['title', 'text'],
  storeFields: ['title', 'link', 'kind', 'route', 'operation', 'tools', 'snippet'],
  processTerm: (term) => {
    const t = term.toLowerCase();
    return STOP_WORDS.has(t) || t.length < 2 ? null : stem(t);
  },
};

/** The serialised index of the passages (what docs-index.generated.ts holds). */
export function buildIndex(passages: readonly Passage[]): string {
  const index = new MiniSearch(SEARCH_OPTIONS);
  index.addAll(passages.map((p) => ({ ...p, snippet: p.text.slice(0, SNIPPET) })));
  return JSON.stringify(index);
}

export interface Found {
  title: string;
  link: string;
  snippet: string;
  kind: Passage['kind'];
  score: number;
}

export interface Answer {
  passages: Found[];
  /** The route (and the tools calling its operation) or the tool that does what was asked. */
  does: { route: string | null; operation: string | null; tools: string[]; link: string } | null;
}

export const MAX_PASSAGES = 5;

const HOW_TO = /^\s*(how (do|can|should|would) (i|we|you|an? \w+)|how to|where (do|can) i)\b/i;

/**
 * The best passages for a question. A route or a tool is what a "how do I" question is after,
 * so their passages weigh more than prose of the same relevance; a heading counts three times.
 */
export function searchIndex(index: MiniSearch, question: string, limit = MAX_PASSAGES): Answer {
  // "How do I …" asks to do something: a route that changes something is the likelier answer.
  const doing = HOW_TO.test(question);
  const results = index.search(question, {
    boost: { title: 3 },
    prefix: (term) => term.length > 3,
    fuzzy: (term) => (term.length > 5 ? 0.2 : false),
    boostDocument: (_id, _term, stored) => {
      const { kind, route } = (stored ?? {}) as Partial<Stored>;
      if (kind === 'route') return doing && route?.startsWith('GET ') ? 0.8 : 1.6;
      return kind === 'tool' ? 1.3 : 1;
    },
  }) as (SearchResult & Stored)[];
  const top = results.slice(0, limit);
  const doer = top.find((r) => r.kind === 'route' || r.kind === 'tool');
  return {
    passages: top.map((r) => ({
      title: r.title,
      link: r.link,
      snippet: r.snippet,
      kind: r.kind,
      score: Math.round(r.score * 100) / 100,
    })),
    does: doer
      ? {
          route: doer.route ?? null,
          operation: doer.operation ?? null,
          tools: doer.tools ?? [],
          link: doer.link,
        }
      : null,
  };
}

export function loadIndex(json: string): MiniSearch {
  return MiniSearch.loadJSON(json, SEARCH_OPTIONS);
}
