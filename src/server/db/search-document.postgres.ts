// PostgreSQL's search document as it stands, applied by the latest search migration (a later change adds a migration
// that applies this file again). SQLite's FTS5 tables fold the same way with `unicode61 remove_diacritics 2`.

const FROM = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőùúûüūůűųýÿžźżśšş'
const TO = 'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooouuuuuuuuyyzzzsss'

/** Case and accents folded as SQLite's tokenizer folds them, so both engines find the same posts. */
export const BLOG_FOLD = `create or replace function blog_fold(t text) returns text language sql immutable parallel safe
  as $$ select case when l ~ '[${FROM}]' then translate(l, '${FROM}', '${TO}') else l end from lower(t) as l $$`

/** A post's facets (search-facets.ts) as lexemes starting with '#', which no search word holds. */
const FACETS = `case when facets = '' then ''::tsvector
  else array_to_tsvector(string_to_array('#' || replace(facets, ' ', ' #'), ' ')) end`

/** The one searched column: the post's words (title, tags, excerpt, body weighted A to D) and its facets. */
export const SEARCH_DOCUMENT = `setweight(to_tsvector('simple', blog_fold(title)), 'A') ||
  setweight(to_tsvector('simple', blog_fold(tags)), 'B') || setweight(to_tsvector('simple', blog_fold(excerpt)), 'C') ||
  setweight(to_tsvector('simple', blog_fold(body)), 'D') || ${FACETS}`
