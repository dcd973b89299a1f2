// The server-rendered shells a first tap opens (src/components/TapShell.astro) and the control that
// opened each. Removing a modal dialog, unlike closing it, does not send focus back: a shell that
// holds focus hands it to its control first, so the island's sheet that replaces it returns focus
// there when it closes, as every dialog does.
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

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
  shell.remove();
}
