import { Group } from '@mantine/core';
import { EnumBadge } from '../../../components/enum-badge';
import type { Role } from '../../../contract/auth';
import { ROLE_OPTIONS } from '../model';

export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {roles.map((r) => (
        <EnumBadge key={r} value={r} options={ROLE_OPTIONS} />
      ))}
    </Group>
  );
}
