import { useState, type PointerEvent } from 'react';
import { discountedPrice, hasDiscount } from '../../lib/pricing.ts';
import { productColourPath } from '../../lib/routes.ts';
import { CARD_SIZES } from '../../lib/photos.ts';
import { Photo } from '../shared/Photo.tsx';
import { Price } from '../shared/Price.tsx';
import { variantAt, type CardProduct } from './card-product.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import { swatchColour } from '../../lib/swatches.ts';

/**
 * The product card used by every grid, strip and overlay. With `colour` (a colour filter in force)
 * it rests on that colour's image and opens the product in that colour.
 */
export function ProductCard({
  product,
  eager = false,
  colour,
}: {
  product: CardProduct;
  eager?: boolean;
  colour?: string;
}) {
  const resting = Math.max(0, colour ? product.colors.indexOf(colour) : 0);
  const [variant, setVariant] = useState<number | null>(null);
  const shown = variant ?? resting;
  const href = productColourPath(product._id, colour);
  const onMove = (e: PointerEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setVariant(variantAt(e.clientX - box.left, box.width, product.images.length));
  };
  const discounted = hasDiscount(product);
  return (
    <article className="card">
      <div className="card-media" onPointerMove={onMove} onPointerLeave={() => setVariant(null)}>
        <a href={href} tabIndex={-1} aria-hidden="true">
          <Photo
            src={product.images[shown] ?? product.images[0] ?? ''}
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
      {product.maker && <p className="card-maker">{product.maker}</p>}
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
