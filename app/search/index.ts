export { RecentSearches } from "./recent-searches";
