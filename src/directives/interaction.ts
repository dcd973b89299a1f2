// `client:interaction` — hydrates an island on the shopper's first interaction with it (pointer,
// touch, focus or key), or when a page asks for it with the `shop:wake` event (e.g. Add To Cart
// wants the cart panel). Until then the page runs none of the island's code.
//
// No tap is lost: whatever the shopper does to the island before it has hydrated — a click on
// a button, link-button, checkbox, radio or label, a form submit, a new value in a select, slider or
// text field — is held, marked pending (`data-pending`, styled in global.css as a pressed/busy
// control, so there is feedback within a frame) and replayed once, in order, after hydration.
// A control that names a shell (`data-shell`, src/components/TapShell.astro) opens it at once: the
// sheet the island will open, server-rendered, with a pending line. Real links navigate natively. `client:interaction="group"` wakes every island of that group
// together (the product page's buy box and gallery share the chosen colour).
import type { ClientDirective } from 'astro';
import { noteShellOpener, removeShell } from '../client/shells.ts';
import { WAKE_EVENT, wakeIslands, wakeRequested } from '../client/wake.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Held =
  | { kind: 'click'; el: HTMLElement }
  | { kind: 'edit'; el: Field }
  | { kind: 'submit'; el: HTMLFormElement; by: HTMLElement | null };

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const CONTROL =
  'button, a, label, summary, input, select, textarea, [role="button"], [role="tab"], [role="switch"]';
/** Held actions per island: a runaway script or a stuck finger cannot queue without end. */
const MAX_HELD = 20;

/** Inputs whose click is the edit (it toggles them); other inputs are edited by typing or dragging. */
const toggles = (el: Element) =>
  el instanceof HTMLInputElement && /^(checkbox|radio|button|submit|reset|image)$/.test(el.type);
const isField = (el: Element): el is Field =>
  (el instanceof HTMLInputElement && !toggles(el)) ||
  el instanceof HTMLSelectElement ||
  el instanceof HTMLTextAreaElement;

/** The elements that show a held action as pending: the control, its label, a form's submitter. */
function pendingMarks(item: Held): HTMLElement[] {
  const marks = [item.el as HTMLElement];
  const label = item.el.closest('label');
  if (label && label !== item.el) marks.push(label);
  if (item.kind === 'submit' && item.by) marks.push(item.by);
  return marks;
}

/** Sets a field's value so the island's change handlers see a change (as a typed value would be). */
function replayEdit(el: Field) {
  const value = el.value;
  if (el instanceof HTMLSelectElement) {
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // A different value first, then the real one through the prototype's setter: the edit is new to
  // any tracking of the last value seen (React's did that; Preact reads the events below).
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  el.value = value === '' ? ' ' : '';
  setter?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Resolves once the next frame has been painted. */
const afterNextPaint = () =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * A toggle whose answer is its own pressed state (`data-toggles`: the heart, which saves to this
 * browser and cannot be refused) shows the new state in the frame of the tap, not once its island
 * has come. The held tap is replayed after hydration, which leaves the attribute as it is; the
 * island's toggle then draws the same state.
 */
function pressAtOnce(control: HTMLElement) {
  if (!control.hasAttribute('data-toggles')) return;
  const pressed = control.getAttribute('aria-pressed');
  if (pressed === 'true' || pressed === 'false')
    control.setAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
}

/** How long a shell whose answer comes from another island waits for it after the replay. */
const SHELL_WAIT_MS = 3000;

/**
 * Opens, in the frame of the tap, the server-rendered shell (src/components/TapShell.astro) that a
 * held control names in `data-shell`: the same sheet the island will open, with a pending line.
 * Returns it, or null when the control has none (or it does not apply at this width).
 */
function openShell(control: HTMLElement): HTMLDialogElement | null {
  const id = control.getAttribute('data-shell');
  const shell = id ? (document.getElementById(id) as HTMLDialogElement | null) : null;
  if (!shell) return null;
  if (!matchMedia(shell.dataset.media ?? 'all').matches) return null;
  if (!shell.open) shell.showModal();
  noteShellOpener(shell, control);
  // Its answer comes from another island (the header's panel after Add To Cart): wake it once the
  // shell is painted (starting every island's load in this task would delay that frame).
  if (shell.hasAttribute('data-answer')) requestAnimationFrame(() => setTimeout(wakeIslands));
  return shell;
}

/**
 * Takes a shell away once the island answers (focus inside it goes back to its control first:
 * src/client/shells.ts). A shell answered by its own island goes just before the replay
 * (the island opens its sheet in the same task: no frame without one); one answered by another
 * island stays until that island's sheet opens (the header's Dialog removes it then), at most
 * SHELL_WAIT_MS.
 */
function retireShell(shell: HTMLDialogElement, replay: () => void) {
  if (!shell.hasAttribute('data-answer')) removeShell(shell);
  replay();
  setTimeout(() => removeShell(shell), SHELL_WAIT_MS);
}

const interaction: ClientDirective = (load, options, el) => {
  const group = typeof options.value === 'string' && options.value ? options.value : '';
  const groupEvent = `${WAKE_EVENT}:${group}`;
  let started = false;
  const held: Held[] = [];
  /** The shell each held click opened. */
  const shells = new Map<Held, HTMLDialogElement>();

  const hold = (item: Held) => {
    if (held.length >= MAX_HELD) return;
    held.push(item);
    for (const shown of pendingMarks(item)) shown.setAttribute('data-pending', '');
  };

  const onClick = (event: Event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(CONTROL);
    void start();
    if (!target || !el.contains(target)) return;
    // A real link navigates by itself; a field is focused and edited natively (edits are held below).
    if (target instanceof HTMLAnchorElement && target.getAttribute('href')?.replace('#', ''))
      return;
    if (isField(target)) return;
    if (target instanceof HTMLLabelElement && target.control && isField(target.control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const item: Held = { kind: 'click', el: target };
    hold(item);
    pressAtOnce(target);
    const shell = openShell(target);
    if (!shell) return;
    shells.set(item, shell);
    // Closed by the shopper before the island came (× or Escape): the tap is withdrawn.
    shell.addEventListener('close', () => {
      // (Still held while it has its shell: the replay takes both away together.)
      if (shells.delete(item)) {
        held.splice(held.indexOf(item), 1);
        target.removeAttribute('data-pending');
      }
    });
  };

  const onEdit = (event: Event) => {
    const target = event.target as Element | null;
    if (!target || !isField(target)) return;
    void start();
    const at = held.findIndex((h) => h.el === target);
    if (at >= 0) held.splice(at, 1);
    hold({ kind: 'edit', el: target });
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    event.stopImmediatePropagation();
    const by = (event as SubmitEvent).submitter;
    hold({ kind: 'submit', el: form, by });
    void start();
  };

  const listeners: [string, EventListener][] = [
    ['click', onClick],
    ['input', onEdit],
    ['change', onEdit],
    ['submit', onSubmit],
  ];

  async function start(event?: Event) {
    if (started) return;
    started = true;
    // A press (finger or button down): its click, which may open a shell, comes first. Loading
    // the island before it would put the module's long task between the touch and the click on a slow
    // phone. (A press that becomes a scroll has no click: a second later it loads anyway.)
    if (event?.type === 'pointerdown' || event?.type === 'touchstart')
      await new Promise((resolve) => {
        document.addEventListener('click', () => setTimeout(resolve), {
          once: true,
          capture: true,
        });
        setTimeout(resolve, 1000);
      });
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    document.removeEventListener(WAKE_EVENT, start);
    if (group) {
      document.removeEventListener(groupEvent, start);
      document.dispatchEvent(new Event(groupEvent));
    }
    // The tap's own frame first (its pending mark, its shell): loading and running the island in the
    // same turn would hold that frame back on a slow phone.
    await afterNextPaint();
    const hydrate = await load();
    await hydrate();
    // Preact has hydrated the island within that call (src/directives/preact-client.ts); its
    // effects (listeners, a dialog's first state) run after the next frame. The held taps replay
    // once they have, in order: a tap replayed before them would have its own drawing's effects run
    // after hydration's (the account drawer opened by a held tap focused its e-mail field, not
    // Close, as the dialog opened before the form looked).
    await afterNextPaint();
    for (const [type, listener] of listeners) el.removeEventListener(type, listener, true);
    for (const item of held.splice(0)) {
      for (const shown of pendingMarks(item)) shown.removeAttribute('data-pending');
      const shell = shells.get(item);
      shells.delete(item);
      if (!item.el.isConnected) {
        if (shell) removeShell(shell);
        continue;
      }
      if (item.kind === 'click' && shell) retireShell(shell, () => item.el.click());
      else if (item.kind === 'click') item.el.click();
      else if (item.kind === 'edit') replayEdit(item.el);
      else item.el.requestSubmit(item.by?.isConnected ? item.by : undefined);
      // Preact draws a tap's state in a microtask after it: without this wait the next held tap
      // (Add To Cart after a +) would run the handler of the render before, with the old quantity.
      // A microtask, not a task: no new tap of the shopper's can come between two held ones.
      await Promise.resolve();
    }
  }

  for (const type of TRIGGERS) el.addEventListener(type, start, { once: true, passive: true });
  for (const [type, listener] of listeners) el.addEventListener(type, listener, true);
  document.addEventListener(WAKE_EVENT, start, { once: true });
  if (group) document.addEventListener(groupEvent, start, { once: true });
  if (wakeRequested()) void start();
};

export default interaction;
