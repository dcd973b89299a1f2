/**
 * One placeholder row per cart line while the lines' products load (no "Loading..."):
 * the shape /Cart's server-rendered page shows too (src/client/cart-skeleton.ts).
 */
export function CartSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="cart-skeleton" aria-busy="true" aria-label="Your cart's lines are loading">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="cart-line-skeleton" />
      ))}
    </ul>
  );
}
