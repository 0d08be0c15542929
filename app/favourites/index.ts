export {
  brandFormSchema,
  FAVOURITES_PAGE_SIZE,
  FAVOURITES_PER_PAGE_MAX,
  favouriteApiSchema,
  favouriteFormSchema,
  favouritesMergeSchema,
  favouritesQuerySchema,
} from "./schema";
export { FavouritesPage, type FavouritesPageData } from "./favourites-page";
export { BrandHeart } from "./brand-heart";
export { Heart } from "./heart";
export { sendFavourite, useFavouritesPending } from "./toggle";
export { useCardHearts } from "./card-hearts";
