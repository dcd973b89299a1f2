// What `fetch failed` means. Node's fetch (undici) throws a TypeError "fetch failed" whatever went
// wrong and keeps the reason in `cause`; an operator needs that reason, in words.

const CAUSES: Readonly<Record<string, (host: string) => string>> = {
  ENOTFOUND: (host) => `the name ${host} does not resolve (ENOTFOUND): check the spelling and DNS`,
  EAI_AGAIN: (host) => `DNS did not answer for ${host} (EAI_AGAIN): no network or no DNS server`,
  ECONNREFUSED: (host) => `${host} refused the connection (ECONNREFUSED): nothing listens there`,
  ECONNRESET: (host) => `${host} dropped the connection (ECONNRESET)`,
  ETIMEDOUT: (host) => `connecting to ${host} timed out (ETIMEDOUT)`,
  UND_ERR_CONNECT_TIMEOUT: (host) => `connecting to ${host} timed out`,
  CERT_HAS_EXPIRED: (host) => `${host}'s TLS certificate has expired`,
  DEPTH_ZERO_SELF_SIGNED_CERT: (host) => `${host}'s TLS certificate is self-signed`,
  ERR_TLS_CERT_ALTNAME_INVALID: (host) => `${host}'s TLS certificate is for another name`,
};

/** The real reason a fetch of `url` failed, in one line an operator can act on. */
export function explainFetchError(error: unknown, url: string): string {
  const host = hostOf(url);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `${host} did not answer in time (timeout)`;
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string')
      return CAUSES[code]?.(host) ?? `${host}: ${code} (${cause.message})`;
    if (cause.name === 'TimeoutError') return `${host} did not answer in time (timeout)`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
