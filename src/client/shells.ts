// The server-rendered shells a first tap opens (src/components/TapShell.astro) and the control that
// opened each. Removing a modal dialog, unlike closing it, does not send focus back: a shell that
// holds focus hands it to its control first, so the island's sheet that replaces it returns focus
// there when it closes, as every dialog does.
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** What the shopper ticked and typed in a shell with fields: each field's name and value. */
export type ShellFields = [name: string, value: string][];

/**
 * The fields of shells already taken away, until their island takes them. Kept on the window: the
 * directive that takes a shell away is inlined in the page, the island is a module of its own, and
 * each has its own copy of this module.
 */
const SHARED = Symbol.for('shop.shellFields');
const leftBehind: Map<string, ShellFields> = ((globalThis as Record<symbol, unknown>)[SHARED] ??=
  new Map<string, ShellFields>()) as Map<string, ShellFields>;

function fieldsOf(shell: HTMLDialogElement): ShellFields | null {
  const form = shell.querySelector<HTMLFormElement>('form.tap-shell-fields');
  if (!form) return null;
  return [...new FormData(form)].map(([name, value]) => [name, String(value)]);
}

/**
 * The fields of shell `id` as the shopper left them (ticked boxes, typed words), once: the island
 * that takes them over starts from them. Null when the shell has no fields, or they were taken.
 */
export function takeShellFields(id: string): ShellFields | null {
  const shell = document.getElementById(id);
  // Still open: the shopper is using it, and its island takes it over when it replaces it.
  if (shell instanceof HTMLDialogElement && shell.open) return null;
  const fields =
    shell instanceof HTMLDialogElement ? fieldsOf(shell) : (leftBehind.get(id) ?? null);
  leftBehind.delete(id);
  // Taken: the shell's fields are the island's now (a later take finds none).
  shell?.querySelector('form.tap-shell-fields')?.remove();
  return fields;
}

/** Notes the control a shell was opened from. */
export function noteShellOpener(shell: HTMLDialogElement, control: HTMLElement): void {
  openers.set(shell, control);
}

/** Takes a shell away, focus inside it going back to the control that opened it. */
export function removeShell(shell: HTMLDialogElement): void {
  if (shell.contains(document.activeElement)) {
    // The island may have drawn its control anew on waking: then the one that names the shell now.
    const noted = openers.get(shell);
    const opener = noted?.isConnected
      ? noted
      : document.querySelector<HTMLElement>(`[data-shell="${shell.id}"]`);
    opener?.focus({ preventScroll: true });
  }
  const fields = fieldsOf(shell);
  if (fields) leftBehind.set(shell.id, fields);
  shell.remove();
}
