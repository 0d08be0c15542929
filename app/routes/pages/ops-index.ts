import { redirect } from "react-router";

/** /ops alone: the console's first section. */
export function loader() {
  throw redirect("/ops/reviews", 303);
}
