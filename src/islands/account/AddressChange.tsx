// The order page's Change address form (loaded only when the shopper opens it): the checkout's
// address fields and rules, filled with the order's address. The country stays the order's: it
// decided the currency, the delivery fee and the payment, so the form shows it fixed and says why.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { addressFormat } from '../../lib/address-format.ts';
import { ADDRESS_FIELDS } from '../../lib/checkout.ts';
import type { AddressFields } from '../../lib/checkout-errors.ts';
import type { Address } from '../../lib/contract/checkout.ts';
import { regionsOf } from '../../lib/countries.ts';
import { ADDRESS_MESSAGES } from '../../lib/orders/address-change.ts';
import {
  loadAddressValidation,
  saveOrderAddress,
  type AddressValidator,
} from '../../stores/address-change.ts';

const AUTOCOMPLETE: Partial<Record<keyof Address, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  mobile: 'tel',
};
const ERROR_ID = 'address-form-error';
const COUNTRY_HINT_ID = 'address-country-hint';
const idOf = (name: keyof Address) => `address-${name}`;

/** The Change address form of order `orderId`, filled with `address`. */
export default function AddressChange({
  token,
  orderId,
  address,
  onDone,
  onClose,
}: {
  token: string;
  orderId: string;
  address: Address;
  onDone: () => void;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<AddressFields>({
    ...address,
    address2: address.address2 ?? '',
  });
  const [left, setLeft] = useState<Partial<Record<keyof Address, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [validate, setValidate] = useState<AddressValidator | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // Each refused Save counts; once its errors have rendered, focus goes to the first invalid field.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  useEffect(() => {
    loadAddressValidation().then(
      (rules) => setValidate(() => rules),
      () => setError(ADDRESS_MESSAGES.failed),
    );
  }, []);

  const format = addressFormat(fields.country);
  // The order's own region stays a choice even where the list has since changed.
  const listed = regionsOf(fields.country);
  const regions =
    address.state && !listed.includes(address.state) ? [address.state, ...listed] : listed;
  const errors = validate ? validate(fields) : {};
  const shown = (name: keyof Address) => (submitted || left[name] ? errors[name] : undefined);
  const labelOf = (name: keyof Address, label: string) =>
    name === 'state' ? format.region : name === 'zip' ? (format.postcode ?? label) : label;
  const control = (name: keyof Address) => ({
    id: idOf(name),
    onBlur: () => setLeft((l) => ({ ...l, [name]: true })),
    'aria-invalid': Boolean(shown(name)),
    'aria-describedby': shown(name) ? `${idOf(name)}-error` : undefined,
  });
  const edit = (name: keyof Address, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || !validate) return;
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return setRefusals((n) => n + 1);
    setSending(true);
    const failed = await saveOrderAddress(token, orderId, fields);
    setSending(false);
    if (failed) setError(failed);
    else onDone();
  };

  return (
    <form
      ref={formRef}
      className="address-form"
      onSubmit={submit}
      noValidate
      aria-label="Change the delivery address"
      aria-describedby={error ? ERROR_ID : undefined}
    >
      <div className="address-grid">
        {ADDRESS_FIELDS.filter(([name]) => name !== 'zip' || format.postcode !== null).map(
          ([name, label]) => (
            <div key={name} className={`field field-${name}`}>
              <label htmlFor={idOf(name)}>{labelOf(name, label)}</label>
              {name === 'country' ? (
                <>
                  <select
                    {...control(name)}
                    aria-describedby={COUNTRY_HINT_ID}
                    value={fields.country}
                    disabled
                  >
                    <option value={fields.country}>{fields.country}</option>
                  </select>
                  <p className="muted" id={COUNTRY_HINT_ID}>
                    {ADDRESS_MESSAGES.countryFixed}
                  </p>
                </>
              ) : name === 'state' ? (
                <select
                  {...control(name)}
                  value={fields.state}
                  onChange={(e) => edit('state', e.target.value)}
                >
                  <option value="">{`Select a ${format.region.toLowerCase()}`}</option>
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
                  onChange={(e) => edit(name, e.target.value)}
                />
              )}
              {shown(name) && (
                <p className="error" id={`${idOf(name)}-error`}>
                  {shown(name)}
                </p>
              )}
            </div>
          ),
        )}
      </div>
      {error && (
        <p id={ERROR_ID} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button" aria-disabled={sending || !validate || undefined}>
          {sending ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
