// A QR code drawn as SVG from uqr's module matrix (a few KB, only on the invitation page): one
// path of unit squares, with the quiet zone the standard asks for.
import { encode } from 'uqr';

/** The QR code of `text`, as an image named by `label`. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const size = data.length;
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="desk-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={240}
      height={240}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
