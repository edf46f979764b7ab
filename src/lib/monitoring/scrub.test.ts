import { describe, expect, it } from 'vitest';
import { redactReportText, scrubEvent, withoutQuery } from './scrub';

const phone = '+7 701 555 0199';
const email = 'zhanibek.k@mail-sample.kz';
const name = 'Zhanibek Kairatuly';
const query = `?name=Zhanibek%20Kairatuly&phone=%2B77015550199&email=zhanibek.k%40mail-sample.kz`;

/** An event as an SDK could hand it over with every default on: what must not leave. */
function fullEvent() {
  return {
    event_id: 'abc',
    message: `Form failed for ${email} at ${phone}`,
    logentry: { message: `Lead from ${email}`, params: [name, phone] },
    tags: { request_id: 'req-1', service: 'server' },
    request: {
      url: `https://agency.example/en/contacts${query}`,
      query_string: query.slice(1),
      headers: { Cookie: 'consent=abc', 'X-Forwarded-For': '203.0.113.9' },
      cookies: { consent: 'abc' },
      data: { name, contact: phone, email },
    },
    user: { ip_address: '203.0.113.9', email },
    extra: { body: { name, phone } },
    breadcrumbs: [
      { category: 'ui.input', message: `input[name=contact] ${phone}`, data: { value: email } },
      { category: 'fetch', data: { url: `/api/leads${query}`, body: name } },
    ],
    contexts: {
      os: { name: 'Linux' },
      runtime: { name: 'node', version: 'v24' },
      trace: { trace_id: 'f'.repeat(32) },
      details: { errorCode: '23505', channel: 'telegram' },
      response: { headers: { 'set-cookie': 'x=1' } },
      state: { form: { name } },
    },
    transaction: `/en/contacts${query}`,
    exception: {
      values: [
        {
          type: 'DrizzleQueryError',
          value: `Failed query: insert into "leads" values ($1, $2)\nparams: ${name},${phone}`,
          stacktrace: {
            frames: [
              {
                function: 'submitLead',
                filename: `https://agency.example/en/contacts${query}#consultation`,
                abs_path: `https://agency.example/en/contacts${query}`,
                vars: { contact: phone, name },
              },
              { function: 'render', filename: '/app/dist/server/chunks/page.mjs' },
            ],
          },
        },
        { type: 'error', value: `duplicate key: (contact)=(${email})` },
      ],
    },
  };
}

describe('scrubEvent', () => {
  it('leaves nothing a visitor typed or is anywhere in the report', () => {
    const scrubbed = JSON.stringify(scrubEvent(fullEvent()));
    for (const secret of [
      'Zhanibek',
      'Kairatuly',
      'zhanibek',
      'mail-sample',
      '555 0199',
      '5550199',
      '203.0.113.9',
      'consent=abc',
      'set-cookie',
      '%2B7701',
    ])
      expect(scrubbed, secret).not.toContain(secret);
  });

  it('keeps what finds the fault: kinds, functions, files, the program’s contexts, the tags', () => {
    const event = scrubEvent(fullEvent());
    expect(event.request).toBeUndefined();
    expect(event.user).toBeUndefined();
    expect(event.extra).toBeUndefined();
    expect(event.tags).toEqual({ request_id: 'req-1', service: 'server' });
    expect(Object.keys(event.contexts).sort()).toEqual(['details', 'os', 'runtime', 'trace']);
    expect(event.contexts.details).toEqual({ errorCode: '23505', channel: 'telegram' });
    const [first, second] = event.exception.values;
    expect(first!.type).toBe('DrizzleQueryError');
    expect(first!.value).toBe('Failed query: insert into "[redacted]" values ($1, $2)');
    expect(second!.value).toBe('duplicate key: (contact)=([redacted])');
    const frames = first!.stacktrace?.frames ?? [];
    expect(frames[0]).toEqual({
      function: 'submitLead',
      filename: 'https://agency.example/en/contacts',
      abs_path: 'https://agency.example/en/contacts',
    });
    expect(frames[1]).toEqual({ function: 'render', filename: '/app/dist/server/chunks/page.mjs' });
    expect(event.breadcrumbs).toEqual([
      { category: 'ui.input', message: 'input[name=contact] [redacted]' },
      { category: 'fetch' },
    ]);
    expect(event.transaction).toBe('/en/contacts');
    expect(event.logentry).toEqual({ message: 'Lead from [redacted]' });
  });

  it('takes an event with nothing to remove as it is', () => {
    const event = { message: 'connect ECONNREFUSED 127.0.0.1:5432', tags: { service: 'worker' } };
    expect(scrubEvent({ ...event })).toEqual(event);
  });
});

describe('the texts of a report', () => {
  it('lose a query string, wherever it is in the text', () => {
    expect(redactReportText(`Failed to load /en/contacts${query} (500)`)).toBe(
      'Failed to load /en/contacts?[redacted] (500)',
    );
    expect(redactReportText('Is this a question? Yes')).toBe('Is this a question? Yes');
  });

  it('lose contact data as the log does, and keep addresses of machines', () => {
    expect(redactReportText(`timeout sending to ${email} after 3 tries`)).toBe(
      'timeout sending to [redacted] after 3 tries',
    );
    expect(redactReportText(`no chat for ${phone}`)).toBe('no chat for [redacted]');
    expect(redactReportText('connect ECONNREFUSED 127.0.0.1:5432')).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('of an address keep its path only', () => {
    expect(withoutQuery(`https://agency.example/en${query}#top`)).toBe('https://agency.example/en');
    expect(withoutQuery('/_astro/page.Ab12.js')).toBe('/_astro/page.Ab12.js');
    expect(withoutQuery('app:///en#x')).toBe('app:///en');
  });
});
