import { Trans } from '@lingui/react/macro';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ListError } from '../../../components/resource/list/list-error';
import { http } from '../../../lib/api';
import { aboutQuery, linksQuery } from '../api';
import type { About } from '../schema';
import { AboutForm } from './about-form';
import { LinksEditor } from './links-editor';

/** /web/aboutus: the company's details and the site's links, each saved on its own. */
export function AboutUsPage() {
  const queryClient = useQueryClient();
  const company = useQuery(aboutQuery());
  const links = useQuery(linksQuery());
  // The record the form edits, and a generation that remounts it after each save. Not keyed by
  // the query's data: a refetch after someone else's save must not wipe the user's edit (their
  // save gets the conflict view instead).
  const [saved, setSaved] = useState<{ gen: number; company: About } | null>(null);
  const current = saved?.company ?? company.data;

  // Straight from the server, not through the query cache (which would remount the form).
  const findLatest = async () => (await http.get<About[]>('/company/list'))[0];
  const onSaved = () => {
    // The save's invalidation has refetched by now (mutations await their onSettled).
    const fresh = queryClient.getQueryData(aboutQuery().queryKey);
    if (fresh) setSaved((s) => ({ gen: (s?.gen ?? 0) + 1, company: fresh }));
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section title={<Trans>Company</Trans>} description={<Trans>Shown on the site's About us page.</Trans>}>
        {company.isError && !current ? (
          <ListError message={company.error.message} onRetry={() => company.refetch()} retrying={company.isFetching} />
        ) : current ? (
          <AboutForm key={saved?.gen ?? 0} company={current} findLatest={findLatest} onSaved={onSaved} />
        ) : (
          <FormSkeleton rows={4} />
        )}
      </Section>
      <Section
        title={<Trans>Site links</Trans>}
        description={<Trans>Links in the site's footer, in this order. http, https, mailto and tel only.</Trans>}
      >
        {links.isError && !links.data ? (
          <ListError message={links.error.message} onRetry={() => links.refetch()} retrying={links.isFetching} />
        ) : links.data ? (
          <LinksEditor links={links.data} />
        ) : (
          <FormSkeleton rows={3} />
        )}
      </Section>
    </SimpleGrid>
  );
}

function Section({ title, description, children }: { title: ReactNode; description: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function FormSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="sm" data-testid="form-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
