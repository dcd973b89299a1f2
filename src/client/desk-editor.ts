// The product editor's two calls that the desk's typed deskCall cannot make:
// the save, whose refusal carries a problem per field, and the photo upload, whose body is the
// photo's own bytes. Both send the staff token in its header, as every desk call does.
import { ENDPOINTS, type AnswerOf } from '../lib/contract/endpoints.ts';
import { EDITOR_ANSWER_SCHEMAS, type DeskProductSaveBody } from '../lib/contract/desk-editor.ts';
import { PHOTO_NAME_HEADER, type FormProblems } from '../lib/product-form.ts';
import { DESK_TIMEOUT_MS, DeskApiError, NETWORK_MESSAGE } from './desk-api.ts';

/** A save the server refused for its fields: each problem by its field. */
export class FormRefused extends DeskApiError {
  override name = 'FormRefused';
  readonly problems: FormProblems;
  constructor(message: string, problems: FormProblems) {
    super(message, 400);
    this.problems = problems;
  }
}

/** How long an upload may take: a phone's photo on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

async function send(
  path: string,
  init: { body: BodyInit; headers: Record<string, string>; timeout: number },
): Promise<{ status: number; data: Record<string, unknown> | null }> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeout),
    });
  } catch {
    throw new DeskApiError(NETWORK_MESSAGE, 0);
  }
  let data: Record<string, unknown> | null = null;
  try {
    data = (await res.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): a failure without the server's message.
  }
  const message = typeof data?.message === 'string' ? data.message : null;
  if (res.status === 400 && data?.problems && typeof data.problems === 'object')
    throw new FormRefused(message ?? '', data.problems as FormProblems);
  if (!res.ok || data?.success === false)
    throw new DeskApiError(message ?? `The server answered ${res.status}.`, res.status);
  return { status: res.status, data };
}

function parsed<T>(
  schema: { safeParse(d: unknown): { success: boolean; data?: T } },
  data: unknown,
) {
  const result = schema.safeParse(data);
  if (!result.success) throw new DeskApiError(`The server's answer was not understood.`, 200);
  return result.data as T;
}

/** Saves the editor's form; throws FormRefused with the problems, or DeskApiError. */
export async function saveProductForm(
  body: DeskProductSaveBody,
  token: string | null,
): Promise<AnswerOf<'deskProductSave'>> {
  const { data } = await send(ENDPOINTS.deskProductSave.paths[0], {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    timeout: DESK_TIMEOUT_MS,
  });
  return parsed(EDITOR_ANSWER_SCHEMAS.deskProductSaved, data);
}

/** Uploads one photo (its bytes, with its type and file name); answers its stored path. */
export async function uploadPhotoFile(
  file: Blob,
  name: string,
  token: string | null,
): Promise<AnswerOf<'deskPhotoUpload'>> {
  const { data } = await send(ENDPOINTS.deskPhotoUpload.paths[0], {
    body: file,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      [PHOTO_NAME_HEADER]: name.replace(/[^\w .()-]/g, '').slice(0, 80),
      ...(token ? { token } : {}),
    },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return parsed(EDITOR_ANSWER_SCHEMAS.deskPhoto, data);
}
