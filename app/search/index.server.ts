export { type AutocompleteAnswer, autocompleteAnswer } from "./autocomplete.server";
export { refreshSearchTerms } from "./index-refresh.server";
export { type Miss, MISS_WEEKS, purgeOldMisses, recordMiss, searchMisses, weekOf } from "./misses.server";
export { exactSearchUrl, queryMatch, type SearchResult, searchProducts } from "./results.server";
export { searchHistoryAction, searchPage } from "./page.server";
export { SUGGEST_CANDIDATES, SUGGESTED, type Suggestions, suggest, suggestProducts } from "./suggest.server";
export { addSynonym, listSynonyms, type StoredSynonym } from "./synonyms.server";
export {
  clearSearchHistory,
  HISTORY_MAX,
  type HistoryEntry,
  historyQuery,
  guestSearchesMerge,
  purgeAbandonedGuestSearches,
  recordSearch,
  removeSearch,
  searchHistory,
} from "./history.server";
// Only servers parse: zod's schema objects stay out of the browser's bundle.
export { autocompleteQuerySchema, historyFormSchema, QUERY_MAX, recordSearchSchema } from "./schema";
