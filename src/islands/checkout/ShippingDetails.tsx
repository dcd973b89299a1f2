import type { ReactNode } from 'react';
import { addressFormat } from '../../lib/address-format.ts';
import { ADDRESS_FIELDS, type CheckoutCountry, type CheckoutField } from '../../lib/checkout.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { $whatsappUpdates, editField, leaveField } from '../../stores/checkout.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import WhatsappUpdates from './WhatsappUpdates.tsx';

const AUTOCOMPLETE: Partial<Record<CheckoutField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  mobile: 'tel',
};

/**
 * The Shipping Details section: the address fields, the country and its states, and the WhatsApp
 * shipping updates' box when it applies.
 */
export function ShippingDetails({
  countries,
  checkout,
}: {
  countries: readonly CheckoutCountry[];
  checkout: CheckoutView;
}) {
  const { fields, errors, regions } = checkout;
  const whatsapp = useHydratedStore($whatsappUpdates, { offered: false, ticked: false });
  // The state and postcode as the country names them; no postcode field where it has none.
  const format = addressFormat(fields.country);
  const labelOf = (name: CheckoutField, label: string) =>
    name === 'state' ? format.region : name === 'zip' ? (format.postcode ?? label) : label;
  // What every control of a field shares: its id, its error's wiring, and leaving it.
  const control = (name: CheckoutField) => ({
    id: `checkout-${name}`,
    onBlur: () => leaveField(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `checkout-${name}-error` : undefined,
  });
  return (
    <section className="checkout-section" aria-labelledby="shipping-details">
      <h2 id="shipping-details">Shipping Details</h2>
      <div className="field-grid">
        {ADDRESS_FIELDS.filter(([name]) => name !== 'zip' || format.postcode !== null).map(
          ([name, label]) => (
            <FormField key={name} name={name} label={labelOf(name, label)} error={errors[name]}>
              {name === 'country' ? (
                <select
                  {...control(name)}
                  value={fields.country}
                  onChange={(e) => editField('country', e.target.value)}
                  autoComplete="country-name"
                >
                  <option value="">Select a country</option>
                  {countries.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </select>
              ) : name === 'state' ? (
                <select
                  {...control(name)}
                  value={fields.state}
                  disabled={!fields.country}
                  onChange={(e) => editField('state', e.target.value)}
                >
                  <option value="">
                    {fields.country
                      ? `Select a ${format.region.toLowerCase()}`
                      : 'Choose a country first'}
                  </option>
                  {regions.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control(name)}
                  type={name === 'email' ? 'email' : name === 'mobile' ? 'tel' : 'text'}
                  autoComplete={AUTOCOMPLETE[name]}
                  value={fields[name]}
                  onChange={(e) => editField(name, e.target.value)}
                />
              )}
            </FormField>
          ),
        )}
      </div>
      {whatsapp.offered && fields.country === 'Pakistan' && fields.mobile.trim() !== '' && (
        <WhatsappUpdates checkout={checkout} />
      )}
    </section>
  );
}

function FormField({
  name,
  label,
  error,
  children,
}: {
  name: CheckoutField;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={`checkout-${name}`}>{label}</label>
      {children}
      {error && (
        <p className="error" id={`checkout-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
