// The footer's newsletter sign-up call, POST /api/newsletter. Every page carries the footer, and
// its script is inlined in the page only while it imports nothing shared: the API client
// (./api.ts) would bring its message catalogue along, about 4 KB gzipped on every page, past the
// 5 KB content pages may run. So this call is its own: no token, and the answer's message is
// shown as sent (the form's fallbacks come from the page).

/** How a sign-up went: the server's message if it sent one, and whether it was accepted. */
export type NewsletterOutcome =
  { network: false; ok: boolean; message: string | null } | { network: true };

/** Asks for a sign-up (double opt-in: the server mails a confirmation link); never throws. */
export async function subscribeToNewsletter(email: string): Promise<NewsletterOutcome> {
  try {
    const res = await fetch('/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const body: unknown = await res.json().catch(() => null);
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : null;
    return { network: false, ok: res.ok, message };
  } catch {
    return { network: true };
  }
}
