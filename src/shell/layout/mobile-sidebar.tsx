import { Drawer } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { appStore, closeSidebar, SIDEBAR_WIDTH } from '../../stores/app';
import { Sidebar } from './sidebar';

/** The menu on a phone: a drawer from the left (console-layout.tsx loads it on first opening). */
export default function MobileSidebar() {
  const { sidebar } = useSnapshot(appStore);
  return (
    <Drawer
      opened={sidebar.opened}
      onClose={() => closeSidebar(false)}
      size={SIDEBAR_WIDTH}
      withCloseButton={false}
      padding={0}
      // Exactly 210 CSS px: Mantine turns a numeric size into rem, which the size selector scales.
      styles={{ content: { flex: `0 0 ${SIDEBAR_WIDTH}px` }, body: { height: '100%', padding: 0 } }}
    >
      <Sidebar collapsed={false} onNavigate={() => closeSidebar(false)} />
    </Drawer>
  );
}
