import { Download } from 'lucide-react';
import { useState } from 'react';
import {
  REPORT_BREAKDOWNS,
  ReportCardTexts,
  ReportMessages,
  ReportTexts,
  type AnalyticsReportView,
  type DayRangeView,
} from '@linkbio/shared-contracts';
import { UpgradeNotice } from '@/components/upgrade-notice';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Notice } from '@/components/ui/notice';
import { ApiError, messageOf } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useAnalyticsReport } from '../api/get-analytics-report';
import { formatRange } from '../report-format';
import { DEFAULT_REPORT_PRESET, lastDays, type ReportPeriodChoice } from '../report-period';
import { ReportCardFrame, ReportSkeleton } from './report-card-frame';
import { ReportPeriodPicker } from './report-period-picker';
import { ReportFunnel, ReportTotalsList } from './report-summary';
import { ReportTable } from './report-table';

/**
 * The report for Premium creators (issue 29): a period (the last 7, 30 or 90 days, or two days of their choosing)
 * compared with the one before it — totals, the funnel from views to revenue, and where visitors come from —
 * and the same period as a CSV file.
 */
export function PremiumReport({ className }: { className?: string }) {
  const [choice, setChoice] = useState<ReportPeriodChoice>(DEFAULT_REPORT_PRESET);
  const [range, setRange] = useState<DayRangeView>(() => lastDays(DEFAULT_REPORT_PRESET));

  const choose = (next: ReportPeriodChoice) => {
    setChoice(next);
    if (next !== 'custom') setRange(lastDays(next));
  };

  return (
    <ReportCardFrame className={className} description={ReportCardTexts.description}>
      <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 lg:max-w-xl lg:flex-1">
          <ReportPeriodPicker choice={choice} range={range} onChoose={choose} onApply={setRange} />
        </div>
        {/* A new period starts without the last download's notice. */}
        <CsvDownload key={`${range.from}/${range.to}`} range={range} />
      </div>
      <ReportBody range={range} />
    </ReportCardFrame>
  );
}

function CsvDownload({ range }: { range: DayRangeView }) {
  const download = useDownloadReportCsv();
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'error'; message: string } | null>(null);

  const start = () => {
    if (download.isPending) return;
    setOutcome(null);
    download.mutate(range, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename);
        setOutcome({ variant: 'success', message: ReportTexts.csvSaved(filename) });
      },
      onError: (error) => setOutcome({ variant: 'error', message: messageOf(error, ReportTexts.csvFailed) }),
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-2 lg:max-w-xs lg:items-end lg:pt-7">
      <Button variant="outline" className="w-full sm:w-auto" disabled={download.isPending} onClick={start}>
        <Download aria-hidden="true" />
        {download.isPending ? ReportTexts.preparingCsv : ReportTexts.downloadCsv}
      </Button>
      {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
    </div>
  );
}

/** The period's report: a skeleton while it loads, what went wrong, the empty period, or the details. */
function ReportBody({ range }: { range: DayRangeView }) {
  const report = useAnalyticsReport(range);

  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    const status = report.error instanceof ApiError ? report.error.status : null;
    if (status === 403) return <UpgradeNotice message={messageOf(report.error, ReportMessages.premiumOnly)} />;
    if (status === 400) return <Notice variant="error">{messageOf(report.error, ReportTexts.badPeriod)}</Notice>;
    return (
      <LoadFailed
        what={ReportTexts.loadFailedWhat}
        onRetry={() => void report.refetch()}
        retrying={report.isRefetching}
      />
    );
  }

  const data = report.data;
  const { totals } = data;
  const empty = totals.views === 0 && totals.clicks === 0 && totals.orders === 0;
  return (
    <div className="min-w-0 space-y-6">
      <p className="text-sm text-muted-foreground" data-testid="report-period">
        <span className="font-medium text-foreground">{formatRange(data.from, data.to)}</span>
        {data.previousRange ? (
          <> · {ReportTexts.comparedWith(formatRange(data.previousRange.from, data.previousRange.to))}</>
        ) : null}
      </p>
      {empty ? (
        <div className="rounded-lg border border-dashed border-border px-4 py-10 text-center">
          <p className="font-medium">{ReportTexts.emptyTitle}</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{ReportTexts.emptyBody}</p>
        </div>
      ) : (
        <ReportDetails data={data} />
      )}
    </div>
  );
}

function ReportDetails({ data }: { data: AnalyticsReportView }) {
  return (
    <>
      <ReportTotalsList totals={data.totals} previous={data.previous} />
      <ReportFunnel totals={data.totals} />
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        {REPORT_BREAKDOWNS.map((breakdown) => (
          <ReportTable key={breakdown} breakdown={breakdown} rows={data[breakdown]} />
        ))}
      </div>
    </>
  );
}
