// Leaving a desk form with unsaved changes asks first. A form says whether it holds edits not saved
// (setUnsaved); the shell asks before its address changes (a link of the navigation, the bottom
// bar or More, the phone's Back, a screen's own move), and the browser asks before the page goes
// (reload, closing the tab) through beforeunload. Save, or no edits, and nothing is asked.
import { atom } from 'nanostores';

const unsaved = new Set<string>();

/** The address the member asked to go to while a form held unsaved edits (null: nothing asked). */
export const $leaveAsked = atom<string | null>(null);

/** Whether any open form holds edits not saved. */
export const hasUnsaved = (): boolean => unsaved.size > 0;

// The browser's own question before the page goes: its words are the browser's.
const beforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Chrome before 119 and Safari ask only when returnValue is set.
  event.returnValue = '';
};

/** Form `form` holds edits not saved (true) or none (false: saved, reset, or closed). */
export function setUnsaved(form: string, edited: boolean): void {
  const before = hasUnsaved();
  if (edited) unsaved.add(form);
  else unsaved.delete(form);
  if (typeof window === 'undefined' || before === hasUnsaved()) return;
  if (hasUnsaved()) addEventListener('beforeunload', beforeUnload);
  else removeEventListener('beforeunload', beforeUnload);
}

/** Whether the desk may go to `address` now; when a form holds unsaved edits, asks first (false). */
export function mayLeaveFor(address: string): boolean {
  if (!hasUnsaved()) return true;
  $leaveAsked.set(address);
  return false;
}

/** The member chose to leave without saving: the edits are dropped and the desk goes where asked. */
export function leaveAnyway(): void {
  const address = $leaveAsked.get();
  for (const form of [...unsaved]) setUnsaved(form, false);
  $leaveAsked.set(null);
  if (address !== null) location.hash = address;
}

/** The member chose to stay: nothing changes. */
export function stayHere(): void {
  $leaveAsked.set(null);
}
