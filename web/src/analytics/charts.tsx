import { useId, useRef, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsCount, AnalyticsInterval, AnalyticsSeries } from '../../../api/shared/analytics.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { csvOf, downloadCsv, downloadSvg } from './chart-export.ts';

/**
 * The charts of the analytics pages, drawn with Recharts (docs/decisions/023-charts-library.md).
 * Every chart has an accessible name (its heading), a table view holding the same numbers, each
 * opening the dashboard filtered to exactly the policies it counts, and exports of its numbers
 * (CSV) and of its picture (SVG). Series differ by pattern as well as colour, and are named in the
 * legend, the tooltip and the table, so colour never carries a difference alone.
 */

/** Opens the dashboard on a count's policies: the criteria of exactly them. */
export type CountLink = (criteria: Partial<SearchCriteria>) => void;

const palette = ['#1d4ed8', '#b45309', '#047857', '#be123c', '#6d28d9', '#0e7490', '#4d7c0f', '#a21caf', '#c2410c', '#334155', '#0369a1', '#9f1239', '#15803d', '#7c2d12'];
const patterns = ['solid', 'stripes', 'dots', 'cross'] as const;

/** A series' fill: its colour, and from the second round of colours on a pattern over it. */
function fillOf(chartId: string, index: number): string {
  return patterns[index % patterns.length] === 'solid' ? palette[index % palette.length]! : `url(#${chartId}-fill-${index})`;
}

function PatternDefs({ chartId, count }: { chartId: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const pattern = patterns[index % patterns.length];
        const colour = palette[index % palette.length]!;
        if (pattern === 'solid') return null;
        return (
          <pattern key={index} id={`${chartId}-fill-${index}`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill={colour} />
            {pattern === 'stripes' && <path d="M0,6 L6,0" stroke="#ffffff" strokeWidth="1.5" />}
            {pattern === 'dots' && <circle cx="3" cy="3" r="1.3" fill="#ffffff" />}
            {pattern === 'cross' && <path d="M0,3 L6,3 M3,0 L3,6" stroke="#ffffff" strokeWidth="1.2" />}
          </pattern>
        );
      })}
    </defs>
  );
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const weekFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A period's name: "Mar 2025" for a month, "10 Mar 25" (its Monday) for a week. */
export function periodLabel(period: string, interval: AnalyticsInterval): string {
  const date = new Date(`${period}T00:00:00Z`);
  return interval === 'month' ? monthFormat.format(date) : `Week of ${weekFormat.format(date)}`;
}

/** A chart with its heading, its table view and its exports. */
export function ChartFigure({
  title,
  description,
  fileName,
  csv,
  table,
  children,
}: {
  title: string;
  description: string;
  fileName: string;
  csv: () => string;
  table: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const descriptionId = useId();
  const [showTable, setShowTable] = useState(false);
  const figure = useRef<HTMLElement>(null);
  const saveSvg = () => {
    const svg = figure.current?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (svg) downloadSvg(fileName, svg, title);
  };
  return (
    <figure ref={figure} className="card grid min-w-0 gap-3 p-4" aria-labelledby={headingId} aria-describedby={descriptionId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p id={descriptionId} className="text-sm text-slate-700">
            {description}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary h-8 px-2 text-xs" aria-pressed={showTable} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Show chart' : 'Show table'}
          </button>
          <button type="button" className="btn-secondary h-8 px-2 text-xs" onClick={() => downloadCsv(fileName, csv())}>
            Download CSV
          </button>
          <button type="button" className="btn-secondary h-8 px-2 text-xs" disabled={showTable} onClick={saveSvg}>
            Download SVG
          </button>
        </div>
      </div>
      {showTable ? <div className="max-w-full overflow-x-auto">{table}</div> : <div className="h-72 w-full min-w-0">{children}</div>}
    </figure>
  );
}

/** A number of a table view, opening its policies; or a text. */
type TableCell = { count: number; criteria: Partial<SearchCriteria>; label: string } | string;

/** A chart's table view: a row a key or period, its numbers opening the policies they count. */
function ChartTable({ title, columns, rows, open }: { title: string; columns: readonly string[]; rows: readonly { key: string; label: string; cells: readonly TableCell[] }[]; open: CountLink }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left">
          {columns.map((column, index) => (
            <th key={column} scope="col" className={`px-2 py-1 ${index ? 'text-right' : ''}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100">
            <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
              {row.label}
            </th>
            {row.cells.map((cell, index) => (
              <td key={index} className="px-2 py-1 text-right tabular-nums">
                {typeof cell === 'string' ? (
                  cell
                ) : (
                  <button type="button" className="underline decoration-slate-300 hover:decoration-slate-700" aria-label={`${cell.count} policies: ${cell.label}`} onClick={() => open(cell.criteria)}>
                    {cell.count.toLocaleString('en-GB')}
                  </button>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Policies per period, stacked by series (or one bar a period for a single series). */
export function PeriodChart({
  title,
  description,
  fileName,
  interval,
  series,
  criteriaOf,
  open,
}: {
  title: string;
  description: string;
  fileName: string;
  interval: AnalyticsInterval;
  series: readonly AnalyticsSeries[];
  /** The criteria of the policies a series counts in a period. */
  criteriaOf: (seriesKey: string, period: string) => Partial<SearchCriteria>;
  open: CountLink;
}) {
  const chartId = useId().replace(/:/g, '');
  const periods = series[0]?.points.map((point) => point.period) ?? [];
  const rows = periods.map((period, index) => ({
    period,
    label: periodLabel(period, interval),
    ...Object.fromEntries(series.map((item) => [item.key, item.points[index]!.count])),
  }));
  const csv = () => csvOf(['Period', ...series.map((item) => item.label)], rows.map((row) => [row.period, ...series.map((item) => (row as Record<string, number | string>)[item.key] as number)]));
  const table = (
    <ChartTable
      title={title}
      columns={['Period', ...series.map((item) => item.label)]}
      rows={rows.map((row, index) => ({
        key: row.period,
        label: row.label,
        cells: series.map((item) => ({ count: item.points[index]!.count, criteria: criteriaOf(item.key, row.period), label: `${item.label}, ${row.label}` })),
      }))}
      open={open}
    />
  );
  return (
    <ChartFigure title={title} description={description} fileName={fileName} csv={csv} table={table}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer>
          <PatternDefs chartId={chartId} count={series.length} />
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
          <Tooltip />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((item, index) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.label}
              stackId="periods"
              fill={fillOf(chartId, index)}
              stroke="#ffffff"
              strokeWidth={0.5}
              cursor="pointer"
              onClick={(bar) => open(criteriaOf(item.key, (bar.payload as { period: string }).period))}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/**
 * Counts of this range against the previous one, largest first: the previous range's bars are
 * striped and named, so the two differ by more than colour. The table adds the change and the share.
 */
export function ComparisonChart({
  title,
  description,
  fileName,
  counts,
  previous,
  total,
  previousTotal,
  criteriaOf,
  open,
  limit = 10,
}: {
  title: string;
  description: string;
  fileName: string;
  counts: readonly AnalyticsCount[];
  previous: readonly AnalyticsCount[];
  total: number;
  previousTotal: number;
  /** The criteria of a key's policies in this range (`current`) or the previous one. */
  criteriaOf: (key: string, range: 'current' | 'previous') => Partial<SearchCriteria>;
  open: CountLink;
  limit?: number;
}) {
  const chartId = useId().replace(/:/g, '');
  const before = new Map(previous.map((count) => [count.key, count.count]));
  const rows = counts.slice(0, limit).map((count) => {
    const earlier = before.get(count.key) ?? 0;
    return { key: count.key, label: count.label, current: count.count, previous: earlier, change: count.count - earlier, share: total ? count.count / total : 0, previousShare: previousTotal ? earlier / previousTotal : 0 };
  });
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const csv = () => csvOf(['Key', 'Name', 'This period', 'Previous period', 'Change', 'Share', 'Previous share'], rows.map((row) => [row.key, row.label, row.current, row.previous, row.change, percent(row.share), percent(row.previousShare)]));
  const table = (
    <ChartTable
      title={title}
      columns={['Name', 'This period', 'Previous period', 'Change', 'Share']}
      rows={rows.map((row) => ({
        key: row.key,
        label: row.label,
        cells: [
          { count: row.current, criteria: criteriaOf(row.key, 'current'), label: `${row.label}, this period` },
          { count: row.previous, criteria: criteriaOf(row.key, 'previous'), label: `${row.label}, previous period` },
          row.change > 0 ? `▲ +${row.change}` : row.change < 0 ? `▼ ${row.change}` : '0',
          `${percent(row.share)} (was ${percent(row.previousShare)})`,
        ],
      }))}
      open={open}
    />
  );
  return (
    <ChartFigure title={title} description={description} fileName={fileName} csv={csv} table={table}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} accessibilityLayer>
          <PatternDefs chartId={chartId} count={2} />
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="current" name="This period" fill={palette[0]} cursor="pointer" onClick={(bar) => open(criteriaOf((bar.payload as { key: string }).key, 'current'))} />
          <Bar dataKey="previous" name="Previous period" fill={fillOf(chartId, 1)} cursor="pointer" onClick={(bar) => open(criteriaOf((bar.payload as { key: string }).key, 'previous'))} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** One count per key (the importance distribution, a department's top topics). */
export function CountChart({
  title,
  description,
  fileName,
  counts,
  criteriaOf,
  open,
  layout,
}: {
  title: string;
  description: string;
  fileName: string;
  counts: readonly AnalyticsCount[];
  criteriaOf: (key: string) => Partial<SearchCriteria>;
  open: CountLink;
  layout: 'columns' | 'rows';
}) {
  const rows = counts.map((count) => ({ key: count.key, label: count.label, count: count.count }));
  const csv = () => csvOf(['Key', 'Name', 'Policies'], rows.map((row) => [row.key, row.label, row.count]));
  const table = (
    <ChartTable
      title={title}
      columns={['Name', 'Policies']}
      rows={rows.map((row) => ({ key: row.key, label: row.label, cells: [{ count: row.count, criteria: criteriaOf(row.key), label: row.label }] }))}
      open={open}
    />
  );
  const bar = <Bar dataKey="count" name="Policies" fill={palette[0]} cursor="pointer" onClick={(item) => open(criteriaOf((item.payload as { key: string }).key))} />;
  return (
    <ChartFigure title={title} description={description} fileName={fileName} csv={csv} table={table}>
      <ResponsiveContainer width="100%" height="100%">
        {layout === 'rows' ? (
          <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11 }} interval={0} />
            <Tooltip />
            {bar}
          </BarChart>
        ) : (
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="key" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
            <Tooltip />
            {bar}
          </BarChart>
        )}
      </ResponsiveContainer>
    </ChartFigure>
  );
}
