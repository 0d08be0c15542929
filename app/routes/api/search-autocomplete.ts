import type { Route } from "./+types/search-autocomplete";
import { autocompleteAnswer, autocompleteQuerySchema } from "~/search/index.server";
import { apiContext, apiError } from "~/server/api.server";
import { SearchCombobox } from "~/layout/search-combobox";

/** The header search box's suggestions UI rides in this route's client module (docs/decisions/008), loaded when the box is focused. */
export const handle = { SearchCombobox };

/**
 * `GET /api/search/autocomplete?q=&lang=` (docs/api.md): what the search box suggests for a
 * query being typed. The same for every shopper (no session is read), so shared caches keep
 * it as they keep pages. 400 when `q` is longer than the search takes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const parsed = autocompleteQuerySchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    const message = t("search:errors.query");
    apiError(400, message, [{ field: "q", message }]);
  }
  return Response.json(await autocompleteAnswer(app.env.DB, lang, app.defaultLang, parsed.data.q), { headers: { "Content-Language": lang } });
}
