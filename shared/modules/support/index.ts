/** What the docs generator uses: the search index is built from the passages it cuts. */
export { buildIndex, type Passage } from './search';
