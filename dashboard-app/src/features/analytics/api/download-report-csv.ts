import { useMutation } from '@tanstack/react-query';
import type { DayRangeView } from '@linkbio/shared-contracts';
import { fetchFile } from '@/lib/fetch-file';
import { reportQueryString } from '../report-period';

/** GET /api/analytics/report.csv: the same period's report as a CSV file, under the name the server gives it. */
export const downloadReportCsv = (range: DayRangeView) =>
  fetchFile(`/api/analytics/report.csv?${reportQueryString(range)}`, `linkbio-report-${range.from}-${range.to}.csv`);

export const useDownloadReportCsv = () => useMutation({ mutationFn: downloadReportCsv });
