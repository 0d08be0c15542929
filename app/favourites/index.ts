export { FAVOURITES_PAGE_SIZE, FAVOURITES_PER_PAGE_MAX, favouriteApiSchema, favouriteFormSchema, favouritesQuerySchema } from "./schema";
export { FavouritesPage, type FavouritesPageData } from "./favourites-page";
export { Heart, type HeartLabels } from "./heart";
