export { type AutocompleteAnswer, autocompleteAnswer } from "./autocomplete.server";
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
