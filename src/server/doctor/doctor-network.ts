// The network checks of `doctor`: names that must resolve (the MongoDB and SMTP hosts),
// the shop's mail authentication records (SPF, DKIM, DMARC) and the deployed site's health call.
// DNS and HTTP come in as parameters, so tests answer them locally and never reach the internet.
import { lookup, resolveSrv, resolveTxt } from 'node:dns/promises';
import { isIP } from 'node:net';
import { explainFetchError } from '../fetch-error.ts';
import { splitUserinfo } from './doctor-explain.ts';

/** The DNS questions doctor asks. */
export interface DoctorDns {
  lookup(host: string): Promise<unknown>;
  resolveSrv(name: string): Promise<unknown[]>;
  resolveTxt(name: string): Promise<string[][]>;
}

/** The system's resolver. */
export const systemDns: DoctorDns = {
  lookup: (host) => lookup(host),
  resolveSrv: (name) => resolveSrv(name),
  resolveTxt: (name) => resolveTxt(name),
};

/** One finding: ok, or a problem to fix. */
export interface NetworkLine {
  ok: boolean;
  text: string;
}

/** Answers DNS cannot give because it is not there (no network), not because a name is wrong. */
const DNS_DOWN = new Set(['ECONNREFUSED', 'ETIMEOUT', 'EAI_AGAIN', 'ESERVFAIL', 'ECANCELLED']);
/** Answers that mean the name has no such record. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Thrown when DNS itself does not answer: lookups are skipped with one line. */
export class DnsUnreachable extends Error {}

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** The TXT records of a name (joined chunks), [] when it has none; DnsUnreachable without DNS. */
async function txt(dns: DoctorDns, name: string): Promise<string[]> {
  try {
    return (await dns.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    if (NO_RECORD.has(codeOf(error))) return [];
    throw new DnsUnreachable(codeOf(error) || String(error));
  }
}

/** Whether a host resolves: true, false (no such name), or DnsUnreachable. */
async function resolves(dns: DoctorDns, host: string, srv: boolean): Promise<boolean> {
  if (isIP(host)) return true;
  try {
    if (srv) await dns.resolveSrv(`_mongodb._tcp.${host}`);
    else await dns.lookup(host);
    return true;
  } catch (error) {
    if (DNS_DOWN.has(codeOf(error))) throw new DnsUnreachable(codeOf(error));
    return false;
  }
}

/** The hosts of a connection URL (a mongodb:// URI may list several, comma-separated). */
export function hostsOf(url: string): { hosts: string[]; srv: boolean } {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  if (!scheme) return { hosts: [], srv: false };
  let rest = url.slice(scheme[0].length);
  if (splitUserinfo(url)) rest = rest.slice(rest.lastIndexOf('@') + 1);
  const authority = rest.split(/[/?#]/)[0] ?? '';
  const hosts = authority
    .split(',')
    .map((h) => h.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/:\d+$/, ''))
    .filter(Boolean);
  return { hosts, srv: scheme[1]!.toLowerCase() === 'mongodb+srv' };
}

/** Checks that the hosts of MONGODB_URI and SMTP_URL resolve; the failing variables are returned too. */
export async function checkHosts(
  dns: DoctorDns,
  urls: { name: 'MONGODB_URI' | 'SMTP_URL'; url: string }[],
): Promise<{ lines: NetworkLine[]; unresolved: Set<string> }> {
  const lines: NetworkLine[] = [];
  const unresolved = new Set<string>();
  for (const { name, url } of urls) {
    const { hosts, srv } = hostsOf(url);
    for (const host of hosts) {
      if (await resolves(dns, host, srv)) continue;
      unresolved.add(name);
      lines.push({
        ok: false,
        text:
          name === 'MONGODB_URI'
            ? `MONGODB_URI: the host ${host} does not resolve${srv ? ' (no _mongodb._tcp SRV record)' : ''}; copy the connection string again from Atlas (Connect → Drivers) and check the cluster name`
            : `SMTP_URL: the host ${host} does not resolve; check the SMTP server's name with your mail provider (a '#' or '@' in the password that is not URL-encoded also cuts the host short)`,
      });
    }
    if (!unresolved.has(name))
      lines.push({ ok: true, text: `${name}: ${hosts.join(', ')} resolves` });
  }
  return { lines, unresolved };
}

/** Common DKIM selectors of the big mail providers, tried when DKIM_SELECTOR is not set. */
export const COMMON_DKIM_SELECTORS = [
  'google',
  'selector1',
  'selector2',
  'default',
  'k1',
  's1',
  's2',
  'mail',
  'dkim',
  'zoho',
  'mxvault',
  'resend',
];

/** SPF, DKIM and DMARC of the domain the shop's mail comes from. */
export async function checkMailAuth(
  dns: DoctorDns,
  domain: string,
  dkimSelectors: string[] | null,
): Promise<NetworkLine[]> {
  const lines: NetworkLine[] = [];
  const spf = (await txt(dns, domain)).filter((r) => /^v=spf1(\s|$)/i.test(r));
  if (spf.length === 0)
    lines.push({
      ok: false,
      text: `SPF: ${domain} has no TXT record starting v=spf1; add the one your mail provider gives (Google Workspace: v=spf1 include:_spf.google.com ~all; Microsoft 365: v=spf1 include:spf.protection.outlook.com -all)`,
    });
  else if (spf.length > 1)
    lines.push({
      ok: false,
      text: `SPF: ${domain} has ${spf.length} v=spf1 records; receivers then ignore them all: merge them into one`,
    });
  else lines.push({ ok: true, text: `SPF: ${spf[0]}` });

  const selectors = dkimSelectors ?? COMMON_DKIM_SELECTORS;
  let dkim: string | null = null;
  for (const selector of selectors) {
    const records = await txt(dns, `${selector}._domainkey.${domain}`);
    if (records.some((r) => /(^|;)\s*(v=DKIM1|p=)/i.test(r))) {
      dkim = selector;
      break;
    }
  }
  lines.push(
    dkim
      ? { ok: true, text: `DKIM: key published under selector ${dkim}` }
      : {
          ok: false,
          text: dkimSelectors
            ? `DKIM: no key at ${dkimSelectors.map((s) => `${s}._domainkey.${domain}`).join(', ')}; publish the DKIM record your mail provider gives`
            : `DKIM: no key under the common selectors (${selectors.join(', ')}); set DKIM_SELECTOR to your provider's selector, or publish the DKIM record it gives`,
        },
  );

  const dmarc = (await txt(dns, `_dmarc.${domain}`)).filter((r) => /^v=DMARC1(;|\s|$)/i.test(r));
  lines.push(
    dmarc.length > 0
      ? { ok: true, text: `DMARC: ${dmarc[0]}` }
      : {
          ok: false,
          text: `DMARC: _dmarc.${domain} has no v=DMARC1 record; add TXT "v=DMARC1; p=none; rua=mailto:you@${domain}" and tighten p= to quarantine once reports look clean`,
        },
  );
  return lines;
}

/** Whether `${site}/api/health` answers, and what it says. */
export async function checkSiteHealth(
  site: string,
  fetcher: typeof fetch,
  timeoutMs: number,
): Promise<NetworkLine> {
  const url = `${site.replace(/\/+$/, '')}/api/health`;
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    const state = typeof body?.status === 'string' ? body.status : null;
    if (res.ok && state === 'ok') return { ok: true, text: `${url}: ok` };
    if (res.ok && state === 'degraded')
      return {
        ok: false,
        text: `${url}: degraded (the exchange rates need attention; read the answer)`,
      };
    if (state === null)
      return {
        ok: false,
        text: `${url} answered HTTP ${res.status} without the health answer; is the site deployed with its functions?`,
      };
    return { ok: false, text: `${url} answered HTTP ${res.status}: ${state}` };
  } catch (error) {
    return { ok: false, text: `${url} did not answer: ${explainFetchError(error, url)}` };
  }
}
