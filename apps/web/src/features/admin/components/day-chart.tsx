import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

const FALLBACK_WIDTH = 640;
const HEIGHT = 240;

/**
 * The chart's width follows its box. Measured here rather than with recharts' ResponsiveContainer, which
 * draws nothing until a ResizeObserver reports a size: where there is none (jsdom), a fixed width is used.
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** One chart of figures by day: lines or bars, one per series, the day on the x axis. */
export function DayChart({
  title,
  data,
  series,
  kind,
}: {
  title: string;
  data: Array<Record<string, string | number>>;
  series: ChartSeries[];
  kind: 'line' | 'bar';
}) {
  const { ref, width } = useBoxWidth();
  const axes: ReactNode[] = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#334155" />,
    <XAxis key="x" dataKey="day" tick={{ fill: '#94a3b8', fontSize: 12 }} tickFormatter={(d: string) => d.slice(5)} />,
    <YAxis key="y" tick={{ fill: '#94a3b8', fontSize: 12 }} allowDecimals={kind === 'line'} />,
    <Tooltip key="tip" contentStyle={{ background: '#0f172a', border: '1px solid #334155' }} />,
    <Legend key="legend" />,
  ];
  return (
    <figure className="rounded border border-line bg-panel p-3" aria-label={title}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-200">{title}</figcaption>
      <div ref={ref} className="w-full">
        {kind === 'line' ? (
          <LineChart width={width} height={HEIGHT} data={data}>
            {axes}
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart width={width} height={HEIGHT} data={data}>
            {axes}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </div>
    </figure>
  );
}
