// The WhatsApp Cloud API adapter against its local stand-in (src/demo/whatsapp-stand-in.ts, written
// apart from it from Meta's documentation): a template message lands in the stand-in's inbox with
// its parameters in order, and every way the send fails (wrong token, unknown number id, a 4xx
// refusal, a 5xx, an answer without a message id, HTML, no answer) is a MessagingError whose kind
// tells the caller to fall back to e-mail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWhatsappStandIn } from '../../src/demo/whatsapp-stand-in.ts';
import {
  MessagingError,
  messagingFromConfig,
  whatsappMessaging,
  type TemplateMessage,
} from '../../src/server/messaging/index.ts';

const TOKEN = 'EAAG-adapter-token-0123456789';
const PHONE_ID = '106540352242922';
let stand: Awaited<ReturnType<typeof startWhatsappStandIn>>;

beforeAll(async () => {
  stand = await startWhatsappStandIn({ token: TOKEN, phoneNumberId: PHONE_ID });
});
afterAll(async () => stand.close());
beforeEach(() => {
  stand.state.mode = 'ok';
});

const message: TemplateMessage = {
  to: '923001234567',
  template: 'cod_order_confirmation',
  language: 'en',
  bodyParameters: ['Sana', '#3A4030A3', '₨9,250', 'https://shop.example.com/order/confirm?n=1'],
};
const adapter = (overrides: Partial<Parameters<typeof whatsappMessaging>[0]> = {}) =>
  whatsappMessaging({ token: TOKEN, phoneNumberId: PHONE_ID, apiUrl: stand.apiUrl, ...overrides });

/** The failure a send ends in: its kind and words. */
async function failureOf(send: Promise<unknown>) {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessagingError);
  return { kind: (error as MessagingError).kind, message: (error as MessagingError).message };
}

describe('whatsappMessaging', () => {
  it('sends a template message the stand-in takes, answering its wamid id', async () => {
    const sent = await adapter().sendTemplate(message);
    expect(sent.messageId).toMatch(/^wamid\.[\w-]{32}$/);
    expect(stand.inbox.at(-1)).toMatchObject({
      id: sent.messageId,
      to: '923001234567',
      template: 'cod_order_confirmation',
      language: 'en',
      parameters: message.bodyParameters,
    });
  });

  it('says it is a TEST WhatsApp when its API is on loopback', () => {
    expect(adapter()).toMatchObject({ label: 'WhatsApp (TEST stand-in)', test: true });
    expect(whatsappMessaging({ token: TOKEN, phoneNumberId: PHONE_ID })).toMatchObject({
      label: 'WhatsApp',
      test: false,
    });
  });

  it('reports a wrong token as unauthorised and an unknown number id as rejected', async () => {
    expect(
      await failureOf(adapter({ token: 'wrong-token-0123456789' }).sendTemplate(message)),
    ).toEqual({
      kind: 'unauthorised',
      message:
        'WhatsApp refused the access token: HTTP 401: Invalid OAuth access token - Cannot parse access token (code 190)',
    });
    expect((await failureOf(adapter({ phoneNumberId: '999' }).sendTemplate(message))).kind).toBe(
      'rejected',
    );
  });

  it('reports a refused message (4xx) as rejected and a failing API (5xx) as unavailable', async () => {
    stand.state.mode = 'reject';
    expect(await failureOf(adapter().sendTemplate(message))).toEqual({
      kind: 'rejected',
      message:
        'WhatsApp refused the message: HTTP 400: (#132001) Template name does not exist in the translation (code 132001)',
    });
    stand.state.mode = 'fail';
    expect(await failureOf(adapter().sendTemplate(message))).toEqual({
      kind: 'unavailable',
      message: 'WhatsApp failed: HTTP 500: An unknown error has occurred. (code 1)',
    });
  });

  it('reports an answer without a message id, or not JSON, as malformed', async () => {
    stand.state.mode = 'malformed';
    expect(await failureOf(adapter().sendTemplate(message))).toEqual({
      kind: 'malformed-answer',
      message: 'WhatsApp answered HTTP 200 without a message id',
    });
    stand.state.mode = 'not-json';
    expect(await failureOf(adapter().sendTemplate(message))).toEqual({
      kind: 'malformed-answer',
      message: 'WhatsApp answered HTTP 200, not JSON',
    });
  });

  it('gives up on an API that never answers, within its timeout', async () => {
    stand.state.mode = 'hang';
    expect(await failureOf(adapter({ timeoutMs: 300 }).sendTemplate(message))).toEqual({
      kind: 'unavailable',
      message: 'WhatsApp did not answer within 0.3 s',
    });
  });

  it('reports an address where nothing listens as unavailable', async () => {
    const failure = await failureOf(
      adapter({ apiUrl: 'http://127.0.0.1:9/v21.0' }).sendTemplate(message),
    );
    expect(failure.kind).toBe('unavailable');
  });

  it('never sends a number the stand-in cannot take: a body it refuses is rejected', async () => {
    expect(
      (await failureOf(adapter().sendTemplate({ ...message, to: '+92 300 1234567' }))).kind,
    ).toBe('rejected');
  });
});

describe('messagingFromConfig', () => {
  const config = {
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_API_URL: undefined,
    WHATSAPP_TIMEOUT_MS: 8000,
  };

  it('connects WhatsApp only when both keys are set', () => {
    expect(messagingFromConfig(config)?.channel).toBe('whatsapp');
    expect(messagingFromConfig({ ...config, WHATSAPP_TOKEN: undefined })).toBeNull();
    expect(messagingFromConfig({ ...config, WHATSAPP_PHONE_NUMBER_ID: undefined })).toBeNull();
  });
});
