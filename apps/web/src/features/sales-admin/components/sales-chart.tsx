import type { TSalesDay } from '@ezrecharge/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, minorToMajor } from './sales-format';

/**
 * The daily chart of one currency (issue #28): money paid and refunded each day, in major units. Recharts (ADR
 * 0004) is imported here only, by the Sales page, itself a lazily loaded console page: no other page downloads it. The figures it draws are also in the table beside it (the text
 * alternative), so the chart itself is hidden from assistive technology.
 */
export function SalesChart({ days, currency }: { days: TSalesDay[]; currency: string }) {
  const { t } = useTranslation('sales-admin');
  const data = days.map((day) => ({
    date: day.date.slice(5),
    paid: minorToMajor(day.paid_amount, currency),
    refunded: minorToMajor(day.refunded_amount, currency),
    paidText: formatPrice(currency, day.paid_amount),
    refundedText: formatPrice(currency, day.refunded_amount),
  }));
  return (
    <div className="sales-admin__chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          // The chart is hidden from assistive technology (the table below holds its figures): no keyboard stop in it.
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tick={{ fontSize: 12 }} width={72} />
          <Tooltip
            formatter={(_value, name, item) => {
              const row = item.payload as (typeof data)[number];
              return [name === 'paid' ? row.paidText : row.refundedText, t(`chart.${String(name)}`)];
            }}
          />
          <Legend formatter={(name) => t(`chart.${String(name)}`)} />
          <Bar dataKey="paid" fill="#1677ff" isAnimationActive={false} />
          <Bar dataKey="refunded" fill="#ff7875" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
