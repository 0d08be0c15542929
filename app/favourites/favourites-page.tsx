import { Form, useLocation, useSubmit } from "react-router";
import { Pagination } from "~/ui/pagination";
import { ClosableNotice } from "~/ui/closable-notice";
import { useI18n } from "~/i18n/use-i18n";
import { useHydrated } from "~/ui/hydrated";
import { ClubBadge, Price } from "~/ui/price";
import { pictureProps } from "~/ui/picture";
import type { FollowedBrand } from "./brands.server";
import type { FavouriteFilters, FavouriteItem } from "./list.server";

export type FavouritesPageData = {
  items: FavouriteItem[];
  total: number;
  page: number;
  pageCount: number;
  filters: FavouriteFilters;
  /** The brands tab's list (null on the products tab). */
  brands: FollowedBrand[] | null;
  notice: string | null;
};

/** An empty list: its text and the way to the catalogue. */
function Empty({ text, testId }: { text: string; testId: string }) {
  const { t, href } = useI18n();
  return (
    <div className="empty" data-testid={testId}>
      <p>{text}</p>
      <a className="button" href={href("/store")}>
        {t("favourites:toCatalogue")}
      </a>
    </div>
  );
}

/** The brands tab: followed brands, each a link to its products and a form to stop following. */
function Brands({ brands, here }: { brands: FollowedBrand[]; here: string }) {
  const { t, href } = useI18n();
  if (brands.length === 0) return <Empty text={t("favourites:brands.empty")} testId="fav-brands-empty" />;
  return (
    <ul className="fav-brands">
      {brands.map((b) => (
        <li key={b.id} className="fav-brand" data-testid="fav-brand">
          <a href={href(`/store?brand=${encodeURIComponent(b.slug)}`)}>{b.name}</a>{" "}
          <span className="fav-brand__count">{t("favourites:brands.products", { count: b.products })}</span>
          <Form method="post" action={href("/favorite")} className="heart-form">
            <input type="hidden" name="intent" value="unfollow-brand" />
            <input type="hidden" name="brandId" value={b.id} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className="heart heart--on" aria-label={t("favourites:brands.unfollow", { brand: b.name })} data-testid="fav-brand-unfollow">
              <svg className="icon" aria-hidden="true">
                <use href="/icons.svg#heart" />
              </svg>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

const FILTERS = [
  ["only-sale", "onlySale", "filters.onlySale"],
  ["active-product", "activeOnly", "filters.activeOnly"],
  ["group-by-category", "groupByCategory", "filters.groupByCategory"],
] as const;

/** The items' texts and form actions, looked up once per page rather than once per item. */
type ItemTexts = Record<"size" | "chooseSize" | "soldOut" | "saveSize" | "addToCart" | "remove" | "unavailable" | "favourites" | "cart", string>;

/** One favourite: what it is, its sizes (another size keeps it with that size), add to cart, remove. */
function Item({
  item,
  here,
  submit,
  texts,
  hydrated,
}: {
  item: FavouriteItem;
  here: string;
  submit: ReturnType<typeof useSubmit>;
  texts: ItemTexts;
  /** With JavaScript the size saves as it changes: its button adds nothing. */
  hydrated: boolean;
}) {
  const { href } = useI18n();
  const product = href(`/product/${item.slug}`);
  const chosen = item.sizes.find((s) => s.skuId === item.skuId) ?? (item.sizes.length === 1 ? item.sizes[0] : undefined);
  return (
    <li className={item.available ? "fav-item" : "fav-item fav-item--unavailable"} id={`fav-${item.productId}`} data-testid="fav-item">
      {/* The picture repeats the name's link: out of the keyboard's and screen readers' way. */}
      {/* biome-ignore lint/a11y/useAnchorContent: hidden on purpose, the name's link below is the one they use */}
      <a href={product} className="fav-item__image" tabIndex={-1} aria-hidden="true">
        <img src={item.image.url} {...pictureProps(item.image.url, "thumb")} width={item.image.width} height={item.image.height} alt="" loading="lazy" />
      </a>
      <div className="fav-item__body">
        <p className="fav-item__brand">{item.brand}</p>
        <a href={product} className="fav-item__name">
          {item.name}
        </a>
        <p className="fav-item__meta">{item.color}</p>
        {item.inClub ? <ClubBadge /> : null}
        <Price firstPrice={item.firstPrice} salePrice={item.salePrice} />
        {item.available ? null : <p className="fav-item__unavailable">{texts.unavailable}</p>}
        <form method="post" action={texts.favourites} className="form form--inline">
          <input type="hidden" name="intent" value="size" />
          <input type="hidden" name="productId" value={item.productId} />
          <input type="hidden" name="redirectTo" value={`${here}#fav-${item.productId}`} />
          <label htmlFor={`fav-size-${item.productId}`}>{texts.size}</label>
          <select
            id={`fav-size-${item.productId}`}
            name="skuId"
            defaultValue={item.skuId ?? ""}
            key={item.skuId ?? "none"}
            data-testid="fav-size"
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
            <option value="" disabled>
              {texts.chooseSize}
            </option>
            {item.sizes.map((s) => (
              <option key={s.skuId} value={s.skuId}>
                {s.size}
                {s.stock > 0 ? "" : ` — ${texts.soldOut}`}
              </option>
            ))}
          </select>
          <button type="submit" className={`button button--ghost button--small${hydrated ? " button--spare" : ""}`} data-testid="fav-size-save">
            {texts.saveSize}
          </button>
        </form>
        <div className="fav-item__actions">
          <form method="post" action={texts.cart}>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="primaryId" value={item.productId} />
            <input type="hidden" name="purchasableId" value={chosen?.skuId ?? ""} />
            <input type="hidden" name="quantity" value="1" />
            <input type="hidden" name="redirectTo" value={`${here}#fav-${item.productId}`} />
            <button type="submit" className="button" disabled={!item.available} data-testid="fav-to-cart">
              {texts.addToCart}
            </button>
          </form>
          <form method="post" action={texts.favourites}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={item.productId} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className="button button--ghost" data-testid="fav-remove">
              {texts.remove}
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}

/** The favourites page: filters as GET parameters, the list (by category when asked), the catalogue's pager. */
export function FavouritesPage({ data, error }: { data: FavouritesPageData; error: string | null }) {
  const { t, href } = useI18n();
  // Where the forms come back to: this page as the shopper sees it (its filters and page), without the last notice.
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("notice");
  const here = `${pathname}${params.size ? `?${params}` : ""}`;
  return (
    <section className="favourites" data-testid="favourites">
      <h1>
        {t("favourites:title")} {data.brands ? null : <span className="favourites__count">{t("favourites:count", { count: data.total })}</span>}
      </h1>
      {error ? (
        <ClosableNotice label={t("favourites:closeNotice")}>
          <p className="alert alert--error" role="alert" data-testid="fav-error">
            {t(error)}
          </p>
        </ClosableNotice>
      ) : null}
      {data.notice ? (
        <ClosableNotice label={t("favourites:closeNotice")} drop={["notice"]}>
          <p className="alert alert--success" role="status" data-testid="fav-notice">
            {t(`favourites:notices.${data.notice}`)}
          </p>
        </ClosableNotice>
      ) : null}
      <nav className="chips" aria-label={t("favourites:tabs.label")}>
        <a className="chip" href={href("/favorite")} aria-current={data.brands ? undefined : "page"} data-testid="fav-tab-products">
          {t("favourites:tabs.products")}
        </a>
        <a className="chip" href={href("/favorite?tab=brands")} aria-current={data.brands ? "page" : undefined} data-testid="fav-tab-brands">
          {t("favourites:tabs.brands")}
        </a>
      </nav>
      {data.brands ? <Brands brands={data.brands} here={here} /> : <Products data={data} here={here} />}
    </section>
  );
}

/** The products tab: filters as GET parameters, the list (by category when asked), the pager. */
function Products({ data, here }: { data: FavouritesPageData; here: string }) {
  const { t, href } = useI18n();
  const submit = useSubmit();
  // With JavaScript the filters and sizes submit as they change: their buttons add nothing.
  const hydrated = useHydrated();
  const texts: ItemTexts = {
    size: t("favourites:size"),
    chooseSize: t("favourites:chooseSize"),
    soldOut: t("favourites:soldOut"),
    saveSize: t("favourites:saveSize"),
    addToCart: t("favourites:addToCart"),
    remove: t("favourites:remove"),
    unavailable: t("favourites:unavailable"),
    favourites: href("/favorite"),
    cart: href("/cart"),
  };
  // The items' forms are plain forms (a router <Form> each cost the page's render three
  // components per item); with JavaScript one handler submits them through the router.
  const onSubmit = (e: React.FormEvent<HTMLUListElement>) => {
    e.preventDefault();
    submit(e.target as HTMLFormElement, { preventScrollReset: true });
  };
  const groups: [string, FavouriteItem[]][] = [];
  for (const item of data.items) {
    const key = data.filters.groupByCategory ? item.category : "";
    const last = groups.at(-1);
    if (last && last[0] === key) last[1].push(item);
    else groups.push([key, [item]]);
  }
  return (
    <>
      <Form method="get" className="favourites__filters" data-testid="fav-filters">
        <fieldset>
          <legend>{t("favourites:filters.title")}</legend>
          {FILTERS.map(([param, key, label]) => (
            <label key={param} className="choice">
              <input
                type="checkbox"
                name={param}
                value="1"
                defaultChecked={data.filters[key]}
                onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
              />{" "}
              {t(`favourites:${label}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={`button button--ghost button--small${hydrated ? " button--spare" : ""}`} data-testid="fav-apply">
          {t("favourites:filters.apply")}
        </button>
      </Form>
      {data.total === 0 ? (
        <Empty text={t("favourites:empty")} testId="fav-empty" />
      ) : (
        groups.map(([category, items]) => (
          <div key={category || "all"} className="favourites__group">
            {category ? <h2>{category}</h2> : null}
            <ul className="fav-list" onSubmit={onSubmit}>
              {items.map((item) => (
                <Item key={item.productId} item={item} here={here} submit={submit} texts={texts} hydrated={hydrated} />
              ))}
            </ul>
          </div>
        ))
      )}
      <Pagination page={data.page} pageCount={data.pageCount} />
    </>
  );
}
