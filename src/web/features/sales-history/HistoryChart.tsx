import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { themes } from '../../app/theme';
import { useTheme } from '../../app/theme-context';
import type { ProductHistory } from './api';
import { chartColumns } from './chart-data';
import styles from './ProductDrawer.module.css';

const HEIGHT = 240;

/**
 * DESIGN 10: the last 180 days of daily sales (bars) and stock (line, right axis) with the next
 * 60 days of forecast (dashed), drawn by uPlot in the theme's colours and the drawer's width.
 */
export function HistoryChart({ history }: { history: ProductHistory }) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const colors = themes[theme].colors;
    const axis = {
      stroke: colors.textMuted,
      grid: { stroke: colors.border, width: 1 },
      ticks: { stroke: colors.border, width: 1 },
    };
    const bars = uPlot.paths.bars?.({ size: [0.7, 12] });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: true, live: false },
        cursor: { points: { show: false } },
        scales: { x: { time: true }, units: { auto: true }, stock: { auto: true } },
        axes: [
          { ...axis },
          { ...axis, scale: 'units', label: 'Units sold', size: 50 },
          { ...axis, scale: 'stock', side: 1, label: 'Stock', size: 50, grid: { show: false } },
        ],
        series: [
          {},
          {
            label: 'Sold',
            scale: 'units',
            fill: colors.accent,
            stroke: colors.accent,
            paths: bars,
            points: { show: false },
          },
          {
            label: 'Stock',
            scale: 'stock',
            stroke: colors.warning,
            width: 2,
            spanGaps: true,
            points: { show: false },
          },
          {
            label: 'Forecast',
            scale: 'units',
            stroke: colors.primary,
            width: 2,
            dash: [6, 4],
            points: { show: false },
          },
        ],
      },
      chartColumns(history),
      element,
    );
    // Follows the drawer's width: a phone at 390 px gets a chart that fits.
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [history, theme]);

  return (
    <div
      ref={box}
      className={styles.chart}
      role="img"
      aria-label={`Daily sales and stock of ${history.msku} for the last 180 days, with the forecast for the next 60 days`}
      data-testid="history-chart"
    />
  );
}
