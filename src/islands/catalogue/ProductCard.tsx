import { useState, type PointerEvent } from 'react';
import { discountedPrice, hasDiscount } from '../../lib/pricing.ts';
import { productPath } from '../../lib/routes.ts';
import { CARD_SIZES } from '../../lib/photos.ts';
import { Photo } from '../shared/Photo.tsx';
import { Price } from '../shared/Price.tsx';
import { variantAt, type CardProduct } from './card-product.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import { swatchColour } from '../../lib/swatches.ts';

/** The product card used by every grid, strip and overlay. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const [variant, setVariant] = useState(0);
  const href = productPath(product._id);
  const onMove = (e: PointerEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setVariant(variantAt(e.clientX - box.left, box.width, product.images.length));
  };
  const discounted = hasDiscount(product);
  return (
    <article className="card">
      <div className="card-media" onPointerMove={onMove} onPointerLeave={() => setVariant(0)}>
        <a href={href} tabIndex={-1} aria-hidden="true">
          <Photo
            src={product.images[variant] ?? product.images[0] ?? ''}
            sizes={CARD_SIZES}
            alt=""
            width={800}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
          />
        </a>
        {discounted && <span className="badge">{`${product.discountPercent}% Off`}</span>}
        <FavouriteButton productId={product._id} productName={product.productName} />
      </div>
      <h3 className="card-name">
        <a href={href}>{product.productName}</a>
      </h3>
      <p className="card-maker">{product.maker}</p>
      <p className="card-price">
        {discounted && <Price pkr={product.price} strike className="was" />}
        <Price pkr={discountedPrice(product)} className="now" />
      </p>
      <ul className="swatches" aria-label="Colours">
        {product.colors.map((c) => (
          <li key={c} title={c} style={{ background: swatchColour(c, product.swatches?.[c]) }}>
            <span className="visually-hidden">{c}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
