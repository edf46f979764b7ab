import { describe, expect, it } from 'vitest';
import type { DealForDelivery } from '../types';
import { ga4Payload } from './ga4';
import { metrikaCsv } from './metrika';

const wonAt = new Date('2026-11-24T09:15:30.250Z');
const deal: DealForDelivery = {
  id: '5f0c6c36-9a56-4d84-9e5c-0d7e1c0c7a11',
  leadId: '0f3d2c1b-8a9e-4f60-8a7b-9c0d1e2f3a4b',
  crm: 'bitrix24',
  dealId: '759',
  stage: 'WON',
  amount: '150000.00',
  currency: 'RUB',
  wonAt,
  updatedAt: wonAt,
};

describe("Metrica's offline conversions file", () => {
  it('has the column names first, then a line per conversion, the time in Unix seconds', () => {
    expect(
      metrikaCsv([
        {
          clientId: '1732000000123456789',
          goal: 'deal_won',
          at: wonAt,
          amount: '150000.00',
          currency: 'RUB',
        },
        { clientId: '1732000000999', goal: 'deal_won', at: wonAt, amount: null, currency: null },
      ]),
    ).toBe(
      [
        'ClientId,Target,DateTime,Price,Currency',
        '1732000000123456789,deal_won,1795511730,150000.00,RUB',
        '1732000000999,deal_won,1795511730,,',
        '',
      ].join('\n'),
    );
  });

  it('quotes a field that would break the line', () => {
    expect(
      metrikaCsv([{ clientId: '1', goal: 'a,"b"', at: wonAt, amount: '1.00', currency: 'USD' }]),
    ).toContain('1,"a,""b""",1795511730,1.00,USD');
  });

  it('leaves the price out without a currency, and the currency without a price', () => {
    const line = (amount: string | null, currency: string | null) =>
      metrikaCsv([{ clientId: '1', goal: 'g', at: wonAt, amount, currency }]).split('\n')[1];
    expect([line('10.00', null), line(null, 'RUB')]).toEqual([
      '1,g,1795511730,,',
      '1,g,1795511730,,',
    ]);
  });
});

describe("GA4's Measurement Protocol body", () => {
  it("is the visitor's client id and one close_convert_lead with the deal's value", () => {
    expect(ga4Payload('1234567890.1732000000', deal, wonAt.getTime() + 60_000)).toEqual({
      client_id: '1234567890.1732000000',
      timestamp_micros: wonAt.getTime() * 1000,
      events: [
        {
          name: 'close_convert_lead',
          params: { transaction_id: 'bitrix24-759', value: 150000, currency: 'RUB' },
        },
      ],
    });
  });

  it('is dated when it was won only while GA4 takes that date, and has no value without an amount', () => {
    const late = ga4Payload('1.2', { ...deal, amount: null }, wonAt.getTime() + 80 * 3_600_000);
    expect(late).toEqual({
      client_id: '1.2',
      events: [{ name: 'close_convert_lead', params: { transaction_id: 'bitrix24-759' } }],
    });
  });
});
