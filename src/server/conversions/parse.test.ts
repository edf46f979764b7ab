import { describe, expect, it } from 'vitest';
import {
  bodyFields,
  dealAmount,
  dealCurrency,
  formFields,
  MalformedBody,
  parseAmocrmHook,
  parseBitrix24Call,
  sameSecret,
} from './parse';

/** A body as the CRM posts it: a URL-encoded form, its brackets encoded. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Bitrix24's outgoing webhook on a deal update (the fields its documentation lists). */
const bitrixCall = form({
  event: 'ONCRMDEALUPDATE',
  event_handler_id: '201',
  'data[FIELDS][ID]': '759',
  ts: '1736405807',
  'auth[domain]': 'some-domain.bitrix24.com',
  'auth[client_endpoint]': 'https://some-domain.bitrix24.com/rest/',
  'auth[server_endpoint]': 'https://oauth.bitrix.info/rest/',
  'auth[member_id]': 'a223c6b3710f85df22e9377d6c4f7553',
  'auth[application_token]': '51856fefc120afa4b628cc82d3935cce',
});

/** amoCRM's web hook on a lead's status, with the fields it adds (custom fields, tags). */
const amoHook = form({
  'account[subdomain]': 'agency',
  'account[id]': '29638927',
  'account[_links][self]': 'https://agency.amocrm.ru',
  'leads[status][0][id]': '30307415',
  'leads[status][0][name]': 'Новая заявка',
  'leads[status][0][status_id]': '142',
  'leads[status][0][old_status_id]': '41893093',
  'leads[status][0][price]': '150000',
  'leads[status][0][responsible_user_id]': '8744098',
  'leads[status][0][pipeline_id]': '4542166',
  'leads[status][0][tags][0][id]': '55515',
  'leads[status][0][tags][0][name]': 'website',
  'leads[status][0][custom_fields][0][id]': '432373',
  'leads[status][0][custom_fields][0][values][0][value]': '139919',
  'leads[status][1][id]': '30307416',
  'leads[status][1][status_id]': '143',
  'leads[status][1][pipeline_id]': '4542166',
});

describe("the CRMs' forms", () => {
  it('reads PHP-style nested names as a tree, lists by index', () => {
    const fields = formFields(amoHook);
    expect(fields.account).toEqual({
      subdomain: 'agency',
      id: '29638927',
      _links: { self: 'https://agency.amocrm.ru' },
    });
    expect(JSON.parse(JSON.stringify(fields))).toMatchObject({
      leads: {
        status: {
          0: { id: '30307415', tags: { 0: { name: 'website' } } },
          1: { id: '30307416' },
        },
      },
    });
  });

  it('never reaches an object prototype, and leaves out names it cannot place', () => {
    const fields = formFields(
      form({ '__proto__[polluted]': 'yes', 'a[constructor][x]': '1', a: '1', 'a[b]': '2' }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(fields))).toEqual({ a: '1' });
    expect(() => formFields('x=1&'.repeat(2_001))).toThrow(MalformedBody);
  });

  it('reads JSON as the same tree, and refuses what is neither', () => {
    const json = bodyFields(
      JSON.stringify({ event: 'ONCRMDEALUPDATE', data: { FIELDS: { ID: 759 } } }),
      'application/json; charset=utf-8',
    );
    expect(parseBitrix24Call(json)).toEqual({
      event: 'ONCRMDEALUPDATE',
      dealId: '759',
      token: undefined,
    });
    expect(() => bodyFields('{"event":', 'application/json')).toThrow(MalformedBody);
    expect(() => bodyFields('[1]', 'application/json')).not.toThrow();
    expect(() => bodyFields('"text"', 'application/json')).toThrow(MalformedBody);
    expect(() => bodyFields('event=x', 'text/plain')).toThrow(MalformedBody);
  });
});

describe("Bitrix24's outgoing webhook", () => {
  it('gives the event, the deal and the token', () => {
    expect(parseBitrix24Call(bodyFields(bitrixCall, 'application/x-www-form-urlencoded'))).toEqual({
      event: 'ONCRMDEALUPDATE',
      dealId: '759',
      token: '51856fefc120afa4b628cc82d3935cce',
    });
  });

  it('is not one without an event, or a deal event without a deal id', () => {
    const without = (name: string) => {
      const params = new URLSearchParams(bitrixCall);
      params.delete(name);
      return parseBitrix24Call(formFields(params.toString()));
    };
    expect(without('event')).toBeUndefined();
    expect(without('data[FIELDS][ID]')).toBeUndefined();
    expect(
      parseBitrix24Call(formFields(bitrixCall.replace('759', '759%3B+DROP+TABLE'))),
    ).toBeUndefined();
    // Another event needs no deal: the caller ignores it.
    expect(parseBitrix24Call(formFields(form({ event: 'ONCRMLEADADD' })))).toEqual({
      event: 'ONCRMLEADADD',
      dealId: '',
      token: undefined,
    });
  });
});

describe("amoCRM's web hook", () => {
  it('gives each lead whose status changed, with its pipeline and budget', () => {
    expect(parseAmocrmHook(formFields(amoHook))).toEqual([
      { id: '30307415', statusId: '142', pipelineId: '4542166', price: '150000' },
      { id: '30307416', statusId: '143', pipelineId: '4542166', price: null },
    ]);
  });

  it('reads an edited lead too, each lead once', () => {
    const edited = form({
      'leads[update][0][id]': '7',
      'leads[update][0][status_id]': '142',
      'leads[status][0][id]': '7',
      'leads[status][0][status_id]': '142',
      'leads[status][0][price]': '10.50',
    });
    expect(parseAmocrmHook(formFields(edited))).toEqual([
      { id: '7', statusId: '142', pipelineId: null, price: '10.50' },
    ]);
  });

  it('is not one without a lead, or with a lead without its id or status', () => {
    expect(parseAmocrmHook(formFields(form({ 'account[id]': '1' })))).toBeUndefined();
    expect(parseAmocrmHook(formFields(form({ 'leads[status][0][id]': '5' })))).toBeUndefined();
    expect(
      parseAmocrmHook(
        formFields(form({ 'leads[status][0][id]': 'x', 'leads[status][0][status_id]': '142' })),
      ),
    ).toBeUndefined();
    // A budget that is not a number is left out, not trusted.
    expect(
      parseAmocrmHook(
        formFields(
          form({
            'leads[status][0][id]': '5',
            'leads[status][0][status_id]': '142',
            'leads[status][0][price]': '1e9',
          }),
        ),
      ),
    ).toEqual([{ id: '5', statusId: '142', pipelineId: null, price: null }]);
  });
});

describe('amounts, currencies and secrets', () => {
  it('keeps an amount as the database does, and no amount for none or zero', () => {
    expect(dealAmount('150000.00')).toBe('150000.00');
    expect(dealAmount(2500.5)).toBe('2500.50');
    expect(dealAmount('12')).toBe('12.00');
    expect([dealAmount('0'), dealAmount(''), dealAmount(null), dealAmount('abc')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(dealCurrency(' rub ')).toBe('RUB');
    expect(dealCurrency('RUBLES')).toBeNull();
  });

  it('compares secrets whatever their length, a missing one never equal', () => {
    expect(sameSecret('s3cret-value-0123', 's3cret-value-0123')).toBe(true);
    expect(sameSecret('s3cret-value-0124', 's3cret-value-0123')).toBe(false);
    expect(sameSecret('s3cret', 's3cret-value-0123')).toBe(false);
    expect(sameSecret('', 's3cret-value-0123')).toBe(false);
    expect(sameSecret(undefined, 's3cret-value-0123')).toBe(false);
  });
});
