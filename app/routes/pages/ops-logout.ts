import { redirect } from "react-router";
import type { Route } from "./+types/ops-logout";
import { signOut } from "~/ops/index.server";

/** Signing out of the console is a POST (a link or prefetch must not end it). */
export function loader() {
  throw redirect("/ops/login", 303);
}

export function action({ context, request }: Route.ActionArgs) {
  return signOut({ context, request });
}
