// Which push addresses the shop will POST to. A device's push address comes from the desk, so
// without a check a member could point the shop's server at anything it can reach (the cloud's
// metadata service, a database port on the private network) and learn from which addresses get
// deleted (404, 410) what exists there. So an address must be https on port 443 at a host of the
// browsers' push services, with no user or password and no IP literal, and its name must resolve
// to public addresses only. A local stand-in for tests is one origin named by PUSH_SERVICE_STAND_IN,
// which a deployed site refuses to start with (config.ts).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PUSH_ANSWERS } from '../../../lib/push.ts';

/**
 * The browsers' push services: Chrome's (Firebase Cloud Messaging), Firefox's (Mozilla's autopush),
 * Safari's (Apple's, web.push.apple.com and its regions) and Edge on Windows (Microsoft's WNS).
 */
export const PUSH_SERVICE_HOSTS: readonly { host?: string; suffix?: string }[] = [
  { host: 'fcm.googleapis.com' },
  { host: 'updates.push.services.mozilla.com' },
  { suffix: '.push.apple.com' },
  { suffix: '.notify.windows.com' },
];

/** Answers the addresses a host name resolves to (the system's resolver, or a test's table). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system's resolver: every address of the name, IPv4 and IPv6. */
export const systemResolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

// Every range a push service's public address is never in: "this network", private (RFC 1918),
// CGNAT (RFC 6598), loopback, link-local (the cloud metadata service), IETF protocol and
// documentation ranges, benchmarking, multicast and reserved; IPv6 loopback and unspecified,
// IPv4-mapped and -translated (NAT64), discard, Teredo, 6to4, documentation, unique local,
// link-local and multicast.
// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too, as the IPv4-mapped
// address, so ::ffff:0:0/96 beside the IPv4 rules would match every IPv4 address.
const INSIDE_V4 = new BlockList();
const INSIDE_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INSIDE_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INSIDE_V6.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one the shop never sends to: local, private or reserved. */
export function isInsideAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? INSIDE_V4.check(address, 'ipv4') : INSIDE_V6.check(address, 'ipv6');
}

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((s) => host === s.host || (s.suffix && host.endsWith(s.suffix)));

/** What an address fails, without asking DNS; null when only the name's resolution is left. */
export function pushEndpointProblem(endpoint: string, standIn?: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ANSWERS.notPushService;
  }
  if (standIn && url.origin === new URL(standIn).origin) return null;
  if (url.protocol !== 'https:') return PUSH_ANSWERS.httpsOnly;
  if (url.username || url.password) return PUSH_ANSWERS.credentials;
  // The URL parser reads 2130706433, 0x7f.1 and [::ffff:a9fe:a9fe] as the addresses they encode.
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return PUSH_ANSWERS.ipLiteral;
  if (url.port !== '') return PUSH_ANSWERS.otherPort;
  if (!isPushServiceHost(url.hostname)) return PUSH_ANSWERS.notPushService;
  return null;
}

/**
 * Why the shop will not send to `endpoint`, or null when it may: the checks above, then the name
 * resolved (a name that leads to a private address is refused). `lookupFailed` when the name
 * cannot be resolved now.
 */
export async function checkPushEndpoint(
  endpoint: string,
  options: { standIn?: string | undefined; resolve?: ResolveHost } = {},
): Promise<{ problem: string; lookupFailed?: boolean } | null> {
  const problem = pushEndpointProblem(endpoint, options.standIn);
  if (problem) return { problem };
  const url = new URL(endpoint);
  if (options.standIn && url.origin === new URL(options.standIn).origin) return null;
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? systemResolveHost)(url.hostname);
  } catch {
    return { problem: PUSH_ANSWERS.lookupFailed, lookupFailed: true };
  }
  if (addresses.length === 0) return { problem: PUSH_ANSWERS.lookupFailed, lookupFailed: true };
  if (addresses.some(isInsideAddress)) return { problem: PUSH_ANSWERS.resolvesInside };
  return null;
}
