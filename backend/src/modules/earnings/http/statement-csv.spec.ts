import { statementPeriod } from '../domain/statement-period.js';
import { statementOf } from '../domain/statement.js';
import { decimalDollars, safeText, statementCsv, statementFileName } from './statement-csv.js';

describe('statement CSV', () => {
  it('guards text cells against formulas', () => {
    expect(safeText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('-1')).toBe("'-1");
    expect(safeText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeText('Session with Ada L. (booking)')).toBe('Session with Ada L. (booking)');
  });

  it('writes dollars with two decimals', () => {
    expect([decimalDollars(0), decimalDollars(5), decimalDollars(-1234), decimalDollars(100000)]).toEqual([
      '0.00',
      '0.05',
      '-12.34',
      '1000.00',
    ]);
  });

  it('writes a header, the opening balance and each line, quoting per RFC 4180 with CRLF line ends', () => {
    const period = statementPeriod('2026-11-01', '2026-11-30');
    const statement = {
      ...statementOf(150, [
        {
          kind: 'earning',
          id: 'e1',
          at: new Date('2026-11-17T10:00:00Z'),
          amount: 5000,
          bookingId: 'b1',
          customerName: '"Ada", Lovelace',
          payoutId: null,
        },
      ]),
      period,
      balance: 5150,
    };

    const csv = statementCsv(statement);

    expect(csv.split('\r\n')).toEqual([
      'Date (UTC),Kind,Description,Amount (USD),Balance (USD),Amount (cents),Balance (cents),Booking ID,Payout ID,Order ID',
      '2026-11-01T00:00:00.000Z,opening,Balance before 2026-11-01,0.00,1.50,0,150,,,',
      '2026-11-17T10:00:00.000Z,earning,"Session with ""Ada"", L. (booking)",50.00,51.50,5000,5150,b1,,',
      '',
    ]);
    expect(statementFileName(statement)).toBe('earnings-2026-11-01-to-2026-11-30.csv');
  });
});
