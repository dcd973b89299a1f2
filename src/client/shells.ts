// The server-rendered shells a first tap opens (src/components/TapShell.astro) and the control that
// opened each. Removing a modal dialog, unlike closing it, does not send focus back: a shell that
// holds focus hands it to its control first, so the island's sheet that replaces it returns focus
// there when it closes, as every dialog does.
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** What the shopper ticked and typed in a shell with fields: each field's name and value. */
export type ShellFields = [name: string, value: string][];

const FIELDS = 'form.tap-shell-fields';

/**
 * The fields of shell `id` as the shopper left them (ticked boxes, typed words), once: the island
 * that takes them over starts from them, and the shell goes. Null when it has none, or is still
 * open (the shopper is using it: its island takes it over when it replaces it).
 */
export function takeShellFields(id: string): ShellFields | null {
  const shell = document.getElementById(id);
  if (!(shell instanceof HTMLDialogElement) || shell.open) return null;
  const form = shell.querySelector<HTMLFormElement>(FIELDS);
  shell.remove();
  return form && [...new FormData(form)].map(([name, value]) => [name, String(value)]);
}

/** Notes the control a shell was opened from. */
export function noteShellOpener(shell: HTMLDialogElement, control: HTMLElement): void {
  openers.set(shell, control);
}

/** Takes a shell away, focus inside it going back to the control that opened it. */
export function removeShell(shell: HTMLDialogElement): void {
  if (shell.contains(document.activeElement)) {
    // The island may have drawn its control anew on waking: then the one that names the shell now
    // (or that the shell names: a shell opened by an inline script, whose notes are its own).
    const noted = openers.get(shell);
    const opener = noted?.isConnected
      ? noted
      : document.querySelector<HTMLElement>(shell.dataset.opener ?? `[data-shell="${shell.id}"]`);
    opener?.focus({ preventScroll: true });
  }
  // A shell with fields only closes: its island takes what the shopper left there, then removes it.
  if (shell.querySelector(FIELDS)) shell.close();
  else shell.remove();
}
