import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { FAVOURITE_MESSAGES } from '../../lib/messages.ts';
import { useHydratedStore } from '../shared/hooks.ts';

const NONE: string[] = [];

/** The save icon: toggles a product in the favourites, with the spec's tooltips; its name says which product. */
export function FavouriteButton({
  productId,
  productName,
  className = '',
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const saved = useHydratedStore($favourites, NONE).includes(productId);
  const tip = saved ? FAVOURITE_MESSAGES.remove : FAVOURITE_MESSAGES.add;
  return (
    <button
      type="button"
      className={`fav ${className}`}
      aria-pressed={saved}
      // Pressed in the frame of a tap made before the island came (src/directives/interaction.ts).
      data-toggles=""
      aria-label={`${tip}: ${productName}`}
      onClick={() => toggleFavourite(productId)}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5 4.2 13a4.9 4.9 0 0 1 7-6.9l.8.8.8-.8a4.9 4.9 0 0 1 7 6.9Z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="tip" aria-hidden="true">
        {tip}
      </span>
    </button>
  );
}
