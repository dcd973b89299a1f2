// What `doctor` says about the raw environment before it is parsed: the common mistakes
// of a person pasting values into Netlify's UI, each as one line saying what to change. No line
// ever prints a password or a secret: a password is shown only as its encoded shape (•%40••).

/** One problem found in a variable's value. */
export interface EnvProblem {
  name: string;
  text: string;
}

/** Variables that hold a URL, and the scheme their example uses. */
const URL_VARIABLES: Readonly<Record<string, string>> = {
  SITE_URL: 'https://',
  SMTP_URL: 'smtps://',
  MONGODB_URI: 'mongodb+srv://',
  RATES_URL: 'https://',
  GOOGLE_JWKS_URL: 'https://',
};
/** Variables whose value must never be printed. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'JWT_SECRET_PREVIOUS', 'SMTP_URL', 'MONGODB_URI']);

/** The variables doctor reads. */
export const DOCTOR_VARIABLES = [
  'MONGODB_URI',
  'MONGODB_DB',
  'JWT_SECRET',
  'JWT_SECRET_PREVIOUS',
  'SMTP_URL',
  'MAIL_FROM',
  'SITE_URL',
  'RATES_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_JWKS_URL',
  'DKIM_SELECTOR',
] as const;

const WHITESPACE_NAMES: Readonly<Record<string, string>> = {
  ' ': 'space',
  '\t': 'tab',
  '\n': 'line break',
  '\r': 'carriage return',
  '\u00a0': 'non-breaking space',
};

function describeWhitespace(run: string): string {
  const names = [...run].map((c) => WHITESPACE_NAMES[c] ?? 'invisible character');
  const first = names[0]!;
  return names.every((n) => n === first)
    ? `${names.length === 1 ? 'a' : names.length} ${first}${names.length === 1 ? '' : 's'}`
    : `${names.length} invisible characters`;
}

/** Whitespace around a value: where it is and what it is. */
function whitespaceProblem(name: string, value: string): string | null {
  const lead = /^[\s\u00a0]+/.exec(value)?.[0] ?? '';
  const trail = /[\s\u00a0]+$/.exec(value)?.[0] ?? '';
  if (!lead && !trail) return null;
  const where = [
    lead ? `${describeWhitespace(lead)} before the value` : '',
    trail ? `${describeWhitespace(trail)} after it` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const start = SECRET_VARIABLES.has(name)
    ? ''
    : ` ("${lead.replace(/\S|[\s\u00a0]/g, '␠')}${value.trim()}${trail.replace(/[\s\u00a0]/g, '␠')}")`;
  return `${name}: ${where}${start}; delete ${lead && trail ? 'them' : 'it'} (pasted values often carry one)`;
}

/** A URL variable without `scheme://`. */
function schemeProblem(name: string, value: string): string | null {
  const scheme = URL_VARIABLES[name];
  if (!scheme || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return null;
  if (SECRET_VARIABLES.has(name))
    return `${name}: has no scheme; start it with ${scheme}${name === 'SMTP_URL' ? ' (port 465) or smtp:// (port 587)' : ''}`;
  return `${name}: ${value} has no scheme; write ${scheme}${value.replace(/^\/+/, '')}`;
}

/** A placeholder of a copied example left in (Atlas's `<db_password>`, `<username>`…). */
function placeholderProblem(name: string, value: string): string | null {
  // Atlas's <db_password>, <username>, <cluster>…; an address in angle brackets (MAIL_FROM) is not one.
  const found = value.match(/<[A-Za-z_][\w-]{0,39}>/g);
  if (!found) return null;
  const what = found.map((p) => p.toLowerCase());
  const hint = what.some((p) => p.includes('password'))
    ? ' (the database user’s password, URL-encoded)'
    : what.some((p) => p.includes('user'))
      ? ' (the database user’s name)'
      : '';
  return `${name}: the placeholder ${found.join(' and ')} is still in the value; replace it with the real value${hint}`;
}

// RFC 3986 userinfo may hold unreserved characters, percent-escapes and sub-delims; ':' only
// between user and password. Everything else must be percent-encoded.
const NEEDS_ENCODING = /[^A-Za-z0-9\-._~!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})/g;

/** The `user:password` of a connection URL, found as a person typed it (raw '@', '#', '/' …). */
export function splitUserinfo(value: string): { user: string; password: string | null } | null {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value);
  if (!scheme) return null;
  const rest = value.slice(scheme[0].length);
  const at = rest.lastIndexOf('@');
  if (at < 0) return null;
  const userinfo = rest.slice(0, at);
  const colon = userinfo.indexOf(':');
  return colon < 0
    ? { user: userinfo, password: null }
    : { user: userinfo.slice(0, colon), password: userinfo.slice(colon + 1) };
}

const quoteAll = (chars: string[]) => chars.map((c) => `'${c}'`).join(' and ');
const encodeChar = (c: string) => encodeURIComponent(c);

/** A user name or password in a connection URL with characters that must be URL-encoded. */
function encodingProblems(name: string, value: string): string[] {
  if (name !== 'MONGODB_URI' && name !== 'SMTP_URL') return [];
  const parts = splitUserinfo(value);
  if (!parts) return [];
  const problems: string[] = [];
  const userChars = [...new Set(parts.user.match(NEEDS_ENCODING) ?? [])];
  if (userChars.length > 0) {
    const encoded = parts.user.replace(NEEDS_ENCODING, encodeChar);
    problems.push(
      `${name}: the user name holds ${quoteAll(userChars)}, which must be URL-encoded: write ${encoded}`,
    );
  }
  if (parts.password !== null) {
    const chars = [...new Set(parts.password.match(NEEDS_ENCODING) ?? [])];
    if (chars.length > 0) {
      // The encoded shape only: every character that stays as it is shows as a dot.
      const shape = [...parts.password]
        .map((c) => (c.match(NEEDS_ENCODING) ? encodeChar(c) : '•'))
        .join('');
      const table = chars.map((c) => `${encodeChar(c)} for '${c}'`).join(', ');
      problems.push(
        `${name}: the password holds ${quoteAll(chars)}, which must be URL-encoded: write ${table} (the password then reads ${shape}, • being its other characters)`,
      );
    }
  }
  return problems;
}

/** Every problem `doctor` can explain in the raw environment, one line each, in variable order. */
export function explainEnvironment(env: Record<string, string | undefined>): EnvProblem[] {
  const problems: EnvProblem[] = [];
  for (const name of DOCTOR_VARIABLES) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = raw.trim();
    const placeholder = placeholderProblem(name, value);
    const found = [
      whitespaceProblem(name, raw),
      schemeProblem(name, value),
      placeholder,
      // A placeholder's '<' and '>' are not the password's characters: one line, the placeholder.
      ...(placeholder ? [] : encodingProblems(name, value)),
    ].filter((p): p is string => p !== null);
    for (const text of found) problems.push({ name, text });
  }
  return problems;
}
