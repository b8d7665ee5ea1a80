import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay, numberFormat } from '../../../components/format';
import { downloadLoansCsv, loansReportQuery } from '../api';
import { monthLabel, monthName, type Period } from '../model';
import { MonthChart } from './month-chart';
import { PeriodPicker } from './period-picker';
import { ReportFigures } from './report-figures';
import { CategoryTable, NeverBorrowed, TopBooks } from './report-tables';

const CHART_HEIGHT = 240;

interface Props {
  period: Period;
  today: string;
  onPeriod: (p: Period) => void;
}

/** /users/loans-report: what was borrowed in a period (docs/loans-report.md). */
export function LoansReportPage({ period, today, onPeriod }: Props) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  // The last period's figures stay while the next load, dimmed, so the page does not jump.
  const { data, isError, refetch, isFetching, isPlaceholderData } = useQuery({
    ...loansReportQuery(period),
    placeholderData: keepPreviousData,
  });
  const [downloading, setDownloading] = useState(false);
  const whole = (n: number) => numberFormat(locale).format(n);
  const from = formatDay(period.from, locale);
  const to = formatDay(period.to, locale);
  const loans = data ? plural(data.loans, { one: '# loan', other: '# loans' }) : '';

  return (
    <Stack gap="md" data-testid="loans-report">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} fz="lg">
          <Trans>Loans report</Trans>
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadLoansCsv(period);
            } catch {
              // Told to the user by downloadLoansCsv.
            } finally {
              setDownloading(false);
            }
          }}
          data-testid="loans-csv"
        >
          <Trans>Download CSV</Trans>
        </Button>
      </Group>
      <PeriodPicker period={period} today={today} onChange={onPeriod} />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="loans-period">
        {data && !isPlaceholderData ? t`From ${from} to ${to}: ${loans}` : `${from} – ${to}`}
      </Text>
      {isError && !data && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={<Trans>The report could not be loaded</Trans>}>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => refetch()} loading={isFetching}>
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      )}
      <Stack gap="md" style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <ReportFigures report={data} />
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="sm">
            <Trans>Loans per month</Trans>
          </Title>
          {!data ? (
            <Skeleton h={CHART_HEIGHT} />
          ) : (
            <MonthChart
              bars={data.months.map((m) => ({
                label: monthLabel(m.month, locale),
                name: monthName(m.month, locale),
                value: m.loans,
                text: whole(m.loans),
              }))}
              height={CHART_HEIGHT}
              summary={t`Loans per month, ${from} – ${to}: ${loans}`}
              caption={t`Loans per month`}
              xHeading={t`Month`}
              yHeading={t`Loans`}
              format={whole}
            />
          )}
        </Paper>
        {data ? (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <CategoryTable report={data} />
              <NeverBorrowed report={data} />
            </SimpleGrid>
            <TopBooks report={data} />
          </>
        ) : (
          <Skeleton h={300} />
        )}
      </Stack>
    </Stack>
  );
}
