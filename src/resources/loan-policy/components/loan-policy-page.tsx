import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { notifySuccess } from '../../../components/notify';
import { ListError } from '../../../components/resource/list/list-error';
import { ApiError } from '../../../lib/http';
import { translateFieldErrors, zodResolver } from '../../../lib/zod-form';
import { sessionStore } from '../../../stores/session';
import { loanPolicyQuery, saveLoanPolicy } from '../api';
import { type LoanPolicy, loanPolicyUpdateSchema } from '../schema';

type Values = Record<'loanDays' | 'maxRenewals' | 'holdDays' | 'remindDaysBefore', number | string>;

const FIELDS: { name: keyof Values; label: MessageDescriptor; description: MessageDescriptor; max: number }[] = [
  {
    name: 'loanDays',
    label: msg`Loan period (days)`,
    description: msg`How long a loan lasts when its category sets no period of its own.`,
    max: 365,
  },
  {
    name: 'maxRenewals',
    label: msg`Renewals allowed`,
    description: msg`How many times one loan may be extended by a period. 0: never.`,
    max: 20,
  },
  {
    name: 'holdDays',
    label: msg`Hold kept for (days)`,
    description: msg`How long a returned copy waits for the reader whose hold is ready.`,
    max: 60,
  },
  {
    name: 'remindDaysBefore',
    label: msg`Reminder (days before due)`,
    description: msg`When the reader is reminded that a loan is due.`,
    max: 60,
  },
];

/** /users/loan-policy: the site's lending settings; administrators edit them, operators read them. */
export function LoanPolicyPage() {
  const query = useQuery(loanPolicyQuery());
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            <Trans>Loan policy</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Applies to every loan approved from now on; a category may set its own loan period.</Trans>
          </Text>
        </div>
        {query.isError && !query.data ? (
          <ListError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
        ) : query.data ? (
          <PolicyForm key={query.data.version} policy={query.data} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((f) => (
              <Skeleton key={f.name} h={84} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function PolicyForm({ policy }: { policy: LoanPolicy }) {
  const { t, i18n } = useLingui();
  const { roles } = useSnapshot(sessionStore);
  const admin = roles.includes('admin');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: {
      loanDays: policy.loanDays,
      maxRenewals: policy.maxRenewals,
      holdDays: policy.holdDays,
      remindDaysBefore: policy.remindDaysBefore,
    },
    validateInputOnChange: true,
    validate: zodResolver<Values>(loanPolicyUpdateSchema, (v) => ({ ...v, version: policy.version })),
  });
  const save = useMutation({
    mutationFn: (v: Values) => saveLoanPolicy(loanPolicyUpdateSchema.parse({ ...v, version: policy.version })),
    onSuccess: (saved) => {
      queryClient.setQueryData(loanPolicyQuery().queryKey, saved);
      notifySuccess(t`Saved`);
    },
    onError: (e) => {
      if (e instanceof ApiError) form.setErrors(translateFieldErrors(e.fieldErrors));
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} data-testid="loan-policy-form" noValidate>
      <Stack gap="md">
        {!admin && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="loan-policy-read-only">
            <Trans>Only administrators can change the loan policy.</Trans>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {FIELDS.map((f) => (
            <NumberInput
              key={f.name}
              {...form.getInputProps(f.name)}
              label={i18n._(f.label)}
              description={i18n._(f.description)}
              min={0}
              max={f.max}
              allowDecimal={false}
              readOnly={!admin}
              required
              data-testid={`loan-policy-${f.name}`}
            />
          ))}
        </SimpleGrid>
        {admin && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="loan-policy-save">
              <Trans>Save</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
