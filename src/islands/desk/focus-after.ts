// Where focus goes after a desk action: on what the action opened (a form's first field) or on its
// result (the new status, the message), never left on <body> when the pressed button disappears or
// is disabled while the call is out. A screen asks once; the element is focused after the commit
// that shows it, so an action that opens, replaces or removes what had focus still lands somewhere.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

/** Finds the element to focus once the screen shows the action's outcome (null: not yet). */
export type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Answers `focusAfter(target)`: focus goes to `target()` after the next commit of the component
 * holding the hook (or the first one after it where the target exists). Hold it in a component the
 * action does not remove.
 */
export function useFocusAfter(): (target: FocusTarget) => void {
  const pending = useRef<FocusTarget | null>(null);
  const [, setAsked] = useState(0);
  useEffect(() => {
    const element = pending.current?.();
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return useCallback((target: FocusTarget) => {
    pending.current = target;
    setAsked((n) => n + 1);
  }, []);
}

/** The id of the live region's strip, focusable so an action whose only result is a message lands there. */
export const MESSAGE_ID = 'desk-message';

/** The live region's message (an action's result when nothing else shows it). */
export const theMessage: FocusTarget = () => document.getElementById(MESSAGE_ID);

/** The first field of a form or section: what opening a form lands on. */
export const firstFieldIn = (root: HTMLElement | null | undefined): HTMLElement | null =>
  root?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
  ) ?? null;

/** The first field marked invalid in a form or section: where a refusal lands. */
export const firstInvalidIn = (root: HTMLElement | null | undefined): HTMLElement | null =>
  root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;

/** The button in `root` carrying `data-action="<action>"` (the one that opened a form, after Back). */
export const actionButtonIn = (
  root: HTMLElement | null | undefined,
  action: string,
): HTMLElement | null =>
  root?.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]`) ?? null;

/**
 * A button's props while the call it starts may be out: `aria-disabled`, not `disabled` (a
 * disabled button loses focus to <body> in browsers, and the member's place with it), and a press
 * that does nothing meanwhile. A submit button's press is its form's submission (Enter in a field
 * presses it too), so cancelling the press cancels the submission.
 */
export function pressWhenIdle(
  busy: boolean,
  onPress?: (event: MouseEvent<HTMLButtonElement>) => void,
): {
  'aria-disabled': true | undefined;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
} {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event) => {
      if (busy) event.preventDefault();
      else onPress?.(event);
    },
  };
}
