import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  EarningsPayoutResponse,
  EarningsStatementResponse,
  EarningsSummaryResponse,
} from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** A statement's days (UTC), "YYYY-MM-DD". */
export interface Period {
  from: string;
  to: string;
}

/** 1 January to 31 December of a year. */
export const yearPeriod = (year: number): Period => ({ from: `${year}-01-01`, to: `${year}-12-31` });

const query = ({ from, to }: Period) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** GET /api/earnings/statement: every ledger line of the period, oldest first, with the running balance. */
export const statementQuery = (period: Period) =>
  queryOptions({
    queryKey: ['earnings', 'statement', period.from, period.to],
    queryFn: () => api.get<EarningsStatementResponse>(`/api/earnings/statement?${query(period)}`),
  });

export const useStatement = (period: Period) => useQuery(statementQuery(period));

/** GET /api/earnings/summary: the year's totals, month by month. */
export const summaryQuery = (year: number) =>
  queryOptions({
    queryKey: ['earnings', 'summary', year],
    queryFn: () => api.get<EarningsSummaryResponse>(`/api/earnings/summary?year=${year}`),
  });

export const useYearSummary = (year: number) => useQuery(summaryQuery(year));

/** GET /api/earnings/payouts/{id}: a payout and the lines it paid (asked for when the creator expands it). */
export const usePayoutLines = (payoutId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['earnings', 'payout', payoutId],
    queryFn: () => api.get<EarningsPayoutResponse>(`/api/earnings/payouts/${encodeURIComponent(payoutId)}`),
    enabled,
  });

/** Where the browser downloads the period's statement as CSV (the server names the file). */
export const statementCsvUrl = (period: Period) => `/api/earnings/statement.csv?${query(period)}`;
