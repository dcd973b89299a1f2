// The desk's service worker (scope /desk): it shows the shop's push alerts and opens the order a
// tap names. It does nothing else: no request passes through it and nothing is cached, so the
// desk and its calls always come from the network.

const DESK = '/desk';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The alert a push carries ({ title, body, url, tag }); a push it cannot read still shows one. */
function readAlert(data) {
  try {
    const alert = data ? data.json() : {};
    return {
      title: typeof alert.title === 'string' ? alert.title : 'Bastaa desk',
      body: typeof alert.body === 'string' ? alert.body : '',
      url: typeof alert.url === 'string' ? alert.url : DESK,
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
    };
  } catch {
    return { title: 'Bastaa desk', body: '', url: DESK, tag: undefined };
  }
}

/** The desk address a tap may open: only a path of the desk on this origin. */
function deskAddress(url) {
  const address = new URL(url, self.location.origin);
  const onDesk = address.pathname === DESK || address.pathname.startsWith(`${DESK}/`);
  return address.origin === self.location.origin && onDesk
    ? address.href
    : `${self.location.origin}${DESK}`;
}

self.addEventListener('push', (event) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      icon: `${DESK}/icon-192.png`,
      data: { url: alert.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const address = deskAddress(event.notification.data?.url ?? DESK);
  event.waitUntil(openDesk(address));
});

/** Focuses an open desk window on the order, or opens a new one at it. */
async function openDesk(address) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const desk = windows.find((w) => new URL(w.url).pathname.startsWith(DESK));
  if (desk) {
    try {
      const focused = await desk.focus();
      await focused.navigate(address);
      return;
    } catch {
      // A window this worker does not control cannot be steered: open the order in a new one.
    }
  }
  await self.clients.openWindow(address);
}
