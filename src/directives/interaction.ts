// `client:interaction` — hydrates an island on the shopper's first interaction with it (pointer,
// touch, focus or key), or when a page asks for it with the `shop:wake` event (e.g. Add To Cart
// wants the cart panel). A click that arrives before hydration is replayed afterwards, so the
// first tap on an icon still opens what it should. Content pages thus load no React until needed.
import type { ClientDirective } from 'astro';
import { WAKE_EVENT, wakeRequested } from '../client/wake.ts';

const interaction: ClientDirective = (load, _options, el) => {
  const triggers = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  let pending: HTMLElement | null = null;

  const onClick = (event: Event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('button, a');
    if (!target || target.tagName === 'A') return void start();
    event.preventDefault();
    event.stopPropagation();
    pending = target;
    void start();
  };

  async function start() {
    if (started) return;
    started = true;
    for (const type of triggers) el.removeEventListener(type, start);
    document.removeEventListener(WAKE_EVENT, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', onClick, true);
    if (pending) {
      const target = pending;
      pending = null;
      setTimeout(() => target.click(), 0);
    }
  }

  for (const type of triggers) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
  document.addEventListener(WAKE_EVENT, start, { once: true });
  if (wakeRequested()) void start();
};

export default interaction;
