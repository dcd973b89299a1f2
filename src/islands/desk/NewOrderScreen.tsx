// New order: an order staff take for a customer who phoned or wrote on WhatsApp. Products and
// colours are picked from the published catalogue (searched by name), the address is checked with
// the checkout's own rules and messages, and the total with the delivery fee is shown before
// saving. Save stays in view above the phone's bar, and leaving with something typed or picked asks
// first. Loaded only when the screen is opened.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ADDRESS_FIELDS, type CheckoutField } from '../../lib/checkout.ts';
import { CHECKOUT_COUNTRIES, regionsOf } from '../../lib/countries.ts';
import { DESK_ANSWERS } from '../../lib/desk-messages.ts';
import { formatWithSymbol } from '../../lib/money.ts';
import { paymentLabel } from '../../lib/payments.ts';
import { discountedPrice } from '../../lib/pricing.ts';
import {
  CHANNEL_LABELS,
  ORDER_CHANNELS,
  PHONE_ORDER_METHODS,
  type OrderChannel,
} from '../../lib/orders/phone-orders.ts';
import {
  $newOrder,
  $newOrderEdited,
  $newOrderTotals,
  UNSAVED_NEW_ORDER,
  addLine,
  findCustomer,
  openNewOrder,
  productOf,
  removeLine,
  saveNewOrder,
  setChannel,
  setCustomer,
  setField,
  setQuantity,
} from '../../stores/desk-new-order.ts';
import { setUnsaved } from '../../stores/desk-leave.ts';
import { Field } from './Field.tsx';
import type { ScreenProps } from './screen-props.ts';

const rupees = (n: number) => formatWithSymbol(n, '₨');

/** How many products a search shows at once. */
const SHOWN = 8;

/** The New order screen. */
export default function NewOrderScreen({ staff }: ScreenProps) {
  const state = useStore($newOrder);
  const totals = useStore($newOrderTotals);
  const edited = useStore($newOrderEdited);
  const form = useRef<HTMLFormElement>(null);
  const [query, setQuery] = useState('');
  const ids = { channel: useId(), method: useId(), country: useId(), state: useId() };

  // The form is emptied in the render's own task (a layout effect), before its first frame: emptied
  // after it, a customer typed as the screen showed was lost, and leaving no longer asked.
  useLayoutEffect(() => {
    if (staff.personalData) void openNewOrder();
  }, [staff.personalData]);
  // Marked in the render's own task, so a tap straight after typing is asked about (as the editor).
  useLayoutEffect(() => setUnsaved(UNSAVED_NEW_ORDER, edited), [edited]);
  useEffect(() => () => setUnsaved(UNSAVED_NEW_ORDER, false), []);
  // A refused Save takes focus to the first field that needs attention.
  useEffect(() => {
    if (state.refusals > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.refusals]);

  if (!staff.personalData) return <p role="alert">{DESK_ANSWERS.personalDataOnly}</p>;

  const { fields, errors } = state;
  const shown = (name: CheckoutField) => (state.submitted ? errors[name] : undefined);
  const typed = query.trim().toLowerCase();
  const found = typed
    ? (state.products ?? []).filter((p) => p.productName.toLowerCase().includes(typed))
    : [];
  const regions = regionsOf(fields.country);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveNewOrder();
  }

  return (
    <form ref={form} className="desk-form desk-editor" onSubmit={submit} noValidate>
      <div className="desk-field">
        <label htmlFor={ids.channel}>How the order came</label>
        <select
          id={ids.channel}
          name="channel"
          value={state.channel}
          onChange={(e) => setChannel(e.currentTarget.value as OrderChannel)}
        >
          {ORDER_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="desk-search">
        <Field
          label="Existing customer (e-mail or phone)"
          name="customer"
          hint="Find fills in their last address. Leave empty for a new customer: the order goes to the e-mail in the address, and an account is made for them if they have none."
          value={state.customer}
          maxLength={254}
          onInput={(e) => setCustomer(e.currentTarget.value)}
        />
        <button type="button" className="desk-button" onClick={() => void findCustomer()}>
          Find
        </button>
      </div>

      <fieldset>
        <legend>Products</legend>
        <Field
          label="Find a product by name"
          name="find"
          type="search"
          value={query}
          disabled={state.products === null}
          hint={state.products === null ? 'Loading the catalogue…' : undefined}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        {typed !== '' && (
          <ul className="desk-picks" aria-label="Products found">
            {found.slice(0, SHOWN).map((p) => (
              <li key={p._id}>
                <span>
                  <strong>{p.productName}</strong> {rupees(discountedPrice(p))}
                </span>
                <span className="desk-actions">
                  {p.colors.map((colour) => (
                    <button
                      key={colour}
                      type="button"
                      className="desk-button desk-quiet"
                      onClick={() => addLine(p._id, colour)}
                    >
                      Add {colour}
                    </button>
                  ))}
                </span>
              </li>
            ))}
            {found.length === 0 && <li>No product matches.</li>}
          </ul>
        )}
        {state.lines.length > 0 && (
          <ul className="desk-picks" aria-label="In this order">
            {state.lines.map((line, index) => {
              const product = productOf(state.products, line.productId);
              const name = `${product?.productName ?? line.productId} in ${line.colour}`;
              return (
                <li key={`${line.productId}|${line.colour}`}>
                  <span>{name}</span>
                  <Field
                    label={`Quantity of ${name}`}
                    name={`quantity-${index}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={line.quantity}
                    onInput={(e) => setQuantity(index, Number(e.currentTarget.value))}
                  />
                  <span>{rupees(totals.linesPkr[index] ?? 0)}</span>
                  <button
                    type="button"
                    className="desk-button desk-quiet"
                    onClick={() => removeLine(index)}
                  >
                    Remove {name}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {state.submitted && errors.lines && (
          <p className="desk-error-text" role="alert">
            {errors.lines}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend>Shipping address</legend>
        {ADDRESS_FIELDS.map(([name, label]) => {
          if (name === 'country')
            return (
              <div className="desk-field" key={name}>
                <label htmlFor={ids.country}>{label}</label>
                <select
                  id={ids.country}
                  name="country"
                  value={fields.country}
                  aria-invalid={shown('country') ? true : undefined}
                  onChange={(e) => {
                    setField('country', e.currentTarget.value);
                    setField('state', '');
                  }}
                >
                  {CHECKOUT_COUNTRIES.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {shown('country') && (
                  <p className="desk-error-text">
                    {label}: {shown('country')}
                  </p>
                )}
              </div>
            );
          if (name === 'state' && regions.length > 0)
            return (
              <div className="desk-field" key={name}>
                <label htmlFor={ids.state}>{label}</label>
                <select
                  id={ids.state}
                  name="state"
                  value={fields.state}
                  aria-invalid={shown('state') ? true : undefined}
                  aria-describedby={shown('state') ? `${ids.state}-problem` : undefined}
                  onChange={(e) => setField('state', e.currentTarget.value)}
                >
                  <option value="">Choose…</option>
                  {regions.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
                {shown('state') && (
                  <p id={`${ids.state}-problem`} className="desk-error-text">
                    {label}: {shown('state')}
                  </p>
                )}
              </div>
            );
          return (
            <Field
              key={name}
              label={label}
              name={name}
              value={fields[name]}
              problem={shown(name)}
              type={name === 'email' ? 'email' : name === 'mobile' ? 'tel' : 'text'}
              autoComplete="off"
              onInput={(e) => setField(name, e.currentTarget.value)}
            />
          );
        })}
      </fieldset>

      <div className="desk-field">
        <label htmlFor={ids.method}>Payment</label>
        <select
          id={ids.method}
          name="paymentMethod"
          value={fields.paymentMethod}
          aria-invalid={shown('paymentMethod') ? true : undefined}
          onChange={(e) => setField('paymentMethod', e.currentTarget.value)}
        >
          {PHONE_ORDER_METHODS.map((m) => (
            <option key={m} value={m}>
              {paymentLabel(m)}
            </option>
          ))}
        </select>
        {shown('paymentMethod') && (
          <p className="desk-error-text">Payment: {shown('paymentMethod')}</p>
        )}
      </div>

      <dl className="desk-totals" aria-live="polite">
        <dt>Items</dt>
        <dd>{rupees(totals.itemsPkr)}</dd>
        {totals.total === null ? (
          <>
            <dt>Delivery and total</dt>
            <dd>In {totals.currency}, at the day&rsquo;s rate when saved</dd>
          </>
        ) : (
          <>
            <dt>Delivery</dt>
            <dd>{rupees(totals.fee ?? 0)}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{rupees(totals.total)}</strong>
            </dd>
          </>
        )}
      </dl>

      <button type="submit" className="desk-button desk-editor-save" disabled={state.saving}>
        {state.saving ? 'Saving…' : 'Save order'}
      </button>
    </form>
  );
}
