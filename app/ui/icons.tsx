export type IconName = "heart" | "cart" | "user" | "search" | "home" | "grid";

/**
 * Icons from one cached sprite (public/icons.svg): the path data stays out of
 * the JavaScript. Decorative: labels come from the text beside them.
 */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
