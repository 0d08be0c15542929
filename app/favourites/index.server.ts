export { addAccountFavourite, addGuestFavourite, mergeGuestFavourites } from "./favourites.server";
