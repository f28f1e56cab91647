import { REPORT_ROWS_LIMIT, ReportTexts, type ReportBreakdown, type ReportRow } from '@linkbio/shared-contracts';
import { formatCount } from '../format';
import { formatMoney, rowLabel } from '../report-format';

const NUMBER_CELL = 'px-2.5 py-2 text-right tabular-nums whitespace-nowrap';
const NUMBER_HEADER = 'px-2.5 py-2 text-right font-medium';
/** The name column stays in view while the numbers scroll beside it (opaque, so they pass under it). */
const NAME_CELL = 'sticky left-0 px-3 py-2 text-left font-medium';

/**
 * One breakdown (sources, campaigns, countries…) as a table: its name, then visitors, views, clicks, orders and
 * revenue. On a narrow screen the table scrolls inside its own box (focusable, so keyboards can scroll it too),
 * never the page.
 */
export function ReportTable({ breakdown, rows }: { breakdown: ReportBreakdown; rows: ReportRow[] }) {
  const texts = ReportTexts.breakdowns[breakdown];
  const titleId = `report-${breakdown}`;
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {texts.title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{ReportTexts.breakdownEmpty}</p>
      ) : (
        <>
          <div
            className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
            tabIndex={0}
            role="group"
            aria-labelledby={titleId}
          >
            <table className="w-full text-sm" aria-labelledby={titleId}>
              <thead className="bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className={`${NAME_CELL} bg-muted`}>
                    {texts.column}
                  </th>
                  <th scope="col" className={NUMBER_HEADER}>
                    {ReportTexts.columns.visitors}
                  </th>
                  <th scope="col" className={NUMBER_HEADER}>
                    {ReportTexts.columns.views}
                  </th>
                  <th scope="col" className={NUMBER_HEADER}>
                    {ReportTexts.columns.clicks}
                  </th>
                  <th scope="col" className={NUMBER_HEADER}>
                    {ReportTexts.columns.orders}
                  </th>
                  <th scope="col" className={NUMBER_HEADER}>
                    {ReportTexts.columns.revenue}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => {
                  const label = rowLabel(breakdown, row);
                  return (
                    <tr key={row.key ?? '\u0000none'}>
                      <th scope="row" className={`${NAME_CELL} bg-card`}>
                        <span className="block max-w-28 truncate sm:max-w-64 xl:max-w-32" title={label}>
                          {label}
                        </span>
                      </th>
                      <td className={NUMBER_CELL}>{formatCount(row.uniqueVisitors)}</td>
                      <td className={NUMBER_CELL}>{formatCount(row.views)}</td>
                      <td className={NUMBER_CELL}>{formatCount(row.clicks)}</td>
                      <td className={NUMBER_CELL}>{formatCount(row.orders)}</td>
                      <td className={NUMBER_CELL}>{formatMoney(row.revenueCents)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {rows.length >= REPORT_ROWS_LIMIT ? (
            <p className="text-xs text-muted-foreground">{ReportTexts.rowsLimited}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
