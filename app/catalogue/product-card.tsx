import { use } from "react";
import { Link } from "react-router";
import type { ProductCard as Card } from "~/catalogue/catalogue.server";
import { useI18n, type I18n } from "~/i18n/use-i18n";
import { ClubBadge, Price, SaleLabel } from "~/ui/price";
import { ServerMarkupContext } from "~/ui/server-markup";

/** A card link's picture, badges, brand and name (the browser's side; app/catalogue/html.ts writes the same markup on the server). */
export function CardLinkContent({ product, eager }: { product: Card; eager: boolean }) {
  return (
    <>
      <div className="card__media">
        <img
          src={product.image.url}
          width={product.image.width}
          height={product.image.height}
          alt={product.name}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
        <div className="card__badges">
          <SaleLabel firstPrice={product.firstPrice} salePrice={product.salePrice} />
          {product.inClub ? <ClubBadge /> : null}
        </div>
      </div>
      <p className="card__brand">{product.brand}</p>
      <h3 className="card__name">{product.name}</h3>
    </>
  );
}

/**
 * One card; a plain function of the grid's i18n (grids render dozens of them).
 * `plain`: a plain anchor, for listings whose grid navigates and prefetches
 * for all its cards at once (app/catalogue/listing-view.tsx); otherwise a
 * `<Link prefetch="intent">`.
 *
 * On the server a card's link content is one string (ServerMarkupContext: a
 * dozen elements cost React ~90 chunks to render and stream, a string one); the
 * browser renders the same markup as elements, so hydration finds exactly what
 * it renders (tests/unit/listing-html.test.ts holds the two equal), and the
 * string builder stays out of the layout's chunk (every page loads that one).
 */
export function ProductCard({ product, eager, i18n, plain }: { product: Card; eager: boolean; i18n: I18n; plain?: boolean }) {
  const href = i18n.href(`/product/${product.slug}`);
  const linkHtml = use(ServerMarkupContext)?.cardLink;
  const content = linkHtml
    ? { dangerouslySetInnerHTML: { __html: linkHtml(product, i18n, eager) } }
    : { children: <CardLinkContent product={product} eager={eager} /> };
  return (
    <article className="card" data-testid="product-card">
      {plain ? (
        // data-discover: React Router learns the product route early (as for a <Link>), so the
        // grid's intent prefetch can match the page.
        <a className="card__link" href={href} data-discover="true" {...content} />
      ) : (
        <Link className="card__link" to={href} prefetch="intent" {...content} />
      )}
      <Price firstPrice={product.firstPrice} salePrice={product.salePrice} />
      {product.inStock ? null : <p className="card__soldout">{i18n.t("product:soldOut")}</p>}
    </article>
  );
}

/** A grid of cards (a few: related products, the home page, suggestions). */
export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  const i18n = useI18n();
  return (
    <div className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} i18n={i18n} />
      ))}
    </div>
  );
}
