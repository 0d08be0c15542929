export { addAccountFavourite, addGuestFavourite, mergeGuestFavourites } from "./favourites.server";
export { favouritesCounter } from "./counter.server";
