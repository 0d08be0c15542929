export { addFavourite, favouriteTarget, GUEST_FAVOURITES_MAX, guestFavouritesMerge, mergeFavourites, purgeAbandonedGuestFavourites } from "./favourites.server";
export { favouritesCounter } from "./counter.server";
export {
  type FavouriteFilters,
  type FavouriteItem,
  type FavouritesOwner,
  favouriteJson,
  favouriteOf,
  favouritesOwner,
  favouritesPage,
  type RetargetingItem,
  wishlistRetargeting,
  favouritesApiPage,
  favouritesLookup,
  isFavouriteSlug,
} from "./list.server";
export { type FavouriteWrite, type FavouriteWriter, writeFavourite } from "./write.server";
export {
  brandBySlug,
  type BrandFollow,
  brandFollowOf,
  type FollowedBrand,
  followBrand,
  followedBrands,
  followsBrand,
  GUEST_BRANDS_MAX,
  guestBrandsMerge,
} from "./brands.server";
