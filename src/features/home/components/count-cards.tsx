import { useLingui } from '@lingui/react/macro';
import { SimpleGrid } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconAlarm,
  IconBook,
  IconBooks,
  IconCalendarTime,
  IconCategory,
  IconClipboardList,
  IconFiles,
  IconLink,
  IconMail,
  IconMessage,
  IconMovie,
  IconNews,
  IconPhoto,
  IconSitemap,
  IconSlideshow,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import type { LabelledNoun } from '../../../resources/labels';
import { useRouteTree } from '../../../shell/use-route-tree';
import { liveStore } from '../../../stores/live';
import { sessionStore } from '../../../stores/session';
import { cardLink } from '../card-links';
import { countEntries, placeholderEntries, type SystemInfo } from '../model';
import { StatCard } from './stat-card';

const ICONS: Record<LabelledNoun, [Icon, string]> = {
  book: [IconBook, 'lectern'],
  category: [IconCategory, 'teal'],
  subclass: [IconSitemap, 'cyan'],
  reader: [IconUsers, 'violet'],
  application: [IconClipboardList, 'orange'],
  reminder: [IconMail, 'blue'],
  message: [IconMessage, 'pink'],
  news: [IconNews, 'indigo'],
  banner: [IconSlideshow, 'grape'],
  resource: [IconFiles, 'lime'],
  bibliography: [IconBooks, 'yellow'],
  video: [IconMovie, 'red'],
  image: [IconPhoto, 'green'],
  staff: [IconUserShield, 'gray'],
  about: [IconLink, 'blue'],
  // A setting, not counted (model.ts); its icon for completeness.
  loanPolicy: [IconCalendarTime, 'orange'],
};

/**
 * One card per resource count of /system/info; `info` undefined while loading. On a phone the
 * fourteen cards are small tiles, three to a row (a figure and its name), so what Home has below
 * them is one short scroll away instead of fourteen full-width cards.
 */
export function CountCards({ info }: { info: SystemInfo | undefined }) {
  const { i18n, t } = useLingui();
  const { roles } = useSnapshot(sessionStore);
  const tree = useRouteTree();
  const entries = info ? countEntries(info.counts) : placeholderEntries();
  // Overdue loans are the live stream's figure (moved by returns, renewals and the clock).
  const { counts } = useSnapshot(liveStore);
  const loans = cardLink('application', roles, tree);
  return (
    <SimpleGrid cols={{ base: 3, xs: 2, sm: 3, md: 4 }} spacing={{ base: 'xs', xs: 'md' }} data-testid="stat-grid">
      {entries.map((e) => {
        const [Glyph, color] = ICONS[e.key];
        return (
          <StatCard
            key={e.key}
            testId={`stat-${e.key}`}
            label={i18n._(e.label)}
            value={info ? e.value : undefined}
            icon={<Glyph size={24} stroke={1.6} aria-hidden />}
            color={color}
            locale={i18n.locale}
            to={cardLink(e.key, roles, tree)}
          />
        );
      })}
      <StatCard
        testId="stat-overdue"
        label={t`Overdue loans`}
        value={counts ? (counts.overdueLoans ?? null) : undefined}
        icon={<IconAlarm size={24} stroke={1.6} aria-hidden />}
        color="red"
        locale={i18n.locale}
        to={loans}
        search={loans ? { overdue: true } : undefined}
      />
    </SimpleGrid>
  );
}
