import { describe, expect, it } from 'vitest';
import { captureLogs, errorDetails, logger, redactContactData } from './log';

describe('errorDetails', () => {
  it('keeps the kind and code of a database error but not the parameters an ORM quotes', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      name: 'error',
      code: '22021',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "leads" ("contact_value", "name") values ($1, $2)\nparams: +79161234567,Anna Petrova',
      ),
      { name: 'DrizzleQueryError', cause },
    );
    const details = errorDetails(error);
    expect(details).toEqual({
      error: 'invalid byte sequence for encoding "[redacted]": 0x00',
      errorName: 'DrizzleQueryError',
      errorCode: '22021',
    });
    expect(JSON.stringify(details)).not.toMatch(/79161234567|Anna/);
  });

  it('drops e-mail addresses, phone numbers and quoted values from any message', () => {
    expect(
      redactContactData(
        "duplicate key (contact)=(anna@example.com) for +7 916 123-45-67 and 'Anna'",
      ),
    ).toBe('duplicate key (contact)=([redacted]) for [redacted] and "[redacted]"');
  });

  it('keeps what an operator needs: addresses of servers, ports, short numbers', () => {
    expect(redactContactData('connect ECONNREFUSED 127.0.0.1:5432 after 3 tries')).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432 after 3 tries',
    );
  });
});

describe('the log', () => {
  it('censors lead fields passed to it by mistake', () => {
    const logs = captureLogs();
    try {
      logger.info({ contactValue: '+79161234567', lead: { contactValue: 'a@example.com' } }, 'x');
    } finally {
      logs.stop();
    }
    expect(logs.lines.join('')).not.toMatch(/79161234567|a@example\.com/);
    expect(logs.lines.join('')).toContain('[redacted]');
  });
});
