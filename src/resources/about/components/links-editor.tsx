import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../../../components/icon-action';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/http';
import { translateFieldErrors, zodResolver } from '../../../lib/zod-form';
import { useSaveLinks } from '../api';
import {
  type LinksFormValues,
  linksFormSchema,
  newLinkRow,
  toLinksBody,
  toLinksFormValues,
  URL_LIST_MAX,
} from '../model';
import type { SiteLink } from '../schema';
import classes from './links-editor.module.css';
import { SaveButtons } from './save-buttons';

/**
 * The site's links as rows to add, remove and move. `PUT /url` replaces the whole list, in the
 * order shown; each row is checked as you type with the contract's own schema (http, https,
 * mailto and tel only).
 */
export function LinksEditor({ links }: { links: SiteLink[] }) {
  const { t } = useLingui();
  const save = useSaveLinks();
  const form = useForm<LinksFormValues>({
    mode: 'controlled',
    initialValues: toLinksFormValues(links),
    validateInputOnChange: true,
    validate: zodResolver<LinksFormValues>(linksFormSchema, (v) => ({ links: toLinksBody(v) })),
  });
  const rows = form.values.links;

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toLinksBody(values));
      form.setInitialValues(toLinksFormValues(saved));
      form.setValues(toLinksFormValues(saved));
      form.resetDirty();
      notifySuccess(t`Links saved`);
    } catch (e) {
      // Toasted by the http client; a field error (index.field) also goes under its field.
      if (e instanceof ApiError) {
        const errors = translateFieldErrors(e.fieldErrors);
        form.setErrors(Object.fromEntries(Object.entries(errors).map(([path, m]) => [`links.${path}`, m])));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="links-form" aria-label={t`Site links`} className={classes.form}>
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="links-empty">
            <Trans>No links yet. Add the first one below.</Trans>
          </Text>
        )}
        {rows.map((row, i) => {
          const n = i + 1;
          return (
            <div key={row.key} className={classes.row} data-testid="link-row">
              <Text size="sm" c="dimmed" ta="right" mt={8} aria-hidden className={classes.number}>
                {n}
              </Text>
              <TextInput
                {...form.getInputProps(`links.${i}.name`)}
                aria-label={t`Name of link ${n}`}
                placeholder={t`Name`}
                className={classes.name}
                data-testid="link-name"
              />
              <TextInput
                {...form.getInputProps(`links.${i}.url`)}
                aria-label={t`Address of link ${n}`}
                placeholder="https://…, mailto:…, tel:…"
                className={classes.url}
                data-testid="link-url"
              />
              <Group gap={2} wrap="nowrap" mt={4} className={classes.actions}>
                <IconAction
                  tip={t`Move up`}
                  label={t`Move link ${n} up`}
                  icon={IconArrowUp}
                  iconSize={16}
                  disabled={i === 0}
                  onClick={() => form.reorderListItem('links', { from: i, to: i - 1 })}
                />
                <IconAction
                  tip={t`Move down`}
                  label={t`Move link ${n} down`}
                  icon={IconArrowDown}
                  iconSize={16}
                  disabled={i === rows.length - 1}
                  onClick={() => form.reorderListItem('links', { from: i, to: i + 1 })}
                />
                <IconAction
                  tip={t`Remove`}
                  label={t`Remove link ${n}`}
                  icon={IconTrash}
                  iconSize={16}
                  color="red"
                  data-testid="link-remove"
                  onClick={() => form.removeListItem('links', i)}
                />
              </Group>
            </div>
          );
        })}
        <Group justify="space-between" mt="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('links', newLinkRow())}
            disabled={rows.length >= URL_LIST_MAX}
            data-testid="link-add"
          >
            <Trans>Add link</Trans>
          </Button>
          <Group gap="sm">
            <SaveButtons
              saving={save.isPending}
              dirty={form.isDirty()}
              reset={form.reset}
              label={<Trans>Save links</Trans>}
              testId="links-save"
            />
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
