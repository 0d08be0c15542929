import { Form, useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import type { BrandFollow } from "./brands.server";

/** Follow a brand (or stop): the heart beside a brand's catalogue heading, a form to the favourites action that comes back here. */
export function BrandHeart({ brand }: { brand: BrandFollow }) {
  const { href } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={href("/favorite")} className="heart-form" preventScrollReset>
      <input type="hidden" name="intent" value={brand.following ? "unfollow-brand" : "follow-brand"} />
      <input type="hidden" name="brandId" value={brand.id} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        className={brand.following ? "heart heart--on" : "heart"}
        aria-pressed={brand.following}
        aria-label={brand.label}
        title={brand.label}
        data-testid="brand-heart"
      >
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#heart" />
        </svg>
      </button>
    </Form>
  );
}
