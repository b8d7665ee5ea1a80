import { useLingui } from '@lingui/react/macro';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { numberFormat } from '../../../components/format';
import type { LoansReport } from '../../../contract/loans-report';

/** The four headline figures; `report` undefined while loading (the tiles keep their size). */
export function ReportFigures({ report }: { report: LoansReport | undefined }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const whole = (n: number) => numberFormat(locale).format(n);
  const figures: [id: string, label: string, value: string | undefined, note?: string][] = [
    ['loans', t`Loans`, report && whole(report.loans)],
    [
      'overdue',
      t`Overdue rate`,
      report &&
        (report.overdueRate === null
          ? '—'
          : numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(report.overdueRate)),
      report ? t`${whole(report.late)} returned late or still out past due` : undefined,
    ],
    [
      'length',
      t`Mean loan length`,
      report &&
        (report.meanLoanDays === null
          ? '—'
          : t`${numberFormat(locale, { maximumFractionDigits: 1 }).format(report.meanLoanDays)} days`),
      report ? t`over ${whole(report.returned)} returned loans` : undefined,
    ],
    ['never', t`Never borrowed`, report && whole(report.neverBorrowed.count), t`books without a loan in the period`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', xs: 'md' }}>
      {figures.map(([id, label, value, note]) => (
        <Paper key={id} withBorder radius="md" p={{ base: 'xs', xs: 'md' }} data-testid={`loans-figure-${id}`}>
          <Text fz={{ base: 11, xs: 'xs' }} c="dimmed" tt="uppercase" fw={600} lh={1.25}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={28 * 1.1} w={64} mt={4} />
          ) : (
            <Text fz={{ base: 20, xs: 28 }} fw={700} lh={1.1} mt={4} data-testid={`loans-figure-${id}-value`}>
              {value}
            </Text>
          )}
          {note && (
            <Text fz="xs" c="dimmed" mt={4} lh={1.3}>
              {note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
