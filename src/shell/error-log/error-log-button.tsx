import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Tooltip } from '../../components/floating';
import { useOnDemand } from '../../components/on-demand';
import { errorLogStore } from '../../lib/error-log';
import { lazy } from '../../lib/lazy';

// The log's table loads when it is first opened.
const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** The navbar bug button: count of collected errors, opening the log (docs/product.md §2). */
export function ErrorLogButton() {
  const { t } = useLingui();
  const { entries } = useSnapshot(errorLogStore);
  const dialog = useOnDemand();
  if (entries.length === 0) return null;
  return (
    <>
      <Tooltip label={t`Error log`}>
        <Indicator label={entries.length} size={16} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={dialog.open}
            aria-label={t`Error log: ${plural(entries.length, { one: '# error', other: '# errors' })}`}
            data-testid="error-log-button"
          >
            <IconBug size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {dialog.render((props) => (
        <ErrorLogDialog {...props} />
      ))}
    </>
  );
}
