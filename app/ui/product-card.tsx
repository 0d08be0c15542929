import { PrefetchPageLinks } from "react-router";
import type { ProductCard as Card } from "~/catalogue/catalogue.server";
import { useI18n, type I18n } from "~/i18n/use-i18n";
import { useIntentPrefetch, useLinkNavigation } from "./link-navigation";
import { ClubBadge, Price, SaleLabel } from "./price";

/** One card; a plain function of the grid's i18n (grids render dozens of them). */
function ProductCard({ product, eager, i18n }: { product: Card; eager: boolean; i18n: I18n }) {
  return (
    <article className="card" data-testid="product-card">
      <a className="card__link" href={i18n.href(`/product/${product.slug}`)}>
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
      </a>
      <Price firstPrice={product.firstPrice} salePrice={product.salePrice} />
      {product.inStock ? null : <p className="card__soldout">{i18n.t("product:soldOut")}</p>}
    </article>
  );
}

/** Cards link with client-side navigation and prefetch a product on hover or focus (as `<Link prefetch="intent">`). */
export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  const i18n = useI18n();
  const onClick = useLinkNavigation();
  const prefetch = useIntentPrefetch();
  return (
    <div className="grid" onClick={onClick} {...prefetch.handlers}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} i18n={i18n} />
      ))}
      {prefetch.page ? <PrefetchPageLinks page={prefetch.page} /> : null}
    </div>
  );
}
