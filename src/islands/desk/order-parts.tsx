// Pieces the order screens share: the address block, the phone links and an item's thumbnail.
import type { DeskOrder } from '../../lib/contract/desk.ts';
import { imageSources } from '../../lib/photos.ts';
import { telLink, whatsappLink } from '../../lib/desk-view.ts';

/** The delivery address, one line each (the city, region and country alone when the rest is not sent). */
export function AddressBlock({ order }: { order: DeskOrder }) {
  const a = order.address;
  if (a.address1 === null)
    return (
      <address className="desk-address">
        {a.city}, {a.state}
        <br />
        {a.country}
      </address>
    );
  return (
    <address className="desk-address">
      {a.firstName} {a.lastName}
      <br />
      {a.address1}
      {a.address2 && (
        <>
          <br />
          {a.address2}
        </>
      )}
      <br />
      {a.city}, {a.state} {a.zip}
      <br />
      {a.country}
    </address>
  );
}

/** The phone as a call link and a WhatsApp link. */
export function PhoneLinks({ phone }: { phone: string }) {
  const tel = telLink(phone);
  const chat = whatsappLink(phone);
  return (
    <span className="desk-phone">
      {tel ? <a href={tel}>Call {phone}</a> : phone}
      {chat && (
        <a href={chat} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </a>
      )}
    </span>
  );
}

/** A small picture of an item: the 360 px variant of a catalogue photo. */
export function Thumb({ image }: { image: string }) {
  if (!image) return null;
  const sources = imageSources(image);
  const src = sources.webp ? sources.webp.split(' ')[0]! : sources.src;
  return <img className="desk-thumb" src={src} alt="" width={56} height={56} loading="lazy" />;
}
