import { Link } from "react-router";
import type { ProductCard as Card } from "~/catalogue/catalogue.server";
import { useI18n } from "~/i18n/use-i18n";
import { ClubBadge, Price, SaleLabel } from "./price";

export function ProductCard({ product, eager }: { product: Card; eager?: boolean }) {
  const { t, href } = useI18n();
  return (
    <article className="card" data-testid="product-card">
      <Link to={href(`/product/${product.slug}`)} className="card__link" prefetch="intent">
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
      </Link>
      <Price firstPrice={product.firstPrice} salePrice={product.salePrice} />
      {product.inStock ? null : <p className="card__soldout">{t("product:soldOut")}</p>}
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  return (
    <div className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
