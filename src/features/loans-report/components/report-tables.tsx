import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { numberFormat } from '../../../components/format';
import type { LoansReport } from '../../../contract/loans-report';

/** A link in a list at least 24 px tall (a finger's target on a phone, WCAG 2.5.8). */
const TARGET = { display: 'inline-block', paddingBlock: 4 } as const;

/**
 * Loans per category: a table whose last column draws its figure as a bar, so the chart is the
 * table (read out as one) rather than a picture beside it.
 */
export function CategoryTable({ report }: { report: LoansReport }) {
  const { t, i18n } = useLingui();
  const whole = (n: number) => numberFormat(i18n.locale).format(n);
  const max = Math.max(1, ...report.categories.map((c) => c.loans));
  return (
    <Paper withBorder radius="md" p="md" data-testid="loans-categories">
      <Title order={3} fz="md" mb="sm">
        <Trans>Loans per category</Trans>
      </Title>
      {report.categories.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No loans in this period.</Trans>
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">{t`Category`}</Table.Th>
              <Table.Th ta="end" w={96}>{t`Loans`}</Table.Th>
              <Table.Th>
                <Text component="span" size="sm" fw={700} visibleFrom="xs">
                  {t`Share`}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.categories.map((c) => (
              <Table.Tr key={c.categoryId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.name ?? `#${c.categoryId}`}</Table.Td>
                <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {whole(c.loans)}
                </Table.Td>
                <Table.Td aria-hidden>
                  <Box
                    h={10}
                    bg="teal.6"
                    style={{ borderRadius: 2, width: `${Math.max(2, (100 * c.loans) / max)}%` }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The most borrowed books of the period: rank, title, category, loans. */
export function TopBooks({ report }: { report: LoansReport }) {
  const { t, i18n } = useLingui();
  const whole = (n: number) => numberFormat(i18n.locale).format(n);
  return (
    <Paper withBorder radius="md" p="md" data-testid="loans-top-books">
      <Title order={3} fz="md" mb="sm">
        <Trans>Most borrowed books</Trans>
      </Title>
      {report.topBooks.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No loans in this period.</Trans>
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={6} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} ta="end">
                #
              </Table.Th>
              <Table.Th>{t`Title`}</Table.Th>
              {/* On a phone the category goes under the title: the title keeps room to read. */}
              <Table.Th w="30%" visibleFrom="sm">
                {t`Category`}
              </Table.Th>
              <Table.Th w={96} ta="end">
                {t`Loans`}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.topBooks.map((b, i) => (
              <Table.Tr key={b.bookId}>
                <Table.Td ta="end" c="dimmed">
                  {whole(i + 1)}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={`/web/book/${b.bookId}`} size="sm">
                    {b.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {b.categoryName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
                  {b.categoryName ?? '—'}
                </Table.Td>
                <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {whole(b.loans)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * Books without a loan in the period: how many, the first ones by id (the server sends up to 100;
 * the CSV has them all) and a way to the Books list.
 */
export function NeverBorrowed({ report }: { report: LoansReport }) {
  const { i18n } = useLingui();
  const whole = (n: number) => numberFormat(i18n.locale).format(n);
  const { count, books } = report.neverBorrowed;
  const shown = whole(books.length);
  const total = whole(count);
  return (
    <Paper withBorder radius="md" p="md" data-testid="loans-never-borrowed">
      <Title order={3} fz="md" mb="xs">
        <Trans>Never borrowed in this period</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm" data-testid="loans-never-summary">
        {count > books.length ? (
          <Trans>
            The first {shown} of {total} books by number; the CSV lists them all.
          </Trans>
        ) : (
          plural(count, { one: '# book.', other: '# books.' })
        )}{' '}
        <Anchor component={Link} to="/web/book" size="sm">
          <Trans>Open Books</Trans>
        </Anchor>
      </Text>
      {books.length > 0 && (
        <Box component="ul" m={0} pl="md" style={{ columnWidth: 240, columnGap: 24 }}>
          {books.map((b) => (
            <li key={b.bookId} style={{ breakInside: 'avoid', overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/web/book/${b.bookId}`} size="sm" style={TARGET}>
                {b.title}
              </Anchor>
              {b.categoryName && (
                <Text component="span" size="xs" c="dimmed">
                  {' '}
                  · {b.categoryName}
                </Text>
              )}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
