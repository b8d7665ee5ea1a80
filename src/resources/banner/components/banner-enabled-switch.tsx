import { useLingui } from '@lingui/react/macro';
import { Switch } from '@mantine/core';
import { useUpdateRecord } from '../../../components/resource/form/use-resource-mutations';
import { bannerApi } from '../api';
import { toBannerFormValues } from '../model';
import type { Banner } from '../schema';

/**
 * Turns a banner on or off from the list: a PUT with the version the row was read at, so a banner
 * changed meanwhile is refused (409, toasted by the http client) rather than overwritten. The list
 * refetches either way and the switch shows the truth.
 */
export function BannerEnabledSwitch({ banner }: { banner: Banner }) {
  const { t } = useLingui();
  const update = useUpdateRecord(bannerApi);
  const checked = update.isPending ? Boolean(update.variables && (update.variables as Banner).enabled) : banner.enabled;
  return (
    <Switch
      checked={checked}
      disabled={update.isPending}
      onChange={async (e) => {
        const enabled = e.currentTarget.checked;
        // The contract's schema (and zod) loads with the first toggle, not with the list.
        const { bannerUpdateSchema } = await import('../schema');
        update.mutate(
          bannerUpdateSchema.parse({ ...toBannerFormValues(banner), enabled, id: banner.id, version: banner.version }),
        );
      }}
      aria-label={t`Enabled: ${banner.title}`}
      data-testid="banner-enabled"
      label={checked ? t`On` : t`Off`}
      size="sm"
    />
  );
}
