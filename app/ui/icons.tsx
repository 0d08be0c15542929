export type IconName = "heart" | "cart" | "user" | "search" | "home" | "grid";

/**
 * Icons from one cached sprite (public/icons.svg): the path data stays out of
 * the JavaScript. Decorative: labels come from the text beside them. The size
 * comes from `.icon` in the stylesheet, and the `<use>` is a constant string
 * (the same on the server and in the browser): a page shows ~9 icons, and each
 * attribute or element costs a server render a few pieces of output.
 */
export function Icon({ name }: { name: IconName }) {
  return <svg className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: `<use href="/icons.svg#${name}"></use>` }} />;
}
