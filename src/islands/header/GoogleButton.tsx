import { useEffect, useRef } from 'react';
import { ACCOUNT_MESSAGES } from '../../lib/messages.ts';
import { signInWithGoogle } from '../../stores/account.ts';
import { notify } from '../../stores/notices.ts';

/** Google's identity script, loaded only when a client id is configured. */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

type GoogleId = {
  initialize: (options: {
    client_id: string;
    callback: (answer: { credential?: string }) => void;
  }) => void;
  renderButton: (el: HTMLElement, options: Record<string, unknown>) => void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

let scriptLoading: Promise<GoogleId> | null = null;

function loadGoogle(): Promise<GoogleId> {
  scriptLoading ??= new Promise<GoogleId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('no google.accounts.id'));
    script.onerror = () => reject(new Error('Google identity script failed to load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    scriptLoading = null;
    throw error;
  });
  return scriptLoading;
}

/** "Continue with Google": hidden unless PUBLIC_GOOGLE_CLIENT_ID is set at build time. */
export function GoogleButton() {
  const clientId = import.meta.env.PUBLIC_GOOGLE_CLIENT_ID as string | undefined;
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!clientId) return;
    let alive = true;
    loadGoogle()
      .then((google) => {
        if (!alive || !slot.current) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => void signInWithGoogle(credential),
        });
        google.renderButton(slot.current, { type: 'standard', text: 'continue_with', width: 320 });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (alive) notify(ACCOUNT_MESSAGES.googleFailed, 'error');
      });
    return () => {
      alive = false;
    };
  }, [clientId]);
  if (!clientId) return null;
  return <div ref={slot} className="google-button" aria-label="Continue with Google" />;
}
