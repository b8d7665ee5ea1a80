import { useLingui } from '@lingui/react/macro';
import { Badge, Text } from '@mantine/core';
import { useDeviceLabel } from '../../../features/account/components/sessions-list';
import type { AuditRow } from '../model';
import { securityEventColor, securityEventLabel } from '../security-labels';

/** A security event's kind and reason as a badge: "Sign-in failed: wrong password". */
export function SecurityEventBadge({ entry }: { entry: Pick<AuditRow, 'action' | 'reason'> }) {
  const { i18n } = useLingui();
  return (
    <Badge
      variant="light"
      color={securityEventColor(entry.action)}
      size="sm"
      maw="100%"
      // Wraps instead of cutting "Sign-in failed: wrong password" on a phone (es, ja run longer).
      h="auto"
      py={2}
      styles={{
        root: { whiteSpace: 'normal', overflow: 'visible', maxWidth: '100%', minWidth: 0 },
        label: { whiteSpace: 'normal', overflow: 'visible', textTransform: 'none', lineHeight: 1.35, minWidth: 0 },
      }}
      data-testid="security-event"
    >
      {securityEventLabel(entry.action, entry.reason, i18n)}
    </Badge>
  );
}

/** Where a security event came from: the address, and the browser by name (its full text on hover). */
export function SecurityEventOrigin({ entry }: { entry: Pick<AuditRow, 'address' | 'userAgent'> }) {
  const device = useDeviceLabel();
  if (!entry.address && !entry.userAgent) return null;
  return (
    <div data-testid="security-origin">
      {entry.address && (
        <Text size="sm" ff="monospace">
          {entry.address}
        </Text>
      )}
      {entry.userAgent && (
        <Text size="xs" c="dimmed" title={entry.userAgent}>
          {device(entry.userAgent)}
        </Text>
      )}
    </div>
  );
}
