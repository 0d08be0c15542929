import { data } from "react-router";

/** Any unmatched URL: a 404 rendered by the root error boundary, in the site's language. */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
