import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// Only what the report charts draw is bundled (DESIGN §2): a report chunk stays small.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * One chart of a report: line, bar or pie, drawn from an ECharts option. It follows its container's width and the
 * user's language (ECharts' own labels), and is redrawn when the option changes. `describedBy` names the element
 * that says in words what the picture shows (a caption, a table of its figures).
 */
export function Chart({
  option,
  height = 320,
  label,
  describedBy,
}: {
  option: ChartOption;
  height?: number;
  label: string;
  describedBy?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const { i18n } = useTranslation();
  const locale = i18n.language.startsWith('zh') ? 'ZH' : 'EN';

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { locale });
    c.setOption(latest.current);
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(node);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={el} role="img" aria-label={label} aria-describedby={describedBy} style={{ width: '100%', height }} />
  );
}
